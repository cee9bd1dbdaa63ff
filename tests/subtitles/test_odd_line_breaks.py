"""A character that pysrt (``str.splitlines``) breaks a line at and SRT players need not
(U+2028, U+0085, a form feed...) is named as such (SUB022, a warning), not as an error
that the two readers disagree (SUB015); text without one has neither finding."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles.load import parse_subtitles


def _rules(text: str) -> list[tuple[str, int | None, str]]:
    sub = parse_subtitles(text.encode("utf-8"), Path("01_a.srt"), "en")
    return [(d.rule, d.line, d.message) for d in sub.diagnostics]


def _file(line: str) -> str:
    return ("1\n00:00:01,000 --> 00:00:03,000\nHello.\n\n"
            f"2\n00:00:04,000 --> 00:00:06,000\n{line}\nSecond line.\n\n")


@pytest.mark.parametrize(("char", "name"), [
    ("\u2028", "U+2028 (line separator)"), ("\u2029", "U+2029 (paragraph separator)"),
    ("\x85", "U+0085 (next line)"), ("\x0c", "U+000C (a form feed)"),
    ("\x0b", "U+000B (a vertical tab)"), ("\x1e", "U+001E (a control character)"),
])
def test_a_character_some_readers_break_at_is_named(char: str, name: str) -> None:
    found = _rules(_file(f"Wait{char}for it"))
    assert found == [("SUB022", 5, f"cue 2 holds {name}, which some players break the "
                                    "line at and others do not")]


def test_in_a_damaged_file_it_is_named_too() -> None:
    found = _rules(_file("Wait\x85for it") + "3\n00:00:07,000 --> soon\nLater.\n\n")
    assert [rule for rule, _, _ in found] == ["SUB011", "SUB022"]


@pytest.mark.parametrize("line", ["Wait… for it", "Wait\tfor it", "Wait for it  ", "\u00a0Wait"])
def test_text_without_one_has_no_such_finding(line: str) -> None:
    assert _rules(_file(line)) == []
