"""What a kernel's environment holds, read from its metadata folders, and the variables
that send a lesson's pip into a layer of its run."""

from __future__ import annotations

import os
from pathlib import Path

from coursekit.execution.run.environment import installed
from coursekit.execution.run.piplayer import PipPolicy


def test_distributions_are_read_from_metadata_folder_names(tmp_path: Path) -> None:
    for name in ("torch-2.5.1.dist-info", "typing_extensions-4.12.2.dist-info",
                 "six-1.16.0-py3.11.egg-info", "torch", "__pycache__", "README.txt"):
        (tmp_path / name).mkdir()
    assert installed([tmp_path, tmp_path / "missing"]) == (
        ("six", "1.16.0"), ("torch", "2.5.1"), ("typing-extensions", "4.12.2"))
    (tmp_path / "zstandard-0.23.0.dist-info").mkdir()  # what a stray pip install leaves
    assert ("zstandard", "0.23.0") in installed([tmp_path])


def test_the_layer_variables(tmp_path: Path) -> None:
    base = {"PYTHONPATH": "/guard", "PIP_CONSTRAINT": "/user/c.txt",
            "PIP_INDEX_URL": "https://index.example/simple"}
    policy = PipPolicy("torch==2.5.1\n", "3.11", installs=False)
    env = policy.env(base, tmp_path / "layer")
    site = tmp_path / "layer" / "lib" / "python3.11" / "site-packages"
    assert env["PIP_PREFIX"] == str(tmp_path / "layer")
    assert env["PYTHONPATH"].split(os.pathsep) == ["/guard", str(site)]
    assert env["PIP_CONSTRAINT"] == f"/user/c.txt {tmp_path / 'layer' / 'constraints.txt'}"
    assert (env["PIP_NO_INDEX"], env["PIP_CONFIG_FILE"]) == ("1", os.devnull)
    assert "PIP_INDEX_URL" not in env
    fetching = PipPolicy("torch==2.5.1\n", "3.11", installs=True).env(
        base, tmp_path / "layer")
    assert "PIP_NO_INDEX" not in fetching
    assert fetching["PIP_INDEX_URL"] == base["PIP_INDEX_URL"]
