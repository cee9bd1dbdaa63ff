"""The coverage table: per language, how many source sections are translated and current."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.translations.rules import (
    CODE_DRIFT,
    CODE_EXTRA,
    CODE_MISSING,
    ERROR_CHANGED,
    ERROR_EXTRA,
    ERROR_MISSING,
    FRAMEWORK_STRUCTURE,
    HEADING_COUNT,
    LINK_MISMATCH,
    OUTDATED,
    OUTPUT_MISMATCH,
    SECTION_MISMATCH,
    SYNTAX_ERROR,
    UNDEFINED_NAME,
    VIDEO_MISMATCH,
)
from coursekit.translations.sections import Section

OUTDATING = frozenset(rule.code for rule in (
    OUTDATED, SECTION_MISMATCH, HEADING_COUNT, VIDEO_MISMATCH, FRAMEWORK_STRUCTURE,
    LINK_MISMATCH, CODE_MISSING, CODE_EXTRA, OUTPUT_MISMATCH, CODE_DRIFT, SYNTAX_ERROR,
    UNDEFINED_NAME, ERROR_MISSING, ERROR_EXTRA, ERROR_CHANGED,
))
"""Rules whose findings mean the translation no longer follows its source."""


@dataclass(frozen=True, slots=True)
class CoverageRow:
    """One language: each source section is done, missing or outdated."""

    language: str
    done: tuple[str, ...]
    missing: tuple[str, ...]
    outdated: tuple[str, ...]
    """Translated, but drifted from the source (code, errors, structure)."""

    @property
    def total(self) -> int:
        return len(self.done) + len(self.missing) + len(self.outdated)

    @property
    def percent_done(self) -> float:
        return 100.0 * len(self.done) / self.total if self.total else 100.0


def outdated_paths(diagnostics: Iterable[Diagnostic]) -> set[str]:
    return {
        d.path for d in diagnostics
        if d.rule in OUTDATING and d.severity is not Severity.NOTE
    }


def coverage_row(
    language: str,
    source_sections: Sequence[Section],
    translated: dict[str, str],
    outdated: set[str],
) -> CoverageRow:
    """``translated`` maps the keys of the language's lesson files to their paths."""
    done: list[str] = []
    missing: list[str] = []
    stale: list[str] = []
    for section in source_sections:
        paths = [translated[local] for local in section.locals if local in translated]
        name = section.locals[0]
        if not paths:
            missing.append(name)
        elif outdated.intersection(paths):
            stale.append(name)
        else:
            done.append(name)
    return CoverageRow(language, tuple(done), tuple(missing), tuple(stale))
