"""Reporters: render one list of diagnostics, and the notebooks' judgement
(:mod:`coursekit.judgement`) where a command has one, as text, JSON, GitHub
annotations, JUnit, SARIF or HTML."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO

from coursekit.diagnostics import Diagnostic
from coursekit.report.github import render_github
from coursekit.report.html import render_html
from coursekit.report.json import render_json
from coursekit.report.junit import render_junit
from coursekit.report.sarif import render_sarif
from coursekit.report.text import render_text

Renderer = Callable[[Sequence[Diagnostic], IO[str], str, Sequence[str]], None]

FORMATS: dict[str, Renderer] = {
    "text": render_text,
    "json": render_json,
    "github": render_github,
    "junit": render_junit,
    "sarif": render_sarif,
    "html": render_html,
}


def render(
    diagnostics: Sequence[Diagnostic],
    fmt: str,
    out: IO[str],
    title: str,
    checked: Sequence[str] = (),
) -> None:
    """Write ``diagnostics`` to ``out`` in format ``fmt``.

    ``title`` names the run; ``checked`` lists the files looked at, so that
    reporters that count passing files (JUnit) can show them.
    """
    FORMATS[fmt](diagnostics, out, title, checked)
