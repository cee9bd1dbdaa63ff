"""Whether a translation is older than the last change of substance to its source lesson.

In a git checkout a translation is *outdated* when its source lesson, as it is now,
differs in substance from the source as it was at the translation's last commit; it
is *fresh* when they agree (a translation edited after its source is fresh, and so is
one whose source changed only in prose). Substance is what a translation must follow
and a translator cannot reword: the code of the lesson (Python without its comments;
string literals count, since they hold model and dataset names), the outline of its
headings (levels and anchors, not their words), its framework blocks and its videos.
Prose, heading text, comments and outputs are not substance.

A translation with no commit (new, or edited and not yet committed) is judged as
current: its translator is at work on it now. Without history the checks judge from
structure alone (the ``TRN1xx``-``TRN3xx`` rules).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from coursekit.lessons.model import Code, CodeRole
from coursekit.lessons.parse import parse_lesson
from coursekit.translations.digest import Digest, digest
from coursekit.translations.history import Commit, History


@dataclass(frozen=True, slots=True)
class Substance:
    """The parts of a lesson a translation must follow."""

    code: tuple[object, ...]
    headings: tuple[tuple[int, str | None], ...]
    frameworks: tuple[tuple[str, str], ...]
    videos: tuple[str, ...]

    @classmethod
    def of(cls, lesson: Digest) -> Substance:
        return cls(
            code=tuple(_code(block) for block in lesson.code),
            headings=tuple((h.level, h.anchor) for h in lesson.headings),
            frameworks=tuple((m.marker, m.framework.value) for m in lesson.markers),
            videos=tuple(v.value for v in lesson.videos),
        )

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


def _code(block: Code) -> object:
    if block.role is CodeRole.PYTHON and block.facts.tokens_without_comments is not None:
        return ("python", tuple(token[:2] for token in block.facts.tokens_without_comments))
    return (block.language, block.source.strip())


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What history says of one translated lesson."""

    outdated: bool
    translated: Commit | None = None
    """The translation's last commit (None: changed now, not committed)."""
    since: Commit | None = None
    """The first commit after ``translated`` that changed the source in substance
    (None for an outdated translation: the change is not committed yet)."""
    changed: tuple[str, ...] = ()
    """What changed in the source since, in words."""
    then: Digest | None = None
    """The source lesson as the translation last saw it (None: it did not exist)."""


@dataclass(slots=True)
class Freshness:
    """Judges translations against the history of their sources, reading each old
    version of a source lesson once."""

    history: History
    _seen: dict[tuple[str, str], Digest | None] = field(default_factory=dict)

    def judge(self, source: Digest, translation: Digest) -> Verdict | None:
        """The verdict on ``translation``; None when history cannot tell (the source
        has no commit)."""
        history = self.history
        if not history.commits.get(source.path):
            return None
        if translation.path in history.changed:
            return Verdict(outdated=False)
        translated = history.last(translation.path)
        if translated is None:
            return Verdict(outdated=False)
        now = Substance.of(source)
        then = self._at(translated, source)
        if then is not None and Substance.of(then) == now:
            return Verdict(outdated=False, translated=translated)
        since = self._first_change(history.since(source.path, translated), source, then)
        return Verdict(
            outdated=True, translated=translated, since=since, then=then,
            changed=Substance.of(then).changes(now) if then is not None
            else ("the whole lesson: the source file was added after the translation",),
        )

    def _first_change(
        self, commits: Sequence[Commit], source: Digest, then: Digest | None,
    ) -> Commit | None:
        if then is None:
            return commits[0] if commits else None
        before = Substance.of(then)
        for commit in commits:
            version = self._at(commit, source)
            if version is None or Substance.of(version) != before:
                return commit
        return None

    def _at(self, commit: Commit, source: Digest) -> Digest | None:
        key = (commit.sha, source.path)
        if key not in self._seen:
            text = self.history.text_at(commit, source.path)
            lesson = source.lesson
            self._seen[key] = None if text is None else digest(parse_lesson(
                text, path=lesson.path, language=lesson.language, chapter=lesson.chapter,
                section=lesson.section, framework=lesson.framework, folder=lesson.folder,
            ))
        return self._seen[key]
