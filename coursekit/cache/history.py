"""What judging one translated lesson by git history reads of that history, as a part
of its cache key: the key changes whenever the verdict could, and only then.

A verdict (:mod:`coursekit.translations.freshness`, with the ``code-synced`` mark of
:mod:`coursekit.translations.outdated`) reads, of the history, the commits that touched
the source and the translation (their order in the log, each file's name at each of
them, which of them only renamed it), which of the source's commits a translation's
commit had seen, each file's text at those commits and at their parents (each of a
merge's), and whether each file differs from the last commit now. A commit's id fixes its date,
subject, parents and every file's text there, and its ancestry as far as the clone
holds it; so the identity is:

- each of the two files' commits, newest first (ids, names, renames only), as one
  interleaved list, with the parents of each;
- whether each file is changed now (edited, staged or new);
- the commits the clone holds without their parents (its roots, and the edge of a
  shallow clone): a deepened clone gives them parents, and ancestry may change.

A new commit that touches neither file changes none of this: the lessons it did not
touch keep their entries. The files' bytes now are in the key beside it. Parents given
to a commit by ``git replace`` are the one change of ancestry no commit id shows: after
one, ``check --no-cache`` judges again.

The log itself is kept too (:class:`CachedLogs`), by the commit it was read from.
"""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.cache import CheckCache
from coursekit.translations.history import Commit, History


class CachedLogs:
    """The course's ``git log`` in its check cache, with the commit it was read from
    (:mod:`coursekit.translations.kept_log`): a warm run at the same commit runs no
    ``git log``, and one a few commits on reads only those."""

    def __init__(self, cache: CheckCache) -> None:
        self._cache = cache

    def recall(self, key: Sequence[str]) -> tuple[str, str] | None:
        entry = self._cache.load("log", self._cache.key("log", list(key)))
        commit, log = (None, None) if entry is None else (entry.get("commit"), entry.get("log"))
        return (commit, log) if isinstance(commit, str) and isinstance(log, str) else None

    def keep(self, key: Sequence[str], commit: str, log: str) -> None:
        self._cache.save("log", self._cache.key("log", list(key)), {"commit": commit, "log": log})


def edge(history: History) -> list[str]:
    """The commits of the history read without their parents, sorted: one part of
    every key, computed once per run."""
    return sorted(sha for sha, parents in history.parents.items() if not parents)


def pair_history(history: History, source: str, translation: str) -> list[object]:
    """The part of a translated lesson's key that history gives (see the module)."""
    lists = [history.commits.get(source, []), history.commits.get(translation, [])]
    merged: dict[str, Commit] = {c.sha: c for found in lists for c in found}
    ordered = sorted(merged.values(), key=lambda c: c.order)
    rank = {c.sha: n for n, c in enumerate(ordered)}
    touched = [[[rank[c.sha], history.named.get((path, c.sha)), (path, c.sha) in history.moved]
                for c in found] for path, found in zip((source, translation), lists, strict=True)]
    return [[[c.sha, list(history.parents.get(c.sha, ()))] for c in ordered], touched,
            [source in history.changed, translation in history.changed]]
