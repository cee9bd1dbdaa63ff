"""What the dialect rules share while one lesson is parsed: its path, lines and findings."""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any

from coursekit.diagnostics import Diagnostic, Rule

_ENV_KEY = "coursekit"


@dataclass(slots=True)
class ParseContext:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: list[str] | None = None
    """The text's lines (split at ``\n``), when the caller has split it already."""

    def report(self, rule: Rule, line0: int | None, message: str, hint: str | None = None) -> None:
        """Record a finding at a 0-based token line (markdown-it's numbering)."""
        line = None if line0 is None else line0 + 1
        self.diagnostics.append(rule.at(self.path, line, message, hint=hint))

    def env(self) -> dict[str, Any]:
        return {_ENV_KEY: self}


def context_of(env: MutableMapping[str, Any]) -> ParseContext:
    """The context of this parse; a throwaway one when the parser is used on its own."""
    context = env.get(_ENV_KEY)
    if not isinstance(context, ParseContext):
        context = ParseContext(path="<text>")
        env[_ENV_KEY] = context
    return context
