"""Diagnostics: the one value every check, build and run reports.

A :class:`Rule` is declared once, in the rules module of its area
(``coursekit/<area>/rules.py``); code reports a finding with ``RULE.at(...)``,
which fills in the stable code and default severity.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path


class Severity(enum.StrEnum):
    """How much a finding matters; its value is the one word every report, the JSON,
    ``--statistics`` and ``coursekit rules`` use for it."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    INFO = "note"
    """The earlier name of ``NOTE`` (an alias: the same member)."""

    @classmethod
    def _missing_(cls, value: object) -> Severity | None:
        # Reports, manifests and baselines written before the word was "note" say "info".
        return cls.NOTE if value == "info" else None

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "note": 0}[self.value]

    @property
    def label(self) -> str:
        """The word reports use: ``error``, ``warning`` or ``note`` (the value)."""
        return self.value

    @property
    def policy(self) -> str:
        """What the severity means (the policy of ``docs/rules.md``)."""
        return POLICY[self]


POLICY = {
    Severity.ERROR: "it breaks a notebook or loses content",
    Severity.WARNING: "a reviewer must look at it",
    Severity.NOTE: "a matter of style; nothing breaks",
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding, located in a source file."""

    rule: str
    """Stable rule code, e.g. ``LES101``."""
    severity: Severity
    path: str
    """Path of the file, relative to the course root where possible."""
    line: int | None
    """1-based line in ``path``; ``None`` when the finding concerns the whole file."""
    message: str
    hint: str | None = None
    """What to do about it, when there is something obvious to do."""
    cue: int | None = None
    """Subtitle cue, for subtitle findings: its index as the file writes it (its
    1-based position when the file writes no plain number)."""
    column: int | None = None
    fingerprint: str | None = None
    """Identity that survives renumbering and small edits; used by baselines.

    When ``None``, the baseline falls back to rule, path and message."""
    count: int = 1
    """How many findings this one stands for: more than one when the repeats of a rule
    in one file are shown together (see :mod:`coursekit.report.aggregate`)."""
    excess: float = 0.0
    """How far past its limit the finding is (0.5: half as much again as allowed), by
    which a folded rule names the worst of its places first."""
    out_of: int | None = None
    """How many cues the file has, for a per-cue finding: a folded one says what share
    of the file it covers."""
    folded: bool = False
    """The finding stands behind another one of its file, which counts it (an outdated
    translation's differences from its current source): reports list it with
    ``--show-all`` only."""
    diff: str | None = None
    """A unified diff of the change that would settle the finding, when there is one
    (LES124: the fence formatted)."""
    fix: str | None = None
    """The tier of the ``coursekit fix`` repair that settles the finding (``"safe"``,
    ``"unsafe"``), when there is one: text reports mark a safe one ``[*]``."""

    def sort_key(self) -> tuple[str, int, int, str, int, str, str]:
        """By place and rule; findings of one rule at one place (a notebook's each, a
        section's each) by cue and what they say, so that a report does not depend on the
        order they were made in (which notebook or thread finished first)."""
        return (self.path, self.line or 0, self.column or 0, self.rule, self.cue or 0,
                self.message, self.severity.value)

    def with_severity(self, severity: Severity) -> Diagnostic:
        return replace(self, severity=severity)

    @property
    def location(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where


AREA_NAMES = {
    "CFG": "configuration", "LES": "lessons", "NBK": "notebooks", "SUB": "subtitles",
    "TRN": "translations", "EXE": "execution", "STD": "standins",
}
"""The area of a rule, by the prefix of its code: the part of a course it judges."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A stable rule code with its default severity and a one-line summary."""

    code: str
    name: str
    severity: Severity
    summary: str
    area: str = field(default="")
    """The area that owns the rule; filled from the code's prefix when not given."""
    why: str = ""
    """Why the default severity, when the policy sentence alone does not say it."""
    repeats: bool = False
    """The rule fires once per block or cue of a file: reports show its findings in one
    file as one, with the count and the first locations (``--show-all`` lists each)."""
    of_its_file: bool = False
    """The rule says a thing of its file alone (an outdated translation): its findings in
    many files of a language are each that file's, never a convention of the language."""

    def __post_init__(self) -> None:
        area = AREA_NAMES.get(self.code[:3], "")
        if not self.area:
            object.__setattr__(self, "area", area)
        elif self.area != area:
            raise ValueError(f"rule {self.code} declares area {self.area!r}; its code says "
                             f"{area!r}")

    @property
    def reason(self) -> str:
        """Why the rule has its default severity."""
        return self.why or self.severity.policy

    def at(
        self,
        path: str | Path,
        line: int | None,
        message: str,
        *,
        hint: str | None = None,
        cue: int | None = None,
        column: int | None = None,
        fingerprint: str | None = None,
        severity: Severity | None = None,
        excess: float = 0.0,
        out_of: int | None = None,
        diff: str | None = None,
        fix: str | None = None,
    ) -> Diagnostic:
        return Diagnostic(
            rule=self.code,
            severity=severity or self.severity,
            path=str(path),
            line=line,
            message=message,
            hint=hint,
            cue=cue,
            column=column,
            fingerprint=fingerprint,
            excess=excess,
            out_of=out_of,
            diff=diff,
            fix=fix,
        )


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def sorted_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=Diagnostic.sort_key)
