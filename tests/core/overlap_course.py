"""A course of one English subtitle file whose findings span every severity's rules: the
course that rule selection and the statistics are tried on."""

from __future__ import annotations

from pathlib import Path

SUBTITLE = (
    "1\n00:00:01,000 --> 00:00:04,000\nHello there \n\n"
    "2\n00:00:03,000 --> 00:00:06,000\n"
    "This line is much too long to be shown on one line of a screen\n\n"
)
"""SUB104 (overlap, error), SUB205 (whitespace), SUB201 and SUB202 (warnings)."""


def write_overlap_course(root: Path) -> Path:
    """The course under ``root``; returns ``root``."""
    folder = root / "subtitles" / "en"
    folder.mkdir(parents=True)
    (folder / "01_a.srt").write_text(SUBTITLE, encoding="utf-8")
    return root
