"""``coursekit build --format json|junit`` name the lessons the build read, as ``check``'s
reports do: JSON's ``checked``, and a passing JUnit test case for each clean lesson, so
that a clean build is not a report of nothing checked (zero test cases, which CI test
report readers take for a missing report)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

from .sample_course import write

LESSONS = ["content/en/chapter1/1.mdx", "content/en/chapter1/2.mdx",
           "content/en/chapter1/3.mdx", "content/en/chapter8/4.mdx",
           "content/en/chapter8/4_tf.mdx", "content/fr/chapter1/1.mdx"]


def _report(root: Path, fmt: str, *args: str) -> tuple[int, str]:
    out = root.parent / f"report.{fmt}"
    result = CliRunner().invoke(cli, ["build", "--root", str(root), "--format", fmt,
                                      "-o", str(out), *args])
    return result.exit_code, out.read_text(encoding="utf-8")


def _cases(xml: str) -> dict[str, str]:
    root = ET.fromstring(xml.split("\n", 1)[1])
    assert root.get("tests") == str(len(list(root.iter("testcase"))))
    return {suite.get("name", ""): " ".join(child.tag for case in suite for child in case) or "pass"
            for suite in root.iter("testsuite")}


def test_a_clean_build_lists_every_lesson_it_read(course_root: Path) -> None:
    code, text = _report(course_root, "json")
    assert code == 0
    document = json.loads(text)
    assert document["checked"] == LESSONS
    assert document["diagnostics"] == []
    code, xml = _report(course_root, "junit")
    assert _cases(xml) == dict.fromkeys(LESSONS, "pass")


def test_a_lesson_with_a_finding_fails_and_the_others_pass(course_root: Path) -> None:
    write(course_root, "content/en/chapter1/2.mdx", "# Two\n\n```py\nx = 1\n")
    code, xml = _report(course_root, "junit")
    assert code == 1
    cases = _cases(xml)
    assert cases.pop("content/en/chapter1/2.mdx") == "failure"
    assert cases == dict.fromkeys(set(LESSONS) - {"content/en/chapter1/2.mdx"}, "pass")


def test_a_build_of_one_language_lists_its_lessons_alone(course_root: Path) -> None:
    CliRunner().invoke(cli, ["build", "--root", str(course_root)])  # all current after
    code, text = _report(course_root, "json", "--lang", "fr")
    assert code == 0
    assert json.loads(text)["checked"] == ["content/fr/chapter1/1.mdx"]
