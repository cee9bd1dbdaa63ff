"""Whether a translation is older than the last change of substance to its source lesson.

In a git checkout a translation is *outdated* when its source lesson changed in
substance since the version the translation follows, and the translation lacks that
change. Two questions decide it:

- *Which commits could it lack?* Those that changed the source and that the
  translation's own last commit had not seen (not its ancestors: a branch merged after
  it counts, whatever its dates). That last commit did not change the source too: one
  that changed both (a fix applied to every language) says nothing of the source's
  earlier changes, and is a cause only where the translation plainly lacks its change.
  One that only renamed the file is no edit, nor one that changed its prose alone. A
  merge counts where it wrote the file itself (it differs from every parent: a conflict
  resolved, an "evil merge"), and only as far as it differs from each parent.
- *Does it lack them?* Commit order alone cannot tell: a release branch merged back,
  squashed or not, makes a translation's last commit look older than changes it already
  has. So each change is judged by content too: the translation carries a change when
  its code has the change's new side rather than its old one (compared by short runs of
  tokens, strings blanked unless the change is only in strings), or when its headings,
  framework blocks and videos match the new side. Only a change the translation lacks
  (or cannot be shown to have, when its commit came later) makes it outdated, and the
  first such commit is named as the cause. A commit that created the source is judged
  so too, against an empty lesson: a translation made on a branch cut before it may
  translate all of it.

Substance is what a translation must follow and a translator cannot reword (its code,
headings, framework blocks and videos): see :mod:`coursekit.translations.substance`,
which also judges by content whether a translation carries a change.

A translation with no commit (new) is judged current: its translator is at work on it.
One edited and not committed yet is judged by what its file holds now, as if committed:
outdated only where it plainly lacks a change (a typo fixed, a space added, is no
update; code brought up to date is). Without history the checks judge from structure alone
(the ``TRN1xx``-``TRN3xx`` rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coursekit.lessons.python import CodeFactsTable
from coursekit.translations.digest import Digest
from coursekit.translations.history import Commit, History
from coursekit.translations.substance import Change, Substance
from coursekit.translations.verdict import Verdict
from coursekit.translations.versions import Versions

NOTHING = Substance(code=(), headings=(), frameworks=(), videos=())
"""The substance of a lesson before its file existed."""


@dataclass(slots=True)
class Freshness:
    """Judges translations against the history of their sources, reading each old
    version of a source lesson once."""

    history: History
    facts: CodeFactsTable | None = None
    """The run's code facts: a code block an old version shares with the lessons read
    now (most of them) is tokenized once."""
    _versions: Versions = field(init=False)
    """Each lesson as it was at a commit, read once."""
    _verdicts: dict[tuple[str, str], tuple[Digest, Digest, Verdict | None]] = field(
        default_factory=dict)
    """(source, translation) -> the two lessons judged and the verdict: judged once."""
    _changes: dict[tuple[str, int, str], tuple[Substance, Change]] = field(
        default_factory=dict)
    """(commit, its parent's place among its parents, source path) -> the change of
    substance the commit made against that parent, as far as it lasted until the source
    as it is now: counted once for all of its translations."""
    _touched: dict[str, frozenset[str]] = field(default_factory=dict)
    """Source path -> the commits that touched it, shared by its translations."""

    def __post_init__(self) -> None:
        self._versions = Versions(self.history, self.facts)

    def judge(self, source: Digest, translation: Digest) -> Verdict | None:
        """The verdict on ``translation``; None when history cannot tell (the source
        has no commit)."""
        known = self._verdicts.get((source.path, translation.path))
        if known is not None and known[0] is source and known[1] is translation:
            return known[2]
        verdict = self._judge(source, translation)
        self._verdicts[(source.path, translation.path)] = (source, translation, verdict)
        return verdict

    def _judge(self, source: Digest, translation: Digest) -> Verdict | None:
        history = self.history
        source_commits = history.commits.get(source.path)
        if not source_commits:
            return None
        translation_commits = [c for c in history.commits.get(translation.path, ())
                               if (translation.path, c.sha) not in history.moved]
        if not translation_commits:
            return Verdict(outdated=False)
        at_work = translation.path in history.changed
        touched_source = self._touched.get(source.path)
        if touched_source is None:
            touched_source = self._touched[source.path] = frozenset(c.sha for c in source_commits)
        touched_translation = {c.sha for c in translation_commits}
        own_commits = [c for c in translation_commits if c.sha not in touched_source]
        translated = self._synced(source, translation, own_commits, touched_translation) \
            or translation_commits[-1]
        verdict = self._since(source, translation, translated, translation_commits,
                              touched_translation, at_work)
        if verdict.outdated:
            # Where it is outdated, its last translation is named: a commit after which
            # the source had not changed may have caught up with older changes, so each
            # is read (what a current translation never needs).
            exact = self._synced(source, translation, own_commits, touched_translation,
                                 exact=True) or translation_commits[-1]
            if exact != translated:
                verdict = self._since(source, translation, exact, translation_commits,
                                      touched_translation, at_work)
        return verdict

    def _since(self, source: Digest, translation: Digest, translated: Commit,
               translation_commits: list[Commit], touched_translation: set[str],
               at_work: bool = False) -> Verdict:
        """The verdict on a translation whose translator last followed the source at
        ``translated``; ``at_work``: it is edited and not committed, so it is outdated
        only by a change it plainly lacks (the edit may be the update)."""
        history = self.history
        unseen = history.since(source.path, translated)
        if source.path not in history.changed and not unseen:
            # Its last commit had seen every change: current, no old version read.
            return Verdict(outdated=False, translated=translated)
        now = self._versions.now(source)
        own = Substance.of(translation)
        # A translation whose substance is the source's now has every change that lasted:
        # no change is owed (Change.owed_by is False for each), so none is read.
        for commit in () if own == now else unseen:
            # A change the translation has by content (a branch merged back, squashed or
            # not), or that a later commit undid, is no cause; one that came with an edit
            # of the translation, only where it plainly lacks it (that edit may word it).
            owed = self._owed(commit, source, own, now)
            unknown = not at_work and commit.sha not in touched_translation
            if (owed or (owed is None and unknown)) and \
                    not self._restored(commit, translated, (source, translation)):
                return self._outdated(source, now, translated, commit, translation_commits)
        if source.path in history.changed:
            last = self._versions.at(history.commits[source.path][0], source)
            if last is None or now != last[1]:
                return self._outdated(source, now, translated, None, translation_commits)
        return Verdict(outdated=False, translated=translated)

    def _owed(self, commit: Commit, source: Digest, own: Substance,
              now: Substance) -> bool | None:
        """Whether a translation whose substance is ``own`` lacks the change ``commit``
        made to ``source`` (:meth:`Change.owed_by`; False where it made none). A merge
        is weighed by what it changed against the parent it is nearest: what that
        parent lacks of the others is their commits' to owe, so the merge owes what it
        wrote itself (a conflict resolved with new code, an "evil merge"), and nothing
        where it took one side's version."""
        after = self._versions.at(commit, source)
        changed = after[1] if after is not None else NOTHING
        changes = []
        for index, parent in enumerate(self._versions.befores(commit, source)):
            before = parent[1] if parent is not None else NOTHING
            if changed == before:
                return False
            changes.append(self._weighed(commit, index, source, before, changed, now))
        return min(changes, key=lambda change: change.size).owed_by(own)

    def _restored(self, commit: Commit, translated: Commit, pair: tuple[Digest, Digest]) -> bool:
        """Whether ``commit`` left source and translation (``pair``, the source read first) as
        at ``translated`` (main squashed into a release branch): what it lacks is its own."""
        return all((then := self._versions.at(translated, lesson)) is not None and
                   (now := self._versions.at(commit, lesson)) is not None and then[1] == now[1]
                   for lesson in pair)

    def _synced(self, source: Digest, translation: Digest, commits: list[Commit],
                received: set[str], *, exact: bool = False) -> Commit | None:
        """The last of ``commits`` (the translation's own, newest first) that changed its
        substance after its source had: where its translator followed the source. An
        edit of its prose alone (a typo fixed, on main or on a release branch squashed
        back) says nothing of the source's code, which its translator may never have
        looked at. None when every one edited prose alone: the translation follows the
        source as it was created. Unless ``exact``, an edit after which the source had not
        changed in substance is passed over unread (it may have caught up with older
        changes: an outdated verdict reads it); one that wrote a version an older commit
        had written (a squash of main's edits, a cherry-pick, a file brought back) is
        passed over always: the older one made it; and one that deleted the translation
        translated nothing."""
        for index, commit in enumerate(commits):
            if self.history.rewritten(translation.path, commit) or \
                    self.history.deleted(translation.path, commit):
                continue
            if not exact and index + 1 < len(commits) and not self._changed_between(
                    source, commits[index + 1], commit, received):
                continue
            if self._versions.wrote(commit, translation):
                return commit
        return None

    def _changed_between(self, source: Digest, older: Commit, newer: Commit,
                         received: set[str]) -> bool:
        """Whether a commit that ``newer`` had seen and ``older`` had not changed the
        source in substance (one that changed the translation too carried its change)."""
        seen = self.history.seen(newer)
        for commit in self.history.since(source.path, older):
            if not seen >> commit.order & 1 or commit.sha in received:
                continue
            if self._versions.wrote(commit, source):
                return True
        return False

    def version(self, commit: Commit, source: Digest) -> Digest | None:
        """``source`` as it was at ``commit``; None where it did not exist."""
        return self._versions.version(commit, source)

    def _weighed(self, commit: Commit, side: int, source: Digest, before: Substance,
                 after: Substance, now: Substance) -> Change:
        """The change ``commit`` made against its parent ``side`` (its first: 0). Each
        change is measured against its own parent: on a branch merged later, the source
        before it is not the one the previous commit in the log left. A commit that
        created the source (or deleted it) is measured against an empty lesson, and
        judged by content like any other: the translation's last commit, on a branch
        merged back, may never have seen the source's first one, and yet translate all
        of it."""
        key = (commit.sha, side, source.path)
        known = self._changes.get(key)
        if known is None or known[0] is not now:
            known = self._changes[key] = (now, Change(before, after, now))
        return known[1]

    def _outdated(self, source: Digest, now: Substance, translated: Commit,
                  since: Commit | None, translation_commits: list[Commit]) -> Verdict:
        """An outdated verdict, with the versions of the source the translation followed
        (read only now: a current translation needs none of them)."""
        seen = self._versions.at(translated, source)
        then = seen[0] if seen is not None else None
        followed = self._followed(source, translated, then, translation_commits)
        base = seen[1] if seen is not None else None
        changed = (base.changes(now) if base is not None
                   else ("the whole lesson: the source file came after the translation",))
        return Verdict(outdated=True, translated=translated, since=since, then=then,
                       followed=followed,
                       changed=changed or ("code, headings or framework blocks, since changed "
                                           "back",))

    def _followed(self, source: Digest, translated: Commit, then: Digest | None,
                  translation_commits: list[Commit]) -> tuple[Digest, ...]:
        shared = [self._versions.at(c, source) for c in translation_commits
                  if c.order < translated.order]
        # Many commits share a version: one read is one object, compared once.
        found = {id(v): v for v in (then, *(s[0] for s in shared if s is not None))
                 if v is not None}
        return tuple(found.values())
