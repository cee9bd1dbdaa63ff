"""Text saved as UTF-16 or UTF-32, told from UTF-8 by its byte order mark or its NULs.

Windows editors save "Unicode" text as UTF-16, with a byte order mark and sometimes
without. Without one, such a file is valid UTF-8 where it is ASCII (each character
followed or preceded by a NUL), so a UTF-8 reader finds nothing wrong with it and
nothing it looks for (a code fence, a cue number) either. Course text is mostly ASCII,
which makes the NULs regular. The subtitle reader decodes such files; the lesson reader
names them (LES101).
"""

from __future__ import annotations

SAMPLE = 4096
"""How many bytes tell UTF-16 without a mark from UTF-8."""
MARKED = (
    (b"\xff\xfe\x00\x00", "utf-32-le", b"\n\x00\x00\x00"),
    (b"\x00\x00\xfe\xff", "utf-32-be", b"\x00\x00\x00\n"),
    (b"\xff\xfe", "utf-16-le", b"\n\x00"),  # after UTF-32 LE, whose mark starts alike
    (b"\xfe\xff", "utf-16-be", b"\x00\n"),
)
"""Byte order mark, codec and newline of each UTF-32 and UTF-16 byte order."""


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


def wide_encoding(data: bytes) -> str | None:
    """How bytes that are not UTF-8 text were saved, when they are UTF-16 or UTF-32:
    ``saved as UTF-16-LE`` (with its mark), ``saved as UTF-16-LE without a byte order
    mark``; ``None`` otherwise (UTF-8's own mark says UTF-8, whatever follows)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return None
    marked = next((codec for mark, codec, _ in MARKED if data.startswith(mark)), None)
    if marked is not None:
        return f"saved as {marked.upper()}"
    unmarked = unmarked_utf16(data)
    return f"saved as {unmarked.upper()} without a byte order mark" if unmarked else None
