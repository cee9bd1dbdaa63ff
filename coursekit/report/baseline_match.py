"""Which findings a baseline records: the count of each identity, the repeats of one
identity told apart by their context, and the entries of a renamed file carried over.

A file may hold several findings of one identity (three ``py:`` fences of a lesson, told
apart only by their lines). The baseline counts them, so a run reports as new only those
past the count: fixing one of three reports none, adding a fourth reports one. Which one
is reported is told by context, a hash of the finding's line and the two after it
(whitespace collapsed): a finding whose context the entry recorded is covered first, so
the one reported is the one added, not the last of the file. A context that changed (the
fenced code edited) costs nothing: the count still covers the finding.

A renamed file (``git mv``, or moved to another folder) keeps its entries: those of a
file that is gone, of which the run found nothing, go to the one file found that the
baseline names in no entry and whose findings, named as the gone file's, have the
identities that the gone file recorded (the same set; their counts still count); a file
of the gone file's folder comes first, as when a lesson is renamed in every language at
once. A file added beside one still there inherits nothing, nor do two files that could
each be the renamed one.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath

from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.report.baseline import Entry, identity, recordable

_CONTEXT_LINES = 3
_LARGEST = 1 << 24
"""The largest file whose lines give contexts (bytes); a larger one gives none."""


class LineContext:
    """The context of a finding in the course at ``root``: a hash of its line and the two
    after it, each with its whitespace collapsed; ``None`` for a finding of a whole file,
    of a file that cannot be read, or without a ``root``. Each file is read once."""

    def __init__(self, root: Path | None) -> None:
        self._root = root
        self._lines: dict[str, list[bytes] | None] = {}

    def __call__(self, diag: Diagnostic) -> str | None:
        if self._root is None or diag.line is None or diag.line < 1:
            return None
        lines = self._read(self._root, diag.path)
        if lines is None or diag.line > len(lines):
            return None
        window = lines[diag.line - 1:diag.line - 1 + _CONTEXT_LINES]
        text = b"\n".join(b" ".join(line.split()) for line in window)
        return hashlib.sha256(text).hexdigest()[:12]

    def _read(self, root: Path, path: str) -> list[bytes] | None:
        if path not in self._lines:
            try:
                self._lines[path] = read_regular(root / path, _LARGEST).splitlines()
            except OSError:  # no context: the count alone covers its findings
                self._lines[path] = None
        return self._lines[path]


def gone_from(root: Path | None) -> Callable[[str], bool]:
    """Whether a file of the course at ``root`` is gone; none is without a ``root``, nor
    one whose state cannot be told."""
    def gone(where: str) -> bool:
        if root is None:
            return False
        try:
            return not (root / where).exists()
        except OSError:  # a name too long, say: not known to be gone
            return False
    return gone


def split_entries(diagnostics: Sequence[Diagnostic], entries: Iterable[Entry], *,
                  context: Callable[[Diagnostic], str | None] = lambda diag: None,
                  gone: Callable[[str], bool] = lambda where: False,
                  ) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The diagnostics the baseline ``entries`` do not cover, and those they cover: each
    entry covers ``count`` findings of its identity, those of a context it recorded first
    (``context``: a finding's); the entries of a file that is ``gone`` cover the findings
    of the file it was renamed to (:func:`renamed`). A configuration finding is never
    covered."""
    listed = list(entries)
    names = renamed(diagnostics, listed, gone)
    left: Counter[str] = Counter()
    known: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for entry in listed:
        left[entry.id] += entry.count
        known[entry.id].update(entry.contexts)
    keys = [None if not recordable(d) else identity(replace(d, path=names[d.path]))
            if d.path in names else identity(d) for d in diagnostics]
    covered: set[int] = set()
    for index, (diag, key) in enumerate(zip(diagnostics, keys, strict=True)):
        where = context(diag) if key is not None and known[key] else None
        if key is not None and where is not None and known[key][where] > 0 and left[key] > 0:
            known[key][where] -= 1
            left[key] -= 1
            covered.add(index)
    for index, key in enumerate(keys):  # then by count, in order
        if key is not None and index not in covered and left[key] > 0:
            left[key] -= 1
            covered.add(index)
    return ([d for index, d in enumerate(diagnostics) if index not in covered],
            [d for index, d in enumerate(diagnostics) if index in covered])


def renamed(diagnostics: Sequence[Diagnostic], entries: Sequence[Entry],
            gone: Callable[[str], bool]) -> dict[str, str]:
    """The files found that the baseline recorded under another name, each with that
    name: see the module's description."""
    recorded: defaultdict[str, set[str]] = defaultdict(set)
    for entry in entries:
        if entry.path is not None:
            recorded[entry.path].add(entry.id)
    found: defaultdict[str, list[Diagnostic]] = defaultdict(list)
    for diag in diagnostics:
        if recordable(diag):
            found[diag.path].append(diag)
    olds = [where for where in recorded if where not in found and gone(where)]
    news = [where for where in found if where not in recorded]
    picks: dict[str, list[str]] = {}
    for old in olds:
        fits = [new for new in news
                if {identity(replace(d, path=old)) for d in found[new]} == recorded[old]]
        folder = PurePosixPath(old).parent
        picks[old] = [new for new in fits if PurePosixPath(new).parent == folder] or fits
    claims = Counter(fits[0] for fits in picks.values() if len(fits) == 1)
    return {fits[0]: old for old, fits in picks.items()
            if len(fits) == 1 and claims[fits[0]] == 1}
