"""Videos that lessons embed against each language's metadata.csv (SUB410, SUB412, SUB413);
a listed file that is missing is the lesson's one finding where a lesson embeds its video."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

MakeCourse = Callable[..., Path]
CUE = "1\n00:00:01,000 --> 00:00:03,000\nBonjour.\n\n"
HEADER = "id,title,link,srt_filename\n"
LESSON = "# Une leçon\n\nDu texte.\n\n<Youtube id=\"{video}\"/>\n\nEncore du texte.\n"


def _course(make_course: MakeCourse, rows: str, videos: tuple[str, ...] = ("vid1",),
            files: dict[str, str | bytes] | None = None) -> Path:
    root = make_course({"fr/01_a.srt": CUE, "fr/metadata.csv": HEADER + rows, **(files or {})})
    for n, video in enumerate(videos, start=1):
        lesson = root / "content" / "fr" / "chapter1" / f"{n}.mdx"
        lesson.parent.mkdir(parents=True, exist_ok=True)
        lesson.write_text(LESSON.format(video=video), encoding="utf-8")
    return root


def _found(root: Path) -> list[tuple[str, str, int | None]]:
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    return [(d.rule, d.path, d.line) for d in found]


def test_embedded_video_with_subtitles_is_clean(make_course: MakeCourse) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,01_a.srt\n")
    assert _found(root) == []


def test_embedded_video_without_a_row(make_course: MakeCourse) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,01_a.srt\n", videos=("vid1", "vid2"))
    [diag] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (diag.rule, diag.path, diag.line) == ("SUB412", "content/fr/chapter1/2.mdx", 5)
    assert "`vid2`" in diag.message and "no row" in diag.message


def test_embedded_video_whose_file_is_missing(make_course: MakeCourse) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,02_b.srt\n")
    [diag] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (diag.rule, diag.path, diag.line) == ("SUB412", "content/fr/chapter1/1.mdx", 5)
    assert "subtitles/fr/metadata.csv:2 lists `02_b.srt`, which does not exist" in diag.message


def test_row_pointing_into_another_language(make_course: MakeCourse) -> None:
    for name in ("../en/01_a.srt", "en/01_a.srt", "subtitles/en/01_a.srt"):
        root = _course(make_course, f"vid1,A,https://y/vid1,{name}\n",
                       files={"en/01_a.srt": CUE.replace("Bonjour", "Hello")})
        assert ("SUB413", "subtitles/fr/metadata.csv", 2) in _found(root), name
        assert [r for r, _, _ in _found(root) if r.startswith("SUB41")] == ["SUB413"], name


def test_row_in_own_folder_by_path_is_not_another_language(make_course: MakeCourse) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,subtitles/fr/01_a.srt\n")
    assert _found(root) == []


def test_lessons_are_not_read_without_metadata(make_course: MakeCourse) -> None:
    root = _course(make_course, "", videos=("vid9",))
    (root / "subtitles/fr/metadata.csv").unlink()
    assert _found(root) == []


def test_unreadable_metadata_does_not_flag_every_lesson(make_course: MakeCourse) -> None:
    root = _course(make_course, "")
    (root / "subtitles/fr/metadata.csv").write_text("name,file\nvid1,01_a.srt\n", "utf-8")
    assert [r for r, _, _ in _found(root)] == ["SUB411"]


def test_row_pointing_to_a_missing_file_of_another_language_is_one_finding(
    make_course: MakeCourse,
) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,../en/09_z.srt\n",
                   files={"en/01_a.srt": CUE.replace("Bonjour", "Hello")})
    findings = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.line) for d in findings if d.rule.startswith("SUB41")] == [("SUB413", 2)]
    assert "of the en subtitles (and it does not exist)" in findings[0].message


@pytest.mark.parametrize("between", [
    "vid1,A,https://y/vid1,01_a.srt\n",  # no blank line: each row on its line
    "\nvid1,A,https://y/vid1,01_a.srt\n\n",  # blank lines, which the reader skips
    'vid1,"A title,\non two lines",https://y/vid1,01_a.srt\n',  # a quoted title
])
def test_a_row_is_found_at_the_line_it_starts_on(make_course: MakeCourse, between: str) -> None:
    rows = between + 'vid2,"B,\nits title on two lines",https://y/vid2,02_b.srt\n'
    root = _course(make_course, rows, videos=())
    line = 1 + between.count("\n") + 1
    [diag] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (diag.rule, diag.line) == ("SUB410", line)
    assert "\n" not in diag.message
    lines = (root / diag.path).read_text("utf-8").split("\n")
    assert lines[line - 1].startswith("vid2,")


@pytest.mark.parametrize(("make", "line", "said"), [
    (lambda p: p.mkdir(), None, "cannot read: a directory, not a regular file"),
    (lambda p: os.mkfifo(p), None, "cannot read: a FIFO (named pipe), not a regular file"),
    (lambda p: p.symlink_to("gone.csv"), None,
     "cannot read: a symbolic link to `gone.csv`, which does not exist"),
    (lambda p: p.write_bytes(HEADER.encode() + b"vid1,\xe9t\xe9,l,01_a.srt\n"), 2,
     "cannot read: not UTF-8 (byte 0xe9 at line 2)"),
    (lambda p: p.write_text(HEADER + 'vid1,"' + "x" * 200_000 + '",l,01_a.srt\n'), 2,
     "cannot read: not CSV (field larger than field limit"),
])
def test_metadata_that_cannot_be_read_is_a_finding_not_passed_over(
    make_course: MakeCourse, make: Callable[[Path], None], line: int | None, said: str,
) -> None:
    root = _course(make_course, "vid1,A,https://y/vid1,01_a.srt\n")
    path = root / "subtitles/fr/metadata.csv"
    path.unlink()
    make(path)
    [diag] = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert (diag.rule, diag.path, diag.line) == ("SUB411", "subtitles/fr/metadata.csv", line)
    assert said in diag.message


def test_metadata_with_a_byte_order_mark_and_accents_is_read(make_course: MakeCourse) -> None:
    root = _course(make_course, "vid1,Été,https://y/vid1,01_a.srt\n")
    path = root / "subtitles/fr/metadata.csv"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert _found(root) == []
