"""The hunks of a unified diff from a matcher's opcodes, as ``difflib.unified_diff``
writes them, for the diffs whose matcher is not difflib's default (the lesson diffs,
without its junk heuristic; the subtitle diffs of large files, from opcodes of their
own): one writer of ``@@`` headers and ``-``/``+``/`` `` lines."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence


def hunks(matcher: difflib.SequenceMatcher[str], old: Sequence[str], new: Sequence[str],
          fromfile: str, tofile: str, context: int = 3) -> Iterator[str]:
    """The diff's lines: the file header, then each hunk of ``context`` lines around what
    ``matcher`` (over ``old`` and ``new``) found changed; nothing where nothing changed."""
    header = [f"--- {fromfile}\n", f"+++ {tofile}\n"]
    for group in matcher.get_grouped_opcodes(context):
        yield from header
        header = []
        first, last = group[0], group[-1]
        yield f"@@ -{_span(first[1], last[2])} +{_span(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in old[i1:i2])
                continue
            yield from ("-" + line for line in old[i1:i2])
            yield from ("+" + line for line in new[j1:j2])


def _span(start: int, stop: int) -> str:
    """A hunk's range as unified diffs write it: ``start,length``, 1-based (an empty
    range names the line before it)."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"
