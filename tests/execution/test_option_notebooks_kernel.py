"""``verify`` runs each option's notebook of a lesson whose tabs hold code on its own, in
the lesson kernel: a later tab reads what its own option's earlier tab bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from ..kernel_skip import kernel_or_skip
from ..notebooks.test_option_notebooks import AGENTS, OPTIONS

pytestmark = [pytest.mark.kernel]


def test_each_options_notebook_runs_through(tmp_path: Path) -> None:
    kernel_or_skip("pt")
    lesson = tmp_path / "content" / "en" / "chapter1" / "2.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(AGENTS, encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    report = verify_course(Course.open(tmp_path), paths=[lesson], device="cpu", jobs=1)
    assert [nb.notebook for nb in report.notebooks] == [
        f"en/chapter1/2_{option}.ipynb" for option in OPTIONS]
    for nb in report.notebooks:
        assert [cell.verdict for cell in nb.cells] == [Verdict.OK] * 4
