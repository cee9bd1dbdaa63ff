"""One finding per root cause in subtitles: a fault most rows of a metadata.csv column
share is the column's (one finding), a missing subtitle file that metadata.csv lists is
one finding (the lesson's that embeds its video, else the row's), and a translated cue
left empty where the source says only a sound note (in italics or not) is a note, not
an error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import check_subtitles

MakeCourse = Callable[..., Path]
HEADER = "id,title,link,srt_filename\n"
CUE = "1\n00:00:01,000 --> 00:00:03,000\n{text}\n\n"
LESSON = "# Une leçon\n\n<Youtube id=\"{video}\"/>\n"


def _check(root: Path) -> list[Diagnostic]:
    return check_subtitles(Corpus(Course.open(root))).diagnostics


def _metadata_course(make_course: MakeCourse, rows: int, wrong: int) -> Path:
    """``rows`` French videos with their files; the first ``wrong`` rows list the English
    file instead; each video is embedded by a French lesson."""
    files: dict[str, str | bytes] = {}
    lines = [HEADER]
    for n in range(1, rows + 1):
        name = f"{n:02d}_v.srt"
        files[f"en/{name}"] = CUE.format(text="Hello.")
        files[f"fr/{name}"] = CUE.format(text="Bonjour.")
        lines.append(f"vid{n},Video {n},https://y/vid{n},{'../en/' * (n <= wrong)}{name}\n")
    files["fr/metadata.csv"] = "".join(lines)
    root = make_course(files)
    for n in range(1, rows + 1):
        lesson = root / "content" / "fr" / "chapter1" / f"{n}.mdx"
        lesson.parent.mkdir(parents=True, exist_ok=True)
        lesson.write_text(LESSON.format(video=f"vid{n}"), encoding="utf-8")
    return root


def test_one_wrong_metadata_column_is_one_finding(make_course: MakeCourse) -> None:
    found = [d for d in _check(_metadata_course(make_course, rows=8, wrong=8))
             if d.rule.startswith("SUB41")]
    assert [(d.rule, d.line) for d in found] == [("SUB413", 2)]
    assert "the srt_filename column lists files of the en subtitles in 8 of 8 rows" \
        in found[0].message
    assert found[0].hint == "list the fr files in the column"


def test_a_few_wrong_rows_are_each_a_finding(make_course: MakeCourse) -> None:
    found = [d for d in _check(_metadata_course(make_course, rows=8, wrong=2))
             if d.rule.startswith("SUB41")]
    assert [(d.rule, d.line) for d in found] == [("SUB413", 2), ("SUB413", 3)]
    assert all("column" not in d.message for d in found)


def test_a_column_of_missing_files_is_one_finding_and_no_lesson_finding(
    make_course: MakeCourse,
) -> None:
    root = _metadata_course(make_course, rows=6, wrong=0)
    meta = root / "subtitles" / "fr" / "metadata.csv"
    meta.write_text(meta.read_text(encoding="utf-8").replace("_v.srt", "_v.vtt"),
                    encoding="utf-8")
    found = [d for d in _check(root) if d.rule.startswith("SUB41")]
    assert [(d.rule, d.line) for d in found] == [("SUB410", 2)]
    assert "names files that do not exist in 6 of 6 rows" in found[0].message


def _missing_file_course(make_course: MakeCourse, *, source: bool, row: bool,
                         lesson: bool, listed: str = "02_b.srt") -> Path:
    """Video `vid2`, whose French file `02_b.srt` is missing: with ``source`` the English
    file is there, with ``row`` the French metadata.csv lists ``listed`` for it, with
    ``lesson`` a French lesson embeds it. Video `vid1` has every file."""
    files: dict[str, str | bytes] = {"en/01_a.srt": CUE.format(text="Hello."),
                                     "fr/01_a.srt": CUE.format(text="Bonjour.")}
    if source:
        files["en/02_b.srt"] = CUE.format(text="Goodbye.")
    rows = "vid1,A,https://y/vid1,01_a.srt\n" + (f"vid2,B,https://y/vid2,{listed}\n" * row)
    files["fr/metadata.csv"] = HEADER + rows
    root = make_course(files)
    if lesson:
        path = root / "content" / "fr" / "chapter1" / "1.mdx"
        path.parent.mkdir(parents=True)
        path.write_text(LESSON.format(video="vid2"), encoding="utf-8")
    return root


ROW = ("SUB410", "subtitles/fr/metadata.csv", 3)
EMBED = ("SUB412", "content/fr/chapter1/1.mdx", 3)
MISSING = ("SUB401", "subtitles/fr/02_b.srt", None)


@pytest.mark.parametrize(("source", "row", "lesson", "expected"), [
    (True, True, True, [EMBED]),  # the three rules' situations at once: one finding
    (False, True, True, [EMBED]),
    (True, True, False, [ROW]),
    (False, True, False, [ROW]),
    (True, False, False, [MISSING]),
    (False, False, True, [EMBED]),  # no row for the video
    # Without a row nothing ties the video to the file, and each fix is its own.
    (True, False, True, [EMBED, MISSING]),
])
def test_a_missing_file_is_one_finding(make_course: MakeCourse, source: bool, row: bool,
                                       lesson: bool, expected: list[object]) -> None:
    root = _missing_file_course(make_course, source=source, row=row, lesson=lesson)
    assert [(d.rule, d.path, d.line) for d in _check(root)] == expected


def test_a_missing_file_in_one_finding_names_the_row(make_course: MakeCourse) -> None:
    root = _missing_file_course(make_course, source=True, row=True, lesson=True)
    [found] = _check(root)
    assert "embeds video `vid2`, which has no fr subtitles: subtitles/fr/metadata.csv:3 " \
        "lists `02_b.srt`, which does not exist" in found.message


def test_every_file_there_is_clean(make_course: MakeCourse) -> None:
    root = _missing_file_course(make_course, source=True, row=True, lesson=True)
    (root / "subtitles" / "fr" / "02_b.srt").write_text(CUE.format(text="Au revoir."),
                                                        encoding="utf-8")
    assert _check(root) == []


def test_a_row_listing_the_file_in_the_other_format_is_the_one_finding(
    make_course: MakeCourse,
) -> None:
    root = _missing_file_course(make_course, source=True, row=True, lesson=False,
                                listed="02_b.sbv")
    assert [(d.rule, d.path, d.line) for d in _check(root)] == [ROW]


def test_a_row_listing_a_file_elsewhere_leaves_the_missing_translation(
    make_course: MakeCourse,
) -> None:
    root = _missing_file_course(make_course, source=True, row=True, lesson=False,
                                listed="old/02_b.srt")
    assert [(d.rule, d.path, d.line) for d in _check(root)] == [ROW, MISSING]


def _sound_course(make_course: MakeCourse, source_text: str) -> Path:
    source = CUE.format(text="Hello and welcome.") + \
        f"2\n00:00:03,500 --> 00:00:06,000\n{source_text}\n\n"
    translated = CUE.format(text="Bonjour et bienvenue.") + \
        "2\n00:00:03,500 --> 00:00:06,000\n\n"
    return make_course({"en/01_a.srt": source, "fr/01_a.srt": translated})


@pytest.mark.parametrize("note", ["(logo whooshes)", "<i>(logo whooshes)</i>",
                                  "{\\an8}[music]"])
def test_an_empty_cue_over_a_sound_note_is_a_note(make_course: MakeCourse, note: str) -> None:
    [empty] = [d for d in _check(_sound_course(make_course, note)) if d.rule == "SUB204"]
    assert empty.severity.value == "note"
    assert f"the source has only the sound note `{note}` there" in empty.message


def test_an_empty_cue_over_speech_in_italics_stays_an_error(make_course: MakeCourse) -> None:
    [empty] = [d for d in _check(_sound_course(make_course, "<i>Let us start.</i>"))
               if d.rule == "SUB204"]
    assert empty.severity.value == "error"


def test_a_sound_note_in_italics_left_out_is_no_uncovered_speech(
    make_course: MakeCourse,
) -> None:
    source = CUE.format(text="Hello and welcome.") + \
        "2\n00:00:03,500 --> 00:00:09,000\n<i>(upbeat music)</i>\n\n"
    root = make_course({"en/01_a.srt": source,
                        "fr/01_a.srt": CUE.format(text="Bonjour et bienvenue.")})
    assert [d.rule for d in _check(root)] == []


def test_an_empty_cue_over_speech_stays_an_error(make_course: MakeCourse) -> None:
    [empty] = [d for d in _check(_sound_course(make_course, "Let us start."))
               if d.rule == "SUB204"]
    assert empty.severity.value == "error"
    assert "sound note" not in empty.message
