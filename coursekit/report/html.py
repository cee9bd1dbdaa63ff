"""One self-contained HTML page: matrix, subtitle timelines, findings by file and rule.

Everything is inline (CSS, a few lines of script, SVG), so the file can be archived
as a CI artifact and opened anywhere without a network. The page shows:

- for ``verify``, the scenario matrix: one row per lesson, one column per language
  and framework, each cell with the notebook's result and every documented error
  with the cells that fix it; for ``check``, the same matrix of the lessons'
  notebooks, documented and not run, and the lessons matrix (findings per lesson
  file and language);
- for subtitles, a timeline per file: cues as bars, a translation under its source,
  cues with findings marked;
- the findings, grouped by file and then by rule, each linked to its line.

The page comes from the Jinja2 templates in ``templates/``, every value autoescaped;
:mod:`coursekit.report.html_views` arranges what they show.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO
from urllib.parse import quote

from coursekit import __version__
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.judgement.model import NotebookJudgement, NotebookStatus
from coursekit.report.encoding import escape_surrogates, without_nul
from coursekit.report.html_views import (
    Link,
    anchor,
    findings_by_file,
    lesson_key,
    lessons_matrix,
    scenario_matrix,
    timeline_view,
)
from coursekit.report.timeline import Timeline

__all__ = ["HtmlPage", "Link", "anchor", "github_links", "lesson_key", "relative_links",
           "render_html", "render_page", "source_links"]


def relative_links(prefix: str = "") -> Link:
    """Links to the files themselves, ``prefix`` leading from the page to the course root."""

    def link(path: str, line: int | None) -> str:
        return f"{prefix}{quote(path, errors='surrogateescape')}" + (
            f"#L{line}" if line else "")

    return link


def github_links(server: str, repository: str, commit: str) -> Link:
    def link(path: str, line: int | None) -> str:
        return f"{server}/{repository}/blob/{commit}/{quote(path, errors='surrogateescape')}" + (
            f"#L{line}" if line else "")

    return link


def source_links(root: Path, output: Path | None,
                 environ: Mapping[str, str] = os.environ) -> Link:
    """Links to the repository's files on GitHub inside a GitHub Actions run, else
    relative links from where the page is written to the course's files."""
    if all(environ.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")):
        return github_links(environ["GITHUB_SERVER_URL"], environ["GITHUB_REPOSITORY"],
                            environ["GITHUB_SHA"])
    folder = (output.resolve().parent if output is not None else Path.cwd())
    prefix = Path(os.path.relpath(root.resolve(), folder)).as_posix()
    return relative_links("" if prefix == "." else prefix + "/")


@dataclass(slots=True)
class HtmlPage:
    title: str
    diagnostics: Sequence[Diagnostic]
    checked: Sequence[str] = ()
    notebooks: Sequence[NotebookJudgement] = ()
    """Each notebook's judgement: run by ``verify``, or documented by ``check``."""
    timelines: Sequence[Timeline] = ()
    link: Link = field(default_factory=relative_links)
    source_language: str = "en"


def render_page(page: HtmlPage, out: IO[str]) -> None:
    counts: Counter[Severity] = Counter()
    for diag in page.diagnostics:  # each repeat a finding stands for, as the summaries count
        counts[diag.severity] += diag.count
    documented = all(nb.status is NotebookStatus.DOCUMENTED for nb in page.notebooks)
    from coursekit.report.html_templates import environment

    text = environment().get_template("page.html.j2").render(
        title=page.title, version=__version__, link=page.link,
        counts={"error": counts[Severity.ERROR], "warning": counts[Severity.WARNING],
                "note": counts[Severity.NOTE], "files": len({d.path for d in page.diagnostics})},
        notebooks=len(page.notebooks), documented=documented,
        scenarios=scenario_matrix(page.notebooks, page.source_language, page.link)
        if page.notebooks else None,
        lessons=lessons_matrix(page.checked, page.diagnostics, page.source_language, page.link),
        timelines=[timeline_view(t, page.diagnostics) for t in page.timelines],
        findings=findings_by_file(page.diagnostics),
    )
    out.write(without_nul(escape_surrogates(text)))


def render_html(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = ()
) -> None:
    """The page without what only a command knows (notebooks, subtitle files)."""
    render_page(HtmlPage(title=title, diagnostics=diagnostics, checked=checked), out)
