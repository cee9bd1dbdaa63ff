"""Which rules run and at which severity, chosen as ruff chooses them.

A *selector* is a rule code, a prefix of codes (``SUB``, ``SUB2``, ``TRN10``) or
``ALL``. Selection is built in layers, the configuration first and then the
command line: a layer that sets ``select`` starts afresh from it; ``extend-select``
adds to what the layers before chose and ``ignore`` removes. Within a layer the
more specific selector wins, and ``ignore`` wins a tie (``select = ["SUB"]``,
``ignore = ["SUB2"]`` keeps every SUB rule but the SUB2xx ones).

A rule *by request* (``opt_in``) starts unselected: only a selector that names it
(its code, a prefix of it or ``ALL``) turns it on. A rule *kept unless named*
(``kept``) is the reverse: only a selector that names it by its code or a prefix (not
``ALL``, nor a ``select`` that leaves it out) drops it, lowers it or ignores it in a file.

``per-file-ignores`` maps path patterns to selectors ignored in the matching files,
read as ruff reads them (:func:`matches`), and ``severity`` maps selectors to the
severity their findings get.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import PurePosixPath

from coursekit.diagnostics import Diagnostic, Severity

ALL = "ALL"
SEVERITY_NAMES: dict[str, Severity] = {
    "error": Severity.ERROR, "warning": Severity.WARNING,
    "note": Severity.NOTE, "info": Severity.NOTE,
}


_SELECTOR = re.compile(r"([A-Z]+)[0-9]*")
"""A selector other than ``ALL``: a code's letters (its area), then none or some of its
digits. Part of the letters (``S``, ``TR``) or none (``""``) is no selector, as in ruff:
``ignore = [""]`` would otherwise drop every finding."""


def unknown_selectors(selectors: Iterable[str], codes: Iterable[str]) -> list[str]:
    """The selectors that are neither ``ALL`` nor an area of the known rule codes,
    alone or with the leading digits of one of its codes."""
    known = list(codes)
    return [s for s in selectors
            if s != ALL and not ((area := _SELECTOR.fullmatch(s)) is not None and any(
                code.startswith(s) and code[len(area[1]):].isdigit() for code in known))]


def meant(selector: str, codes: Iterable[str]) -> str:
    """`` (did you mean `SUB205`?)`` where ``selector`` written in upper case and without
    its spaces is one (``sub205``, ``" SUB2"``, ``all``); else nothing."""
    fixed = selector.strip().upper()
    return f" (did you mean `{fixed}`?)" if fixed and fixed != selector and \
        not unknown_selectors([fixed], codes) else ""


_GLOB_PART = re.compile(r"\*\*/|\*|\?|\[[!^]?\]?[^\]]*\]")
"""What a glob writes besides plain characters: ``**/``, ``*``, ``?``, a ``[...]`` class."""


class GlobError(ValueError):
    """A ``per-file-ignores`` pattern that is no glob (a class ``[z-a]`` of no character)."""


@lru_cache(maxsize=256)
def glob(pattern: str) -> re.Pattern[str]:
    """``pattern`` as a regular expression: ``*`` and ``?`` match across folders, and
    ``**/`` matches no folder as well as some (``content/**/1.mdx`` takes
    ``content/1.mdx``), as ruff's globs do; a leading ``./`` names the course root; a
    backslash separates folders, as Windows writes paths (paths are matched with ``/``,
    so it would take no file). :class:`GlobError` when it is no glob."""
    pattern = pattern.replace("\\", "/")
    while pattern.startswith("./"):
        pattern = pattern[2:]
    out, end = [], 0
    for part in _GLOB_PART.finditer(pattern):
        out.append(re.escape(pattern[end:part.start()]))
        text = part[0]
        if text.startswith("["):
            negated = text.startswith(("[!", "[^"))
            body = re.sub(r"([\\\[&~|^])", r"\\\1", text[2 if negated else 1:-1])
            out.append(("[^" if negated else "[") + body + "]")
        else:
            out.append({"**/": "(?:.*/)?", "*": ".*", "?": "."}[text])
        end = part.end()
    out.append(re.escape(pattern[end:]))
    try:
        return re.compile("(?s:" + "".join(out) + ")")
    except re.error as exc:
        raise GlobError(f"{pattern}: {exc.msg}") from exc


def takes(pattern: str, path: str, *, case: bool = True) -> bool:
    """Whether the glob ``pattern`` matches ``path`` (relative to the course root) or
    its last name, as ruff matches its patterns; ``case=False`` ignores case. A pattern
    that is no glob takes nothing (it is reported as the configuration's problem)."""
    try:
        compiled = glob(pattern)
    except GlobError:
        return False
    flags = 0 if case else re.IGNORECASE
    return any(re.fullmatch(compiled.pattern, text, flags) is not None if flags
               else compiled.fullmatch(text) is not None
               for text in (path, PurePosixPath(path).name))


def matches(pattern: str, path: str) -> bool:
    """Whether a ``per-file-ignores`` pattern takes the file at ``path`` (relative to the
    course root): matched against the path or the file's name; a pattern that starts
    with ``!`` takes every file the rest of it does not match, as ruff's do."""
    negated = pattern.startswith("!")
    rest = pattern[1:] if negated else pattern
    try:
        glob(rest)
    except GlobError:  # reported as the configuration's problem; it takes no file
        return False
    return takes(rest, path) is not negated


def excluded_by(patterns: Iterable[str], path: str) -> list[str]:
    """The ``exclude`` patterns that take ``path`` (a file or folder relative to the
    course root, matched as :func:`takes` does); a folder taken excludes everything in
    it, so that a walk tries each folder once and never enters one excluded."""
    return [pattern for pattern in patterns if takes(pattern, path)]


def _specificity(selectors: Iterable[str], code: str) -> int:
    """How closely the best of ``selectors`` matches ``code``: -1 when none does."""
    best = -1
    for selector in selectors:
        if selector == ALL:
            best = max(best, 0)
        elif code.startswith(selector):
            best = max(best, len(selector))
    return best


@dataclass(frozen=True, slots=True)
class Layer:
    select: tuple[str, ...] | None = None
    """``None`` keeps what earlier layers chose."""
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def decide(self, code: str, before: bool, *, kept: bool = False) -> bool:
        """Whether ``code`` runs after this layer; ``kept``: only a selector that names it
        (not ``ALL``) drops it, and a ``select`` that leaves it out keeps it."""
        chosen = _specificity((*(self.select or ()), *self.extend_select), code)
        ignored = _specificity(self.ignore, code)
        if ignored >= kept and ignored >= chosen:
            return False
        if chosen >= 0:
            return True
        return before if self.select is None or kept else False


@dataclass(frozen=True, slots=True)
class Selection:
    layers: tuple[Layer, ...] = ()
    per_file_ignores: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    severities: Mapping[str, Severity] = field(default_factory=dict)
    opt_in: frozenset[str] = frozenset()
    """Rules that run only when a selector names them."""
    kept: frozenset[str] = frozenset()
    """Rules that only a selector naming them by code or prefix drops or lowers."""

    def enabled(self, code: str) -> bool:
        state = code not in self.opt_in
        for layer in self.layers:
            state = layer.decide(code, state, kept=code in self.kept)
        return state

    def ignored_in(self, code: str, path: str) -> bool:
        named = code in self.kept
        return any(_specificity(selectors, code) >= named and matches(pattern, path)
                   for pattern, selectors in self.per_file_ignores.items())

    def severity_of(self, code: str) -> Severity | None:
        best, chosen = (0 if code in self.kept else -1), None
        for selector, severity in self.severities.items():
            rank = _specificity((selector,), code)
            if rank > best:
                best, chosen = rank, severity
        return chosen

    def apply(self, diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
        """Drop the findings of rules not selected, then apply severity overrides."""
        out = []
        for diag in diagnostics:
            if not self.enabled(diag.rule) or self.ignored_in(diag.rule, diag.path):
                continue
            severity = self.severity_of(diag.rule)
            out.append(diag if severity is None else diag.with_severity(severity))
        return out

    def then(self, layer: Layer) -> Selection:
        return Selection((*self.layers, layer), self.per_file_ignores, self.severities,
                         self.opt_in, self.kept)
