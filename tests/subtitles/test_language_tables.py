"""Per-language subtitle tables apply to the language their name is a tag of."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

MakeCourse = Callable[..., Path]

LONG = "一二三四五六七八九十一二三四五六七八九十"
"""Twenty characters in two seconds: past the CJK defaults of line length and speed."""


def _srt(text: str) -> str:
    return f"1\n00:00:01,000 --> 00:00:03,000\n{text}\n\n"


def _readability(root: Path) -> list[str]:
    result = check_subtitles(Corpus(Course.open(root)))
    return sorted(d.rule for d in result.diagnostics if d.rule in ("SUB201", "SUB202"))


@pytest.mark.parametrize("table", ['"zh-CN"', '"zh_CN"', '"zh-cn"', "zh", "ZH"])
def test_a_language_table_applies_however_its_tag_is_written(
    make_course: MakeCourse, table: str,
) -> None:
    root = make_course({"zh-CN/01_a.srt": _srt(LONG)},
                       f"[subtitles.{table}]\nmax-cps = 100\nmax-chars-per-line = 100\n")
    assert _readability(root) == []
    assert config_findings(Course.open(root)) == []


@pytest.mark.parametrize("table", ['"zh-TW"', "ja", '"en"'])
def test_a_table_of_another_language_leaves_the_defaults(
    make_course: MakeCourse, table: str,
) -> None:
    root = make_course({"zh-CN/01_a.srt": _srt(LONG)},
                       f"[subtitles.{table}]\nmax-cps = 100\nmax-chars-per-line = 100\n")
    assert _readability(root) == ["SUB201", "SUB202"]


def test_two_tables_of_one_language_are_cfg001_at_the_second(make_course: MakeCourse) -> None:
    root = make_course({"zh-CN/01_a.srt": _srt(LONG)},
                       '[subtitles."zh-CN"]\nmax-cps = 100\n\n'
                       '[subtitles."zh-cn"]\nmax-chars-per-line = 100\n')
    [finding] = config_findings(Course.open(root))
    assert (finding.rule, finding.line) == ("CFG001", 4)
    assert "`zh-cn` names the language of `zh-CN` again" in finding.message


@pytest.mark.parametrize(("config", "table"), [
    ('[subtitles."zh-CN"]\nmax-line = 3\n', "[tool.coursekit.subtitles.zh-CN]"),
    ("[subtitles.zh.severity]\nSUB999 = 'note'\n", "[tool.coursekit.subtitles.zh.severity]"),
    ("[subtitles]\nmaxcps = 3\n", "[tool.coursekit.subtitles]"),
])
def test_a_finding_in_a_language_table_names_that_table(
    make_course: MakeCourse, config: str, table: str,
) -> None:
    root = make_course({"zh-CN/01_a.srt": _srt(LONG)}, config)
    [finding] = config_findings(Course.open(root))
    assert finding.message.startswith(f"{table} "), finding.message


@pytest.mark.parametrize("table", ["cn", "jp", '"zh-TW"', "eng"])
def test_a_table_of_no_language_of_the_course_is_cfg001_at_its_line(
    make_course: MakeCourse, table: str,
) -> None:
    root = make_course({"en/01_a.srt": _srt("Hello."), "zh-CN/01_a.srt": _srt(LONG)},
                       f"[subtitles]\nmax-cps = 20\n\n[subtitles.{table}]\nmax-cps = 100\n")
    [finding] = config_findings(Course.open(root))
    assert (finding.rule, finding.line) == ("CFG001", 4)
    assert finding.message.endswith("applies to no language the course has "
                                    "(found: en, zh-CN)"), finding.message


@pytest.mark.parametrize("table", ["zh", '"zh-CN"', "ZH_cn", "en"])
def test_a_table_of_a_language_of_the_course_is_no_finding(
    make_course: MakeCourse, table: str,
) -> None:
    root = make_course({"en/01_a.srt": _srt("Hello."), "zh-CN/01_a.srt": _srt(LONG)},
                       f"[subtitles.{table}]\nmax-cps = 100\n")
    assert config_findings(Course.open(root)) == []
