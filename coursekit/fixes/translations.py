"""``coursekit fix translations``: a translation's code brought up to its source's.

For each translation that history judges outdated, :func:`~coursekit.translations.sync.
plan_sync` says which code blocks change; this module writes them into the file. A
block's code is rewritten as ``fix lessons`` rewrites it (:mod:`coursekit.formatting.
places`: the lines it keeps stay byte for byte); a block added is the source's fence,
copied with its output fences; a block removed takes its fences and one blank line with
it. Every line outside those fences stays as it was: the prose is the translator's.
A file whose code now follows its source's gets a ``code-synced`` directive (an HTML
comment, which the site and the notebooks do not show) naming the source commit its code
follows and the one its prose still follows: ``outdated`` says the prose is owed until a
translator brings it up to date and takes the line out. A file with a block left as it
was, a conflict left to merge or a block with no place gets none: its code is still
owed, and says so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.atomic import write_bytes_atomic
from coursekit.corpus import Corpus
from coursekit.files import ReadState
from coursekit.fixes.sync_edits import Edit, FileEdits, apply
from coursekit.fixes.sync_reasons import no_place
from coursekit.formatting.lessons import read_lesson_or_why
from coursekit.formatting.places import file_diff, split_lines
from coursekit.translations.carries import Conflict, SyncPlan
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.languages import load_language
from coursekit.translations.sync import base_version, plan_sync, synced

_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Unread:
    """An outdated translation that cannot be synced: it or its source cannot be read."""

    why: str


@dataclass(frozen=True, slots=True)
class TranslationFix:
    """One translated lesson: what its code needs, and the file with it."""

    language: str
    path: str
    file: Path
    source_path: str
    plan: SyncPlan
    lines: tuple[str, ...]
    bom: bool
    edits: tuple[Edit, ...]
    carried: int
    """Code blocks carried over (updated, added, removed)."""
    left: tuple[str, ...] = ()
    """What could not be written, in words, each naming its file and line (a fence that
    cannot be placed exactly, a block of the source with no place), with why and what
    to change."""
    read: ReadState | None = None

    @property
    def changed(self) -> bool:
        return bool(self.edits)

    @property
    def before(self) -> bytes:
        return ((_BOM if self.bom else "") + "".join(self.lines)).encode("utf-8")

    @property
    def after(self) -> bytes:
        return ((_BOM if self.bom else "") + apply(self.lines, self.edits)).encode("utf-8")

    def diff(self) -> str:
        """The unified diff of the file; a last line with no line break is said so, as
        git says it."""
        return file_diff(self.lines, split_lines(apply(self.lines, self.edits)), self.path,
                         self.bom)

    def write(self, on_replaced: Callable[[], None] | None = None) -> None:
        """Atomically, through a link, and only if the file is still the one read;
        ``on_replaced`` is called as soon as it is renamed into place."""
        write_bytes_atomic(self.file, self.after, follow_links=True,
                           expect=self.read or ReadState.of(self.before),
                           on_replaced=on_replaced)


@dataclass(frozen=True, slots=True)
class SyncRun:
    """Every translation looked at in one run."""

    fixes: tuple[TranslationFix, ...]
    files: int
    """Translated lessons looked at."""
    history: bool = True
    """False: the course has no git history to take a base from; nothing was planned."""
    unreadable: str | None = None
    """Why git does not read the history of a course that is a checkout (git's words)."""
    skipped: tuple[tuple[str, str], ...] = field(default=())
    """(path, why) of outdated translations with nothing planned."""
    unread: tuple[tuple[str, str], ...] = field(default=())
    """(path, why) of outdated translations not synced because they or their source
    cannot be read as UTF-8 text."""

    @property
    def changed(self) -> list[TranslationFix]:
        return [fix for fix in self.fixes if fix.changed]

    @property
    def conflicts(self) -> list[tuple[TranslationFix, Conflict]]:
        return [(fix, c) for fix in self.fixes for c in fix.plan.conflicts]

    def diff(self) -> str:
        return "".join(fix.diff() for fix in self.changed)

    def write(self, on_written: Callable[[TranslationFix], None] | None = None
              ) -> list[tuple[TranslationFix, OSError]]:
        """Write every changed translation; those that could not be written, with why.
        ``on_written`` hears of each as soon as it is renamed into place."""
        failed = []
        for fix in self.changed:
            try:
                fix.write(None if on_written is None else functools.partial(on_written, fix))
            except OSError as exc:
                failed.append((fix, exc))
        return failed


def marker(source_commit: str, prose_commit: str) -> str:
    return (f"<!-- coursekit: code-synced source={source_commit[:12]} "
            f"prose={prose_commit[:12]} -->")


def plan_translation_fix(
    language: str, file: Path, source_file: Path, source: Digest, translation: Digest,
    base: Digest, marker_text: str,
) -> TranslationFix | Unread:
    """The fix of one translation (or why it or its source cannot be read)."""
    found, source_found = read_lesson_or_why(file), read_lesson_or_why(source_file)
    if isinstance(found, str):
        return Unread(found)
    if isinstance(source_found, str):
        return Unread(f"its source {source.path}: {source_found}")
    text, read = found
    lines = split_lines(text.removeprefix(_BOM))
    source_lines = split_lines(source_found[0].removeprefix(_BOM))
    plan = plan_sync(base, source, translation)
    edits = FileEdits(lines, source_lines, translation, source.path)
    carried = sum(edits.carry(carry) for carry in plan.carries)
    edits.left.extend(no_place(plan.unplaced, source, translation, source.path))
    if edits.edits and not edits.left and not plan.leaves_code:
        # Only code that now follows the source is marked so: a block left as it was
        # (its fence cannot be placed), a conflict left to merge or a block with no
        # place in the translation is still owed.
        edits.mark(marker_text)
    return TranslationFix(language, translation.path, file, source.path, plan, tuple(lines),
                          text.startswith(_BOM), tuple(edits.edits), carried,
                          tuple(edits.left), read)


def plan_translation_fixes(corpus: Corpus, languages: Sequence[str] | None = None,
                           paths: frozenset[str] | None = None) -> SyncRun:
    """The code of every outdated translation in ``languages`` (default: all), of
    ``paths`` only when given, brought up to its source's."""
    course = corpus.course
    problems: list[str] = []
    history = History.open(course.root, course.relative(course.content_dir),
                           problems=problems)
    if history is None:
        return SyncRun((), 0, history=False, unreadable=next(iter(problems), None))
    freshness = Freshness(history)
    source_language = course.source_language
    sources = load_language(corpus, source_language)
    fixes: list[TranslationFix] = []
    skipped: list[tuple[str, str]] = []
    unread: list[tuple[str, str]] = []
    files = 0
    try:
        for language in languages or course.lesson_languages():
            if language == source_language:
                continue
            for key, translation in load_language(corpus, language).lessons.items():
                source = sources.lessons.get(key)
                if source is None or (paths is not None and translation.path not in paths):
                    continue
                files += 1
                found = _one(freshness, language, course.root, source, translation)
                if isinstance(found, Unread):
                    unread.append((translation.path, found.why))
                elif isinstance(found, str):
                    if found:
                        skipped.append((translation.path, found))
                else:
                    fixes.append(found)
    finally:
        history.close()
    return SyncRun(tuple(fixes), files, skipped=tuple(skipped), unread=tuple(unread))


def _one(freshness: Freshness, language: str, root: Path, source: Digest,
         translation: Digest) -> TranslationFix | Unread | str:
    """The fix of one translation, or why there is none ("" when it is current)."""
    verdict = freshness.judge(source, translation)
    if verdict is None or not verdict.outdated or verdict.translated is None:
        return ""
    history = freshness.history
    if source.path in history.changed:
        return "its source has changes not committed: commit them first"
    base = base_version(freshness, source, translation) or verdict.then
    last = history.last(source.path)
    if base is None or last is None:
        return ("the source lesson did not exist when it was last translated, so there is "
                "no version to merge from: bring its code up to the source's by hand")
    directive = synced(translation.lesson)
    prose = directive.args["prose"] if directive is not None else verdict.translated.sha
    return plan_translation_fix(language, root / translation.path, root / source.path, source,
                                translation, base, marker(last.sha, prose))

