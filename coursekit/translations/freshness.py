"""Whether a translation is older than the last change of substance to its source lesson.

In a git checkout a translation is *outdated* when a commit its translator had not seen
(after the translation's own last commit, or on a branch merged since) changed its source
lesson in substance without changing the translation too; it is *fresh* otherwise. A
translation edited after its source is fresh, and so is one whose source changed only
in prose. A commit that changed the source and the translation together (a fix applied
to every language) carries its own change into the translation but not the source's
earlier ones: the translation's own last commit is the last one that did not also
change the source.

Substance is what a translation must follow and a translator cannot reword: the code of
the lesson (Python without its comments; string literals count, since they hold model
and dataset names), the outline of its headings (levels and anchors, not their words),
its framework blocks and its videos. Prose, heading text, comments and outputs are not
substance.

A translation with no commit (new, or edited and not committed yet) is judged current:
its translator is at work on it. Without history the checks judge from structure alone
(the ``TRN1xx``-``TRN3xx`` rules).
"""

from __future__ import annotations

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
        source_commits = history.commits.get(source.path)
        if not source_commits:
            return None
        translation_commits = history.commits.get(translation.path)
        if translation.path in history.changed or not translation_commits:
            return Verdict(outdated=False)
        touched_source = {c.sha for c in source_commits}
        # The translation's own last commit: one that also changed the source carried
        # that change into it (a fix applied to every language), and says nothing of
        # the source's earlier changes.
        translated = next((c for c in translation_commits if c.sha not in touched_source),
                          translation_commits[-1])
        then = self._at(translated, source)
        before = Substance.of(then) if then is not None else None
        if translated is translation_commits[0] and before == Substance.of(source):
            # No commit since changed the translation, and the source is as it saw it:
            # current, whatever came and went (and no commit to list).
            return Verdict(outdated=False, translated=translated)
        touched_translation = {c.sha for c in translation_commits}
        for commit in history.since(source.path, translated):
            version = self._at(commit, source)
            after = Substance.of(version) if version is not None else None
            if after != before and commit.sha not in touched_translation:
                return self._outdated(source, translated, commit, then, before)
            before = after
        if source.path in history.changed and Substance.of(source) != before:
            return self._outdated(source, translated, None, then, before)
        return Verdict(outdated=False, translated=translated)

    @staticmethod
    def _outdated(
        source: Digest, translated: Commit, since: Commit | None, then: Digest | None,
        before: Substance | None,
    ) -> Verdict:
        changed = (before.changes(Substance.of(source)) if before is not None
                   else ("the whole lesson: the source file came after the translation",))
        return Verdict(outdated=True, translated=translated, since=since, then=then,
                       changed=changed or ("code, headings or framework blocks, since changed "
                                           "back",))

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
