"""``--format github`` read back as the Actions runner reads a workflow command.

:func:`runner_reads` follows the runner's parser (``ActionCommand.TryParseV2``): the line
trimmed, the command up to the next ``::``, its properties split at each ``,`` and at the
first ``=``, then ``%0D``, ``%0A`` (``%3A``, ``%2C`` in a property) and ``%25`` unescaped.
What a finding says must come back whole, and every line and column must be one GitHub
can place.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.cli import main
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.encoding import printable
from coursekit.report.github import annotation, render_github

DATA = (("%0D", "\r"), ("%0A", "\n"), ("%25", "%"))
PROPERTY = (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%"))


def _unescape(text: str, mappings: tuple[tuple[str, str], ...]) -> str:
    for escaped, character in mappings:
        text = text.replace(escaped, character)
    return text


def runner_reads(line: str) -> tuple[str, dict[str, str], str]:
    """The command, properties and message the runner takes from ``line``."""
    trimmed = line.strip()
    assert trimmed.startswith("::")
    end = trimmed.index("::", 2)
    command, _, listed = trimmed[2:end].partition(" ")
    properties: dict[str, str] = {}
    for item in filter(None, listed.strip().split(",")):
        key, _, value = item.partition("=")
        if key and value:
            properties[key] = _unescape(value, PROPERTY)
    return command, properties, _unescape(trimmed[end + 2:], DATA)


TEXT = st.text(st.characters(exclude_categories=["Cs"]), min_size=1)


def shown(text: str) -> str:
    """``text`` as the report says it: a line break as it is (escaped for the runner,
    which reads it back), every other control character as its escape (``\\x1b``)."""
    return "\r".join(printable(part) for part in text.split("\r"))


@given(path=TEXT, message=TEXT, hint=st.none() | TEXT)
def test_the_runner_reads_back_what_a_finding_says(path: str, message: str,
                                                   hint: str | None) -> None:
    diag = Diagnostic("SUB104", Severity.ERROR, path, 7, message, hint=hint, column=2)
    command, properties, said = runner_reads(annotation(diag))
    assert command == "error"
    assert properties == {"file": shown(path), "line": "7", "col": "2",
                          "title": "SUB104"}
    whole = message if hint is None else f"{message}\n{hint}"
    assert said.rstrip() == shown(whole).rstrip()  # the runner trims the line


def test_a_line_github_cannot_place_is_not_written() -> None:
    placed = Diagnostic("LES103", Severity.ERROR, "a.mdx", 5, "unclosed", column=3)
    assert runner_reads(annotation(placed))[1] == {
        "file": "a.mdx", "line": "5", "col": "3", "title": "LES103"}
    for line in (0, None):
        unplaced = Diagnostic("LES103", Severity.ERROR, "a.mdx", line, "unclosed", column=3)
        assert runner_reads(annotation(unplaced))[1] == {"file": "a.mdx", "title": "LES103"}


def test_a_planted_course_reads_back_as_its_findings(
        root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "content/en/chapter3/odd, 100%: x.mdx"
    (root / name).write_text("# Odd\n\nText.\n\n```py\nx = 1\n\nProse after a break.\n",
                             "utf-8")
    assert main(["check", "--root", str(root), "--format", "github"]) == 1
    out = io.StringIO()
    render_github([Diagnostic("LES103", Severity.ERROR, name, 5, "50%, a: b")], out, "check")
    assert runner_reads(out.getvalue())[1:] == (
        {"file": name, "line": "5", "title": "LES103"}, "50%, a: b")
    lines = capsys.readouterr().out.splitlines()
    read = [runner_reads(line) for line in lines]
    assert ("error", {"file": name, "line": "5", "title": "LES103"}) in [
        (command, properties) for command, properties, _ in read]
    assert all(int(properties.get("line", "1")) >= 1 for _, properties, _ in read)
