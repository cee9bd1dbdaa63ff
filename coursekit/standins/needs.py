"""What a course's stand-in set must hold, read from its lessons and kept between runs.

The set covers every hub id the lessons of every language load, and how far a lesson
reads each dataset it loads (see :mod:`coursekit.standins.reach`). Reading that takes
a parse of every lesson; ``verify`` asks it on every run, a warm one included, so each
lesson's part is kept in a cache folder (:class:`~coursekit.cache.CheckCache`: keyed by
the lesson's bytes and place, the kernels' pipeline defaults and coursekit itself), and
only a lesson that changed is read again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from coursekit.cache import CheckCache
from coursekit.config import Course
from coursekit.lessons.load import load_lesson, place_of
from coursekit.lessons.python import CodeFactsTable
from coursekit.standins.hub_references import LOAD
from coursekit.standins.missing import course_defaults, lesson_reach, lesson_references

KIND = "standin-needs"
Needs = tuple[set[tuple[str, str]], dict[str, int]]
"""(kind, hub id) of every id the lessons load, and dataset id -> the furthest row a
lesson that loads it reads."""


def course_needs(course: Course, folder: Path | None = None) -> Needs:
    """The needs of ``course``'s lessons (the ``needed`` and ``reach`` of
    :func:`~coursekit.standins.missing.scan_course`); ``folder``: where each lesson's
    part is kept between runs (None: every lesson read)."""
    defaults = course_defaults(course)
    cache = CheckCache(folder, json.dumps(defaults, sort_keys=True))
    facts = CodeFactsTable()
    needed: set[tuple[str, str]] = set()
    reaches: dict[str, int] = {}
    for language in course.lesson_languages():
        for file in course.lesson_files(language):
            place = place_of(course, file)
            digest = cache.file_hash(file) if cache.enabled else None
            key = cache.key(KIND, [place.path, digest]) if digest is not None else None
            entry = cache.load(KIND, key, language) if key is not None else None
            if entry is None or not _valid(entry):
                lesson = load_lesson(course, file, place, facts)
                refs = lesson_references(lesson, defaults)
                loads = sorted({(r.kind, r.hub_id) for r in refs if r.role == LOAD})
                entry = {"loads": [list(pair) for pair in loads],
                         "reach": lesson_reach(lesson, refs)}
                if key is not None:
                    cache.save(KIND, key, entry, language)
            for kind, hub_id in entry["loads"]:
                needed.add((kind, hub_id))
                if kind == "datasets":
                    reaches[hub_id] = max(reaches.get(hub_id, 0), entry["reach"])
    cache.flush()
    return needed, reaches


def _valid(entry: dict[str, Any]) -> bool:
    """Whether a stored entry has the shape this module writes (else: read again)."""
    loads, far = entry.get("loads"), entry.get("reach")
    return (isinstance(loads, list) and isinstance(far, int)
            and all(isinstance(pair, list) and len(pair) == 2
                    and all(isinstance(part, str) for part in pair) for pair in loads))
