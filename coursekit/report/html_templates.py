"""The Jinja2 environment of the HTML page: its templates, autoescaped, as package data.

Imported when a page is written, so that a command writing another format does not
load Jinja2.
"""

from __future__ import annotations

import re
from functools import cache

import jinja2
from jinja2.ext import Extension

from coursekit.report.html_views import ROW, anchor, clock


class _OneLine(Extension):
    """The templates are written one element a line, indented; the page is one line:
    each line break of an HTML template, with the indentation after it, is dropped
    (``{{ "\\n" }}`` writes one). The style sheet and the script are kept as they are."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        if name is None or not name.endswith(".html.j2"):
            return source
        return re.sub(r"\n[ \t]*", "", source)


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("coursekit.report", "templates"),
        autoescape=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
        extensions=[_OneLine],
    )
    env.globals.update(anchor=anchor, clock=clock, row=ROW)
    return env
