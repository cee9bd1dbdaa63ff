"""Subtitle encodings a player accepts: UTF-32 with its byte order mark, UTF-16 with
or without one; each read, named, and saved as UTF-8 by the fix. No NUL byte of a
file reaches a report."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles import parse_subtitles
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.settings import settings_for

P = Path("x.srt")
SETTINGS, _ = settings_for({}, "en")
TEXT = ("1\r\n00:00:01,000 --> 00:00:02,000\r\nCafé\r\n\r\n"
        "2\r\n00:00:03,000 --> 00:00:04,000\r\n你好\r\n\r\n")

MARKED = {
    "utf-32-le": codecs.BOM_UTF32_LE + TEXT.encode("utf-32-le"),
    "utf-32-be": codecs.BOM_UTF32_BE + TEXT.encode("utf-32-be"),
    "utf-16-le": codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    "utf-16-be": codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
}


@pytest.mark.parametrize("codec", sorted(MARKED))
def test_a_file_with_a_byte_order_mark_is_read_named_and_saved_as_utf8(codec: str) -> None:
    sub = parse_subtitles(MARKED[codec], P, "en")
    assert [c.lines for c in sub.cues] == [("Café",), ("你好",)]
    [diag] = sub.diagnostics
    assert diag.rule == "SUB001"
    assert f"saved as {codec.upper()}, not UTF-8" in diag.message
    result = fix_bytes(MARKED[codec], P, "en", SETTINGS)
    assert result.refused is None
    assert result.after == TEXT.encode()


@pytest.mark.parametrize("codec", sorted(MARKED))
def test_the_diff_of_a_file_saved_as_utf8_shows_only_what_its_text_changed(codec: str) -> None:
    said = f"x.srt: read as {codec.upper()}, saved as UTF-8\n"
    assert fix_bytes(MARKED[codec], P, "en", SETTINGS).diff() == said
    renumbered = MARKED[codec].replace("2\r\n".encode(codec), "7\r\n".encode(codec))
    diff = fix_bytes(renumbered, P, "en", SETTINGS).diff()
    assert diff.startswith(said)
    assert [line for line in diff.splitlines()[3:] if line[:1] in "+-"] == ["-7", "+2"]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_mark_is_recognised_and_named(codec: str) -> None:
    data = TEXT.encode(codec)
    sub = parse_subtitles(data, P, "en")
    assert [c.lines for c in sub.cues] == [("Café",), ("你好",)]
    [diag] = sub.diagnostics
    assert f"saved as {codec.upper()} without a byte order mark, not UTF-8" in diag.message
    assert "\x00" not in diag.message
    assert fix_bytes(data, P, "en", SETTINGS).after == TEXT.encode()


def test_utf8_with_a_stray_nul_is_not_taken_for_utf16() -> None:
    data = TEXT.encode().replace(b"Caf", b"C\x00f")
    sub = parse_subtitles(data, P, "en")
    assert sub.encoding.encoding == "utf-8"
    assert [c.lines for c in sub.cues][1] == ("你好",)


@pytest.mark.parametrize("fmt", ["text", "github", "html", "json", "junit", "sarif"])
def test_no_nul_byte_reaches_a_report(tmp_path: Path, fmt: str) -> None:
    root = tmp_path / "course"
    (root / "subtitles/en").mkdir(parents=True)
    (root / "subtitles/en/01_a.srt").write_bytes(
        b"1\n00:00:01,000 --> 00:00:02,000\nHi\n\n\x00\x01junk\x00 here\n\n")
    (root / "coursekit.toml").write_text("")
    out = tmp_path / f"report.{fmt}"
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(root),
                                      "--format", fmt, "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    report = out.read_bytes()
    assert b"junk" in report
    assert b"\x00" not in report
