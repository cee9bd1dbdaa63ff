"""verify prepares stand-ins only for notebooks that may load from the Hub: a course run
on a plain Jupyter kernel (the venv's ``python3``), with no coursekit lesson kernel
installed to build stand-ins in, verifies notebooks that load nothing without a finding;
one that loads a model still gets EXE205."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.kernel

LESSON = "content/en/chapter1/2.mdx"


def _verify(root: Path, code: str, home: Path, monkeypatch: pytest.MonkeyPatch,
            ) -> tuple[int, list[dict[str, str]]]:
    monkeypatch.setenv("COURSEKIT_HOME", str(home))  # no lesson kernel installed there
    write_course(root, {"en/chapter1/2.ipynb": notebook([cell(code, 5, LESSON)],
                                                       lesson=LESSON)})
    result = CliRunner().invoke(cli, ["verify", "--root", str(root), "--device", "cpu",
                                      "--format", "json"])
    return result.exit_code, json.loads(result.stdout)["diagnostics"]


def test_a_notebook_that_loads_nothing_needs_no_standins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, found = _verify(tmp_path / "course", "x = 2\nprint(x * 21)", tmp_path / "home",
                          monkeypatch)
    assert (code, found) == (0, [])
    assert not (tmp_path / "home" / "standins").exists()


def test_a_notebook_that_loads_a_model_still_needs_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    loads = "from transformers import AutoModel\nAutoModel.from_pretrained('bert-base-uncased')"
    code, found = _verify(tmp_path / "course", loads, tmp_path / "home", monkeypatch)
    assert code == 1
    [standins] = [d for d in found if d["rule"] == "EXE205"]
    assert (standins["severity"], standins["path"]) == ("error", "pyproject.toml")
