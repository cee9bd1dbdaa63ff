"""``check_course`` reads the languages it is given as ``coursekit check --lang`` does:
a tag in any case is the course's language, and a language the course lacks is a
finding (``CFG003``) whatever the areas checked, never a clean report of nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.checks import Area, check_course
from coursekit.cli import cli
from coursekit.config import Course


def _found(root: Path, areas: list[Area], languages: list[str]) -> list[tuple[str, str]]:
    report = check_course(Course.open(root), areas, languages)
    return sorted((d.rule, d.path) for d in report.diagnostics)


def _command_line(root: Path, language: str) -> list[tuple[str, str]]:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--lang", language,
                                    "--format", "json", "--show-all", "--no-cache"])
    return sorted((d["rule"], d["path"]) for d in json.loads(done.stdout)["diagnostics"])


@pytest.mark.parametrize("spelling", ["zh-cn", "ZH-CN", "zh-CN"])
def test_a_language_in_any_case_finds_what_the_command_line_finds(
    root: Path, spelling: str,
) -> None:
    found = _found(root, list(Area), [spelling])
    assert ("TRN001", "content/zh-CN/_toctree.yml") in found
    assert found == _command_line(root, spelling) == _found(root, list(Area), ["zh-CN"])


def test_a_language_given_twice_in_two_cases_is_checked_once(root: Path) -> None:
    assert _found(root, [Area.LESSONS], ["zh-CN", "zh-cn"]) == \
        _found(root, [Area.LESSONS], ["zh-CN"])


@pytest.mark.parametrize("areas", [[Area.LESSONS], [Area.SUBTITLES], list(Area)])
def test_a_language_the_course_lacks_is_cfg003_in_every_area(
    root: Path, areas: list[Area],
) -> None:
    found = _found(root, areas, ["de"])
    assert [rule for rule, _ in found] == ["CFG003"]


@pytest.mark.parametrize("areas", [[Area.LESSONS], [Area.SUBTITLES], list(Area)])
def test_a_language_the_course_has_is_no_cfg003(root: Path, areas: list[Area]) -> None:
    assert not any(rule == "CFG003" for rule, _ in _found(root, areas, ["fr"]))
    assert not any(rule == "CFG003" for rule, _ in _found(root, areas, []))
