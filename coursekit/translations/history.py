"""The git history of a course's lesson files, as the translation checks read it.

The history is read in one pass: one ``git log`` lists the commit graph (for which
commit had seen which) and, for every lesson file, the commits that touched it,
following renames (a lesson moved, a language folder renamed: ``rum`` -> ``ro``).
The log is read raw: it gives the object id of each file before and after each
commit that touched it, so that a version the checks read already (many commits share
one) is known by its id and never read again, and a file a commit created is known to
be absent at its parent without asking. A merge lists the files it wrote itself (that
differ from every parent: a conflict resolved, an "evil merge"), each with its id in
every parent (:mod:`coursekit.translations.log_entries`). One ``git cat-file --batch``
process then reads a file as it was at any commit. A course that is no git checkout
(or where git is missing) has no history, and the checks judge from structure alone.
"""

from __future__ import annotations

import shutil
from collections.abc import Container
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.translations import git_calls
from coursekit.translations.ancestry import seen_bits
from coursekit.translations.blob_reader import BlobReader
from coursekit.translations.kept_log import FIELD, RECORD, LogStore, read_log
from coursekit.translations.log_entries import Commit as Commit  # where the history's users find it
from coursekit.translations.log_entries import log_options, parse_entry

_FILE_MODES = frozenset({"100644", "100755"})
"""The modes of a file whose object git reads as a blob (not a link, not a submodule)."""
_BLOB_SIDES = _FILE_MODES | {"000000"}
"""The modes of either side of a change to such a file (``000000``: absent)."""
_ASK = ""
"""Not in the log: the object id must be asked of git."""


@dataclass(slots=True)
class History:
    """The commits that touched each file under a folder of a git checkout."""

    root: Path
    """The course root; paths are relative to it, as the course writes them."""
    commits: dict[str, list[Commit]] = field(default_factory=dict)
    """Path (as it is now) -> the commits that touched it, newest first, those made under
    an earlier name of the file included."""
    changed: frozenset[str] = frozenset()
    """Paths that differ from the last commit (edited, staged or new): changed now."""
    parents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Commit -> its parents: the graph that says which commit had seen which."""
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    """(path now, commit) -> the file's path at that commit, where it had another name."""
    moved: frozenset[tuple[str, str]] = frozenset()
    """(path now, commit) of the commits that only renamed the file, its text unchanged."""
    cut: frozenset[str] = frozenset()
    """The commits whose parents the clone lacks (a shallow clone's oldest): the log
    lists every file they hold as made there, which says only what the files were at
    the cut, so :meth:`since` counts no change of theirs."""
    _cut_bits: int = 0
    """The places in the log (bits, as :meth:`seen` gives them) of the :attr:`cut` commits."""
    _seen: dict[str, int] = field(default_factory=dict)
    _logged: dict[tuple[str, str], tuple[str, str, str]] = field(default_factory=dict)
    """(path now, commit) -> the change's status (``M``, ``A``...) and the file's object
    id before and after it (its first parent's and its own), as the raw log gives them,
    for a regular file."""
    _sides: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """(path now, merge) -> the file's object id in each parent of a merge that changed
    it, for a regular file (``0`` * 40: absent there)."""
    _old_names: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """(path now, commit) -> the file's name in each parent, where the commit renamed it
    (a merge: where the log gives its names)."""
    _placed: dict[tuple[str, int], Commit] = field(default_factory=dict)
    """(path now, place in the log) -> the commit there that touched the file."""
    _blobs: BlobReader = field(init=False)

    def __post_init__(self) -> None:
        self._blobs = BlobReader(self.root)

    @classmethod
    def open(cls, root: Path, folder: str, *, nested: bool = False,
             logs: LogStore | None = None, problems: list[str] | None = None,
             ) -> History | None:
        """The history of ``folder`` (relative to ``root``), or None without one. Unless
        ``nested``, only when ``root`` is the top folder of its checkout: a course kept
        inside another project (a test fixture) is not judged by that project's log.
        ``logs`` keeps the log between runs; ``problems`` gets why the history of a
        checkout of its own cannot be read, in git's words."""
        git = shutil.which("git")
        own = git_calls.own_checkout(root)
        if git is None:
            if (own or nested) and problems is not None:
                problems.append("git is not on PATH")
            return None
        # The checkout's top folder, and the course root's place in it: asked of git
        # unless the root's own .git says that it is the top.
        prefix = ""
        if own is False and not nested:
            return None  # no checkout of its own: at most a folder of another
        if own is not True:
            where = git_calls.git_output(git, root, "rev-parse", "--show-toplevel", "--show-prefix")
            if where is None:
                # asked for (`history = true`) where there is none: say why, as for a
                # checkout of its own whose history cannot be read
                if nested and problems is not None:
                    problems.append(git_calls.why_unreadable(git, root)
                                    or "the course is not in a git checkout")
                return None
            top, _, prefix = where.partition("\n")
            if not nested and Path(top.strip()).resolve() != root.resolve():
                return None
        inside = "" if folder in ("", ".") else folder.strip("/") + "/"
        relative = f"{prefix.strip()}{inside}"
        options = log_options(relative)
        log = read_log(git, root, options, logs)
        if log is None:
            why = git_calls.why_unreadable(git, root, *options) if own else None
            if why is not None and problems is not None:
                problems.append(why)
            return None
        history = cls(root, changed=git_calls.changed_now(git, root, folder, prefix.strip()))
        history._read_log(log, inside, relative)
        return history

    def _read_log(self, log: str, inside: str = "", relative: str = "") -> None:
        """Each commit under the name its file has now: the log runs newest first, so a
        rename is met before the commits made under the old name. The log's names are
        relative to the folder ``inside`` (the course root's own path in it, ``/`` at
        its end; ``relative``, from the top of the repository)."""
        now: dict[str, str] = {}  # a name the log still uses -> the file's name today
        moved: set[tuple[str, str]] = set()
        cut: set[str] = set()
        for order, record in enumerate(log.split(RECORD)[1:]):
            head, _, entries = record.partition("\n")
            sha, parents, marks, date, subject = ([*head.split(FIELD, 4), "", "", "", ""])[:5]
            self.parents[sha] = tuple(parents.split())
            if "grafted" in marks.split(", "):
                cut.add(sha)
                self._cut_bits |= 1 << order
            if not entries.strip():
                continue  # a commit that changed none of the folder's files
            commit = Commit(sha, date, subject, order)
            for line in entries.split("\n"):
                entry = parse_entry(line, inside, relative)
                if entry is None:
                    continue
                name = entry.names[-1]
                current = now.get(name, name)
                self.commits.setdefault(current, []).append(commit)
                self._placed.setdefault((current, order), commit)
                if name != current:
                    self.named[(current, sha)] = name
                if all(mode in _BLOB_SIDES for mode in entry.modes):
                    self._logged[(current, sha)] = (entry.status, entry.ids[0], entry.ids[-1])
                    if entry.merge:
                        self._sides[(current, sha)] = entry.ids[:-1]
                # a name the file had before (in a parent of a merge), met later
                if any(old != name for old in entry.names[:-1]):
                    self._old_names[(current, sha)] = entry.names[:-1]
                now.update((old, current) for old in entry.names[:-1] if old != name)
                if entry.status == "R100":
                    moved.add((current, sha))
        self.moved = frozenset(moved)
        self.cut = frozenset(cut)

    def last(self, path: str) -> Commit | None:
        """The last commit that touched ``path``; None when it has none (untracked)."""
        found = self.commits.get(path)
        return found[0] if found else None

    def find(self, prefix: str, *paths: str) -> Commit | None:
        """The commit whose id starts with ``prefix`` among those that touched ``paths``."""
        return next((c for path in paths for c in self.commits.get(path, ())
                     if c.sha.startswith(prefix)), None)

    def seen(self, commit: Commit) -> int:
        """The commits ``commit`` had seen (itself and its ancestors) as a set of bits,
        one per place in the log (:attr:`Commit.order`): read from the graph once, never
        one ``git rev-list`` per question. A commit the log lacks has seen none of it."""
        if not self._seen and self.parents:
            self._seen = seen_bits(self.parents)
        return self._seen.get(commit.sha, 0)

    def since(self, path: str, commit: Commit) -> list[Commit]:
        """The commits that touched ``path`` and that ``commit`` had not seen (not its
        ancestors: a branch merged after it counts, whatever its dates), oldest first.
        Where the ancestry of ``commit`` reaches the cut of a shallow clone, a commit
        may be its ancestor beyond the cut: only those made on top of it count then."""
        seen = self.seen(commit)
        found = [c for c in reversed(self.commits.get(path, []))
                 if not seen >> c.order & 1 and c.sha not in self.cut]
        if seen & self._cut_bits:
            return [c for c in found if self.seen(c) >> commit.order & 1]
        return found

    def name_at(self, path: str, commit: Commit) -> str:
        """The name that the file called ``path`` now had at ``commit``: the name of the
        latest commit that touched it no later than ``commit``; at a parent that
        :meth:`parents_of` gives, the name before its child's change (a rename's old
        name)."""
        named = self.named.get((path, commit.sha))
        if named is not None:
            return named
        child = self._child(path, commit)
        if child is not None:
            return self._name_before(path, child, commit.sha)
        for touched in self.commits.get(path, ()):
            if touched.order >= commit.order:
                return self.named.get((path, touched.sha), path)
        return path

    def parent(self, commit: Commit) -> Commit | None:
        """``commit``'s first parent, as :meth:`parents_of` gives it; None for a first
        commit."""
        return next(iter(self.parents_of(commit)), None)

    def parents_of(self, commit: Commit) -> tuple[Commit, ...]:
        """``commit``'s parents (a merge's every one), each in the log's place of
        ``commit``: a file is named there as before ``commit``'s change (:meth:`name_at`)."""
        return tuple(Commit(sha, commit.date, commit.subject, commit.order)
                     for sha in self.parents.get(commit.sha, ()))

    def blob_at(self, commit: Commit, path: str,
                known: Container[str] = ()) -> tuple[str, bytes | None] | None:
        """The object id and the text of ``path`` (its name now) as it was at ``commit``
        (or at a first parent that :meth:`parent` gives); None when it did not exist
        there. Many commits share one version of a file, and its id says so: the text
        of an id in ``known`` is not read (None)."""
        name = self.name_at(path, commit)
        oid = self._logged_id(commit, path, name)
        if oid is None:
            return None
        if oid != _ASK:
            return oid, None if oid in known else self._read(oid)
        return self._ask(f"{commit.sha}:./{name}")  # ./: from the course root

    def rewritten(self, path: str, commit: Commit) -> bool:
        """Whether ``commit`` wrote a version of ``path`` that an older commit had written
        (a squash or a cherry-pick of an edit made elsewhere, a revert), as the raw log's
        object ids say."""
        made = self._made(path, commit)
        return made is not None and any(
            c.order > commit.order and self._made(path, c) == made
            for c in self.commits.get(path, ()))

    def deleted(self, path: str, commit: Commit) -> bool:
        """Whether ``commit`` deleted ``path``, as the raw log says."""
        logged = self._logged.get((path, commit.sha))
        return logged is not None and logged[0] == "D"

    def _made(self, path: str, commit: Commit) -> str | None:
        """The object id the raw log gives the version ``commit`` wrote (None: none)."""
        logged = self._logged.get((path, commit.sha))
        return None if logged is None or logged[0] == "D" else logged[2]

    def _logged_id(self, commit: Commit, path: str, name: str) -> str | None:
        """The object id of the file called ``name`` at ``commit``, where the raw log
        gives it (None: no such file there); ``_ASK`` where it does not."""
        logged = self._logged.get((path, commit.sha))
        if logged is not None and self.named.get((path, commit.sha), path) == name:
            return None if logged[0] == "D" else logged[2]
        # ``commit`` as a parent: the old side of the change its child made.
        child = self._child(path, commit)
        if child is None:
            return _ASK
        sides = self._sides.get((path, child.sha))
        if sides is not None:  # a merge: the file in each parent, by the log
            side = sides[self.parents[child.sha].index(commit.sha)]
            return None if side.strip("0") == "" else side
        logged = self._logged.get((path, child.sha))
        if logged is None or self._name_before(path, child, commit.sha) != name:
            return _ASK
        status, old, _ = logged
        return None if status == "A" else old if status[:1] in ("M", "R") else _ASK

    def _child(self, path: str, commit: Commit) -> Commit | None:
        """The commit that touched ``path`` whose parent ``commit`` stands in the log's
        place of that child (as :meth:`parents_of` gives it); None for any other."""
        child = self._placed.get((path, commit.order))
        if child is None or child.sha == commit.sha or \
                commit.sha not in self.parents.get(child.sha, ()):
            return None
        return child

    def _name_before(self, path: str, child: Commit, parent: str) -> str:
        """The name of ``path`` at ``parent`` of ``child``, a commit that touched it."""
        old = self._old_names.get((path, child.sha))
        if old is not None:
            return old[self.parents[child.sha].index(parent)]
        return self.named.get((path, child.sha), path)

    def _read(self, oid: str) -> bytes | None:
        found = self._ask(oid)
        return None if found is None else found[1]

    def _ask(self, name: str) -> tuple[str, bytes] | None:
        """The id and text of the blob ``name`` names (an id, or ``commit:./path``)."""
        return self._blobs.ask(name)

    def close(self) -> None:
        self._blobs.close()
