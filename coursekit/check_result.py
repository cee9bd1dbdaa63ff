"""What one check returns: its findings and the files it looked at."""

from __future__ import annotations

from dataclasses import dataclass, field

from coursekit.diagnostics import Diagnostic
from coursekit.judgement.model import NotebookJudgement


@dataclass(slots=True)
class CheckResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    """Paths (relative to the course root) that were checked, findings or not."""
    notebooks: list[NotebookJudgement] = field(default_factory=list)
    """The notebooks of the checked lessons, documented and not run (when asked for)."""
    answered: list[str] = field(default_factory=list)
    """The files of a checked language that the check reports every finding of, there or
    not (its toctree, its subtitle metadata; those there are in :attr:`checked` too): a
    baseline update replaces what it recorded of them."""

    def extend(self, other: CheckResult) -> None:
        self.diagnostics.extend(other.diagnostics)
        seen = set(self.checked)
        self.checked.extend(p for p in other.checked if p not in seen)
