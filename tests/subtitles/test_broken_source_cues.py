"""A source cue whose timing is its own defect is read by the alignment when it was
meant to be shown: one too short to read for the shortest readable time, one whose
timing cannot be read in the room its neighbours leave. A translated cue shown there
follows the source as meant, whatever its number (no SUB404, which would repeat the
source's finding in each translation), and is checked against the source's text; a
translated cue over the source's silence elsewhere is still SUB404, whatever its number."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles
from tests.subtitles.test_course import EN, FR, MakeCourse, cue, srt

CUE_3 = "00:00:07,000 --> 00:00:09,500"
UNREADABLE = srt(EN).replace(CUE_3, "00:00:07,000 -> 00:00:09,500")
TOO_SHORT = srt(EN).replace(CUE_3, "00:00:07,000 --> 00:00:07,100")
BROKEN = pytest.mark.parametrize("source", [UNREADABLE, TOO_SHORT],
                                 ids=["unreadable", "too-short"])


def _found(root: Path) -> list[tuple[str, int | None]]:
    result = check_subtitles(Corpus(Course.open(root)))
    return [(d.rule, d.cue) for d in result.diagnostics if "/fr/" in d.path]


@BROKEN
def test_a_resegmented_translation_of_a_broken_cue_aligns(
    make_course: MakeCourse, source: str,
) -> None:
    # The first two cues merged: the translation of source cue 3 is the file's cue 2.
    merged = cue(1, 1, 6.5, FR[0], FR[1]) + "".join(
        cue(n, 3 * i + 1, 3 * i + 3.5, FR[i]) for n, i in enumerate(range(2, 6), start=2))
    root = make_course({"en/01_a.srt": source, "fr/01_a.srt": merged})
    assert _found(root) == []


@BROKEN
def test_a_translation_numbered_its_own_way_aligns(make_course: MakeCourse, source: str) -> None:
    numbered = "".join(cue(i + 10, 3 * i + 1, 3 * i + 3.5, text) for i, text in enumerate(FR))
    root = make_course({"en/01_a.srt": source, "fr/01_a.srt": numbered})
    assert [rule for rule, _ in _found(root)] == ["SUB010"]  # its numbering, not its times


@BROKEN
def test_a_cue_numbered_as_the_broken_one_over_silence_is_still_a_finding(
    make_course: MakeCourse, source: str,
) -> None:
    late = srt(FR[:2]) + cue(3, 30, 32, "Une phrase de trop.")
    root = make_course({"en/01_a.srt": source, "fr/01_a.srt": late})
    assert ("SUB404", 3) in _found(root)


def test_the_translation_of_a_cue_too_short_is_checked_against_its_text(
    make_course: MakeCourse,
) -> None:
    untranslated = srt([*FR[:2], EN[2], *FR[3:]])
    root = make_course({"en/01_a.srt": TOO_SHORT, "fr/01_a.srt": untranslated})
    assert _found(root) == [("SUB407", 3)]
    root = make_course({"en/01_a.srt": TOO_SHORT, "fr/01_a.srt": srt(FR)})
    assert _found(root) == []


def test_a_short_translated_cue_of_a_cue_too_short_keeps_its_numbers_checked(
    make_course: MakeCourse,
) -> None:
    # Shown for a second, well within the room before the next cue: the source cue as
    # meant lies within it, so its number is still checked.
    fr = srt(FR).replace(f"3\n{CUE_3}\n{FR[2]}", "3\n00:00:07,000 --> 00:00:08,000\n"
                         "Le taux est ici de 5e-4.")
    assert fr != srt(FR)
    root = make_course({"en/01_a.srt": TOO_SHORT, "fr/01_a.srt": fr})
    assert ("SUB408", 3) in _found(root)
    assert ("SUB404", 3) not in _found(root)
