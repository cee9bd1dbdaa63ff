"""``coursekit fix translations``: a translation's code brought up to its source's.

For each translation that history judges outdated, :func:`~coursekit.translations.sync.
plan_sync` says which code blocks change; this module writes them into the file. A
block's code is rewritten as ``fix lessons`` rewrites it (:mod:`coursekit.formatting.
places`: the lines it keeps stay byte for byte); a block added is the source's fence,
copied with its output fences; a block removed takes its fences and one blank line each
with it, and leaves the paragraphs around it apart (:mod:`~coursekit.fixes.sync_removal`).
Every line outside those fences stays as it was: the prose is the translator's.
A file whose code the run changes gets a ``code-synced`` directive (an HTML comment,
which the site and the notebooks do not show) naming the source commit its code follows
and the one its prose still follows: ``outdated`` says the prose is owed until a
translator brings it up to date and takes the line out. Where the run leaves code to a
person (a block left as it was, a conflict left to merge, a block with no place, an
output not carried over), the line names its ``base`` too, the commit it merged from:
committed, the file is not taken for one its translator brought up to date, and each
later run merges from there again and lists what is left.
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
from coursekit.fixes.sync_left import leaves, left_before, unclosed_at_end
from coursekit.fixes.sync_reasons import no_place
from coursekit.formatting.lessons import read_lesson_or_why
from coursekit.formatting.places import file_diff, split_lines
from coursekit.translations.carries import Conflict, SyncPlan
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.languages import load_language
from coursekit.translations.settings import load_settings
from coursekit.translations.sync import base_commit, plan_sync, synced
from coursekit.translations.verdict import Verdict

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
    based: bool = False
    """Its ``code-synced`` line names a ``base``, as written (or kept) by this run."""

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
    turned_off: bool = False
    """True: the configuration says ``history = false``: nothing was planned."""
    shallow: bool = False
    """True: the history is cut off (a shallow clone): nothing was planned, as the source
    a translation followed may lie beyond the cut, and one behind since then seems
    current."""
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


@dataclass(frozen=True, slots=True)
class SyncedLine:
    """The commits a ``code-synced`` line names: the source's last, which its code is
    brought up to; the one its prose follows; the one the sync merged from."""

    source: str
    prose: str
    base: str

    def text(self, complete: bool) -> str:
        """The line; with ``base=`` where the run leaves code to a person (not
        ``complete``): what it left stays owed, and the next run merges from there."""
        base = "" if complete else f" base={self.base[:12]}"
        return (f"<!-- coursekit: code-synced source={self.source[:12]} "
                f"prose={self.prose[:12]}{base} -->")


def plan_translation_fix(
    language: str, file: Path, source_file: Path, source: Digest, translation: Digest,
    base: Digest, line: SyncedLine,
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
    edits.settle()
    edits.left.extend(no_place(plan.unplaced, source, translation, source.path))
    unclosed = unclosed_at_end(lines, translation)
    if edits.edits and unclosed is not None and synced(translation.lesson) is None:
        # The line would be read as that fence's code, and a sync committed without it
        # is taken for a translator's: nothing of the file is written.
        edits.edits.clear()
        carried = 0
        edits.left.append(f"{translation.path}:{unclosed}: not synced: its last fence is "
                          "never closed, so the `code-synced` line at the end of the file "
                          "would be read as its code: close the fence, and `coursekit fix "
                          "translations` syncs the file then")
    elif edits.edits or (left_before(translation) and not leaves(edits, plan)):
        # Committed without the line, a partial sync would be taken for a translator's
        # catching up, and what it left would vanish: the line keeps its base. Once
        # nothing is left (a person merged it), the line loses its base.
        edits.mark(line.text(not leaves(edits, plan)))
    based = leaves(edits, plan) and bool(edits.edits or left_before(translation))
    return TranslationFix(language, translation.path, file, source.path, plan, tuple(lines),
                          text.startswith(_BOM), tuple(edits.edits), carried,
                          tuple(edits.left), read, based)


def plan_translation_fixes(corpus: Corpus, languages: Sequence[str] | None = None,
                           paths: frozenset[str] | None = None) -> SyncRun:
    """The code of every outdated translation in ``languages`` (default: all), of
    ``paths`` only when given, brought up to its source's."""
    course = corpus.course
    problems: list[str] = []
    asked = load_settings(course)[0].history  # bad values: CFG001, from the configuration
    history = None if asked is False else History.open(
        course.root, course.relative(course.content_dir), nested=bool(asked),
        problems=problems)
    if history is None:
        return SyncRun((), 0, history=False, unreadable=next(iter(problems), None),
                       turned_off=asked is False)
    if history.cut:
        history.close()
        return SyncRun((), 0, shallow=True)
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
    """The fix of one translation, or why there is none ("" when it is current). One
    whose ``code-synced`` line names a ``base`` is planned however history judges it:
    a sync left code of it to a person, still owed."""
    verdict = freshness.judge(source, translation)
    directive = synced(translation.lesson)
    left = directive is not None and "base" in directive.args
    if verdict is None or not (left or (verdict.outdated and verdict.translated is not None)):
        return ""
    history = freshness.history
    if source.path in history.changed:
        return "its source has changes not committed: commit them first"
    found = _base(freshness, source, translation, verdict)
    last = history.last(source.path)
    if isinstance(found, str):
        return found
    if last is None:
        return "its source has no commit to bring the code up to"
    base, commit = found
    prose = directive.args["prose"] if directive is not None else commit
    return plan_translation_fix(language, root / translation.path, root / source.path, source,
                                translation, base, SyncedLine(last.sha, prose, commit))


def _base(freshness: Freshness, source: Digest, translation: Digest, verdict: Verdict
          ) -> tuple[Digest, str] | str:
    """The source the translation's code follows, to merge from, and the commit it is
    at: the one its ``code-synced`` line names, else its last translation's; or why
    there is none."""
    found = base_commit(freshness, source, translation)
    base = None if found is None else freshness.version(found, source)
    if found is not None and base is not None:
        return base, found.sha
    directive = synced(translation.lesson)
    if directive is not None and "base" in directive.args:
        return (f"its `code-synced` line names base={directive.args['base']}, a commit "
                "whose version of the source its history lacks: bring the code that sync "
                "left up to the source's by hand, then take `base=` out")
    if verdict.then is None or verdict.translated is None:
        return ("the source lesson did not exist when it was last translated, so there is "
                "no version to merge from: bring its code up to the source's by hand")
    return verdict.then, verdict.translated.sha

