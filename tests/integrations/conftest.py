"""A copy of the bundled course in a temporary folder, optionally with planted defects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COURSE_TOML = 'source-language = "en"\nframeworks = ["pt", "tf"]\n'
FRENCH_SRT = "subtitles/fr/01_a-full-training-loop-(pytorch).srt"


def copy_course(target: Path) -> Path:
    """The bundled lessons and subtitles under ``target``, with the bundled settings."""
    for folder in ("content", "subtitles"):
        shutil.copytree(REPO / folder, target / folder)
    (target / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    return target


def plant_overlap(root: Path) -> str:
    """Make the second cue of a French subtitle file start before the first one ends
    (an SUB104 error); return the file's path relative to ``root``."""
    path = root / FRENCH_SRT
    text = path.read_text(encoding="utf-8")
    timing = "00:00:02,919 --> 00:00:09,905"
    assert timing in text
    path.write_text(text.replace(timing, "00:00:01,500 --> 00:00:09,905"), encoding="utf-8")
    return FRENCH_SRT


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_course(tmp_path / "course")


@pytest.fixture
def broken_course(course: Path) -> Path:
    plant_overlap(course)
    return course
