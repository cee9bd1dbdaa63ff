"""Which commit of a log had seen which: each commit's ancestors as a set of bits, one
per place in the log, made in one pass over the commit graph. One ``git log`` gives the
graph; no question of ancestry then needs a ``git rev-list`` of its own."""

from __future__ import annotations


def seen_bits(parents: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Each commit of the log (``parents``, in its order) -> the bits of the places of
    itself and its ancestors. The log lists parents after their children, so from its
    end each commit's parents are known before it; one that is not is done first."""
    places = {sha: order for order, sha in enumerate(parents)}
    found: dict[str, int] = {}
    for start in reversed(parents):
        stack = [start]
        while stack:
            sha = stack[-1]
            if sha in found:
                stack.pop()
                continue
            pending = [p for p in parents[sha] if p in places and p not in found]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            bits = 1 << places[sha]
            for parent in parents[sha]:
                bits |= found.get(parent, 0)
            found[sha] = bits
    return found
