"""A small course written into a test's folder: an English and a French lesson, their
toctrees and an English subtitle file, with or without planted defects (a French fence
left open, LES103; two overlapping cues, SUB104)."""

from __future__ import annotations

import json
from pathlib import Path

_TOCTREE = "- title: 1. Intro\n  sections:\n  - local: chapter1/intro\n    title: Intro\n"
_LESSON = "# Intro\n\n```python\nx = 1\nprint(x)\n```\n"
_OPEN_FENCE = "# Intro\n\n```python\nx = 1\n```python\nprint(x)\n```\n"
_CUES = ("1\n00:00:01,000 --> 00:00:02,000\nHello.\n\n"
         "2\n00:00:{start},000 --> 00:00:04,000\nAgain.\n")

FRENCH_LESSON = "chapters/fr/chapter1/intro.mdx"
ENGLISH_SUBTITLES = "subtitles/en/01_intro.srt"


def write_course(root: Path, *, broken: bool = True, repository: bool = True) -> Path:
    """The course at ``root`` (made), a git checkout's top unless not ``repository``
    (a ``.git`` folder is what bounds the search for a course root); ``root``."""
    for language in ("en", "fr"):
        folder = root / "chapters" / language
        (folder / "chapter1").mkdir(parents=True)
        (folder / "_toctree.yml").write_text(_TOCTREE, encoding="utf-8")
        (folder / "chapter1" / "intro.mdx").write_text(_LESSON, encoding="utf-8")
    if broken:
        (root / FRENCH_LESSON).write_text(_OPEN_FENCE, encoding="utf-8")
    (root / "subtitles" / "en").mkdir(parents=True)
    (root / ENGLISH_SUBTITLES).write_text(
        _CUES.format(start="01" if broken else "03"), encoding="utf-8")
    if repository:
        (root / ".git").mkdir()
    return root


def findings(out: str) -> set[tuple[str, str]]:
    """Rule and file of each finding above a note in the JSON report ``out``."""
    return {(d["rule"], d["path"]) for d in json.loads(out)["diagnostics"]
            if d["severity"] != "note"}
