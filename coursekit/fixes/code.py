"""One code text with its stale APIs repaired, as far as the tiers allow.

Each use of the table (:class:`~coursekit.translations.stale.Use`) is fixed by the
entry's tier (:class:`~coursekit.stale_apis.Tier`): safe fixes always, unsafe ones
when asked, manual entries never. The names of one import statement are fixed
together. Fixes are applied one at a time, from the end of the text, and each must
leave code that compiles (a renamed keyword that a call already passes would not):
one that does not is undone and said. A fix that overlaps another waits for the next
round; rounds go on until one fixes nothing, so that a second run finds nothing to do.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coursekit.fixes.edits import Positions, TextEdit, Unfixable, import_edits, use_edits
from coursekit.lessons.python import CodeFacts
from coursekit.stale_apis import StaleApi, Tier, Use

_ROUNDS = 4
"""Enough for fixes that overlap on one line (each round applies at least one)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one use of a stale API."""

    api: StaleApi
    line: int
    """1-based line in the code block, as the code was when the use was found."""
    text: str
    """What the code said (``from transformers import AdamW``)."""
    fixed: bool
    why: str = ""
    """For a use left as it was: why (a manual entry, an unsafe fix not asked for...)."""
    tier: Tier = Tier.MANUAL
    """The tier of the use's fix (:attr:`~coursekit.translations.stale.Use.tier`)."""
    held: bool = False
    """Left only because its tier is not applied (a manual entry; an unsafe fix without
    ``--unsafe-fixes``): a choice for a person, reported; any other use left is a fix
    the run would make and could not."""

    @classmethod
    def of(cls, use: Use, fixed: bool, why: str = "", held: bool = False) -> Outcome:
        """What became of ``use``."""
        return cls(use.api, use.line, use.text, fixed, why, use.tier, held)


@dataclass(frozen=True, slots=True)
class CodeFix:
    """A code text with what its fixes changed and left."""

    source: str
    """The code with every fix applied."""
    outcomes: tuple[Outcome, ...]

    @property
    def applied(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if outcome.fixed]

    @property
    def left(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if not outcome.fixed]


@dataclass(frozen=True, slots=True)
class _Fix:
    uses: tuple[Use, ...]
    edits: tuple[TextEdit, ...]

    @property
    def span(self) -> tuple[int, int]:
        return min(e.start for e in self.edits), max(e.end for e in self.edits)


def left_why(use: Use, unsafe: bool) -> str | None:
    """Why ``use`` is not fixed at its tier; ``None`` when it is."""
    if use.tier is Tier.MANUAL:
        return f"no automatic fix: use {use.api.use}"
    if use.tier is Tier.UNSAFE and not unsafe:
        because = use.unsure or "it may change behaviour"
        return f"an unsafe fix ({because}): --unsafe-fixes applies it"
    return None


def fix_code(source: str, find: Callable[[CodeFacts], Sequence[Use]], unsafe: bool = False
             ) -> CodeFix:
    """``source`` with the uses that ``find`` reports in it fixed, round after round."""
    applied: list[Outcome] = []
    for _ in range(_ROUNDS):
        source, done, left = _round(CodeFacts(source), find, unsafe)
        applied.extend(done)
        if not done:
            break
    return CodeFix(source, tuple(sorted(applied + left, key=lambda outcome: outcome.line)))


def _round(facts: CodeFacts, find: Callable[[CodeFacts], Sequence[Use]], unsafe: bool
           ) -> tuple[str, list[Outcome], list[Outcome]]:
    if facts.tree is None:
        return facts.source, [], []
    left: list[Outcome] = []
    fixes = _fixes(facts, [u for u in find(facts) if not _skip(u, unsafe, left)], left)
    source = facts.source
    applied: list[Outcome] = []
    taken: list[tuple[int, int]] = []
    for fix in sorted(fixes, key=lambda f: f.span, reverse=True):
        start, end = fix.span
        if any((start < t_end and t_start < end) or start == t_start for t_start, t_end in taken):
            continue  # the next round finds it again, in the text as fixed
        changed = source
        for edit in sorted(fix.edits, key=lambda e: e.start, reverse=True):
            changed = changed[:edit.start] + edit.text + changed[edit.end:]
        error = compile_error(CodeFacts(changed))
        if error is not None and error != compile_error(facts):
            left.extend(Outcome.of(u, False, f"the fixed code does not compile ({error}): "
                                   "left as it was") for u in fix.uses)
            continue
        source = changed
        taken.append(fix.span)
        applied.extend(Outcome.of(u, True) for u in fix.uses)
    return source, applied, left


def fix_tiers(source: str, find: Callable[[CodeFacts], Sequence[Use]]
              ) -> dict[tuple[StaleApi, int, str], Tier]:
    """The tier at which ``coursekit fix drift`` fixes each use that ``find`` reports in
    ``source`` (its entry, line and text): safe where a run fixes it without
    ``--unsafe-fixes``, unsafe where only with it; a use no run fixes is absent. What
    ``check`` marks fixable, from the very fixes (one decision, two consumers)."""
    tiers = {}
    for unsafe in (True, False):
        for outcome in fix_code(source, find, unsafe).applied:
            tiers[outcome.api, outcome.line, outcome.text] = Tier.UNSAFE if unsafe else Tier.SAFE
    return tiers


def compile_error(facts: CodeFacts) -> str | None:
    """Why the code does not compile, parsed or not: a call given one keyword twice
    parses, and only the compiler refuses it."""
    if facts.error is not None:
        return facts.error.msg
    try:
        compile(facts.runnable, "<lesson>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT,
                dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        return exc.msg if isinstance(exc, SyntaxError) else str(exc)
    return None


def _skip(use: Use, unsafe: bool, left: list[Outcome]) -> bool:
    why = left_why(use, unsafe)
    if why is not None:
        left.append(Outcome.of(use, False, why, held=True))
    return why is not None


def _fixes(facts: CodeFacts, uses: Sequence[Use], left: list[Outcome]) -> list[_Fix]:
    """The edits of each fix: one per use, one per import statement."""
    assert facts.tree is not None
    at = Positions(facts.source, facts.runnable)
    statements = {id(alias): node for node in ast.walk(facts.tree)
                  if isinstance(node, ast.ImportFrom) for alias in node.names}
    imports: dict[int, list[Use]] = {}
    fixes = []
    for use in uses:
        statement = statements.get(id(use.node))
        if statement is not None and use.api.moved_to is not None:
            imports.setdefault(id(statement), []).append(use)
            continue
        try:
            fixes.append(_Fix((use,), tuple(use_edits(use.api, use.node, at))))
        except Unfixable as why:
            left.append(Outcome.of(use, False, str(why)))
    for grouped in imports.values():
        statement = statements[id(grouped[0].node)]
        moved = {statement.names.index(u.node): str(u.api.moved_to) for u in grouped
                 if isinstance(u.node, ast.alias)}
        try:
            fixes.append(_Fix(tuple(grouped), tuple(import_edits(statement, moved, at))))
        except Unfixable as why:
            left.extend(Outcome.of(u, False, str(why)) for u in grouped)
    return fixes
