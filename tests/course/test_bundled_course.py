"""The bundled course end to end: it checks clean, builds, and verifies on CPU offline."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.diagnostics import Severity
from coursekit.execution.results import Verdict
from coursekit.notebooks.build import build_course

from ..kernel_skip import kernel_or_skip

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "fr", "it", "zh-CN")
NOTEBOOKS = ("chapter3/4_pt.ipynb", "chapter8/4.ipynb", "chapter8/4_tf.ipynb")
DRIFTED = "en/chapter3/3_pt.ipynb"
"""An English-only lesson kept as written for an older transformers: it shows api-drift."""


@pytest.fixture
def course_copy(tmp_path: Path) -> Course:
    """The bundled course in a fresh folder: no build output, no cached results."""
    for name in ("content", "subtitles", "pyproject.toml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name)
        else:
            shutil.copy2(source, tmp_path / name)
    return Course.open(tmp_path)


def test_course_checks_clean() -> None:
    result = CliRunner().invoke(cli, ["check", "--root", str(ROOT), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"errors": 0' in result.output


def test_course_builds_every_notebook(course_copy: Course) -> None:
    result = build_course(course_copy)
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    built = sorted(
        p.relative_to(course_copy.build_dir / "notebooks").as_posix()
        for p in (course_copy.build_dir / "notebooks").rglob("*.ipynb")
    )
    assert built == sorted([f"{lang}/{nb}" for lang in LANGUAGES for nb in NOTEBOOKS]
                           + [DRIFTED])
    for path in (course_copy.build_dir / "notebooks").rglob("*.ipynb"):
        nbformat.validate(nbformat.read(path, as_version=4))


@pytest.mark.slow
@pytest.mark.torch
@pytest.mark.tensorflow
def test_course_verifies_on_cpu(course_copy: Course) -> None:
    """Every documented error reproduces and every fix is proven, in every language."""
    from coursekit.execution.verify import verify_course

    kernel_or_skip("pt")
    kernel_or_skip("tf")
    report = verify_course(course_copy, device="cpu", jobs=2, use_cache=False)
    drifted = next(nb for nb in report.notebooks if nb.notebook == DRIFTED)
    report.notebooks.remove(drifted)
    assert drifted.status.value == "api-drift"
    assert drifted.first_cause is not None
    assert drifted.first_cause.hint == "use eval_strategy="
    # A newcomer's first verify is green: no error and no warning (output drift included).
    found = [d for d in report.all_diagnostics()
             if d.severity in (Severity.ERROR, Severity.WARNING)]
    assert not found, "\n".join(f"{d.location} {d.rule} {d.message}" for d in found)
    assert len(report.notebooks) == len(LANGUAGES) * len(NOTEBOOKS)
    assert all(nb.passed for nb in report.notebooks)
    reproduced = [c for nb in report.notebooks for c in nb.cells
                  if c.verdict is Verdict.REPRODUCED]
    assert len(reproduced) >= len(LANGUAGES) * 10
    assert report.scenarios
    assert all(s.proven for s in report.scenarios), [s.reason for s in report.scenarios]
    # Translations share the source language's code: only the English notebooks run.
    assert report.executed_runs == len(NOTEBOOKS) + 1


@pytest.mark.slow
@pytest.mark.torch
def test_shim_drift_judges_the_drifted_lesson(course_copy: Course) -> None:
    """Run again with the renamed arguments, the lesson's documented error and its fix
    are proven, and the verdicts say which cells were run again."""
    from coursekit.execution.verify import verify_course

    kernel_or_skip("pt")
    lesson = course_copy.root / "content" / "en" / "chapter3" / "3.mdx"
    report = verify_course(course_copy, device="cpu", jobs=1, paths=[lesson], shim_drift=True)
    [result] = report.notebooks
    drifted = [c for c in result.cells if c.verdict is Verdict.API_DRIFT]
    assert [c.hint for c in drifted] == ["use eval_strategy=", "use processing_class="]
    assert all(c.detail.endswith("it then ran clean") for c in drifted)
    assert all(c.verdict is not Verdict.UNEXPECTED_ERROR for c in result.cells)
    [scenario] = result.scenarios
    assert scenario.proven, scenario.reason
    assert "judged with renamed APIs" in scenario.note
