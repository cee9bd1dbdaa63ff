"""Line endings of a lone CR (classic Mac OS), which many players do not break lines at:
`check subtitles` reports them under every `line-endings` policy, `any` too (``SUB003``),
and `fix subtitles` names that rule when it converts them; LF and CRLF files are left
as they are under `any`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

from .conftest import fix_keeps, fix_names

MakeCourse = Callable[..., Path]
CLEAN = ("1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n"
         "2\n00:00:04,000 --> 00:00:06,000\nBye now.\n\n")


def _found(root: Path) -> list[tuple[str, str, int | None, str]]:
    return [(d.rule, d.severity.value, d.line, d.message)
            for d in check_subtitles(Corpus(Course.open(root))).diagnostics]


@pytest.mark.parametrize(("config", "written", "said"), [
    ("", "\n", "a lone CR"),  # the default policy, `any`
    ('[subtitles]\nline-endings = "any"\n', "\n", "a lone CR"),
    ('[subtitles]\nline-endings = "lf"\n', "\n", "CR line endings (policy: LF)"),
    ('[subtitles]\nline-endings = "crlf"\n', "\r\n", "CR line endings (policy: CRLF)"),
])
def test_cr_line_endings_are_a_warning_the_fix_names_as_it_converts_them(
    make_course: MakeCourse, config: str, written: str, said: str,
) -> None:
    root = make_course({"en/01_x.srt": CLEAN.replace("\n", "\r").encode()}, config)
    found = _found(root)
    assert [f[:2] for f in found] == [("SUB003", "warning")]
    assert said in found[0][3]
    fix_names(root, "SUB003", CLEAN.replace("\n", written).encode())


def test_the_finding_under_any_is_at_the_first_line_and_says_why(
    make_course: MakeCourse,
) -> None:
    root = make_course({"en/01_x.srt": CLEAN.replace("\n", "\r").encode()})
    [(_, _, line, message)] = _found(root)
    assert line == 1
    assert "players and tools break lines only at LF" in message


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_lf_and_crlf_files_stay_clean_and_byte_identical_under_any(
    make_course: MakeCourse, ending: str,
) -> None:
    data = CLEAN.replace("\n", ending).encode()
    root = make_course({"en/01_x.srt": data})
    fix_keeps(root, data)
