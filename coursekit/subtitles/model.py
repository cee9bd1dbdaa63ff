"""The subtitle model: what every subtitle rule, the alignment and the fixer read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from coursekit.diagnostics import Diagnostic

LineEndings = Literal["lf", "crlf", "cr", "mixed", "none"]
SubtitleFormat = Literal["srt", "sbv"]


def cue_number(written: str | None, index: int) -> int:
    """The number findings call a cue by: its index line ``written``, where that is a
    plain number, else its position ``index`` in the file."""
    if written is not None and written.isascii() and written.isdigit() and len(written) < 10:
        return int(written)
    return index


@dataclass(frozen=True, slots=True)
class Cue:
    """One cue as a viewer would see it, recovered even from a damaged file."""

    index: int
    """1-based position in the file, whatever number the file wrote."""
    number_as_written: str | None
    """The index line as written (``"12"``, ``"12a"``), or ``None`` when there was none."""
    start_ms: int
    end_ms: int
    lines: tuple[str, ...]
    """Text lines, without line endings; blank lines inside the cue are not kept."""
    line: int
    """1-based line of the cue's first line in the file (its index, else its timing)."""
    settings: str = ""
    """What the timing line holds after the end time (``X1:100 …`` coordinates, cue
    settings, or text), stripped; kept so that a rewrite loses none of it."""

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def number(self) -> int:
        """The cue's index as the file writes it, which findings quote (its position
        when the file writes no plain number)."""
        return cue_number(self.number_as_written, self.index)

    @property
    def duration_ms(self) -> int:
        return self.end_ms - self.start_ms


@dataclass(frozen=True, slots=True)
class EncodingFacts:
    """How the file was stored, as found on disk."""

    bom: bool = False
    """A UTF-8 byte order mark."""
    encoding: str = "utf-8"
    """``utf-8``, or ``utf-16-le`` / ``utf-16-be`` / ``utf-32-le`` / ``utf-32-be`` for a
    file with that byte order mark (or, UTF-16 only, recognised without one)."""
    marked: bool = True
    """Whether a UTF-16 file starts with its byte order mark."""
    line_endings: LineEndings = "none"
    crlf: int = 0
    lf: int = 0
    cr: int = 0
    odd_ending_line: int | None = None
    """Where endings are mixed, the first line whose ending is not the most common one."""
    invalid_utf8_offsets: tuple[int, ...] = ()
    """Byte offsets of every byte sequence that is not UTF-8 (read as U+FFFD)."""
    format: SubtitleFormat = "srt"
    file_end: tuple[str, ...] = ("",)
    """The blank (or whitespace-only) lines after the last line with text, as written;
    an SRT writer leaves exactly one empty line."""


@dataclass(frozen=True, slots=True)
class SubtitleFile:
    path: Path
    language: str
    cues: tuple[Cue, ...]
    diagnostics: tuple[Diagnostic, ...]
    """What loading tolerated; rule findings are reported by the checks."""
    encoding: EncodingFacts
    display_path: str = ""
    """Path as diagnostics show it (relative to the course root)."""

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def recovered(self) -> bool:
        """Whether every cue was read without structural repair."""
        return not self.diagnostics
