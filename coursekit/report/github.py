"""GitHub Actions workflow commands (``::error file=...,line=...::message``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.encoding import printable

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def _escape_data(text: str) -> str:
    """As the runner reads it back; any other control character quoted from a course file
    is written as its escape (``\\x1b``), so that it drives no log viewer."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(diag: Diagnostic) -> str:
    """The workflow command of ``diag``. Lines and columns count from 1, and a column
    is one of a line: a finding without a line (or with one GitHub cannot place, ``0``)
    annotates its file as a whole, as the SARIF report locates it at the first line."""
    props = [f"file={_escape_property(diag.path)}"]
    if diag.line is not None and diag.line >= 1:
        props.append(f"line={diag.line}")
        if diag.column is not None and diag.column >= 1:
            props.append(f"col={diag.column}")
    props.append(f"title={_escape_property(diag.rule)}")
    message = diag.message
    if diag.cue is not None and not re.search(rf"\bcue {diag.cue}\b", message):
        message = f"cue {diag.cue}: {message}"  # named once: most messages say it already
    if diag.hint:
        message += f"\n{diag.hint}"
    return f"::{_COMMAND[diag.severity]} {','.join(props)}::{_escape_data(message)}"


def render_github(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = ()
) -> None:
    del title, checked
    for diag in sorted_diagnostics(diagnostics):
        out.write(annotation(diag) + "\n")
