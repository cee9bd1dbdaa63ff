"""`coursekit fix subtitles`: safe repairs, dry runs, monolingual copies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import check_subtitles

from .conftest import bilingual

MakeCourse = Callable[..., Path]
BROKEN = (b"1\r\n00:00:01,000 --> 00:00:03,000\r\nHello\n5\n00:00:02.50 --> 00:00:05,000\n"
          b"World\n\n0:00:06.000,0:00:07.500\nAgain\n")


def test_fix_repairs_structure_and_clamps_overlap(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": BROKEN})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == (
        b"1\n00:00:01,000 --> 00:00:02,417\nHello\n\n2\n00:00:02,500 --> 00:00:05,000\nWorld\n\n"
        b"3\n00:00:06,000 --> 00:00:07,500\nAgain\n\n"
    )
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []


def test_dry_run_shows_a_diff_and_writes_nothing(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": BROKEN})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), "--dry-run"])
    assert result.exit_code == 1, result.output  # a file would change
    assert "+++ b/subtitles/en/01_a.srt" in result.output and "+2\n" in result.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == BROKEN


def test_an_sbv_file_is_left_as_it_is_and_counted(make_course: MakeCourse) -> None:
    sbv = b"0:00:01.000,0:00:03.000\nHello\n\n0:00:02.000,0:00:04.000\nWorld\n"
    root = make_course({"en/01_a.srt": BROKEN, "en/02_b.sbv": sbv})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert "changed 1 of 1 file(s); 1 .sbv file(s) left as they are" in result.output
    assert (root / "subtitles/en/02_b.sbv").read_bytes() == sbv
    alone = make_course({"en/01_a.srt": BROKEN})
    (alone / "subtitles/en/02_b.sbv").unlink()
    assert ".sbv" not in CliRunner().invoke(cli, ["fix", "subtitles", "--root",
                                                  str(alone)]).output


def test_file_with_unreadable_timing_is_left_alone(make_course: MakeCourse) -> None:
    data = b"1\n00:00:01,000 --> soon\nHello\n\n"
    root = make_course({"en/01_a.srt": data})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 1
    assert "SUB011" in result.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == data


@pytest.mark.parametrize("only", ["World.", "tokenizer.decode(ids)", "Hugging Face."])
def test_monolingual_copy_keeps_a_cue_with_only_its_source_line(
    make_course: MakeCourse, only: str,
) -> None:
    zh = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
          f"2\n00:00:03,500 --> 00:00:05,000\n{only}\n\n"
          "3\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n")
    root = make_course({"zh-CN/01_a.srt": zh})
    out = root / "mono"
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(out)])
    assert result.exit_code == 0, result.output
    assert "left out" not in result.output
    assert (out / "zh-CN/01_a.srt").read_text(encoding="utf-8") == (
        "1\n00:00:01,000 --> 00:00:03,000\n你好。\n\n"
        f"2\n00:00:03,500 --> 00:00:05,000\n{only}\n\n"
        "3\n00:00:05,500 --> 00:00:07,000\n再见。\n\n"
    )


def test_monolingual_copy_leaves_out_an_empty_cue(make_course: MakeCourse) -> None:
    zh = bilingual("")
    root = make_course({"zh-CN/01_a.srt": zh})
    out = root / "mono"
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(out)])
    assert result.exit_code == 1
    assert "cue 2 has no translated line" in result.output
    assert (out / "zh-CN/01_a.srt").read_text(encoding="utf-8") == (
        "1\n00:00:01,000 --> 00:00:03,000\n你好。\n\n2\n00:00:05,500 --> 00:00:07,000\n再见。\n\n"
        "3\n00:00:07,500 --> 00:00:09,000\n谢谢。\n\n"
    )
    assert (root / "subtitles/zh-CN/01_a.srt").read_text(encoding="utf-8") == zh


def test_monolingual_copy_keeps_a_translated_line_of_code(make_course: MakeCourse) -> None:
    en = ("1\n00:00:01,000 --> 00:00:03,000\nWe call trainer.train().\n\n"
          "2\n00:00:03,500 --> 00:00:05,000\nThen we wait.\n\n"
          "3\n00:00:05,500 --> 00:00:07,000\nGoodbye.\n\n")
    zh = ("1\n00:00:01,000 --> 00:00:03,000\n我们调用\ntrainer.train()\n"
          "We call trainer.train().\n\n"
          "2\n00:00:03,500 --> 00:00:05,000\n然后等待。\nThen we wait.\n\n"
          "3\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n")
    root = make_course({"en/01_a.srt": en, "zh-CN/01_a.srt": zh})
    out = root / "mono"
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "zh-CN/01_a.srt").read_text(encoding="utf-8").startswith(
        "1\n00:00:01,000 --> 00:00:03,000\n我们调用\ntrainer.train()\n\n2\n")


def test_missing_final_blank_line_is_reported_then_fixed(make_course: MakeCourse) -> None:
    data = b"1\n00:00:01,000 --> 00:00:03,000\nHello.\n\n2\n00:00:04,000 --> 00:00:06,000\nBye.\n"
    root = make_course({"en/01_a.srt": data})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.severity.value, d.cue) for d in found] == [("SUB018", "note", 2)]
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert "fixed subtitles/en/01_a.srt (SUB018)" in result.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == data + b"\n"
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []


def test_a_language_that_leaves_the_subtitles_folder_is_refused(
    make_course: MakeCourse, tmp_path: Path,
) -> None:
    root = make_course({"en/01_a.srt": BROKEN})
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir()
    (outside / "01_a.srt").write_bytes(BROKEN)
    for lang in (f"../../{outside.name}", str(outside), "../en", "xx"):
        result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                          "--lang", lang])
        assert result.exit_code == 2, (lang, result.output)
        assert "no such language in this course" in result.output
    assert (outside / "01_a.srt").read_bytes() == BROKEN
    assert (root / "subtitles/en/01_a.srt").read_bytes() == BROKEN
    fixed = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), "--lang", "EN"])
    assert fixed.exit_code == 0, fixed.output
    assert (root / "subtitles/en/01_a.srt").read_bytes() != BROKEN


def test_no_monolingual_copy_of_a_file_the_fix_refused(make_course: MakeCourse) -> None:
    refused = ("1\n00:00:01,000 --> soon\n你好。\nHello.\n\n"
               "2\n00:00:03,500 --> 00:00:05,000\n再见。\nBye.\n\n")
    kept = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
            "2\n00:00:03,500 --> 00:00:05,000\n世界。\nWorld.\n\n"
            "3\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n")
    root = make_course({"zh-CN/01_a.srt": refused, "zh-CN/02_b.srt": kept})
    out = root / "mono"
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(out)])
    assert result.exit_code == 1
    assert "subtitles/zh-CN/01_a.srt: no monolingual copy" in result.output
    assert "SUB011" in result.output
    assert not (out / "zh-CN/01_a.srt").exists()
    assert (out / "zh-CN/02_b.srt").read_text(encoding="utf-8") == (
        "1\n00:00:01,000 --> 00:00:03,000\n你好。\n\n2\n00:00:03,500 --> 00:00:05,000\n世界。\n\n"
        "3\n00:00:05,500 --> 00:00:07,000\n再见。\n\n")


def test_monolingual_copies_are_not_written_over_the_subtitles(make_course: MakeCourse) -> None:
    zh = "1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
    root = make_course({"zh-CN/01_a.srt": zh})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root),
                                      "--monolingual", str(root / "subtitles")])
    assert result.exit_code == 2
    assert "lies in the subtitles folder" in result.output
    assert (root / "subtitles/zh-CN/01_a.srt").read_text(encoding="utf-8") == zh


def _overlapping(next_start: str) -> bytes:
    return ("1\n00:00:01,000 --> 00:00:02,000\nFirst.\n\n"
            "2\n00:00:03,000 --> 00:00:06,000\nSecond, shown too long.\n\n"
            f"3\n{next_start} --> 00:00:08,000\nThird.\n\n").encode()


@pytest.mark.parametrize(("next_start", "clamp", "said"), [
    ("00:00:05,000", b"00:00:03,000 --> 00:00:04,917", None),  # a clamp keeps it readable
    ("00:00:03,500", None, "cue 2 would be shown for 0.417 s"),
    ("00:00:03,050", None, "cue 2 would not be shown"),
    ("00:00:03,000", None, "they start together"),
])
def test_an_overlap_is_clamped_only_where_the_cue_stays_readable(
    make_course: MakeCourse, next_start: str, clamp: bytes | None, said: str | None,
) -> None:
    data = _overlapping(next_start)
    root = make_course({"en/01_a.srt": data})
    [overlap] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (overlap.rule, overlap.line, overlap.cue) == ("SUB104", 5, 2)
    assert said in (overlap.hint or "") if said else "clamps it" in (overlap.hint or "")
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    written = (root / "subtitles/en/01_a.srt").read_bytes()
    if clamp is not None:
        assert result.exit_code == 0, result.output
        assert clamp in written
        assert check_subtitles(Corpus(Course.open(root))).diagnostics == []
    else:  # clamped to a flash, the cue's words would be lost to the viewer
        assert result.exit_code == 1, result.output
        assert written == data
        assert "subtitles/en/01_a.srt:5: cue 2 overlaps cue 3" in result.output
        assert "left as it is" in result.output


def test_a_cue_out_of_order_is_the_finding_not_the_cue_before_it(
    make_course: MakeCourse,
) -> None:
    data = _overlapping("00:00:05,000").replace(b"3\n00:00:05,000 --> 00:00:08,000",
                                                 b"3\n00:00:00,000 --> 00:00:00,900")
    root = make_course({"en/01_a.srt": data})
    [found] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (found.rule, found.line, found.cue) == ("SUB104", 9, 3)
    assert found.message == ("cue 3 starts at 00:00:00,000, before cue 2 above it "
                             "(00:00:03,000): the cues are out of order")
    assert "puts the cues in order" in (found.hint or "")


@pytest.mark.parametrize("first", [1, 101])
def test_a_cue_left_out_of_a_monolingual_copy_is_named_as_the_file_numbers_it(
    make_course: MakeCourse, first: int,
) -> None:
    zh = (f"{first}\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
          f"{first + 1}\n00:00:03,500 --> 00:00:05,000\n\n"
          f"{first + 2}\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n"
          f"{first + 3}\n00:00:07,500 --> 00:00:09,000\n谢谢。\nThanks.\n\n")
    root = make_course({"zh-CN/01_a.srt": zh})
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), "--dry-run",
                                      "--monolingual", str(root / "mono")])
    assert f"subtitles/zh-CN/01_a.srt:6: cue {first + 1} has no translated line" in result.output


def _found_then_fixed(make_course: MakeCourse, data: bytes, *options: str,
                      ) -> tuple[Path, Sequence[Diagnostic], str]:
    """A course holding ``data`` as ``en/01_a.srt``: its root, what `check subtitles`
    finds in it, then the output of `fix subtitles` with ``options``, which exits 0."""
    root = make_course({"en/01_a.srt": data})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), *options])
    assert result.exit_code == 0, result.output
    return root, found, result.output


def test_whitespace_around_an_index_or_timing_is_reported_then_trimmed(
    make_course: MakeCourse,
) -> None:
    data = (b"1  \n00:00:01,000 --> 00:00:03,000\nHello.\n\n2\n00:00:04,000 --> 00:00:06,000 \n"
            b"Bye.\n\n\t3\n00:00:07,000 --> 00:00:08,000\nAgain.\n\n")
    root, found, output = _found_then_fixed(make_course, data)
    assert [(d.rule, d.severity.value, d.line, d.cue) for d in found] == [
        ("SUB023", "note", 1, 1), ("SUB023", "note", 6, 2), ("SUB023", "note", 9, 3)]
    assert "fixed subtitles/en/01_a.srt (SUB023)" in output
    assert (root / "subtitles/en/01_a.srt").read_bytes() == (
        b"1\n00:00:01,000 --> 00:00:03,000\nHello.\n\n2\n00:00:04,000 --> 00:00:06,000\n"
        b"Bye.\n\n3\n00:00:07,000 --> 00:00:08,000\nAgain.\n\n")
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []


def test_whitespace_in_a_cues_text_is_no_index_finding_and_is_kept(
    make_course: MakeCourse,
) -> None:
    data = (b"1\n00:00:01,000 --> 00:00:03,000\nHello.  \n\n"
            b"2\n00:00:04,000 --> 00:00:06,000\nBye.\n\n")
    root, found, _ = _found_then_fixed(make_course, data, "--check")
    assert [(d.rule, d.line) for d in found] == [("SUB205", 1)]
    assert (root / "subtitles/en/01_a.srt").read_bytes() == data
