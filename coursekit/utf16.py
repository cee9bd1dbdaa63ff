"""UTF-16 without a byte order mark, told from UTF-8 by its NUL bytes.

Windows editors save "Unicode" text as UTF-16, and some leave out the mark. Such a file
is valid UTF-8 where it is ASCII (each character followed or preceded by a NUL), so a
UTF-8 reader finds nothing wrong with it and nothing it looks for (a code fence, a cue
number) either. Course text is mostly ASCII, which makes the NULs regular.
"""

from __future__ import annotations

SAMPLE = 4096
"""How many bytes tell UTF-16 without a mark from UTF-8."""


def unmarked_utf16(data: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when the bytes look like UTF-16 without a byte
    order mark: NUL in (nearly) every high byte, and in no low byte."""
    sample = data[:SAMPLE]
    if len(sample) < 4 or b"\x00" not in sample:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    half = len(sample) // 2
    if odd >= half * 0.6 and even == 0:
        return "utf-16-le"
    if even >= half * 0.6 and odd == 0:
        return "utf-16-be"
    return None
