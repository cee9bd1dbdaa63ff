"""The check cache keeps each subtitle file's findings: a second ``check subtitles`` of
an unchanged course reads no subtitle file, an edited translation is the one file read
again (with the source it is aligned with), and an edited source file is judged again
with every translation of it; findings always those of ``--no-cache``."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course
from tests.counting import count_calls

VIDEO = "02_debugging-the-training-pipeline-(pytorch).srt"


@pytest.fixture
def read(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The subtitle files loaded, by their path in the course, counted."""
    return count_calls(monkeypatch, "coursekit.subtitles.load.load_file",
                       lambda path, language, shown: shown)


def _findings(root: Path, cache: bool = True) -> list[str]:
    report = check_course(Course.open(root), [Area.SUBTITLES], cache=cache)
    return sorted(repr(d) for d in report.diagnostics)


def _all(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in (root / "subtitles").rglob("*.srt")}


def test_an_unchanged_course_reads_no_subtitle_file(root: Path, read: Counter[str]) -> None:
    plain = _findings(root, cache=False)
    assert _findings(root) == plain
    read.clear()
    assert _findings(root) == plain
    assert read == Counter()
    # Its counterpart: without the cache, every file is read again.
    assert _findings(root, cache=False) == plain
    assert set(read) == _all(root)


def test_an_edited_translation_is_read_again_with_its_source(
        root: Path, read: Counter[str]) -> None:
    _findings(root)
    french = root / "subtitles" / "fr" / VIDEO
    text = french.read_text(encoding="utf-8")
    rushed = "\n\n999\n00:00:00,000 --> 00:00:00,100\nTrop vite.\n\n"
    french.write_text(text.replace("\n\n", rushed, 1), encoding="utf-8")
    read.clear()
    cached = _findings(root)
    assert set(read) == {f"subtitles/fr/{VIDEO}", f"subtitles/en/{VIDEO}"}
    assert cached == _findings(root, cache=False)
    assert any("subtitles/fr/" + VIDEO in finding for finding in cached)
    read.clear()
    _findings(root)
    assert read == Counter()


def test_an_edited_source_judges_its_translations_again(root: Path, read: Counter[str]) -> None:
    _findings(root)
    source = root / "subtitles" / "en" / VIDEO
    source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    read.clear()
    assert _findings(root) == _findings(root, cache=False)
    translations = {f"subtitles/{lang}/{VIDEO}" for lang in ("fr", "it", "zh-CN")
                    if (root / "subtitles" / lang / VIDEO).is_file()}
    assert translations and translations <= set(read)


def test_a_file_that_is_no_regular_file_is_never_kept(root: Path, read: Counter[str]) -> None:
    french = root / "subtitles" / "fr" / VIDEO
    moved = root / "elsewhere.srt"
    french.rename(moved)
    os.symlink(moved, french)
    _findings(root)
    read.clear()
    _findings(root)
    assert set(read) == {f"subtitles/fr/{VIDEO}", f"subtitles/en/{VIDEO}"}
