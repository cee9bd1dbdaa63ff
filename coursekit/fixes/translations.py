"""``coursekit fix translations``: a translation's code brought up to its source's.

For each translation that history judges outdated, :func:`~coursekit.translations.sync.
plan_sync` says which code blocks change; this module writes them into the file. A
block's code is rewritten as ``fix lessons`` rewrites it (:mod:`coursekit.formatting.
places`: the lines it keeps stay byte for byte); a block added is the source's fence,
copied with its output fences; a block removed takes its fences and one blank line with
it. Every line outside those fences stays as it was: the prose is the translator's.
A file that changed gets a ``code-synced`` directive (an HTML comment, which the site
and the notebooks do not show) naming the source commit its code now follows and the
one its prose still follows: ``outdated`` says the prose is owed until a translator
brings it up to date and takes the line out.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.atomic import write_bytes_atomic
from coursekit.corpus import Corpus
from coursekit.files import ReadState
from coursekit.formatting.lessons import read_lesson_text
from coursekit.formatting.places import CodePlace, code_lines, place_code, split_lines
from coursekit.lessons.model import Code, Heading, Output
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.languages import load_language
from coursekit.translations.sync import (
    Action,
    Carry,
    Conflict,
    SyncPlan,
    base_version,
    plan_sync,
    synced,
)

_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Edit:
    """``lines`` in place of the file's lines ``start`` to ``end`` (0-based, end excluded)."""

    start: int
    end: int
    lines: tuple[str, ...]
    order: int = 0
    """Among insertions at one place: the source's order."""


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
    """What could not be written, in words (a fence that cannot be placed exactly)."""
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
        lines = difflib.unified_diff(list(self.lines), split_lines(apply(self.lines, self.edits)),
                                     f"a/{self.path}", f"b/{self.path}")
        return "".join(line if line.endswith(("\n", "\r"))
                       else line + "\n\\ No newline at end of file\n" for line in lines)

    def write(self) -> None:
        """Atomically, through a link, and only if the file is still the one read."""
        write_bytes_atomic(self.file, self.after, follow_links=True,
                           expect=self.read or ReadState.of(self.before))


@dataclass(frozen=True, slots=True)
class SyncRun:
    """Every translation looked at in one run."""

    fixes: tuple[TranslationFix, ...]
    files: int
    """Translated lessons looked at."""
    history: bool = True
    """False: the course has no git history to take a base from; nothing was planned."""
    skipped: tuple[tuple[str, str], ...] = field(default=())
    """(path, why) of outdated translations with nothing planned."""

    @property
    def changed(self) -> list[TranslationFix]:
        return [fix for fix in self.fixes if fix.changed]

    @property
    def conflicts(self) -> list[tuple[TranslationFix, Conflict]]:
        return [(fix, c) for fix in self.fixes for c in fix.plan.conflicts]

    def diff(self) -> str:
        return "".join(fix.diff() for fix in self.changed)

    def write(self) -> list[tuple[TranslationFix, OSError]]:
        failed = []
        for fix in self.changed:
            try:
                fix.write()
            except OSError as exc:
                failed.append((fix, exc))
        return failed


def apply(lines: Sequence[str], edits: Sequence[Edit]) -> str:
    out: list[str] = []
    at = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end, e.order)):
        out.extend(lines[at:edit.start])
        out.extend(edit.lines)
        at = max(at, edit.end)
    out.extend(lines[at:])
    return "".join(out)


def marker(source_commit: str, prose_commit: str) -> str:
    return (f"<!-- coursekit: code-synced source={source_commit[:12]} "
            f"prose={prose_commit[:12]} -->")


def _output_code(output: Output) -> Code:
    return Code(output.line, "", output.info, output.text)


def _span(lines: Sequence[str], code: Code) -> tuple[int, int, CodePlace] | None:
    """The file lines of a fence: its opening line to its closing line, included."""
    place = place_code(lines, code)
    if place is None:
        return None
    return place.first - 1, place.first + place.count, place


class _FileEdits:
    """The edits of one translation file, from its plan."""

    def __init__(self, lines: Sequence[str], source_lines: Sequence[str],
                 translation: Digest) -> None:
        self.lines = lines
        self.source_lines = source_lines
        self.translation = translation
        first = lines[0] if lines else "\n"
        self.line_break = first[len(first.rstrip("\r\n")):] or "\n"
        self.edits: list[Edit] = []
        self.left: list[str] = []

    def carry(self, carry: Carry) -> bool:
        if carry.action is Action.UPDATE:
            return self._update(carry)
        if carry.action is Action.REMOVE:
            return self._remove(carry)
        return self._add(carry)

    def _update(self, carry: Carry) -> bool:
        tgt, src = carry.translation, carry.source
        assert tgt is not None
        assert src is not None
        edits: list[Edit] = []
        span = _span(self.lines, tgt)
        if span is None:
            return self._cannot(tgt, "its fence cannot be placed in the file exactly")
        if carry.text is not None and carry.text != tgt.source:
            place = span[2]
            edits.append(Edit(place.first, place.first + place.count,
                              tuple(code_lines(self.lines, place, carry.text))))
        for n, text in enumerate(carry.outputs):
            if text is None:
                continue
            if n < len(tgt.outputs):
                out = _span(self.lines, _output_code(tgt.outputs[n]))
                if out is None:
                    return self._cannot(tgt, "an output fence cannot be placed exactly")
                edits.append(Edit(out[2].first, out[2].first + out[2].count,
                                  tuple(code_lines(self.lines, out[2], text))))
                continue
            copied = self._copied(_output_code(src.outputs[n]))
            after = self._end(tgt)
            if copied is None or after is None:
                return self._cannot(tgt, "the source's output fence cannot be copied")
            edits.append(Edit(after + 1, after + 1, (self.line_break, *copied), order=n))
        for output in tgt.outputs[len(tgt.outputs) - carry.drop_outputs:]:
            out = _span(self.lines, _output_code(output))
            if out is None:
                return self._cannot(tgt, "an output fence cannot be placed exactly")
            edits.append(self._removal(out[0], out[1]))
        self.edits.extend(edits)
        return True

    def _remove(self, carry: Carry) -> bool:
        tgt = carry.translation
        assert tgt is not None
        spans = [_span(self.lines, tgt), *(_span(self.lines, _output_code(o))
                                           for o in tgt.outputs)]
        if any(span is None for span in spans):
            return self._cannot(tgt, "its fences cannot be placed in the file exactly")
        self.edits.extend(self._removal(s[0], s[1]) for s in spans if s is not None)
        return True

    def _removal(self, first: int, last: int) -> Edit:
        """The fence's lines and one blank line beside them."""
        if last + 1 < len(self.lines) and not self.lines[last + 1].strip():
            return Edit(first, last + 2, ())
        if first > 0 and not self.lines[first - 1].strip():
            return Edit(first - 1, last + 1, ())
        return Edit(first, last + 1, ())

    def _add(self, carry: Carry) -> bool:
        src = carry.source
        assert src is not None
        fence = self._copied(src, carry.text)
        outputs = [self._copied(_output_code(o)) for o in src.outputs]
        if fence is None or any(o is None for o in outputs):
            self.left.append(f"the source's block at line {src.line} cannot be copied "
                             "exactly: not added")
            return False
        block: list[str] = list(fence)
        for output in outputs:
            assert output is not None
            block.extend((self.line_break, *output))
        at = self._insertion(carry)
        if at is None:
            self.left.append(f"the source's block at line {src.line} has no place in the "
                             "file: not added")
            return False
        index, before = at
        lines = (*block, self.line_break) if before else (self.line_break, *block)
        self.edits.append(Edit(index, index, lines, order=carry.order))
        return True

    def _insertion(self, carry: Carry) -> tuple[int, bool] | None:
        """The line index the block goes at, and whether it goes before what is there."""
        if carry.after is not None:
            end = self._end(carry.after)
            return None if end is None else (end + 1, False)
        if carry.before is not None:
            start = _span(self.lines, carry.before)
            return None if start is None else (start[0], True)
        if carry.section is not None:
            return self._section_end(carry.section)
        return None

    def _end(self, code: Code) -> int | None:
        """The last line of a block: its last output fence's closing line, or its own."""
        last = _output_code(code.outputs[-1]) if code.outputs else code
        span = _span(self.lines, last)
        return None if span is None else span[1]

    def _section_end(self, heading: Heading) -> tuple[int, bool]:
        """Before the next heading of at most its level, after the blank lines."""
        following = [h for h in self.translation.headings
                     if h.line > heading.line and h.level <= heading.level]
        if not following:
            end = len(self.lines)
            while end > 0 and not self.lines[end - 1].strip():
                end -= 1
            return end, False
        return following[0].line - 1, True

    def _copied(self, code: Code, text: str | None = None) -> tuple[str, ...] | None:
        """The source file's lines of a fence, in this file's line breaks, with ``text``
        as its code when given."""
        span = _span(self.source_lines, code)
        if span is None:
            return None
        first, last, place = span
        inner = (code_lines(self.source_lines, place, text) if text is not None
                 else self.source_lines[place.first:place.first + place.count])
        lines = [self.source_lines[first], *inner, self.source_lines[last]]
        return tuple(line.rstrip("\r\n") + self.line_break for line in lines)

    def _cannot(self, code: Code, why: str) -> bool:
        self.left.append(f"block at line {code.line}: {why}: left as it was")
        return False

    def mark(self, text: str) -> None:
        directive = synced(self.translation.lesson)
        if directive is not None:
            self.edits.append(Edit(directive.line - 1, directive.line,
                                   (text + self.line_break,)))
            return
        tail = "" if not self.lines or self.lines[-1].endswith(("\n", "\r")) \
            else self.line_break
        at = len(self.lines)
        self.edits.append(Edit(at, at, (tail + self.line_break, text + self.line_break),
                               order=1 << 30))


def plan_translation_fix(
    language: str, file: Path, source_file: Path, source: Digest, translation: Digest,
    base: Digest, marker_text: str,
) -> TranslationFix | str:
    """The fix of one translation (or why it cannot be read)."""
    found, source_found = read_lesson_text(file), read_lesson_text(source_file)
    if found is None or source_found is None:
        return "cannot be read as UTF-8 text"
    text, read = found
    lines = split_lines(text.removeprefix(_BOM))
    source_lines = split_lines(source_found[0].removeprefix(_BOM))
    plan = plan_sync(base, source, translation)
    edits = _FileEdits(lines, source_lines, translation)
    carried = sum(edits.carry(carry) for carry in plan.carries)
    if edits.edits:
        edits.mark(marker_text)
    return TranslationFix(language, translation.path, file, source.path, plan, tuple(lines),
                          text.startswith(_BOM), tuple(edits.edits), carried,
                          tuple(edits.left), read)


def plan_translation_fixes(corpus: Corpus, languages: Sequence[str] | None = None,
                           paths: frozenset[str] | None = None) -> SyncRun:
    """The code of every outdated translation in ``languages`` (default: all), of
    ``paths`` only when given, brought up to its source's."""
    course = corpus.course
    history = History.open(course.root, course.relative(course.content_dir))
    if history is None:
        return SyncRun((), 0, history=False)
    freshness = Freshness(history)
    source_language = course.source_language
    sources = load_language(corpus, source_language)
    fixes: list[TranslationFix] = []
    skipped: list[tuple[str, str]] = []
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
                if isinstance(found, str):
                    if found:
                        skipped.append((translation.path, found))
                else:
                    fixes.append(found)
    finally:
        history.close()
    return SyncRun(tuple(fixes), files, skipped=tuple(skipped))


def _one(freshness: Freshness, language: str, root: Path, source: Digest,
         translation: Digest) -> TranslationFix | str:
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
        return "the source lesson did not exist when it was last translated"
    directive = synced(translation.lesson)
    prose = directive.args["prose"] if directive is not None else verdict.translated.sha
    return plan_translation_fix(language, root / translation.path, root / source.path, source,
                                translation, base, marker(last.sha, prose))

