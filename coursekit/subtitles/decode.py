"""Bytes to text: BOM, line endings and invalid UTF-8, all recorded, nothing dropped.

A file that starts with a UTF-16 or UTF-32 byte order mark is read in that encoding
(and said to be so): Windows editors save "Unicode" subtitles that way, and players
accept them. A file without a mark whose every other byte is NUL is UTF-16 too (a
subtitle is mostly digits and ASCII punctuation), read and said to be so as well, so
that no NUL byte reaches a finding.
"""

from __future__ import annotations

import codecs
import re
import threading
from dataclasses import dataclass

from coursekit.subtitles.model import EncodingFacts, LineEndings
from coursekit.wide_text import MARKED, unmarked_utf16

_BOM = b"\xef\xbb\xbf"
_NEWLINES = {codec: newline for _, codec, newline in MARKED}
_EOL = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Decoded:
    lines: list[str]
    facts: EncodingFacts
    invalid_lines: tuple[int, ...]
    """1-based line of each invalid byte offset in ``facts``."""


class _Recorder:
    """A codec error handler that replaces each invalid sequence with U+FFFD, as
    ``errors="replace"`` does, and notes where it was: one pass over the bytes."""

    def __init__(self) -> None:
        self.offsets: list[int] = []

    def __call__(self, exc: UnicodeError) -> tuple[str, int]:
        assert isinstance(exc, UnicodeDecodeError)
        self.offsets.append(exc.start)
        return "\ufffd", exc.end


_recorders = threading.local()


def _record(exc: UnicodeError) -> tuple[str, int]:
    recorder: _Recorder = _recorders.current
    return recorder(exc)


codecs.register_error("coursekit-record", _record)


def _decode_lenient(data: bytes, codec: str = "utf-8") -> tuple[str, list[int]]:
    """Decode, replacing each invalid sequence with U+FFFD and noting its offset."""
    try:
        return data.decode(codec), []
    except UnicodeDecodeError:
        pass
    recorder = _Recorder()
    _recorders.current = recorder
    try:
        text = data.decode(codec, errors="coursekit-record")
    finally:
        del _recorders.current
    return text, recorder.offsets


def _lines_of(data: bytes, offsets: list[int], newline: bytes = b"\n") -> tuple[int, ...]:
    """The 1-based line of each (ascending) byte offset, counting newlines once."""
    found: list[int] = []
    line, counted = 1, 0
    for offset in offsets:
        line += data.count(newline, counted, offset)
        counted = offset
        found.append(line)
    return tuple(found)


def _endings(crlf: int, lf: int, cr: int) -> LineEndings:
    kinds = [name for name, count in (("crlf", crlf), ("lf", lf), ("cr", cr)) if count]
    if not kinds:
        return "none"
    if len(kinds) > 1:
        return "mixed"
    kind = kinds[0]
    assert kind in ("crlf", "lf", "cr")
    return kind  # type: ignore[return-value]


def _odd_ending(text: str, kind: LineEndings, crlf: int, lf: int, cr: int) -> int | None:
    """The 1-based line of the first line ending unlike most of a file's (mixed) endings
    (a tie goes to the first line's ending)."""
    if kind != "mixed":
        return None
    ends = [m.group() for m in _EOL.finditer(text)]
    counts = {"\r\n": crlf, "\n": lf, "\r": cr}
    most = max(counts, key=lambda end: (counts[end], end == ends[0]))
    return next(n for n, end in enumerate(ends, start=1) if end != most)


def _file_end(lines: list[str]) -> tuple[str, ...]:
    last = len(lines)
    while last > 0 and not lines[last - 1].strip():
        last -= 1
    return tuple(lines[last:])


def decode(data: bytes) -> Decoded:
    bom = data.startswith(_BOM)
    mark, codec, newline = next((u for u in MARKED if data.startswith(u[0])),
                                (b"", "utf-8", b"\n"))
    marked = True
    if not bom and not mark and (guessed := unmarked_utf16(data)) is not None:
        codec, newline, marked = guessed, _NEWLINES[guessed], False
    body = data[len(_BOM):] if bom else data[len(mark):]
    text, offsets = _decode_lenient(body, codec)
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    lines = text.split("\n") if not cr and not crlf else _EOL.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    shift = len(data) - len(body)
    invalid_lines = _lines_of(body, offsets, newline)
    endings = _endings(crlf, lf, cr)
    facts = EncodingFacts(
        bom=bom, encoding=codec, marked=marked, line_endings=endings,
        crlf=crlf, lf=lf, cr=cr, odd_ending_line=_odd_ending(text, endings, crlf, lf, cr),
        invalid_utf8_offsets=tuple(off + shift for off in offsets),
        file_end=_file_end(lines),
    )
    return Decoded(lines=lines, facts=facts, invalid_lines=invalid_lines)
