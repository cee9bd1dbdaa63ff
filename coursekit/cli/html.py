"""The HTML pages of ``check`` and ``verify``: the plain page plus what each command knows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.judgement.model import NotebookJudgement
from coursekit.report import Renderer
from coursekit.report.html import HtmlPage, render_page, source_links


def check_page(course: Course, notebooks: Sequence[NotebookJudgement],
               output: Path | None) -> Renderer:
    """The page of a check: the scenarios the checked lessons document (``notebooks``,
    from the check's run), the findings per lesson and every checked subtitle file's
    timeline."""

    def render(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
               checked: Sequence[str] = ()) -> None:
        from coursekit.report.timeline import subtitle_timelines

        render_page(HtmlPage(
            title=title, diagnostics=diagnostics, checked=checked, notebooks=notebooks,
            timelines=subtitle_timelines(course, checked),
            link=source_links(course.root, output), source_language=course.source_language,
        ), out)

    return render


def verify_page(course: Course, notebooks: Sequence[NotebookJudgement],
                output: Path | None) -> Renderer:
    """The page of a verification: the scenario matrix of its notebooks, each
    scenario opening with the errors its cell documents (as the run judged them)."""

    def render(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
               checked: Sequence[str] = ()) -> None:
        render_page(HtmlPage(
            title=title, diagnostics=diagnostics, checked=checked, notebooks=notebooks,
            link=source_links(course.root, output), source_language=course.source_language,
        ), out)

    return render
