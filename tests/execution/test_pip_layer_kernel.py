"""A lesson's ``!pip install`` lands in a layer of its own run: the kernel is left as it
was, the next notebook does not see the package, and the kernel's fingerprint (every
stored run's key) does not move.

The kernel here is a throw-away virtual environment of the test's own, which finds
ipykernel through a ``.pth`` file: were a lesson's pip to reach the kernel's
environment, it would change only that folder.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.results import Verdict
from coursekit.execution.run.environment import kernel_environment
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook

pytestmark = pytest.mark.kernel

KERNEL = "coursekit-test-throwaway"
PACKAGE = "tinylayer"
LESSON1 = "content/en/chapter1/1.mdx"
LESSON2 = "content/en/chapter1/2.mdx"


def _wheel(folder: Path) -> Path:
    """A pure-Python wheel of ``tinylayer`` 1.0, written by hand (no build backend
    is reachable offline)."""
    wheel = folder / f"{PACKAGE}-1.0-py3-none-any.whl"
    info = f"{PACKAGE}-1.0.dist-info"
    files = {
        f"{PACKAGE}/__init__.py": "VALUE = 7\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    }
    record = "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in {**files, f"{info}/RECORD": record}.items():
            archive.writestr(name, text)
    return wheel


@pytest.fixture
def throwaway_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kernelspec ``KERNEL`` on a fresh venv; gives that venv's site folder."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    (site / "coursekit-test-host.pth").write_text(sysconfig.get_paths()["purelib"] + "\n",
                                                  encoding="utf-8")
    spec_dir = tmp_path / "jupyter" / "kernels" / KERNEL
    spec_dir.mkdir(parents=True)
    (spec_dir / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "throw-away", "language": "python",
    }), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return site


def _course(root: Path, notebooks: dict[str, list[Any]]) -> Course:
    root.mkdir()
    (root / "coursekit.toml").write_text(
        f'source-language = "en"\nkernels = {{ pt = "{KERNEL}" }}\n', encoding="utf-8")
    for stem, cells in notebooks.items():
        lesson = f"content/en/chapter1/{stem}.mdx"
        node = notebook(cells, lesson=lesson)
        node.metadata["kernelspec"] = {"name": KERNEL, "display_name": "throw-away",
                                       "language": "python"}
        path = root / "build" / "notebooks" / "en" / "chapter1" / f"{stem}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(node, path)
    return Course.open(root)


def test_a_lesson_pip_install_stays_in_its_own_run(tmp_path: Path, throwaway_kernel: Path) -> None:
    wheel = _wheel(tmp_path)
    before = kernel_environment(KERNEL)
    assert before is not None
    course = _course(tmp_path / "course", {
        "1": [cell(f"%pip install --disable-pip-version-check {wheel}", 10, LESSON1),
              cell(f"import {PACKAGE}\nprint({PACKAGE}.VALUE)", 20, LESSON1, outputs=["7"])],
        "2": [cell(f"import importlib.util\nprint(importlib.util.find_spec({PACKAGE!r}))",
                   10, LESSON2, outputs=["None"])],
    })
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    verdicts = {r.notebook.split("/")[-1]: [c.verdict for c in r.cells] for r in report.notebooks}
    # Installed for the lesson that asked, and only there.
    assert verdicts == {"1.ipynb": [Verdict.OK, Verdict.OK], "2.ipynb": [Verdict.OK]}
    assert not list(throwaway_kernel.glob(f"{PACKAGE}*"))
    after = kernel_environment(KERNEL)
    assert after is not None and after.fingerprint() == before.fingerprint()


def test_an_install_into_the_kernel_moves_its_fingerprint(
    tmp_path: Path, throwaway_kernel: Path,
) -> None:
    """The counterpart: the fingerprint sees what a pip outside the layer would do."""
    before = kernel_environment(KERNEL)
    with zipfile.ZipFile(_wheel(tmp_path)) as archive:
        archive.extractall(throwaway_kernel)
    after = kernel_environment(KERNEL)
    assert before is not None and after is not None
    assert (PACKAGE, "1.0") in after.distributions
    assert after.fingerprint() != before.fingerprint()


@pytest.mark.parametrize(("installs", "verdict"), [(False, Verdict.NEEDS_PACKAGES),
                                                   (True, Verdict.OK)])
def test_without_lesson_installs_a_lesson_pip_fetches_nothing(
    tmp_path: Path, throwaway_kernel: Path, monkeypatch: pytest.MonkeyPatch,
    installs: bool, verdict: Verdict,
) -> None:
    """The package is on the user's find-links: with lesson installs off the lesson's pip
    does not see it (a need, named); with them on it is installed, into an overlay."""
    links = tmp_path / "links"
    links.mkdir()
    _wheel(links)
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # nothing of this test reaches an index
    course = _course(tmp_path / "course", {"1": [
        cell(f"%pip install {PACKAGE}", 10, LESSON1),
        cell(f"import {PACKAGE}\nprint({PACKAGE}.VALUE)", 20, LESSON1, outputs=["7"]),
    ]})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False,
                           install_lesson_requirements=installs)
    [result] = report.notebooks
    assert result.cells[-1].verdict is verdict
    if not installs:
        assert PACKAGE in result.cells[-1].detail + result.cells[-1].hint
