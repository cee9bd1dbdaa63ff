"""``coverage`` and ``standins scan`` with a language folder that cannot be listed, for
real (root runs them without the capabilities that pass every permission: the helper
of :mod:`tests.core.test_unenterable_language`).

``coverage`` counted the lessons of ``content/fr`` at mode 000 as missing (0 current,
2 missing) and its subtitles as absent, and exited 0 without naming the folder; it now
names each folder it cannot list, counts its files nowhere, and exits 1. ``standins
scan`` passed over the folder's lessons and said clean; it now names it (CFG007) and
exits 1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_unenterable_language import LESSON, TOCTREE, deny, run_bound, write_languages

TWO = TOCTREE + "- title: Chapter 2\n  sections:\n  - local: chapter2/1\n    title: Two\n"
LOADS = '# One\n\n```py\nfrom transformers import pipeline\npipeline(model="org/unknown-x")\n```\n'
DENIED = "cannot list the folder: Permission denied"


@pytest.fixture
def course(tmp_path: Path) -> Iterator[Path]:
    """en and fr, chapter1 each; en has chapter2 too, fr an empty chapter2 folder."""
    root = write_languages(tmp_path / "course", TWO, ("chapter1", "chapter2"))
    (root / "content/en/chapter2/1.mdx").write_text(LESSON, encoding="utf-8")
    yield root
    for folder in ("content/fr", "content/fr/chapter2", "content/en", "subtitles/fr"):
        if (root / folder).exists():
            (root / folder).chmod(0o755)  # so that pytest can remove it


def _coverage(course: Path) -> tuple[int, dict[str, object], str]:
    done = run_bound(course, "coverage", "--format", "json")
    return done.returncode, json.loads(done.stdout), done.stderr


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_coverage_names_a_lesson_folder_it_cannot_list_and_exits_1(
    course: Path, fmt: str,
) -> None:
    deny(course, "content/fr")
    done = run_bound(course, "coverage", "--format", fmt)
    assert done.returncode == 1, done.stdout + done.stderr
    line = f"content/fr: {DENIED}; its lessons are not counted"
    assert line in done.stderr
    if fmt == "json":
        document = json.loads(done.stdout)
        assert document["languages"] == {}  # not fr: 0 current, 2 missing
        assert document["unlisted"] == ["content/fr"]
    elif fmt == "html":
        assert f'role="alert">{line}</p>' in done.stdout
    else:
        assert "Lessons: no translation counted" in done.stdout


def test_coverage_does_not_count_the_lessons_of_a_folder_it_cannot_list_as_missing(
    course: Path,
) -> None:
    deny(course, "content/fr/chapter2")
    status, document, stderr = _coverage(course)
    assert status == 1, stderr
    assert f"content/fr/chapter2: {DENIED}; its lessons are not counted" in stderr
    fr = document["languages"]["fr"]  # type: ignore[index]
    assert (fr["current"], fr["missing"], fr["total"]) == (1, 0, 1)
    assert document["unlisted"] == ["content/fr/chapter2"]


def test_coverage_counts_no_translation_when_the_source_folder_cannot_be_listed(
    course: Path,
) -> None:
    deny(course, "content/en")
    status, document, stderr = _coverage(course)
    assert status == 1, stderr
    assert f"content/en: {DENIED}; its lessons are not counted" in stderr
    assert document["languages"] == {}  # not fr: 0 of 0, 100% current


def test_coverage_names_a_subtitle_folder_it_cannot_list_and_gives_it_no_column(
    course: Path,
) -> None:
    deny(course, "subtitles/fr")
    status, document, stderr = _coverage(course)
    assert status == 1, stderr
    assert f"subtitles/fr: {DENIED}; its subtitle files are not counted" in stderr
    assert document["subtitles"] == [{"file": "01_a.srt", "languages": {"en": True}}]
    assert document["unlisted"] == ["subtitles/fr"]


def test_coverage_of_folders_it_can_list_counts_the_missing_lesson_and_exits_0(
    course: Path,
) -> None:
    status, document, stderr = _coverage(course)
    assert status == 0, stderr
    assert "cannot list" not in stderr
    fr = document["languages"]["fr"]  # type: ignore[index]
    assert (fr["current"], fr["missing"], fr["total"]) == (1, 1, 2)  # chapter2/1: missing
    assert document["subtitles"] == [{"file": "01_a.srt", "languages": {"en": True, "fr": True}}]
    assert document.get("unlisted", []) == []


def test_coverage_names_a_lesson_it_cannot_read_and_counts_it_nowhere(course: Path) -> None:
    (course / "content/fr/chapter2/1.mdx").write_text(LESSON, encoding="utf-8")
    deny(course, "content/fr/chapter2/1.mdx")
    status, document, stderr = _coverage(course)
    assert status == 1, stderr
    assert ("content/fr/chapter2/1.mdx: cannot read the lesson: Permission denied; the "
            "lesson is not counted") in stderr
    fr = document["languages"]["fr"]  # type: ignore[index]
    assert (fr["current"], fr["missing"], fr["total"]) == (1, 0, 1)  # not 1 missing
    assert document["unread"] == ["content/fr/chapter2/1.mdx"]


def test_coverage_counts_an_empty_translated_lesson_as_read(course: Path) -> None:
    (course / "content/fr/chapter2/1.mdx").write_text("", encoding="utf-8")
    status, document, stderr = _coverage(course)
    assert status == 0, stderr
    fr = document["languages"]["fr"]  # type: ignore[index]
    assert fr["total"] == 2 and fr["missing"] == 0
    assert document["unread"] == []


@pytest.mark.parametrize("folder", ["content/fr", "content/fr/chapter2"])
def test_standins_scan_names_a_lesson_folder_it_cannot_list_and_exits_1(
    course: Path, folder: str,
) -> None:
    (course / "content/fr/chapter2/1.mdx").write_text(LOADS, encoding="utf-8")
    deny(course, folder)
    done = run_bound(course, "standins", "scan", "--format", "json")
    assert done.returncode == 1, done.stdout + done.stderr
    found = [(d["rule"], d["path"], d["message"]) for d in json.loads(done.stdout)["diagnostics"]]
    assert ("CFG007", folder, f"{DENIED}; its lessons are not scanned") in found
    text = run_bound(course, "standins", "scan")
    assert text.returncode == 1
    assert f"{DENIED}; its lessons are not scanned" in text.stdout + text.stderr


def test_standins_scan_of_folders_it_can_list_finds_what_they_load(course: Path) -> None:
    (course / "content/fr/chapter2/1.mdx").write_text(LOADS, encoding="utf-8")
    done = run_bound(course, "standins", "scan", "--format", "json")
    assert done.returncode == 1, done.stdout + done.stderr  # the id has no stand-in
    rules = [(d["rule"], d["path"]) for d in json.loads(done.stdout)["diagnostics"]]
    assert rules == [("STD101", "content/fr/chapter2/1.mdx")]


def test_standins_scan_of_folders_it_can_list_is_clean(course: Path) -> None:
    done = run_bound(course, "standins", "scan")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "coursekit standins scan: clean" in done.stdout + done.stderr
