"""A control character in a cue's text (a NUL, an escape, a byte order mark inside the
text) is named as such (SUB026, a warning); the marks that right-to-left and joined
scripts write on purpose are not control characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles import check_file, parse_subtitles
from coursekit.subtitles.settings import settings_for

SETTINGS, _ = settings_for({}, "en")


def _found(text: str, language: str = "en") -> list[tuple[str, int | None, str]]:
    data = f"1\n00:00:01,000 --> 00:00:03,000\nFirst line.\n\n" \
           f"2\n00:00:03,500 --> 00:00:06,000\n{text}\n\n".encode()
    sub = parse_subtitles(data, Path("x.srt"), language)
    return [(d.rule, d.line, d.message) for d in check_file(sub, SETTINGS, None, language)]


@pytest.mark.parametrize(("char", "name"), [
    ("\0", "U+0000 (a NUL)"), ("\x1b", "U+001B (an escape)"), ("\x7f", "U+007F (a delete)"),
    ("\x9b", "U+009B (a control character)"), ("\ufeff", "U+FEFF (a byte order mark)"),
])
def test_a_control_character_in_a_cue_is_named(char: str, name: str) -> None:
    assert _found(f"We train{char} a model.") == [
        ("SUB026", 5, f"cue 2 holds {name}, which no player shows as text")]


@pytest.mark.parametrize(("text", "language"), [
    ("We train a model.", "en"),
    ("\u200fمرحبا بكم\u200f", "ar"),          # right-to-left marks
    ("\u202bשלום\u202c", "he"),               # an embedding and its end
    ("क्\u200dष", "hi"),                      # a zero-width joiner
    ("Tabs\tare spacing.", "en"),
])
def test_marks_scripts_write_on_purpose_are_no_control_characters(
        text: str, language: str) -> None:
    assert [rule for rule, _, _ in _found(text, language) if rule == "SUB026"] == []
