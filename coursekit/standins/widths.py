"""What tells an error of a stand-in from an error of the real architecture.

A stand-in is its real architecture with the real configuration (vocabulary, positions,
special tokens, label maps) shrunk in width and depth only, and without trained weights.
So an error that a notebook on stand-ins raises in place of the documented one is the
real architecture's too, unless it depends on the shrunk widths: a message that names
one of them (``mat1 and mat2 shapes cannot be multiplied (8x32 and 768x2)``) may be the
stand-in's doing; any other (a removed argument, a changed type, an index past the real
vocabulary) the real model raises as well, and verify says nothing of stand-ins there.
"""

from __future__ import annotations

import functools
import re

from coursekit.standins.builder.architectures import SIZES


@functools.cache
def _widths() -> re.Pattern[str]:
    """The widths the stand-ins shrink to, as numbers of a message (``8x32``, ``(37)``),
    not parts of a name (``float32``). Depths and head counts (1, 2) and the small widths
    (16, a common batch size and half precision's bits) are too common in messages to
    tell anything, so they are left out."""
    found = sorted({value for sizes in SIZES.values() for value in sizes.values()
                    if isinstance(value, int) and not isinstance(value, bool) and value > 16})
    return re.compile(r"(?<![\d.A-Za-wyz_])(?:" + "|".join(map(str, found)) + r")(?![\d.])")


def names_a_standin_width(message: str) -> bool:
    """Whether an error message names a width of the stand-ins."""
    return _widths().search(message) is not None
