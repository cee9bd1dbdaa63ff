"""The ``git log`` that the history reads (:func:`log_options`), its commits, and one file's change
in it (``--raw -c --combined-all-paths``): a commit of one parent gives ``:old-mode
new-mode old-id new-id status`` and the file's name (both names for a rename); a merge
gives the combined form, ``::`` and one mode and one id per parent, then the merge's
own, a status letter per parent and the file's name in each parent and in the merge. A
merge lists only the files that differ from every one of its parents: what the merge
itself wrote (a conflict resolved, an "evil merge"), or the edits of two sides joined in
one file.

git writes a merge's names from the top of the repository, ignoring ``--relative`` (2.39
does), while it filters them by it: the folder is taken off here when it is there.
"""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.translations.kept_log import FORMAT, MARKS_ONLY


def log_options(relative: str) -> tuple[str, ...]:
    """The options of the one log read, its names relative to the folder ``relative``
    (from the top of the checkout). It gives the whole commit graph (every commit with
    its parents: which had seen which) and the changes of the folder's files: the diff
    of each commit is limited to the folder, so the commits that touch none of them list
    no file. ``--full-history``: a merge that matches one of its parents must not hide
    the commits of the other (a release branch merged back over main's changes). ``-c``:
    a merge's files that differ from every parent, with their names in each (a rename
    one side made, met before the other side's edits of the old name)."""
    return ("--topo-order", "--full-history", FORMAT, *MARKS_ONLY, "--raw", "-c",
            "--combined-all-paths", "--no-abbrev", "-M",
            f"--relative={relative}" if relative else "--relative")


@dataclass(frozen=True, slots=True)
class Commit:
    sha: str
    date: str
    """The author date, ``YYYY-MM-DD``."""
    subject: str
    order: int
    """Position in the log (topological, newest first): a lower number is a later commit."""

    @property
    def short(self) -> str:
        return self.sha[:9]


@dataclass(frozen=True, slots=True)
class Entry:
    """One file's change in one commit."""

    modes: tuple[str, ...]
    """The file's mode in each parent, then in the commit (``000000``: absent)."""
    ids: tuple[str, ...]
    """Its object id in each parent, then in the commit."""
    status: str
    """As the log gives it against the first parent: ``M``, ``A``, ``D``, ``R100``..."""
    names: tuple[str, ...]
    """Its name in each parent where it differs, then in the commit: one name for a
    commit of one parent that did not rename it, two for a rename; one per parent and
    one more for a merge."""

    @property
    def merge(self) -> bool:
        return len(self.ids) > 2


def parse_entry(line: str, inside: str, relative: str) -> Entry | None:
    """The change ``line`` gives, its names under the course root (``inside``: the
    folder the log is relative to, from the course root; ``relative``: the same from
    the top of the repository, which a merge's names may still start with); None for a
    line that is no file's change."""
    change, *listed = line.split("\t")
    colons = len(change) - len(change.lstrip(":"))
    fields = change[colons:].split()
    if not colons or not listed or len(fields) != 2 * colons + 3:
        return None
    if colons > 1:
        listed = [name.removeprefix(relative) if relative else name for name in listed]
        status = fields[-1][:1]
    else:
        status = fields[-1]
    return Entry(tuple(fields[:colons + 1]), tuple(fields[colons + 1:-1]), status,
                 tuple(inside + name for name in listed))
