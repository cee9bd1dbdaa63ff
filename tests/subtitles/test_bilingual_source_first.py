"""A bilingual file that puts the source line above the translated one in every cue
is read as bilingual, as one in the other order is: its translated lines judged by the
language's limits, its source lines against the source file, and a cue in the other
order (the translated line first) reported as swapped (SUB305)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles
from coursekit.subtitles.load import load_subtitle_file
from coursekit.subtitles.monolingual import monolingual

from .conftest import cue

MakeCourse = Callable[..., Path]

EN = ["We use the Trainer class to fine-tune it.", "Then we call trainer.train() now.",
      "It takes about five minutes on a GPU", "and then we can evaluate the model."]
ZH = ["我们使用 Trainer 类来微调。", "然后调用 trainer.train()。", "在 GPU 上大约五分钟，",
      "然后就可以评估模型了。"]


def _file(pairs: Sequence[tuple[str, ...]]) -> str:
    return "".join(cue(i + 1, f"00:00:{3 * i:02d},000", f"00:00:{3 * i + 2:02d},500", *lines)
                   for i, lines in enumerate(pairs))


def _found(root: Path) -> list[tuple[str, int | None, str]]:
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    return [(d.rule, d.cue, d.message) for d in found if "/zh-CN/" in d.path]


def _course(make_course: MakeCourse, pairs: Sequence[tuple[str, ...]], with_source: bool
            ) -> Path:
    files = {"zh-CN/01_a.srt": _file(pairs)}
    if with_source:
        files["en/01_a.srt"] = _file([(e,) for e in EN])
    return make_course(files)


@pytest.mark.parametrize("with_source", [True, False])
@pytest.mark.parametrize("source_first", [True, False])
def test_either_order_is_clean(make_course: MakeCourse, with_source: bool,
                               source_first: bool) -> None:
    pairs = [(e, z) if source_first else (z, e) for z, e in zip(ZH, EN, strict=True)]
    assert _found(_course(make_course, pairs, with_source)) == []


@pytest.mark.parametrize("with_source", [True, False])
def test_a_cue_against_the_files_source_first_order_is_swapped(
    make_course: MakeCourse, with_source: bool,
) -> None:
    pairs: list[tuple[str, ...]] = [(e, z) for z, e in zip(ZH, EN, strict=True)]
    pairs[2] = (ZH[2], EN[2])
    assert _found(_course(make_course, pairs, with_source)) == [
        ("SUB305", 3, f"cue 3 has its source line `{EN[2]}` below its translated line "
                      f"`{ZH[2]}`")]


def test_its_source_lines_are_checked_against_the_source_file(make_course: MakeCourse) -> None:
    pairs: list[tuple[str, ...]] = [(e, z) for z, e in zip(ZH, EN, strict=True)]
    pairs[1] = ("Then we call trainer.fit() now.", ZH[1])
    pairs[3] = (EN[3],)
    assert [(rule, number) for rule, number, _ in _found(
        _course(make_course, pairs, True))] == [("SUB304", 2), ("SUB301", 4)]


def test_its_monolingual_copy_keeps_the_translated_lines(make_course: MakeCourse) -> None:
    root = _course(make_course, [(e, z) for z, e in zip(ZH, EN, strict=True)], True)
    sub = load_subtitle_file(root / "subtitles/zh-CN/01_a.srt", "zh-CN")
    source = load_subtitle_file(root / "subtitles/en/01_a.srt", "en")
    assert monolingual(sub, source) == (_file([(z,) for z in ZH]), [])



def test_its_monolingual_copy_drops_a_short_source_line(make_course: MakeCourse) -> None:
    # "Okay." is too short to read as a source line put first in a file of the other
    # order; in a file that puts the source on top it is the source line all the same.
    en, zh = [*EN[:2], "Okay.", EN[3]], [*ZH[:2], "好的。", ZH[3]]
    root = make_course({"zh-CN/01_a.srt": _file(list(zip(en, zh, strict=True)))})
    sub = load_subtitle_file(root / "subtitles/zh-CN/01_a.srt", "zh-CN")
    assert _found(root) == []
    assert monolingual(sub) == (_file([(z,) for z in zh]), [])
