"""A bilingual cue whose two lines are swapped: the source line above the translated one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles
from coursekit.subtitles.load import load_subtitle_file
from coursekit.subtitles.monolingual import monolingual

from .conftest import cue

MakeCourse = Callable[..., Path]

EN = ["We load the dataset first.", "Then we train the model.", "The loss goes down.",
      "That is all for today."]
ZH = ["我们先加载数据集。", "然后我们训练模型。", "损失下降了。", "今天就到这里。"]


def _file(pairs: list[tuple[str, ...]]) -> str:
    return "".join(cue(i + 1, f"00:00:{3 * i:02d},000", f"00:00:{3 * i + 2:02d},500", *lines)
                   for i, lines in enumerate(pairs))


def _pairs(second: tuple[str, ...]) -> list[tuple[str, ...]]:
    pairs: list[tuple[str, ...]] = [(z, e) for z, e in zip(ZH, EN, strict=True)]
    pairs[1] = second
    return pairs


def _found(root: Path) -> list[tuple[str, str, int | None]]:
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    return [(d.rule, d.severity.value, d.cue) for d in found if "/zh-CN/" in d.path]


@pytest.mark.parametrize("with_source", [True, False])
def test_swapped_lines_are_reported_as_such(make_course: MakeCourse, with_source: bool) -> None:
    files = {"zh-CN/01_a.srt": _file(_pairs((EN[1], ZH[1])))}
    if with_source:
        files["en/01_a.srt"] = _file([(e,) for e in EN])
    assert _found(make_course(files)) == [("SUB305", "warning", 2)]


@pytest.mark.parametrize("with_source", [True, False])
def test_lines_in_the_file_order_are_clean(make_course: MakeCourse, with_source: bool) -> None:
    files = {"zh-CN/01_a.srt": _file(_pairs((ZH[1], EN[1])))}
    if with_source:
        files["en/01_a.srt"] = _file([(e,) for e in EN])
    assert _found(make_course(files)) == []


@pytest.mark.parametrize("first", ["model.fit()", "TensorFlow"])
def test_a_code_line_above_the_translation_is_no_source_line(
    make_course: MakeCourse, first: str,
) -> None:
    root = make_course({"zh-CN/01_a.srt": _file(_pairs((first, ZH[1])))})
    assert _found(root) == [("SUB302", "warning", 2)]


def test_a_line_unlike_the_source_above_the_translation_is_no_source_line(
    make_course: MakeCourse,
) -> None:
    root = make_course({"en/01_a.srt": _file([(e,) for e in EN]),
                        "zh-CN/01_a.srt": _file(_pairs(("Hugging Face Hub", ZH[1])))})
    assert _found(root) == [("SUB302", "warning", 2)]


def test_monolingual_copy_drops_a_swapped_source_line(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": _file([(e,) for e in EN]),
                        "zh-CN/01_a.srt": _file(_pairs((EN[1], ZH[1])))})
    sub = load_subtitle_file(root / "subtitles/zh-CN/01_a.srt", "zh-CN")
    source = load_subtitle_file(root / "subtitles/en/01_a.srt", "en")
    text, missing = monolingual(sub, source)
    assert missing == []
    assert text == _file([(z,) for z in ZH])
