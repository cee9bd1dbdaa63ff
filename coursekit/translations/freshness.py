"""Whether a translation is older than the last change of substance to its source lesson.

In a git checkout a translation is *outdated* when its source lesson changed in
substance since the version the translation follows, and the translation lacks that
change. Two questions decide it:

- *Which commits could it lack?* Those that changed the source and that the
  translation's own last commit had not seen (not its ancestors: a branch merged after
  it counts, whatever its dates). A commit that changed the source and the translation
  together (a fix applied to every language) carries its change into the translation,
  and says nothing of the source's earlier changes: the translation's own last commit
  is the last one that did not also change the source; a commit that only renamed the
  file (or its language folder) is no edit either.
- *Does it lack them?* Commit order alone cannot tell: a release branch merged back,
  squashed or not, makes a translation's last commit look older than changes it already
  has. So each change is judged by content too: the translation carries a change when
  its code has the change's new side rather than its old one (compared by short runs of
  tokens, strings blanked unless the change is only in strings), or when its headings,
  framework blocks and videos match the new side. Only a change the translation lacks
  (or cannot be shown to have, when its commit came later) makes it outdated, and the
  first such commit is named as the cause.

Substance is what a translation must follow and a translator cannot reword: the code of
the lesson (Python tokens without comments and whitespace; string literals count, since
they hold model and dataset names), how many headings it has and at which levels, its
framework blocks and its videos. Prose, heading text and anchors (``[[anchor]]``), link
targets, comments, whitespace and outputs are not substance.

A translation with no commit (new, or edited and not committed yet) is judged current:
its translator is at work on it. Without history the checks judge from structure alone
(the ``TRN1xx``-``TRN3xx`` rules).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property

from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.parse import parse_lesson
from coursekit.translations.digest import Digest, digest
from coursekit.translations.history import Commit, History

Gram = tuple[object, ...]
_BLOCK = ("block",)
"""Between two code blocks in a run of tokens: a gram never spans blocks."""


@dataclass(frozen=True, slots=True)
class Block:
    """One code block as substance: its tokens, and the same with strings blanked."""

    tokens: tuple[object, ...]
    skeleton: tuple[object, ...]


@dataclass(frozen=True)
class Substance:
    """The parts of a lesson a translation must follow."""

    code: tuple[Block, ...]
    headings: tuple[int, ...]
    """The level of each heading: how the lesson is cut, not what the headings say."""
    frameworks: tuple[tuple[str, str], ...]
    videos: tuple[str, ...]

    @classmethod
    def of(cls, lesson: Digest) -> Substance:
        return cls(
            code=tuple(_block(block) for block in lesson.code),
            headings=tuple(h.level for h in lesson.headings),
            frameworks=tuple((m.marker, m.framework.value) for m in lesson.markers),
            videos=tuple(v.value for v in lesson.videos),
        )

    @cached_property
    def grams(self) -> Counter[Gram]:
        return _grams(b.tokens for b in self.code)

    @cached_property
    def skeleton_grams(self) -> Counter[Gram]:
        return _grams(b.skeleton for b in self.code)

    def changes(self, now: Substance) -> tuple[str, ...]:
        """What differs from ``self`` in ``now``, in words."""
        found: list[str] = []
        if self.code != now.code:
            changed = sum(1 for block in now.code if block not in self.code)
            removed = sum(1 for block in self.code if block not in now.code)
            found.append(f"code ({_count(changed, 'block')} new or changed, {removed} removed)")
        if self.headings != now.headings:
            found.append(f"headings ({len(self.headings)} then, {len(now.headings)} now)")
        if self.frameworks != now.frameworks:
            found.append("framework blocks")
        if self.videos != now.videos:
            found.append("videos")
        return tuple(found)


def _block(block: Code) -> Block:
    facts = block.facts
    if block.role is CodeRole.PYTHON and facts.tokens_without_comments is not None \
            and facts.skeleton is not None:
        return Block(tuple(facts.tokens_without_comments), tuple(facts.skeleton))
    words = (block.language, *block.source.split())
    return Block(words, words)


def _grams(blocks: Iterable[tuple[object, ...]]) -> Counter[Gram]:
    """Every run of three tokens of each block, counted: what a change adds or removes
    shows as the runs it adds or removes, wherever the block moved."""
    found: Counter[Gram] = Counter()
    for tokens in blocks:
        run = (_BLOCK, *tokens, _BLOCK)
        found.update(run[i:i + 3] for i in range(len(run) - 2))
    return found


def owes(translation: Substance, before: Substance, after: Substance,
         now: Substance) -> bool | None:
    """Whether ``translation`` lacks the change from ``before`` to ``after``, as far as
    the change lasted until ``now`` (a part a later commit undid is owed no more): False
    when it has the new side or nothing of the change lasted, True when it keeps the old
    side (or lacks what was added), None when its content cannot tell."""
    votes: list[bool | None] = []
    if before.code != after.code:
        votes.append(_code_owed(translation, before, after, now))
    for then, changed, current, own in (
        (before.headings, after.headings, now.headings, translation.headings),
        (before.frameworks, after.frameworks, now.frameworks, translation.frameworks),
        (before.videos, after.videos, now.videos, translation.videos),
    ):
        if then != changed:
            lasted = changed == current
            votes.append(False if own == changed or not lasted else True if own == then
                         else None)
    if True in votes:
        return True
    return None if None in votes else False


def _code_owed(translation: Substance, before: Substance, after: Substance,
               now: Substance) -> bool | None:
    """By the runs of tokens the change added and removed, and that are still added and
    removed now: a translation translates strings, so they are blanked unless the change
    is only in strings."""
    for old, new, current, own in (
        (before.skeleton_grams, after.skeleton_grams, now.skeleton_grams,
         translation.skeleton_grams),
        (before.grams, after.grams, now.grams, translation.grams),
    ):
        if old == new:
            continue
        added = +Counter({g: min(n - old[g], current[g] - old[g]) for g, n in new.items()})
        removed = +Counter({g: min(o - new[g], o - current[g]) for g, o in old.items()})
        if not (added or removed):  # what the change did, a later commit undid
            return False
        has_new = _share(own, added, old)
        has_old = _share(own, removed, current)
        if has_new is not None and has_old is not None:
            return False if has_new > has_old else True if has_new < has_old else None
        if has_new is not None:
            return has_new < 0.5
        assert has_old is not None
        return has_old >= 0.5
    return False


def _share(own: Counter[Gram], delta: Counter[Gram], other: Counter[Gram]) -> float | None:
    """How much of ``delta`` (runs one side has beyond ``other``) ``own`` has too."""
    total = sum(delta.values())
    if not total:
        return None
    found = sum(max(0, min(own[gram], other[gram] + extra) - other[gram])
                for gram, extra in delta.items())
    return found / total


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What history says of one translated lesson."""

    outdated: bool
    translated: Commit | None = None
    """The translation's last commit (None: changed now, not committed)."""
    since: Commit | None = None
    """The first commit after ``translated`` that changed the source in substance the
    translation lacks (None for an outdated translation: the change is not committed
    yet)."""
    changed: tuple[str, ...] = ()
    """What changed in the source since, in words."""
    then: Digest | None = None
    """The source lesson as the translation last saw it (None: it did not exist)."""
    followed: tuple[Digest, ...] = ()
    """The versions of the source the translation followed: ``then``, and the source as
    each later commit that changed both left it. A difference the translation has from
    all of them is its own, not its source's change."""


@dataclass(slots=True)
class Freshness:
    """Judges translations against the history of their sources, reading each old
    version of a source lesson once."""

    history: History
    _seen: dict[tuple[str, str], tuple[Digest, Substance] | None] = field(default_factory=dict)
    """(commit, path) -> the source lesson as it was there."""
    _versions: dict[str, tuple[Digest, Substance]] = field(default_factory=dict)
    """Object id -> the version of a lesson it holds: read once, however many commits
    share it."""
    _current: dict[str, tuple[Digest, Substance]] = field(default_factory=dict)
    """The substance of each source lesson as it is now, shared by its translations."""

    def judge(self, source: Digest, translation: Digest) -> Verdict | None:
        """The verdict on ``translation``; None when history cannot tell (the source
        has no commit)."""
        history = self.history
        source_commits = history.commits.get(source.path)
        if not source_commits:
            return None
        translation_commits = [c for c in history.commits.get(translation.path, ())
                               if (translation.path, c.sha) not in history.moved]
        if translation.path in history.changed or not translation_commits:
            return Verdict(outdated=False)
        touched_source = {c.sha for c in source_commits}
        translated = next((c for c in translation_commits if c.sha not in touched_source),
                          translation_commits[-1])
        touched_translation = {c.sha for c in translation_commits}
        unseen = history.since(source.path, translated)
        if source.path not in history.changed and all(
                c.sha in touched_translation for c in unseen):
            # Every change of the source the translation's last commit had seen, or
            # received with it: current, and no old version to read.
            return Verdict(outdated=False, translated=translated)
        seen = self._at(translated, source)
        then = seen[0] if seen is not None else None
        now = self._now(source)
        own: Substance | None = None  # the translation's, read when a change asks
        changed: Substance | None = None
        for commit in unseen:
            if commit.sha in touched_translation:
                continue  # the translation received that change with the commit
            # Each change measured against its own parent: on a branch merged later,
            # the source before it is not the one the previous commit in the log left.
            parent = self._before(commit, source)
            version = self._at(commit, source)
            before = parent[1] if parent is not None else None
            changed = version[1] if version is not None else None
            if changed == before:
                continue
            own = own or Substance.of(translation)
            # A change the translation has by content (a branch merged back, squashed or
            # not), or that a later commit undid, is no cause.
            if before is None or changed is None or owes(own, before, changed, now) is not False:
                return self._outdated(now, translated, commit, then, self._followed(
                    source, translated, then, translation_commits))
        last = self._at(source_commits[0], source)
        if source.path in history.changed and (last is None or now != last[1]):
            return self._outdated(now, translated, None, then,
                                  self._followed(source, translated, then, translation_commits))
        return Verdict(outdated=False, translated=translated)

    @staticmethod
    def _outdated(
        now: Substance, translated: Commit, since: Commit | None, then: Digest | None,
        followed: tuple[Digest, ...],
    ) -> Verdict:
        base = Substance.of(then) if then is not None else None
        changed = (base.changes(now) if base is not None
                   else ("the whole lesson: the source file came after the translation",))
        return Verdict(outdated=True, translated=translated, since=since, then=then,
                       followed=followed,
                       changed=changed or ("code, headings or framework blocks, since changed "
                                           "back",))

    def _followed(self, source: Digest, translated: Commit, then: Digest | None,
                  translation_commits: list[Commit]) -> tuple[Digest, ...]:
        shared = [self._at(c, source) for c in translation_commits if c.order < translated.order]
        return tuple(v for v in (then, *(s[0] for s in shared if s is not None)) if v is not None)

    def _before(self, commit: Commit, source: Digest) -> tuple[Digest, Substance] | None:
        """The source as it was before ``commit``: at its first parent."""
        parents = self.history.parents.get(commit.sha)
        if not parents:
            return None
        return self._at(replace(commit, sha=parents[0]), source)

    def _at(self, commit: Commit, source: Digest) -> tuple[Digest, Substance] | None:
        key = (commit.sha, source.path)
        if key not in self._seen:
            found = self.history.blob_at(commit, source.path)
            self._seen[key] = None if found is None else self._read(found, source)
        return self._seen[key]

    def _read(self, blob: tuple[str, bytes], source: Digest) -> tuple[Digest, Substance]:
        oid, text = blob
        if oid not in self._versions:
            lesson = source.lesson
            version = digest(parse_lesson(
                text, path=lesson.path, language=lesson.language, chapter=lesson.chapter,
                section=lesson.section, framework=lesson.framework, folder=lesson.folder,
            ))
            self._versions[oid] = (version, Substance.of(version))
        return self._versions[oid]

    def _now(self, source: Digest) -> Substance:
        found = self._current.get(source.path)
        if found is None or found[0] is not source:
            found = self._current[source.path] = (source, Substance.of(source))
        return found[1]
