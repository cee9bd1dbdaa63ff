"""Reading and writing SubRip and SBV timestamps, leniently, saying what was tolerated.

Every SRT timing line can be read by the one lenient pattern; a line written exactly
``HH:MM:SS,mmm --> HH:MM:SS,mmm`` (nearly every line of a real file) is read first by a
plain pattern of its own, which gives the same :class:`Timing` (a property test holds the
two to it). Its figure (``bench/plain_timing.py``): the whole ``check subtitles`` of the
real-shaped set of ``bench/realshape.py`` (250 files, 36,830 cues), with and without it
alternating in one process, is 1.06-1.08x faster with it (medians of two runs of 15
rounds; single rounds 0.94-1.27x; a shared 2-core machine at load 1.6-2.4), from 2.76-2.80x
to 2.54-2.65x a bare pysrt parse of the same files.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_SRT_TIME = r"(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:([,.:;])(\d{1,4}))?"
SRT_TIMING = re.compile(rf"^\s*({_SRT_TIME})\s*-->\s*({_SRT_TIME})(.*)$")
"""Groups: the start as written and its five parts, the end and its parts, the rest."""
_SBV_TIME = r"(\d{1,3}):(\d{2}):(\d{2})\.(\d{1,3})"
SBV_TIMING = re.compile(rf"^\s*{_SBV_TIME}\s*,\s*{_SBV_TIME}\s*$")
_CANONICAL = re.compile(r"^(?:[0-9]{2}|[1-9][0-9]{2}):[0-5][0-9]:[0-5][0-9],[0-9]{3}$")
"""As written back: hours take a third digit only past 99; digits 0-9 only (a pattern's
``\\d`` reads full-width ones too, which players do not)."""
_COORDINATES = re.compile(r"(?:[XY][12]:\d{1,6}\s*){4}", re.IGNORECASE)
_CUE_SETTINGS = re.compile(r"(?:(?:position|line|size|align|vertical|region):\S+\s*)+")
MAX_MS = ((999 * 60 + 59) * 60 + 59) * 1000 + 999
"""999:59:59,999, the latest time an SRT timestamp (three hour digits) can hold."""
_CANONICAL_TIMING = re.compile(
    r"([0-9]{2}):([0-5][0-9]):([0-5][0-9]),([0-9]{3}) --> "
    r"([0-9]{2}):([0-5][0-9]):([0-5][0-9]),([0-9]{3})")
"""A timing line as written back, with nothing after it: what nearly every line is."""


class Timing(NamedTuple):
    """The times of a timing line, and what its reading tolerated. A named tuple, not a
    frozen dataclass: one is made for every cue of every file, and a tuple is made in
    less than half the time."""

    start_ms: int
    end_ms: int
    oddities: tuple[str, ...] = ()
    """Non-standard spellings that were read anyway, each a short explanation."""
    short_fractions: tuple[str, ...] = ()
    """Timestamps with a one- or two-digit fraction, as written."""
    settings: str = ""
    """What follows the end time (positioning, or text players do not show), stripped."""


def _ms(hours: str | None, minutes: str, seconds: str, fraction: str | None) -> int:
    frac = 0
    if fraction:
        # A fraction is a decimal fraction of a second: `.64` is 640 ms, not 64 ms.
        frac = (int(fraction) if len(fraction) == 3
                else round(int(fraction) * 10 ** (3 - len(fraction))))
    return ((int(hours or 0) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + frac


def _describe(written: str, hours: str | None, minutes: str, seconds: str,
              sep: str | None, fraction: str | None) -> list[str]:
    if _CANONICAL.match(written):
        return []
    if not written.isascii():  # `\d` reads every script's digits; players read 0-9 only
        return [f"`{written}` has digits other than 0-9 (full-width?)"]
    if hours is None:
        return [f"`{written}` has no hours"]
    if sep is None:
        return [f"`{written}` has no milliseconds"]
    if sep != ",":
        return [f"`{written}` separates milliseconds with `{sep}` instead of `,`"]
    if fraction is not None and len(fraction) > 3:
        return [f"`{written}` has more than three fraction digits"]
    if int(minutes) > 59 or int(seconds) > 59:
        return [f"`{written}` has minutes or seconds above 59"]
    return [f"`{written}` is not zero-padded as `HH:MM:SS,mmm`"]


def parse_srt_timing(line: str) -> Timing | None:
    """The times of an SRT timing line, or ``None`` when it cannot be read."""
    if _CANONICAL_TIMING.fullmatch(line) is not None:  # as the lenient pattern reads it
        # One number of 18 digits, HHMMSSmmm twice, read at once (not eight numbers):
        # the last five digits of a time are its seconds in ms as they stand.
        both = int(line.replace(":", "").replace(",", "").replace(" --> ", ""))
        start, end = divmod(both, 1_000_000_000)
        return Timing(start // 10_000_000 * 3_600_000 + start // 100_000 % 100 * 60_000
                      + start % 100_000,
                      end // 10_000_000 * 3_600_000 + end // 100_000 % 100 * 60_000
                      + end % 100_000)
    return _lenient_timing(line)


def _lenient_timing(line: str) -> Timing | None:
    """:func:`parse_srt_timing` by the lenient pattern alone, for every line."""
    match = SRT_TIMING.match(line)
    if match is None:
        return None
    g = match.groups()
    rest = g[12]
    if rest and not rest[0].isspace():
        return None
    oddities: list[str] = []
    shorts: list[str] = []
    canonical = _CANONICAL.match
    if canonical(g[0]) is None or canonical(g[6]) is None:  # most lines: nothing to say
        for written, (hours, minutes, seconds, sep, fraction) in ((g[0], g[1:6]),
                                                                   (g[6], g[7:12])):
            if fraction is not None and len(fraction) < 3 and int(fraction):
                shorts.append(written)
            elif fraction is not None and len(fraction) < 3:  # `,0`: 0 ms, however read
                oddities.append(f"`{written}` has a {len(fraction)}-digit fraction")
            else:
                oddities.extend(_describe(written, hours, minutes, seconds, sep, fraction))
    start = _ms(g[1], g[2], g[3], g[5])
    end = _ms(g[7], g[8], g[9], g[11])
    if max(start, end) > MAX_MS:
        return None
    settings = rest.strip()
    if settings and not rest.startswith(" "):
        space = "a tab" if rest[0] == "\t" else f"U+{ord(rest[0]):04X}"
        oddities.append(f"`{g[6]}` is followed by {space}, not a space")
    return Timing(start, end, tuple(oddities), tuple(shorts), settings)


def is_positioning(settings: str) -> bool:
    """Whether the text after an end time is positioning players read (``X1:… Y2:…``
    coordinates or WebVTT-style cue settings), not text they drop."""
    return bool(_COORDINATES.fullmatch(settings) or _CUE_SETTINGS.fullmatch(settings))


_TIME_LIKE = re.compile(r"[\d:,.;]*\d[\d:,.;]*")
"""A time, however damaged: digits and the separators timings use, no words."""


def looks_like_timing(line: str) -> bool:
    """Whether a line holding ``-->`` that does not read as a timing is a damaged one:
    the text before the arrow, or the first word after it, is a time. A line of text
    such as ``text --> tokens --> ids`` is neither, and stays text."""
    start, _, rest = line.partition("-->")
    words = rest.split(maxsplit=1)
    return (_TIME_LIKE.fullmatch(start.strip()) is not None
            or (bool(words) and _TIME_LIKE.fullmatch(words[0]) is not None))


_FULL_TIME = r"\d{1,3}:\d{1,2}:\d{1,2}[,.:;]\d{1,4}"
_OTHER_ARROW = re.compile(
    rf"^\s*{_FULL_TIME}\s*([^\w\s,.:;]{{1,4}}(?:\s+[^\w\s,.:;]{{1,3}})?)\s*{_FULL_TIME}(?:\s|$)")
"""Two whole times with another arrow than ``-->`` between them (``->``, ``—>``, ``=>``,
``- ->``): a timing line whose arrow is damaged. The comma of SBV (``0:00:01.000,0:00:02.000``)
is not one."""


def other_arrow(line: str) -> str | None:
    """The arrow of a timing line written with another arrow than ``-->``, if it is one."""
    match = _OTHER_ARROW.match(line) if "-->" not in line else None
    return match.group(1) if match is not None else None


def why_unreadable(line: str) -> str | None:
    """Why a timing line that looks readable was refused, when there is a precise reason."""
    arrow = other_arrow(line)
    if arrow is not None:
        return f"the arrow is written `{arrow}`, not `-->`"
    match = SRT_TIMING.match(line)
    if match is None:
        return None
    g = match.groups()
    if g[12] and not g[12][0].isspace():
        return f"`{g[6]}` runs into `{g[12].strip()[:20]}` without a space"
    for written, parts in ((g[0], g[1:6]), (g[6], g[7:12])):
        if _ms(parts[0], parts[1], parts[2], parts[4]) > MAX_MS:
            return f"`{written}` is after 999:59:59,999, the latest time SRT can write"
    return None


def parse_sbv_timing(line: str) -> Timing | None:
    match = SBV_TIMING.match(line)
    if match is None:
        return None
    g = match.groups()
    start, end = _ms(g[0], g[1], g[2], g[3]), _ms(g[4], g[5], g[6], g[7])
    if max(start, end) > MAX_MS:
        return None
    return Timing(start, end)


def format_srt_time(ms: int) -> str:
    """``HH:MM:SS,mmm``; times are read only up to :data:`MAX_MS`, so every time a
    file holds is written back in a form it reads."""
    ms = max(ms, 0)
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d},{millis:03d}"


def format_seconds(ms: int) -> str:
    """``83`` -> ``0.083 s``; for messages."""
    return f"{ms / 1000:.3f} s"
