"""Every change `coursekit fix subtitles` makes to the layout of a file's blank lines
(``SUB024``), the spacing of its timing lines (``SUB023``) or the zeros of its indexes
(``SUB025``) is one `check subtitles` names, and `fix --check` names its rule."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

from .conftest import fix_keeps, fix_names

MakeCourse = Callable[..., Path]
ONE = "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n"
TWO = "2\n00:00:04,000 --> 00:00:06,000\nBye now.\n"
THREE = "3\n00:00:07,000 --> 00:00:09,000\nAgain.\n"
CLEAN = f"{ONE}\n{TWO}\n{THREE}\n"


def _found(root: Path) -> list[tuple[str, str, int | None, int | None, str]]:
    return [(d.rule, d.severity.value, d.line, d.cue, d.message)
            for d in check_subtitles(Corpus(Course.open(root))).diagnostics]


def _numbered(indexes: tuple[str, ...]) -> str:
    """``CLEAN`` with its three cues' index lines written ``indexes``."""
    return "".join(f"{index}{cue[1:]}\n" for index, cue in zip(indexes, (ONE, TWO, THREE),
                                                                 strict=True))


@pytest.mark.parametrize(("text", "line", "cue", "said"), [
    (f"{ONE}  \n{TWO}\n{THREE}\n", 4, 2, "a blank line holding whitespace between cue 1 "
     "and cue 2"),
    (f"{ONE}\t\n{TWO}\n{THREE}\n", 4, 2, "a blank line holding whitespace"),
    (f"{ONE}\n\n{TWO}\n{THREE}\n", 4, 2, "2 blank lines between cue 1 and cue 2"),
    (f"{ONE}\n{TWO}\n \n\n{THREE}\n", 8, 3, "3 blank lines holding whitespace between cue 2 "
     "and cue 3"),
    (f"\n\n{CLEAN}", 1, 1, "2 blank lines at the top of the file, above cue 1"),
    (f" \n{CLEAN}", 1, 1, "a blank line holding whitespace at the top of the file"),
])
def test_blank_lines_the_fix_rewrites_are_a_note_it_names(
    make_course: MakeCourse, text: str, line: int, cue: int, said: str,
) -> None:
    root = make_course({"en/01_x.srt": text})
    found = _found(root)
    assert [f[:4] for f in found] == [("SUB024", "note", line, cue)]
    assert said in found[0][4]
    fix_names(root, "SUB024", CLEAN.encode())


@pytest.mark.parametrize("text", [
    CLEAN,
    CLEAN.replace("\n", "\r\n"),
    "1\n00:00:01,000 --> 00:00:03,000\nHello\n\nthere.\n\n" + f"{TWO}\n",  # SUB006 alone
])
def test_one_empty_line_between_cues_is_no_layout_note(
    make_course: MakeCourse, text: str,
) -> None:
    root = make_course({"en/01_x.srt": text})
    assert "SUB024" not in [f[0] for f in _found(root)]


def test_a_clean_file_stays_clean_and_byte_identical(make_course: MakeCourse) -> None:
    root = make_course({"en/01_x.srt": CLEAN})
    fix_keeps(root, CLEAN.encode())


@pytest.mark.parametrize(("timing", "said"), [
    ("00:00:04,000  -->  00:00:06,000", "cue 2's timing line is spaced otherwise"),
    ("00:00:04,000-->00:00:06,000", "cue 2's timing line is spaced otherwise"),
    ("00:00:04,000\t-->\t00:00:06,000", "cue 2's timing line is spaced otherwise"),
    ("00:00:04,000 --> 00:00:06,000  X1:10 X2:20 Y1:1 Y2:2", "cue 2's timing line is spaced"),
    (" 00:00:04,000 -->00:00:06,000", "whitespace before or after cue 2's timing line; its "
     "timing line is spaced otherwise"),
])
def test_spacing_inside_a_timing_line_is_the_cue_line_note_the_fix_names(
    make_course: MakeCourse, timing: str, said: str,
) -> None:
    root = make_course({"en/01_x.srt": CLEAN.replace("00:00:04,000 --> 00:00:06,000", timing)})
    found = _found(root)
    assert [f[:4] for f in found] == [("SUB023", "note", 6, 2)]
    assert said in found[0][4]
    fixed = CLEAN if "X1" not in timing else CLEAN.replace(
        "00:00:06,000", "00:00:06,000 X1:10 X2:20 Y1:1 Y2:2")
    fix_names(root, "SUB023", fixed.encode())


@pytest.mark.parametrize("timing", [
    "00:00:04,000 --> 00:00:06,000 X1:10  X2:20 Y1:1 Y2:2",  # inside positioning: kept
    "00:00:04,000 --> 00:00:06,000 X1:10 X2:20 Y1:1 Y2:2",
])
def test_a_timing_line_spaced_as_written_back_is_left_as_it_is(
    make_course: MakeCourse, timing: str,
) -> None:
    text = CLEAN.replace("00:00:04,000 --> 00:00:06,000", timing)
    root = make_course({"en/01_x.srt": text})
    fix_keeps(root, text.encode())


@pytest.mark.parametrize(("indexes", "found"), [
    (("01", "2", "3"), [(1, 1, "`01`")]),
    (("001", "002", "003"), [(1, 1, "`001`"), (5, 2, "`002`"), (9, 3, "`003`")]),
    (("1", "2", "0000000003"), [(9, 3, "`0000000003`")]),  # ten digits, still the one due
])
def test_leading_zeros_in_an_index_are_a_note_the_fix_names(
    make_course: MakeCourse, indexes: tuple[str, ...], found: list[tuple[int, int, str]],
) -> None:
    root = make_course({"en/01_x.srt": _numbered(indexes)})
    got = _found(root)
    assert [f[:4] for f in got] == [("SUB025", "note", line, cue) for line, cue, _ in found]
    assert all(written in f[4] and "leading zeros" in f[4]
               for f, (_, _, written) in zip(got, found, strict=True))
    fix_names(root, "SUB025", CLEAN.encode())


@pytest.mark.parametrize(("indexes", "rule"), [
    (("1", "2", "03"), None),  # the control: the zeros alone
    (("1", "2", "07"), "SUB010"),  # not the number due: SUB010 says it, not SUB025 too
    (("1", "2", "02"), "SUB009"),
    (("1", "2", "0x3"), "SUB008"),
    (("1", "2", "10"), "SUB010"),  # a zero that is not a leading one
])
def test_an_index_finding_of_its_own_is_not_also_a_leading_zeros_note(
    make_course: MakeCourse, indexes: tuple[str, ...], rule: str | None,
) -> None:
    root = make_course({"en/01_x.srt": _numbered(indexes)})
    assert [f[0] for f in _found(root)] == [rule or "SUB025"]


def test_indexes_with_zeros_not_leading_stay_clean_and_byte_identical(
    make_course: MakeCourse,
) -> None:
    text = "".join(f"{n}\n00:00:{2 * n:02d},000 --> 00:00:{2 * n + 1:02d},000\nCue {n}.\n\n"
                   for n in range(1, 21))  # 10 and 20
    root = make_course({"en/01_x.srt": text})
    fix_keeps(root, text.encode())
