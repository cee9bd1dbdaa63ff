"""A notebook's one verdict, as the machine-readable reports carry it.

``verify`` judges each notebook once (its status, and how its first cause failed);
the console table, JSON, JUnit, SARIF and HTML all render this value, so they agree
notebook by notebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coursekit.diagnostics import Severity


@dataclass(frozen=True, slots=True)
class NotebookVerdict:
    notebook: str
    """The notebook's path, as the JSON report names it."""
    lesson: str
    language: str
    framework: str
    verdict: str
    """``ok``, ``needs-network``, ``failed: timeout``...: the notebook's headline."""
    severity: Severity | None
    """The severity of the first cause's finding; ``None`` for a notebook that passed."""
    source: str = ""
    """``file:line`` of the first cell that failed on its own account."""
    detail: str = ""
    """What that cell raised or lacked."""

    @property
    def passed(self) -> bool:
        return self.severity is None

    @property
    def message(self) -> str:
        """``needs-network at content/en/1.mdx:10: ...``: the verdict with its cause."""
        if not self.source:
            return self.verdict
        return f"{self.verdict} at {self.source}: {self.detail}" if self.detail else (
            f"{self.verdict} at {self.source}")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NotebookVerdict:
        """The verdict of a notebook as ``verify --format json`` writes it (a merge of
        shards' reports renders these)."""
        first = data.get("first_cause")
        cause: Mapping[str, Any] = first if isinstance(first, Mapping) else {}
        severity = data.get("severity")
        return cls(
            notebook=str(data.get("notebook", "")), lesson=str(data.get("lesson", "")),
            language=str(data.get("language", "")), framework=str(data.get("framework", "")),
            verdict=str(data.get("verdict") or data.get("status", "")),
            severity=Severity(severity) if severity else None,
            source=str(cause.get("source", "")), detail=str(cause.get("detail", "")),
        )

    def to_sarif(self) -> dict[str, Any]:
        return {"notebook": self.notebook, "lesson": self.lesson, "language": self.language,
                "framework": self.framework, "verdict": self.verdict,
                "firstCause": self.source or None}
