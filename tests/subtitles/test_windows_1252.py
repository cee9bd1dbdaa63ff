"""A subtitle file saved as Windows-1252 (Western European text from a Windows editor)
is still invalid UTF-8 (SUB001, left alone by the fix), and each finding says so, with
its first line read that way and how to re-save it; a UTF-8 file damaged by a stray
byte, or a file whose bytes are no Windows-1252 text, keeps the plain advice."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.load import parse_subtitles
from coursekit.subtitles.settings import defaults_for

P = Path("01_a.srt")
TEXT = ("1\r\n00:00:01,000 --> 00:00:03,000\r\nVoilà, c'est l'été…\r\n\r\n"
        "2\r\n00:00:04,000 --> 00:00:06,000\r\nÇa marche très bien.\r\n\r\n")
SAID = ("it reads as Windows-1252 (line 3: `Voilà, c'est l'été…`): re-save it as UTF-8 "
        "from Windows-1252 (`iconv -f WINDOWS-1252 -t UTF-8`)")


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_windows_1252_file_is_named_so(bom: bytes) -> None:
    data = bom + TEXT.encode("cp1252")
    found = parse_subtitles(data, P, "fr").diagnostics
    assert {(d.rule, d.hint) for d in found} == {("SUB001", SAID)}
    assert [d.line for d in found] == [3, 3, 3, 7, 7]  # `é…` is one invalid sequence
    assert fix_bytes(data, P, "fr", defaults_for("fr")).refused is not None


@pytest.mark.parametrize("data", [
    TEXT.encode("utf-8").replace("été".encode(), b"\xe9t\xe9"),  # UTF-8 with stray bytes
    TEXT.encode("cp1252").replace(b"\xe0", b"\x81"),  # 0x81: no Windows-1252 character
])
def test_other_invalid_bytes_keep_the_plain_advice(data: bytes) -> None:
    found = parse_subtitles(data, P, "fr").diagnostics
    assert found and {(d.rule, d.hint) for d in found} == {
        ("SUB001", "re-save the file as UTF-8")}


def test_a_utf8_file_has_no_such_finding() -> None:
    assert parse_subtitles(TEXT.encode("utf-8"), P, "fr").diagnostics == ()
