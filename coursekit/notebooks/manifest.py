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


@dataclass(slots=True)
class Manifest:
    lessons: dict[str, LessonEntry] = field(default_factory=dict)
    outputs: dict[str, OutputEntry] = field(default_factory=dict)
    """Keyed by path relative to ``<build>/notebooks``."""

    def outputs_of(self, lesson: str) -> dict[str, OutputEntry]:
        return {path: entry for path, entry in self.outputs.items() if entry.lesson == lesson}

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
    return Diagnostic(**{**data, "severity": Severity(data["severity"])})


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
