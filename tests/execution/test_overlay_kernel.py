"""Kernel overlays on a real kernel: a small pure-Python package from the index,
installed once into an overlay and reused; what cannot be installed is a finding."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookStatus, Verdict
from coursekit.execution.verify import verify_course
from coursekit.kernels.overlay import ensure_overlay

from .conftest import cell, notebook, write_course

pytestmark = [pytest.mark.kernel, pytest.mark.slow]

LESSON = "content/en/chapter4/1.mdx"
PACKAGE = "text-unidecode==1.3"
"""Pure Python, no dependencies, a few kilobytes: the index is asked once."""
COURSE = """\
source-language = "en"

[kernels.pt]
name = "python3"
packages = ["coursekit-test-no-such-package==0.0.1"]

[kernels.tf]
name = "python3"

[verify]
timeout = 30
"""


def _course(root: Path) -> Course:
    install = nbformat.v4.new_code_cell(
        f"!pip install -q {PACKAGE} 'nbformat==0.0.1'")
    node = notebook([
        cell("from text_unidecode import unidecode\nprint(unidecode('café'))", 10, LESSON,
             outputs=["cafe"]),
        cell("import coursekit_test_no_such_package", 20, LESSON),
        cell("import coursekit_test_undeclared_module", 30, LESSON),
    ], lesson=LESSON)
    node.cells.insert(1, install)  # the builder's install cell: not a lesson cell
    write_course(root, {"en/chapter4/1.ipynb": node})
    (root / "coursekit.toml").write_text(COURSE, encoding="utf-8")
    return Course.open(root)


def test_lesson_requirements_go_into_a_reused_overlay(tmp_path: Path) -> None:
    course = _course(tmp_path)
    without = verify_course(course, paths=[tmp_path / "build" / "notebooks"], device="cpu",
                            jobs=1, use_cache=False)
    [declared, unavailable, undeclared] = without.notebooks[0].cells
    # Declared by the install cell, not installed without the flag: not the lesson's fault.
    assert declared.verdict is Verdict.NEEDS_PACKAGES
    assert "--install-lesson-requirements" in declared.hint
    assert without.notebooks[0].status is NotebookStatus.NEEDS_PACKAGES
    assert [d.rule for d in without.notebooks[0].diagnostics] == ["EXE108"] * 3
    assert unavailable.verdict is Verdict.NEEDS_PACKAGES
    assert "cannot be installed for this kernel" in unavailable.detail
    # Imported and declared by no one: a need all the same, named by the module.
    assert undeclared.verdict is Verdict.NEEDS_PACKAGES
    assert "add `coursekit_test_undeclared_module` to the lesson's" in undeclared.hint
    report = verify_course(course, paths=[tmp_path / "build" / "notebooks"], device="cpu",
                           jobs=1, use_cache=False, install_lesson_requirements=True)
    [result] = report.notebooks
    assert [c.verdict for c in result.cells] == [
        Verdict.OK, Verdict.NEEDS_PACKAGES, Verdict.NEEDS_PACKAGES]
    assert not [d for d in result.diagnostics if d.rule == "EXE301"]
    findings = {d.message.split("`")[1]: d for d in report.all_diagnostics()
                if d.rule == "EXE208"}
    # Not on the index, and a version that would replace the kernel's own nbformat.
    assert set(findings) == {"coursekit-test-no-such-package==0.0.1", "nbformat==0.0.1"}
    assert findings["nbformat==0.0.1"].path == LESSON
    assert findings["coursekit-test-no-such-package==0.0.1"].path == "coursekit.toml"
    # Installing is a stage of its own in the report's timing, not part of planning
    assert report.timing.packages > 0



def test_an_overlay_is_installed_once_then_reused() -> None:
    first = ensure_overlay(Path(sys.executable), [PACKAGE])
    again = ensure_overlay(Path(sys.executable), [PACKAGE])
    assert first.failed == {} and first.site is not None
    assert not again.installed
    assert again.site == first.site
    assert (again.site / "text_unidecode").is_dir()
