"""Text after the last cue, past a blank line (a line left over, half a cue): stray text
(SUB014) at its line, never read as the last cue's text, and a file the fix leaves alone
rather than move the text into the cue; each beside a file that ends cleanly."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles.load import parse_subtitles

MakeCourse = Callable[..., Path]
CUES = ("1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
        "2\n00:00:04,000 --> 00:00:06,000\nThat's all it takes.\n")


@pytest.mark.parametrize(("after", "said"), [
    ("\nThanks for watching\n", "`Thanks for watching`"),
    ("\n3\n", "`3`"),  # the index of a cue cut short
    ("\n\n3\n00:00:07,000\nAnd then\n", "`3 / 00:00:07,000 / And then`"),
    ("\r\nMerci\r\n", "`Merci`"),
])
def test_text_after_the_last_cue_is_stray_and_not_the_cues(after: str, said: str) -> None:
    sub = parse_subtitles((CUES + after).encode(), Path("01_a.srt"), "en")
    assert [cue.lines for cue in sub.cues] == [("Hello there.",), ("That's all it takes.",)]
    [stray] = [d for d in sub.diagnostics if d.rule == "SUB014"]
    first = next(i for i, line in enumerate((CUES + after).splitlines(), 1)
                 if i > 7 and line.strip())
    assert (stray.path, stray.line) == ("01_a.srt", first)
    assert f"text after the last cue (cue 2), past a blank line: {said}" in stray.message
    assert "SUB006" not in {d.rule for d in sub.diagnostics}


@pytest.mark.parametrize("end", ["", "\n", "\n\n\n", "Second line.\n\n"])
def test_a_file_that_ends_with_its_last_cue_has_no_stray_text(end: str) -> None:
    sub = parse_subtitles((CUES + end).encode(), Path("01_a.srt"), "en")
    assert "SUB014" not in {d.rule for d in sub.diagnostics}
    assert sub.cues[-1].lines[0] == "That's all it takes."


def test_a_blank_line_inside_an_earlier_cue_is_still_that_cues(make_course: MakeCourse) -> None:
    data = ("1\n00:00:01,000 --> 00:00:03,000\nHello\n\nthere.\n\n"
            "2\n00:00:04,000 --> 00:00:06,000\nBye.\n\n")
    sub = parse_subtitles(data.encode(), Path("01_a.srt"), "en")
    assert sub.cues[0].lines == ("Hello", "there.")
    assert {d.rule for d in sub.diagnostics} == {"SUB006"}


def test_fix_leaves_the_file_alone_and_names_the_line(make_course: MakeCourse) -> None:
    data = (CUES + "\nThanks for watching\n").encode()
    root = make_course({"en/01_a.srt": data})
    for mode in (["--check"], ["--dry-run"], []):
        done = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), *mode])
        assert done.exit_code == 1, done.output
        assert ("subtitles/en/01_a.srt: left alone: rewriting it would lose what "
                "SUB014 (line 9) reports") in done.stderr
        assert "+That's all it takes.\n+Thanks" not in done.stdout
        assert (root / "subtitles/en/01_a.srt").read_bytes() == data
    checked = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(root)])
    assert checked.exit_code == 1
    assert "subtitles/en/01_a.srt:9: error SUB014 text after the last cue" in checked.output


def test_fix_of_a_file_that_ends_cleanly_goes_on(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": CUES + "\n\n\n"})
    done = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert done.exit_code == 0, done.output
    assert (root / "subtitles/en/01_a.srt").read_text(encoding="utf-8") == CUES + "\n"
