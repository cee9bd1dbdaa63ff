"""The build manifest: what each output was built from, so rebuilds can skip work.

``<build>/notebooks/.manifest.json``::

    {"format": 1,
     "lessons": {"content/en/chapter1/3.mdx": {
         "language": "en",
         "source_hash": "<sha256 of the lesson file>",
         "options": "<hash of the build options and coursekit version>",
         "frameworks": ["pt", "tf"],          # the frameworks that build covered
         "diagnostics": [...]}},              # what converting it reported
     "outputs": {"en/chapter1/3.ipynb": {
         "lesson": "content/en/chapter1/3.mdx", "framework": "both",
         "source_hash": "...", "options": "...", "sha256": "<sha256 of the file>"}}}

A manifest that cannot be read counts as empty: everything is rebuilt, nothing lost.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from coursekit.atomic import write_text_atomic
from coursekit.diagnostics import Diagnostic, Severity

MANIFEST_NAME = ".manifest.json"
FORMAT = 1


@dataclass(slots=True)
class LessonEntry:
    language: str
    source_hash: str
    options: str
    frameworks: list[str]
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(slots=True)
class OutputEntry:
    lesson: str
    framework: str
    source_hash: str
    options: str
    sha256: str


class Manifest:
    """Lesson and output entries, with outputs also indexed by lesson."""

    def __init__(
        self,
        lessons: dict[str, LessonEntry] | None = None,
        outputs: dict[str, OutputEntry] | None = None,
    ) -> None:
        self.lessons: dict[str, LessonEntry] = lessons or {}
        self.outputs: dict[str, OutputEntry] = {}
        """Keyed by path relative to ``<build>/notebooks``; change through the methods."""
        self._by_lesson: dict[str, set[str]] = {}
        for path, entry in (outputs or {}).items():
            self.set_output(path, entry)

    def set_output(self, path: str, entry: OutputEntry) -> None:
        self.drop_output(path)
        self.outputs[path] = entry
        self._by_lesson.setdefault(entry.lesson, set()).add(path)

    def drop_output(self, path: str) -> None:
        entry = self.outputs.pop(path, None)
        if entry is not None:
            self._by_lesson[entry.lesson].discard(path)

    def outputs_of(self, lesson: str) -> dict[str, OutputEntry]:
        return {path: self.outputs[path] for path in sorted(self._by_lesson.get(lesson, ()))}

    def to_json(self) -> str:
        document = {
            "format": FORMAT,
            "lessons": {
                path: {
                    **asdict(entry),
                    "diagnostics": [_diagnostic_json(d) for d in entry.diagnostics],
                }
                for path, entry in sorted(self.lessons.items())
            },
            "outputs": {path: asdict(entry) for path, entry in sorted(self.outputs.items())},
        }
        return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _diagnostic_json(diagnostic: Diagnostic) -> dict[str, Any]:
    return {k: v for k, v in asdict(diagnostic).items() if v is not None}


def _diagnostic(data: dict[str, Any]) -> Diagnostic:
    # ``line`` is left out when it is None (a finding on the whole file).
    return Diagnostic(**{"line": None, **data, "severity": Severity(data["severity"])})


def read_manifest(path: Path) -> Manifest:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("format") != FORMAT:
            return Manifest()
        lessons = {
            key: LessonEntry(
                language=value["language"],
                source_hash=value["source_hash"],
                options=value["options"],
                frameworks=list(value["frameworks"]),
                diagnostics=[_diagnostic(d) for d in value.get("diagnostics", [])],
            )
            for key, value in document["lessons"].items()
        }
        outputs = {key: OutputEntry(**value) for key, value in document["outputs"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        # Missing, truncated or from another version: rebuilding is always correct.
        return Manifest()
    return Manifest(lessons=lessons, outputs=outputs)


def write_manifest(path: Path, manifest: Manifest) -> None:
    write_text_atomic(path, manifest.to_json())
