"""The lessons of a course with their Python formatted: what ``check`` reports as
LES124 and what ``fix lessons`` writes.

A fence is formatted when it is Python (``py``, ``python``...), is not marked
``no-format``, parses, and can be placed in its file exactly (see :mod:`.places`); one
that cannot be placed and that the formatter changes is left as it is, and said so
(LES124, with why: a course is never taken for formatted when it is not).
Its code goes to the formatter with its IPython lines protected (see :mod:`.ipython`);
every distinct code text of the run is formatted once, in one batch. Output fences,
other languages and code that does not parse (NBK105 and TRN203 say so) are left
alone. A formatted text that does not parse back, or whose IPython lines the
formatter did not keep, is left alone too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.diagnostics import Diagnostic
from coursekit.files import ReadState, read_regular_with_status
from coursekit.formatting.engines import FormatterUnavailable, format_texts
from coursekit.formatting.ipython import Protected, protect
from coursekit.formatting.places import (
    CodePlace,
    Unplaced,
    code_lines,
    file_diff,
    locate_code,
    rewrite,
    split_lines,
)
from coursekit.formatting.settings import FormatSettings
from coursekit.lessons.model import Code, CodeRole, Lesson
from coursekit.lessons.python import CodeFacts
from coursekit.lessons.rules import UNFORMATTED_CODE
from coursekit.wide_text import wide_encoding

NO_FORMAT = "no-format"
LEFT_BY_HAND = f"format it by hand, or mark the fence `{NO_FORMAT}`"
"""What to do with a fence left unformatted whose place no one change gives back."""
"""The info-string word that keeps a fence as written."""
_BOM = "\ufeff"


def wants_formatting(code: Code) -> bool:
    """Whether ``code`` is Python that its lesson lets a formatter touch."""
    return code.role is CodeRole.PYTHON and NO_FORMAT not in code.info.lower().split()


class CodeFormatter:
    """Formatted code by code text, for the texts of one run, formatted in one batch.

    :meth:`add` the texts first; the first :meth:`formatted` formats all of them."""

    def __init__(self, settings: FormatSettings) -> None:
        self.settings = settings
        self._waiting: dict[str, Protected | None] = {}
        self._done: dict[str, str | None] = {}
        self._unread: set[str] = set()
        """Sources whose formatted text is not read back as Python yet (:func:`_checked`):
        that is done when one is first asked for, since most never are (a check asks only
        for the code of translations that differ from their source as code)."""
        self._facts: dict[str, CodeFacts] = {}
        self.unavailable: FormatterUnavailable | None = None
        """Why nothing was formatted, when the formatter is missing or does not run."""

    def add(self, facts: CodeFacts) -> None:
        if facts.source not in self._done and facts.source not in self._waiting:
            self._waiting[facts.source] = protect(facts)

    def formatted(self, facts: CodeFacts) -> str | None:
        """The code of ``facts`` formatted (without a final line break); ``None`` when
        it is not formatted (not Python, or the formatter refused it)."""
        self.add(facts)
        if self._waiting:
            self._run()
        source = facts.source
        if source in self._unread:
            self._unread.discard(source)
            self._done[source] = _checked(source, self._done[source])
        return self._done[source]

    def formatted_facts(self, facts: CodeFacts) -> CodeFacts | None:
        """The facts of :meth:`formatted`'s text, one object per text of the run: the
        facts given where formatting leaves the code as it is."""
        text = self.formatted(facts)
        if text is None:
            return None
        if text == facts.source:
            return facts
        found = self._facts.get(text)
        if found is None:
            found = self._facts[text] = CodeFacts(text)
        return found

    def _run(self) -> None:
        waiting, self._waiting = self._waiting, {}
        ready = {source: p for source, p in waiting.items() if p is not None}
        results: dict[str, str | None] = {}
        if ready and self.unavailable is None:
            try:
                formatted = format_texts([p.text for p in ready.values()], self.settings)
            except FormatterUnavailable as exc:
                self.unavailable = exc
            else:
                results = dict(zip(ready, formatted, strict=True))
        for source, protected in waiting.items():
            result = results.get(source)
            self._done[source] = None if protected is None or result is None \
                else protected.restore(result.removesuffix("\n"))
        self._unread.update(source for source in waiting if self._done[source] is not None)


def _checked(source: str, text: str | None) -> str | None:
    """``text``, the formatted ``source``, when it still reads as lesson Python (the
    source itself, which was read, needs no second reading)."""
    if text is None or (text != source and CodeFacts(text).error is not None):
        return None
    return text


@dataclass(frozen=True, slots=True)
class FenceChange:
    """One fence whose code the formatter changes."""

    line: int
    """Line of the fence's opening marker."""
    place: CodePlace
    formatted: str


@dataclass(frozen=True, slots=True)
class FenceLeft:
    """One fence whose code the formatter changes and that cannot be rewritten in its
    file, since its code cannot be placed there exactly."""

    code: Code
    unplaced: Unplaced


@dataclass(frozen=True, slots=True)
class LessonFormat:
    """One lesson file: its text as read and as formatted."""

    file: Path
    path: str
    """Relative to the course root, as findings name it."""
    lines: tuple[str, ...]
    """The file's lines as read (line breaks kept, without a byte order mark)."""
    bom: bool
    changes: tuple[FenceChange, ...]
    read: ReadState | None = None
    """The file as it was read (a fix replaces it only if it still is that file)."""
    left: tuple[FenceLeft, ...] = ()
    """The fences the formatter changes that are left as they are (no place)."""

    @property
    def changed(self) -> bool:
        return bool(self.changes)

    @property
    def before(self) -> bytes:
        return ((_BOM if self.bom else "") + "".join(self.lines)).encode("utf-8")

    @property
    def after(self) -> bytes:
        new = rewrite(self.lines, [(c.place, c.formatted) for c in self.changes])
        return ((_BOM if self.bom else "") + new).encode("utf-8")

    def diff(self, changes: Sequence[FenceChange] | None = None) -> str:
        """The unified diff of the file (of ``changes`` only, when given)."""
        chosen = self.changes if changes is None else changes
        new = rewrite(self.lines, [(c.place, c.formatted) for c in chosen])
        return file_diff(self.lines, split_lines(new), self.path, self.bom)

    def findings(self, settings: FormatSettings) -> list[Diagnostic]:
        """One LES124 finding per fence the formatter changes, with its diff where
        ``fix lessons`` can rewrite it, and with why it cannot where it cannot."""
        said = f"code is not formatted as {settings.describe()} formats it"
        found = [
            UNFORMATTED_CODE.at(
                self.path, change.line, f"```{change.place.code.info} {said}",
                hint="`coursekit fix lessons` formats it (--dry-run shows the diff)",
                fingerprint=_fingerprint(change.place.code), diff=self.diff([change]))
            for change in self.changes
        ]
        found.extend(
            UNFORMATTED_CODE.at(
                self.path, left.code.line,
                f"```{left.code.info} {said}, and cannot be rewritten in place: "
                f"{left.unplaced.why}",
                hint="`coursekit fix lessons` leaves it as it is: " + left.unplaced.remedy(
                    "it formats it then", LEFT_BY_HAND),
                fingerprint=_fingerprint(left.code))
            for left in self.left)
        return sorted(found, key=lambda finding: finding.line or 0)


def _fingerprint(code: Code) -> str:
    """What tells one fence's finding from another's: its code, not its line."""
    return hashlib.sha1(code.source.encode("utf-8"), usedforsecurity=False).hexdigest()[:12]


def read_lesson_text(file: Path) -> tuple[str, ReadState] | None:
    """The lesson file as text, with what the file was when it was read; ``None`` when
    it cannot be read back as UTF-8 (it is then its own finding, LES101 or LES121, and
    is never rewritten). Only a regular file is read: a FIFO in its place would block."""
    found = read_lesson_or_why(file)
    return None if isinstance(found, str) else found


def read_lesson_or_why(file: Path) -> tuple[str, ReadState] | str:
    """:func:`read_lesson_text`, or why the file cannot be read as UTF-8 text, in words
    (invalid bytes, or UTF-16 whose ASCII decodes as UTF-8 with NULs between)."""
    try:
        data, status = read_regular_with_status(file)
    except OSError as exc:
        return exc.strerror or str(exc) or type(exc).__name__
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        wide = wide_encoding(data)
        return f"{wide}, not UTF-8" if wide is not None else (
            f"not UTF-8 (byte offset {exc.start})")
    if "\0" in text and (wide := wide_encoding(data)) is not None:
        # No fence is found in it, and nothing written back would keep it as text. (A
        # stray NUL in UTF-8 is left with its fence, which says to remove it.)
        return f"{wide}, not UTF-8"
    return text, ReadState.of(data, status)


def format_lessons(
    lessons: Iterable[tuple[Path, str, Lesson]], formatter: CodeFormatter,
) -> list[LessonFormat]:
    """Each lesson (its file, its text and its model) with the changes the formatter
    makes; every code text goes to the formatter before the first result is asked for,
    so that one batch formats them all."""
    read: list[tuple[Path, Lesson, list[str], bool, list[CodePlace | FenceLeft]]] = []
    for file, text, lesson in lessons:
        lines = split_lines(text.removeprefix(_BOM))
        found: list[CodePlace | FenceLeft] = []
        for code in lesson.code_blocks():
            if wants_formatting(code) and code.source.strip():
                formatter.add(code.facts)
                located = locate_code(lines, code)
                found.append(located if isinstance(located, CodePlace)
                             else FenceLeft(code, located))
        read.append((file, lesson, lines, text.startswith(_BOM), found))
    results: list[LessonFormat] = []
    for file, lesson, lines, bom, places in read:
        changes: list[FenceChange] = []
        left: list[FenceLeft] = []
        for fence in places:
            formatted = formatter.formatted(fence.code.facts)
            if formatted is None or formatted == fence.code.source:
                continue
            if isinstance(fence, FenceLeft):
                left.append(fence)
            elif _rewritten(lines, fence, formatted):
                changes.append(FenceChange(fence.code.line, fence, formatted))
        results.append(LessonFormat(file, lesson.path, tuple(lines), bom, tuple(changes),
                                    left=tuple(left)))
    return results


def _rewritten(lines: Sequence[str], place: CodePlace, formatted: str) -> bool:
    """Whether the file's lines change: code read with one prefix of a quoted block and
    written back with another can differ as code and be the same text."""
    return code_lines(lines, place, formatted) != list(lines[place.first:place.first + place.count])
