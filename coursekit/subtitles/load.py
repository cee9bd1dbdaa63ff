"""Loading a subtitle file: decode, recover every cue, and have pysrt confirm the result.

pysrt, in its raising mode, reads every file the recovery scan found well formed,
and the two readings must agree cue for cue; any difference is reported, so neither
reader can lose a cue unnoticed. Damaged files are read by the scan alone, since
pysrt merges or drops their cues.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pysrt

from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.subtitles import rules
from coursekit.subtitles.cue_lines import (
    blank_line_layout,
    cue_line_whitespace,
    index_leading_zeros,
)
from coursekit.subtitles.decode import Decoded, decode
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import Cue, EncodingFacts, SubtitleFile
from coursekit.subtitles.recovery_scan import scan

_MAX_OFFSETS_REPORTED = 10
_ODD_CHARS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters ``str.splitlines`` (and so pysrt) breaks a line at, besides CR and LF."""
_ODD_BREAK = re.compile(f"[{_ODD_CHARS}]")
_EOL = re.compile(r"\r\n|\r|\n")
"""The line endings the decoder splits lines at."""
_BREAK_NAMES = {"\x0b": "a vertical tab", "\x0c": "a form feed", "\x85": "next line"}
_CONTROL_CHARS = "".join(map(chr, (*range(0x09), *range(0x0E, 0x1C), 0x1F, 0x7F,
                                   *range(0x80, 0x85), *range(0x86, 0xA0), 0xFEFF)))
"""The control characters no player shows as text (line breaks and tabs aside)."""
_CONTROL = re.compile(f"[{re.escape(_CONTROL_CHARS)}]")
_CONTROL_NAMES = {"\0": "a NUL", "\x07": "a bell", "\x08": "a backspace",
                  "\x1b": "an escape", "\x7f": "a delete", "\ufeff": "a byte order mark"}


def load_subtitle_file(path: Path, language: str, display_path: str | None = None) -> SubtitleFile:
    """Read ``path``; never raises on bad content (an unreadable file gives a diagnostic)."""
    shown = display_path or path.as_posix()
    try:
        data = read_regular(path)
    except OSError as exc:
        diag = rules.UNREADABLE_FILE.at(shown, None, f"cannot read the file: {exc.strerror or exc}",
                                        fingerprint=fingerprint(language, "unreadable"))
        return SubtitleFile(path, language, (), (diag,), EncodingFacts(), shown)
    return parse_subtitles(data, path, language, shown)


def load_file(path: Path, language: str, shown: str) -> SubtitleFile:
    """Load one file for checking: a file the loader fails on carries that finding
    (:func:`failure`) instead of its cues."""
    try:
        return load_subtitle_file(path, language, shown)
    except Exception as exc:  # a bug on one file must not stop the others' checks
        return SubtitleFile(path, language, (), (failure(shown, language, exc),),
                            EncodingFacts(), shown)


def failure(path: str, language: str, exc: Exception) -> Diagnostic:
    """The finding for a file coursekit failed on: one file, never the whole run."""
    return rules.FILE_FAILURE.at(
        path, None, f"coursekit failed on this file ({type(exc).__name__}: {exc})"[:300],
        hint="please report it, with the file; the other files were checked",
        fingerprint=fingerprint(language, "failure"),
    )


def parse_subtitles(
    data: bytes, path: Path, language: str, display_path: str | None = None,
) -> SubtitleFile:
    shown = display_path or path.as_posix()
    decoded = decode(data)
    diagnostics: list[Diagnostic] = _invalid_utf8(decoded.facts, decoded.invalid_lines, shown,
                                                  language, _windows_1252(data, decoded))
    if decoded.facts.encoding != "utf-8":
        diagnostics.insert(0, rules.INVALID_UTF8.at(
            shown, 1, f"the file is saved as {decoded.facts.encoding.upper()}"
            f"{'' if decoded.facts.marked else ' without a byte order mark'}, not UTF-8 (read "
            "as such)", hint="`coursekit fix subtitles` saves it as UTF-8",
            fingerprint=fingerprint(language, "utf16")))
    result = scan(decoded.lines, shown, language, sbv_expected=path.suffix.lower() == ".sbv")
    diagnostics.extend(result.diagnostics)
    # Seldom (a membership test per character, 28 times faster than the regex's search
    # of the text): pysrt breaks lines there, so its reading differs for a reason said,
    # and is not asked.
    whole = "\n".join(decoded.lines)
    diagnostics.extend(cue_line_whitespace(decoded.lines, result.cues, shown, language))
    diagnostics.extend(blank_line_layout(decoded.lines, result.cues, shown, language))
    diagnostics.extend(index_leading_zeros(result.cues, result.diagnostics, shown, language))
    odd = any(char in whole for char in _ODD_CHARS)
    if odd:
        diagnostics.extend(_odd_breaks(result.cues, shown, language))
    if any(char in whole for char in _CONTROL_CHARS):  # as seldom, and asked alike
        diagnostics.extend(_controls(result.cues, shown, language))
    cues = result.cues
    if not result.diagnostics and result.format == "srt" and cues and not odd:
        cues, disagreement = _confirm_with_pysrt(decoded.lines, cues, shown, language)
        diagnostics.extend(disagreement)
    if not cues and not any(d.rule == rules.UNREADABLE_FILE.code for d in diagnostics):
        diagnostics.append(rules.NO_CUES.at(shown, None, "no cue could be read from this file",
                                            fingerprint=fingerprint(language, "no cues")))
    facts = dataclasses.replace(decoded.facts, format=result.format)
    return SubtitleFile(path, language, tuple(cues), tuple(diagnostics), facts, shown)


def _held(cues: list[Cue], pattern: re.Pattern[str]) -> Iterator[tuple[Cue, str]]:
    """Each cue whose text holds a character of ``pattern``, with the first one."""
    for cue in cues:
        match = pattern.search("\n".join(cue.lines))
        if match is not None:
            yield cue, match.group()


def _odd_breaks(cues: list[Cue], path: str, language: str) -> list[Diagnostic]:
    """SUB022 on each cue whose text holds a character that pysrt and other readers
    break the line at, and SRT players need not (they break at CR and LF)."""
    found = []
    for cue, char in _held(cues, _ODD_BREAK):
        name = _BREAK_NAMES.get(char) or unicodedata.name(char, "a control character").lower()
        said = (f"cue {cue.number} holds U+{ord(char):04X} ({name}), which some players "
                "break the line at and others do not")
        hint = ("an ellipsis `…` saved as Windows-1252 and read as Latin-1? write `…`"
                if char == "\x85" else "write a line break or a space instead")
        found.append(rules.ODD_LINE_BREAK.at(path, cue.line, said, hint=hint, cue=cue.number,
                                             fingerprint=fingerprint(language, cue.text)))
    return found


def _controls(cues: list[Cue], path: str, language: str) -> list[Diagnostic]:
    """SUB026 on each cue whose text holds a control character."""
    return [rules.CONTROL_CHARACTER.at(
        path, cue.line, f"cue {cue.number} holds U+{ord(char):04X} "
        f"({_CONTROL_NAMES.get(char, 'a control character')}), which no player shows as text",
        hint="delete it", cue=cue.number, fingerprint=fingerprint(language, cue.text))
        for cue, char in _held(cues, _CONTROL)]


def _windows_1252(data: bytes, decoded: Decoded) -> str | None:
    """How to re-save a file that is Windows-1252 rather than UTF-8 (the encoding of
    Western European text from Windows editors), with its first line that says so:
    every byte above ASCII is invalid UTF-8, and every one is a Windows-1252 letter."""
    if decoded.facts.encoding != "utf-8" or not decoded.invalid_lines:
        return None
    if not all(line.isascii() or line.replace("\ufffd", "").isascii() for line in decoded.lines):
        return None  # valid UTF-8 beside the invalid bytes: a damaged UTF-8 file
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("cp1252")
    except UnicodeDecodeError:
        return None
    line = decoded.invalid_lines[0]
    shown = _EOL.split(text)[line - 1].strip()[:60]
    return (f"it reads as Windows-1252 (line {line}: `{shown}`): re-save it as UTF-8 "
            "from Windows-1252 (`iconv -f WINDOWS-1252 -t UTF-8`)")


def _invalid_utf8(
    facts: EncodingFacts, lines: tuple[int, ...], path: str, language: str,
    legacy: str | None = None,
) -> list[Diagnostic]:
    """SUB001 at each of the first invalid byte sequences; ``legacy`` says how to
    re-save a file in a legacy encoding."""
    found = list(zip(facts.invalid_utf8_offsets, lines, strict=True))
    codec = "UTF-8" if facts.encoding == "utf-8" else facts.encoding.upper()
    diags = [
        rules.INVALID_UTF8.at(
            path, line, f"byte offset {offset}: not {codec} (read as U+FFFD)",
            hint=legacy or "re-save the file as UTF-8",
            fingerprint=fingerprint(language, "utf8", str(i)),
        )
        for i, (offset, line) in enumerate(found[:_MAX_OFFSETS_REPORTED])
    ]
    if len(found) > _MAX_OFFSETS_REPORTED:
        diags.append(rules.INVALID_UTF8.at(
            path, found[_MAX_OFFSETS_REPORTED][1],
            f"{len(found) - _MAX_OFFSETS_REPORTED} more invalid byte sequences after offset "
            f"{found[_MAX_OFFSETS_REPORTED - 1][0]}",
            fingerprint=fingerprint(language, "utf8", "more"),
        ))
    return diags


def _confirm_with_pysrt(
    lines: list[str], scanned: list[Cue], path: str, language: str,
) -> tuple[list[Cue], list[Diagnostic]]:
    """Check the scan's reading of a well-formed file against pysrt's, cue for cue.

    pysrt strips trailing whitespace, so the scan's lines (which keep it, for SUB205)
    are what is returned when the two agree."""
    try:
        items = pysrt.SubRipFile.from_string("\n".join(lines) + "\n",
                                             error_handling=pysrt.SubRipFile.ERROR_RAISE)
    except Exception as exc:  # pysrt raises its own error types and plain ValueErrors
        return scanned, [rules.READER_DISAGREEMENT.at(
            path, None, f"pysrt cannot read this file ({type(exc).__name__}: {exc}); "
            "using the recovery scan", fingerprint=fingerprint(language, "pysrt"),
        )]
    confirmed: list[Cue] = []
    for position, (cue, item) in enumerate(zip(scanned, items, strict=False), start=1):
        start, end = item.start.ordinal, item.end.ordinal
        text = item.text.split("\n") if item.text else []
        if start != cue.start_ms or end != cue.end_ms or (
            text != list(cue.lines) and text != [s.rstrip() for s in cue.lines]
        ):
            return scanned, [rules.READER_DISAGREEMENT.at(
                path, cue.line,
                f"cue {position}: pysrt reads {start}-{end} ms {text!r}, the scan "
                f"{cue.start_ms}-{cue.end_ms} ms {list(cue.lines)!r}; using the scan",
                cue=position, fingerprint=fingerprint(language, cue.text, "pysrt"),
            )]
        confirmed.append(cue)
    if len(items) != len(scanned):
        return scanned, [rules.READER_DISAGREEMENT.at(
            path, None, f"pysrt reads {len(items)} cues, the scan {len(scanned)}; using the scan",
            fingerprint=fingerprint(language, "pysrt count"),
        )]
    return confirmed, []
