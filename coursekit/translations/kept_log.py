"""The course's ``git log``, kept between runs by the commit it was read from.

A log of one commit in a complete clone is the same whenever it is read: the commit's
id fixes every commit before it. So a run at the kept log's commit reads none. A run a
few commits later reads only those commits, where they are one line on top of the
kept commit (each with one parent, the first of them the kept commit, as a commit
made on top or a fast-forward gives): ``--topo-order`` lists such a line first, then
the kept commit's history as its own log lists it, since no commit of that history
has a child in the line but the kept commit. Anything else (a merge, a branch
rewritten or another one checked out, the kept commit gone) reads the whole log again.
A shallow clone reads its log each time: deepened, it shows more history at the same
commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from coursekit.translations.git_calls import git_output

RECORD = "\x1e"
"""Starts each commit's record of the log."""
FIELD = "\x1f"
"""Separates the fields of a record's first line."""
FORMAT = f"--format={RECORD}%H{FIELD}%P{FIELD}%D{FIELD}%as{FIELD}%s"
"""A record's first line: the commit, its parents, its marks, its date and its subject.
With :data:`MARKS_ONLY` the marks are git's alone: ``grafted`` on a commit whose
parents the clone lacks (a shallow clone's oldest commits), never a branch or tag."""
MARKS_ONLY = ("--decorate-refs-exclude=*", "--decorate-refs-exclude=HEAD")
"""Options that leave no ref among a commit's marks: a log read at one commit is the
same whatever the branches point at."""


class LogStore(Protocol):
    """Where a course's log is kept between runs (the check cache): by the options it
    was read with, the commit it was read from and its text."""

    def recall(self, key: Sequence[str]) -> tuple[str, str] | None: ...

    def keep(self, key: Sequence[str], commit: str, log: str) -> None: ...


def read_log(git: str, root: Path, options: Sequence[str],
             logs: LogStore | None) -> str | None:
    """The output of ``git log`` with ``options`` (whose format is :data:`FORMAT`) at the
    commit checked out in ``root``, as little of it read from git as ``logs`` allows, and
    kept there. None when git cannot read it."""
    head = None if logs is None else _head(git, root)
    if logs is None or head is None:
        return git_output(git, root, "log", *options)
    kept = logs.recall(options)
    if kept is not None and kept[0] == head:
        return kept[1]
    log = None
    if kept is not None:
        newer = git_output(git, root, "log", *options, f"{kept[0]}..{head}")
        if newer is not None and _line_on(newer, kept[0], head):
            log = newer + kept[1]
    if log is None:
        log = git_output(git, root, "log", *options)
    if log is not None:
        logs.keep(options, head, log)
    return log


def _head(git: str, root: Path) -> str | None:
    """The commit checked out, when its log is fixed by its id: None in a shallow clone
    and in a repository with no commit."""
    found = git_output(git, root, "rev-parse", "--is-shallow-repository", "--verify", "-q",
                       "HEAD") or ""
    shallow, _, commit = found.strip().partition("\n")
    return commit if shallow == "false" and commit else None


def _line_on(log: str, base: str, head: str) -> bool:
    """Whether the commits of ``log`` (newest first) are one line from ``head`` down to
    ``base``: each with one parent, the next of them, the last one's ``base``."""
    commits = [record.partition("\n")[0].split(FIELD)[:2] for record in log.split(RECORD)[1:]]
    if not commits or commits[0][0] != head:
        return False
    below = [sha for sha, _ in commits[1:]] + [base]
    return all(len(fields) == 2 and fields[1] == parent
               for fields, parent in zip(commits, below, strict=True))
