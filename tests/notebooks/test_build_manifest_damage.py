"""A build manifest that does not read back as one coursekit writes (bytes that are not
UTF-8, an entry of the wrong shape) is taken as absent: everything is built again, the
manifest is written whole, and no build ever stops on it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.manifest import MANIFEST_NAME, read_manifest
from coursekit.notebooks.rules import WRITE_FAILED


def _build(root: Path, check: bool = False) -> BuildResult:
    return build_course(Course.open(root), check=check)


def _manifest(root: Path) -> Path:
    return root / "build/notebooks" / MANIFEST_NAME


def _findings(result: BuildResult) -> list[str]:
    return sorted(repr(d) for d in result.diagnostics)


def _edit(change: Callable[[dict[str, Any]], None]) -> Callable[[bytes], bytes]:
    def edit(data: bytes) -> bytes:
        document = json.loads(data)
        change(document)
        return json.dumps(document).encode()
    return edit


def _each_finding(field: str, value: object) -> Callable[[bytes], bytes]:
    def change(document: dict[str, Any]) -> None:
        found = [d for e in document["lessons"].values() for d in e["diagnostics"]]
        assert found  # the course has findings to damage
        for finding in found:
            finding[field] = value
    return _edit(change)


def _each_lesson(field: str, value: object) -> Callable[[bytes], bytes]:
    def change(document: dict[str, Any]) -> None:
        for entry in document["lessons"].values():
            entry[field] = value
    return _edit(change)


def _each_output(field: str, value: object) -> Callable[[bytes], bytes]:
    def change(document: dict[str, Any]) -> None:
        for entry in document["outputs"].values():
            entry[field] = value
    return _edit(change)


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "random bytes": lambda data: bytes(range(128, 256)) * 20,
    "a trailing byte that is not UTF-8": lambda data: data + b"\xff",
    "a finding's count a string": _each_finding("count", "2"),
    "a finding's severity unknown": _each_finding("severity", "warn"),
    "a finding's message null": _each_finding("message", None),
    "a finding folded by a word": _each_finding("folded", "yes"),
    "a lesson's frameworks a string": _each_lesson("frameworks", "pt"),
    "a lesson's stamp of strings": _each_lesson("stamp", ["1", "2", "3", "4"]),
    "a lesson's unknown field": _each_lesson("extra", 1),
    "an output's hash a number": _each_output("sha256", 5),
    "an output's lesson null": _each_output("lesson", None),
}


@pytest.fixture
def with_findings(course_root: Path) -> Path:
    """The sample course with a lesson whose conversion reports a finding."""
    lesson = course_root / "content/en/chapter1/1.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8") + "\n```py\nnever_closed()\n",
                      encoding="utf-8")
    return course_root


@pytest.mark.parametrize("damage", list(DAMAGE.values()), ids=list(DAMAGE))
def test_a_damaged_manifest_is_rebuilt_and_written_whole(
    with_findings: Path, damage: Callable[[bytes], bytes],
) -> None:
    first = _build(with_findings)
    manifest = _manifest(with_findings)
    good = manifest.read_bytes()
    manifest.write_bytes(damage(good))
    assert _findings(_build(with_findings, check=True)) == _findings(first)
    again = _build(with_findings)
    assert _findings(again) == _findings(first)
    assert not [d for d in again.diagnostics if d.rule == WRITE_FAILED.code]
    assert manifest.read_bytes() == good  # written whole, as a clean build writes it
    assert read_manifest(manifest).lessons


def test_an_undamaged_manifest_is_kept_as_it_is(with_findings: Path) -> None:
    first = _build(with_findings)
    manifest = _manifest(with_findings)
    assert any(e.diagnostics for e in read_manifest(manifest).lessons.values())
    written = manifest.stat().st_mtime_ns
    assert _findings(_build(with_findings)) == _findings(first)
    assert manifest.stat().st_mtime_ns == written  # nothing changed: not written again
