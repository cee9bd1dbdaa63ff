"""Safe fixes: changes that keep every cue and every word a viewer sees.

Renumbering (indexes without leading zeros: ``SUB025``), SBV to SRT, index and timing
lines trimmed and timing lines re-spaced (``SUB023``), one empty line between two cues
and none before the first (``SUB024``), splitting cues merged by a missing blank line,
joining a cue split by a blank line, canonical timestamps, BOM and line endings per
policy, putting cues in order of their start (not where their numbers restart, as in
two files joined: that order would interleave them, and the file is left alone) and
clamping overlaps to the minimum gap (where the cue is still shown for ``min-duration``
and can still be read, at most a quarter past ``max-cps``: else the overlap is left,
and said).
What follows an end time (positioning, or text) is kept. A file whose reading lost
something (unreadable timing, stray text, text after the last cue, invalid UTF-8) is
left alone and reported, each finding with its first line.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.atomic import ChangedSinceRead, write_bytes_atomic
from coursekit.config import Course
from coursekit.files import ReadState, read_regular_with_status
from coursekit.languages import normalise
from coursekit.subtitles import rules
from coursekit.subtitles.diff import text_lines, unified_diff
from coursekit.subtitles.load import parse_subtitles
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.readability import reading_speed
from coursekit.subtitles.settings import Settings, settings_for
from coursekit.subtitles.storage import check_storage
from coursekit.subtitles.timestamps import format_seconds
from coursekit.subtitles.writer import compose

UNSAFE = frozenset({rules.INVALID_UTF8.code, rules.MALFORMED_TIMING.code, rules.STRAY_TEXT.code,
                    rules.UNREADABLE_FILE.code, rules.NO_CUES.code})
"""Findings after which rewriting the file would lose what the reader could not read."""
_READING_MARGIN = 1.25
"""How far past the reading speed a clamp may leave a cue (see ``_hurried``)."""

FIXED = frozenset({
    rules.INVALID_UTF8.code, rules.BOM.code, rules.LINE_ENDINGS.code, rules.SBV_FORMAT.code,
    rules.MISSING_BLANK_LINE.code, rules.BLANK_LINE_IN_CUE.code, rules.MISSING_INDEX.code,
    rules.NON_NUMERIC_INDEX.code, rules.DUPLICATE_INDEX.code, rules.INDEX_SEQUENCE.code,
    rules.NONSTANDARD_TIMESTAMP.code, rules.SHORT_FRACTION.code, rules.FINAL_BLANK_LINE.code,
    rules.CUE_LINE_WHITESPACE.code, rules.BLANK_LINE_LAYOUT.code, rules.INDEX_LEADING_ZEROS.code,
})
"""Findings a fixed file never has again (overlaps are counted apart: two cues that
start together cannot be clamped; invalid UTF-8 is mended only in a UTF-16 file)."""


@dataclass(slots=True)
class FixResult:
    path: Path
    display_path: str
    before: bytes
    after: bytes
    changes: list[str] = field(default_factory=list)
    refused: str | None = None
    """Why the file was left alone, when it was."""
    read: ReadState | None = None
    """The file as it was read: it is replaced only if it still is that file."""
    encoding: str = "utf-8"
    """The codec the file was read with (a fixed file is always written as UTF-8)."""
    left: list[str] = field(default_factory=list)
    """The overlaps no clamp parts, each as ``LINE: what`` (a line of the fixed file)."""

    @property
    def changed(self) -> bool:
        return self.refused is None and self.after != self.before

    def diff(self) -> str:
        """The unified diff of the file's text; a file read in another encoding is
        said to be saved as UTF-8 on a line before it (which a patch passes over), as
        its text alone may not have changed."""
        before = self.before.decode(self.encoding, errors="replace")
        if self.encoding != "utf-8":  # the codec's byte order mark, said above the diff
            before = before.removeprefix("\ufeff")
        old, new = text_lines(before), text_lines(self.after.decode("utf-8", errors="replace"))
        said = ("" if self.encoding == "utf-8" else
                f"{self.display_path}: read as {self.encoding.upper()}, saved as UTF-8\n")
        return said + unified_diff(old, new, f"a/{self.display_path}",
                                   f"b/{self.display_path}")


def _eol(sub: SubtitleFile, settings: Settings) -> str:
    if settings.line_endings in ("lf", "crlf"):
        return "\n" if settings.line_endings == "lf" else "\r\n"
    return "\r\n" if sub.encoding.crlf > sub.encoding.lf + sub.encoding.cr else "\n"


def _bom(sub: SubtitleFile, settings: Settings) -> bool:
    return {"forbid": False, "require": True}.get(settings.bom, sub.encoding.bom)


def in_order(cues: tuple[Cue, ...]) -> tuple[tuple[Cue, ...], bool]:
    """The cues sorted by start (a stable sort: cues starting together keep their order),
    and whether that moved any."""
    ordered = tuple(sorted(cues, key=lambda c: c.start_ms))
    return ordered, any(a is not b for a, b in zip(ordered, cues, strict=True))


def restarted(cues: tuple[Cue, ...]) -> Cue | None:
    """The first cue that starts before the cue above it with a number written above it
    already (1-4, then 1-4 again: two files joined, or one block twice), where putting
    the cues in order of their start would interleave the two; ``None`` when there is
    none (a cue moved or re-timed out of place, which that order mends)."""
    seen: set[str] = set()
    for cue, nxt in itertools.pairwise(cues):
        if cue.number_as_written is not None:
            seen.add(cue.number_as_written)
        if nxt.start_ms < cue.start_ms and nxt.number_as_written in seen:
            return nxt
    return None


Hurried = Callable[[Cue, int], str | None]
"""Why a cue shown for so many milliseconds would ask too much of a reader, or ``None``."""


def clamp_overlaps(
    cues: tuple[Cue, ...], min_gap_ms: int, min_duration_ms: int, hurried: Hurried,
) -> tuple[tuple[Cue, ...], int, list[str]]:
    """End each cue ``min_gap_ms`` before the next starts, where that keeps it shown for
    ``min_duration_ms`` and ``hurried`` finds it still readable; the overlaps left, each
    as ``LINE: what`` (its composed line)."""
    out, clamped, left, line = list(cues), 0, [], 1
    for i, (cue, nxt) in enumerate(itertools.pairwise(cues)):
        if cue.end_ms > nxt.start_ms:
            end = nxt.start_ms - min_gap_ms
            shown = end - cue.start_ms
            why = ("which starts with it" if nxt.start_ms == cue.start_ms else
                   "and would not be shown once clamped" if shown <= 0 else
                   f"and would be shown for {format_seconds(shown)} once clamped"
                   if shown < min_duration_ms else hurried(cue, shown))
            if why is None:
                out[i] = dataclasses.replace(cue, end_ms=end)
                clamped += 1
            else:
                left.append(f"{line}: cue {i + 1} overlaps cue {i + 2}, {why}: left as it "
                            "is; re-time the two")
        line += len(cue.lines) + 3  # its index, its timing, its text and a blank line
    return tuple(out), clamped, left


def _hurried(language: str, settings: Settings) -> Hurried:
    """A clamp may leave a cue at most a quarter past ``max-cps``, or past its own reading
    speed where that was above it already (a small overlap of a fast cue still goes): a
    long cue cut short by the next one, shown within it, is left to a person."""
    def hurried(cue: Cue, shown_ms: int) -> str | None:
        after = reading_speed(cue.lines, language, shown_ms)
        before = reading_speed(cue.lines, language, cue.end_ms - cue.start_ms)
        if after <= _READING_MARGIN * max(settings.max_cps, before):
            return None
        return (f"and once clamped would be shown for {format_seconds(shown_ms)}, too short "
                f"to read ({after:.1f} characters per second; at most {settings.max_cps:g})")
    return hurried


def _safe(sub: SubtitleFile) -> set[str]:
    """Findings of ``UNSAFE`` rules that a rewrite mends here: a UTF-16 file whose every
    character was read is saved as UTF-8."""
    if sub.encoding.encoding != "utf-8" and not sub.encoding.invalid_utf8_offsets:
        return {rules.INVALID_UTF8.code}
    return set()


def emptied_cue(sub: SubtitleFile) -> str | None:
    """Why a rewrite could lose a cue's text: a line read as a new cue's start, with no
    blank line before it and words after its end time, right after a cue it leaves with
    no text, may be that cue's text (``00:01:00,000 --> 00:01:02,000 is a timestamp``).
    A timing line alone there (one written twice) is a new cue's, as the fix reads it."""
    worded = {d.line for d in sub.diagnostics if d.rule == rules.TEXT_AFTER_TIMING.code}
    starting = {cue.line: i for i, cue in enumerate(sub.cues)}  # SUB005 is on the next cue
    for diag in sub.diagnostics:
        position = starting.get(diag.line or 0, 0) - 1
        if (diag.rule == rules.MISSING_BLANK_LINE.code and diag.line in worded
                and 0 <= position < len(sub.cues) and not sub.cues[position].lines):
            number = sub.cues[position].number
            return (f"reading line {diag.line} as a new cue leaves cue {number} with no "
                    f"text (SUB005, SUB204); if the line is cue {number}'s text, it would "
                    "be lost")
    return None


def fix_bytes(data: bytes, path: Path, language: str, settings: Settings,
              display_path: str | None = None) -> FixResult:
    shown = display_path or path.as_posix()
    sub = parse_subtitles(data, path, language, shown)
    result = FixResult(path, shown, data, data, encoding=sub.encoding.encoding)
    unsafe = lost_by_rewrite(sub)
    if unsafe:
        result.refused = f"left alone: rewriting it would lose what {', '.join(unsafe)} reports"
        return result
    emptied = emptied_cue(sub)
    if emptied is not None:
        result.refused = f"left alone: {emptied}"
        return result
    ordered, moved = in_order(sub.cues)
    restart = restarted(sub.cues) if moved else None
    if restart is not None:
        result.refused = (
            f"left alone: line {restart.line}: cue {restart.number} starts before the cue "
            "above it, and its number was used above (two files joined, or a block "
            "written twice?): putting the cues in order of their start would interleave "
            "them; split, reorder or re-time them by hand")
        return result
    cues, clamped, result.left = clamp_overlaps(ordered, settings.min_gap_ms,
                                                round(settings.min_duration * 1000),
                                                _hurried(language, settings))
    result.after = compose(cues, eol=_eol(sub, settings), bom=_bom(sub, settings)).encode()
    found = {d.rule for d in (*sub.diagnostics, *check_storage(sub, settings))}
    result.changes = sorted(found & FIXED)
    if moved:
        result.changes.append("cues put in order of their start")
    if clamped:
        result.changes.append(f"{clamped} overlap(s) clamped")
    return result


def lost_by_rewrite(sub: SubtitleFile) -> list[str]:
    """The ``UNSAFE`` findings of ``sub`` that a rewrite would not mend, each as its rule
    and the first line it is on (``SUB014 (line 9)``)."""
    mended, first = _safe(sub), dict[str, int | None]()
    for diag in sub.diagnostics:
        if diag.rule in UNSAFE and diag.rule not in mended:
            first.setdefault(diag.rule, diag.line)
    return [rule if line is None else f"{rule} (line {line})"
            for rule, line in sorted(first.items())]


def fix_course(course: Course, languages: Sequence[str] | None = None) -> list[FixResult]:
    """The fix of every subtitle file of ``languages``; nothing is written."""
    section = course.config.section("subtitles")
    results = []
    for lang in course_languages(course, languages):
        settings, _ = settings_for(section, lang)
        for path in course.subtitle_files(lang):
            if path.suffix.lower() != ".srt":
                continue
            try:
                data, status = read_regular_with_status(path)
            except OSError as exc:
                results.append(FixResult(path, course.relative(path), b"", b"",
                                         refused=f"cannot read: {exc.strerror or exc}"))
                continue
            result = _fixed(data, path, lang, settings, course.relative(path))
            result.read = ReadState.of(data, status)
            results.append(result)
    return results


def _fixed(data: bytes, path: Path, language: str, settings: Settings, shown: str) -> FixResult:
    try:
        return fix_bytes(data, path, language, settings, shown)
    except Exception as exc:  # a bug on one file must not stop the others' fixes
        return FixResult(path, shown, data, data, refused=(
            f"left alone: coursekit failed on it ({type(exc).__name__}: {exc}); please "
            "report it, with the file")[:300])


def write_fixes(results: Sequence[FixResult],
                on_written: Callable[[FixResult], None] | None = None) -> int:
    """Write every changed file atomically; return how many were written. A file that
    cannot be written, or that another program changed since it was read, is left as
    it is, with the reason in its ``refused``. A linked file is written through its
    link, which stays. ``on_written`` hears of each file as soon as it is renamed into
    place (an interrupted run can then say which it rewrote)."""
    written = 0
    for result in results:
        if result.changed:
            heard = None if on_written is None else functools.partial(on_written, result)
            try:
                write_bytes_atomic(result.path, result.after, expect=result.read,
                                   follow_links=True, on_replaced=heard)
            except ChangedSinceRead as exc:
                result.refused = f"left as it is: {exc.strerror} (run the fix again)"
                continue
            except OSError as exc:
                result.refused = f"cannot write: {exc.strerror or exc}"
                continue
            written += 1
    return written


def course_languages(course: Course, languages: Sequence[str] | None) -> list[str]:
    """``languages`` among the course's subtitle languages (all of them by default):
    a value that names no language folder of the course (``../../x``) names nothing."""
    available = course.subtitle_languages()
    if not languages:
        return available
    return [lang for lang in map(normalise, languages) if lang in available]
