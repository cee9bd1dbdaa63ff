"""What ``coursekit fix drift`` says: each fix and each use left, and a line per language."""

from __future__ import annotations

from collections import Counter
from typing import Any

from coursekit.fixes.lessons import DriftPlan, FileOutcome
from coursekit.fixes.proof import DriftProof, NextCause
from coursekit.report.json import VERSION


def as_json(plan: DriftPlan, *, written: bool, proof: DriftProof | None = None
            ) -> dict[str, Any]:
    """Every use found, fixed or left, with its rule, tier, file, line and language; and
    what the runs proved (``verified``: ``null`` when nothing was run)."""
    return {
        "tool": "coursekit",
        "version": VERSION,
        "written": written,
        "files": plan.files,
        "changed": [lesson.format.path for lesson in plan.changed],
        "unread": [{"path": path, "why": why} for path, why in plan.unread],
        "fixes": [_entry(found) for found in plan.outcomes],
        "languages": {language: dict(counts) for language, counts in _counts(plan).items()},
        "verified": None if proof is None else _proof(proof),
    }


def _proof(proof: DriftProof) -> dict[str, Any]:
    return {
        "notebooks": [{"lesson": found.lesson, "notebook": found.notebook,
                       "status": found.status, "next_cause": _cause(found)}
                      for found in proof.verified],
        "reverted": [{"language": found.language, "path": found.path, "fence": found.fence,
                      "cell": found.cell, "detail": found.detail} for found in proof.reverted],
        "unverified": [{"language": found.language, "path": found.path, "why": found.why}
                       for found in proof.unverified],
    }


def _cause(found: NextCause) -> dict[str, str] | None:
    cell = found.cause
    return None if cell is None else {"cell": cell.source, "verdict": cell.verdict.value,
                                      "detail": cell.detail}


def _entry(found: FileOutcome) -> dict[str, Any]:
    outcome = found.outcome
    return {
        "rule": found.rule, "tier": outcome.tier.value, "fixed": outcome.fixed,
        "language": found.language, "path": found.path, "line": found.line,
        "api": outcome.api.label, "code": outcome.text, "use": outcome.api.use,
        "why": outcome.why or None,
    }


def _counts(plan: DriftPlan) -> dict[str, Counter[str]]:
    """Per language with a use found, the uses fixed and those left by tier (a language
    of lessons that hold none has no count, whether its lessons were planned or not)."""
    counts: dict[str, Counter[str]] = {}
    for lesson in plan.lessons:
        if not lesson.outcomes:
            continue
        count = counts.setdefault(lesson.language, Counter())
        for found in lesson.outcomes:
            tier = found.outcome.tier.value
            count["fixed" if found.outcome.fixed else f"left {tier}"] += 1
    return counts


def left_lines(plan: DriftPlan) -> list[str]:
    """One line per use left as it was, with why."""
    return [f"{found.path}:{found.line}: {found.rule} left `{found.outcome.text}`: "
            f"{found.outcome.why}" for found in plan.outcomes if not found.outcome.fixed]


def language_lines(plan: DriftPlan, verb: str) -> list[str]:
    """Per language where a use was found: how many were fixed (``verb``: "fixed",
    "would fix") and how many were left, by tier."""
    lines = []
    for language, count in _counts(plan).items():
        left = sum(n for key, n in count.items() if key != "fixed")
        tiers = ", ".join(f"{n} {key.removeprefix('left ')}" for key, n in sorted(count.items())
                          if key != "fixed")
        lines.append(f"  {language}: {verb} {count['fixed']}, left {left}"
                     + (f" ({tiers})" if tiers else ""))
    return lines


def proof_lines(proof: DriftProof | None) -> list[str]:
    """What the runs proved (nothing when they were not run): each notebook's next cause
    after the fixes kept, and each lesson left unverified (a fix reverted is a use left:
    :func:`left_lines`)."""
    if proof is None:
        return []
    reverted = {found.cell for found in proof.reverted}
    lines = []
    for found in proof.verified:
        cell = found.cause
        if cell is not None and cell.source in reverted:
            continue
        after = ("now passes" if cell is None else
                 f"next cause {cell.source}: {cell.verdict.value}: {cell.detail}")
        lines.append(f"{found.lesson}: verified {found.notebook}: {after}")
    lines += [f"{found.path}: fix not verified ({found.why}); kept"
              for found in proof.unverified]
    return lines
