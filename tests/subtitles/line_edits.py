"""A Hypothesis step shared by the subtitle property tests: damage a file's lines."""

from __future__ import annotations

from hypothesis import strategies as st


def edit_lines(
    draw: st.DrawFn, lines: list[str], line: st.SearchStrategy[str], most: int,
) -> list[str]:
    """``lines`` with up to ``most`` lines replaced, inserted or deleted at random."""
    for _ in range(draw(st.integers(0, most))):
        at = draw(st.integers(0, len(lines)))
        new = draw(line)
        edit = draw(st.sampled_from(["replace", "insert", "delete"]))
        if edit == "insert" or at == len(lines):
            lines.insert(at, new)
        elif edit == "replace":
            lines[at] = new
        else:
            del lines[at]
    return lines
