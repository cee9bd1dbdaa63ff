"""A translated cue is judged as shown: its tags (`<i>`, `{\\an8}`) are no words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

from .conftest import cue

MakeCourse = Callable[..., Path]

EN = ["We load the dataset first.", "Then we train the model.", "That's all."]
FR = ["Nous chargeons d'abord le jeu de données.", "Puis nous entraînons le modèle."]


def _file(texts: list[str]) -> str:
    return "".join(cue(i + 1, f"00:00:{3 * i:02d},000", f"00:00:{3 * i + 2:02d},500", text)
                   for i, text in enumerate(texts))


def _found(root: Path) -> list[tuple[str, int | None]]:
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    return [(d.rule, d.cue) for d in found]


@pytest.mark.parametrize(("source", "translated", "expected"), [
    ("That's all.", "C'est tout.", []),
    ("<i>That's all.</i>", "<i>C'est tout.</i>", []),
    ("That's all.", "{\\an8}<i>C'est tout.</i>", []),
    ("That's all.", "That's all.", [("SUB407", 3)]),
    ("That's all.", "<i>That's all.</i>", [("SUB407", 3)]),
    ("<i>That's all.</i>", "That's all.", [("SUB407", 3)]),
])
def test_a_cue_with_tags_is_judged_by_its_words(
    make_course: MakeCourse, source: str, translated: str, expected: list[tuple[str, int]],
) -> None:
    root = make_course({"en/01_a.srt": _file([*EN[:2], source]),
                        "fr/01_a.srt": _file([*FR, translated])})
    assert _found(root) == expected
