"""The HTML pages of ``check`` and ``verify``: the plain page plus what each command knows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.report import Renderer
from coursekit.report.html import HtmlPage, render_page, source_links, with_documented_errors


def check_page(course: Course, output: Path | None) -> Renderer:
    """The page of a check: the scenarios the lessons document, the findings per lesson
    and every checked subtitle file's timeline."""

    def render(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
               checked: Sequence[str] = ()) -> None:
        from coursekit.report.documented import documented_notebooks
        from coursekit.report.timeline import subtitle_timelines

        render_page(HtmlPage(
            title=title, diagnostics=diagnostics, checked=checked,
            notebooks=documented_notebooks(course, checked),
            timelines=subtitle_timelines(course, checked),
            link=source_links(course.root, output), source_language=course.source_language,
        ), out)

    return render


def verify_page(course: Course, notebooks: Sequence[Mapping[str, Any]],
                output: Path | None) -> Renderer:
    """The page of a verification: the scenario matrix of its notebooks."""

    def render(diagnostics: Sequence[Diagnostic], out: IO[str], title: str,
               checked: Sequence[str] = ()) -> None:
        folders = [course.build_dir / "notebooks", course.root]
        render_page(HtmlPage(
            title=title, diagnostics=diagnostics, checked=checked,
            notebooks=with_documented_errors(notebooks, folders),
            link=source_links(course.root, output), source_language=course.source_language,
        ), out)

    return render
