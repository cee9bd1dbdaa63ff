"""Fuzzing the lesson parser and the toctree reader with mutations of the bundled lessons.

Oracle: every fence opener of a lesson is a code block (or output) of the model, lies
inside one, or is covered by a finding; the parser never raises and every finding's
line is in the file.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.lessons import rules
from coursekit.lessons.model import Code, Lesson, Output
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.toctree import read_toctree

from .support import (
    GENERIC_LINE_OPS,
    LESSON_SEEDS,
    TOCTREE_SEEDS,
    LineOp,
    Mutant,
    OracleViolation,
    budget,
    check,
    example,
    mutants,
    mutate,
    text_lines,
)

_OPENER = re.compile(r"^(?>(?:[ ]{0,3}>[ \t]?)*)[ \t]*(`{3,}|~{3,})[ \t]*([A-Za-z][^`]*)$")
"""A fence line with an info string: only an opener can have one. A `>` indented four
spaces or more is text, not a quote marker. The quote markers are matched atomically:
backtracking over the spaces between them would take exponential time."""
_FENCE = re.compile(r"^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})")


def _fences(lines: list[str]) -> list[tuple[int, int]]:
    """(opener, closer) line indices of the top-level fences, as a plain reader pairs them."""
    found, i = [], 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        fence = m[1]
        j = i + 1
        while j < len(lines) and not re.match(
                rf"^(?:[ \t]*>)*[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", lines[j]):
            j += 1
        found.append((i, j))
        i = j + 1
    return found


def _around_fence(edit: LineOp) -> LineOp:
    """Apply ``edit`` to the lines of one fence (opener to closer) and put them back."""
    def op(lines: list[str], n: int) -> list[str]:
        fences = [f for f in _fences(lines) if f[1] < len(lines)]
        if not fences:
            return lines
        a, b = fences[n % len(fences)]
        return lines[:a] + edit(lines[a:b + 1], n) + lines[b + 1:]
    return op


def _insert(*new: str) -> LineOp:
    def op(lines: list[str], n: int) -> list[str]:
        i = n % (len(lines) + 1)
        return lines[:i] + list(new) + lines[i:]
    return op


def _unclose(lines: list[str], n: int) -> list[str]:
    fences = [f for f in _fences(lines) if f[1] < len(lines)]
    if not fences:
        return lines
    _, b = fences[n % len(fences)]
    return lines[:b] + lines[b + 1:]


def _no_gt(lines: list[str], n: int) -> list[str]:
    tags = [i for i, line in enumerate(lines) if line.lstrip().startswith("<") and ">" in line]
    if not tags:
        return lines
    i = tags[n % len(tags)]
    cut = lines[i].rindex(">")
    return [*lines[:i], lines[i][:cut] + lines[i][cut + 1:], *lines[i + 1:]]


def _indent_after_text(block: list[str], n: int) -> list[str]:
    pad = " " * (1 + n % 6)
    return ["Some text right before:"] + [pad + line for line in block]


def _quote(block: list[str], n: int) -> list[str]:
    depth = 1 + n % 24
    return ["> " * depth + line for line in block]


def _list(block: list[str], n: int) -> list[str]:
    depth = 1 + n % 13
    items = [" " * (2 * k) + "- item" for k in range(depth)]
    pad = " " * (2 * depth)
    return items + [""] + [pad + line for line in block]


LESSON_OPS: dict[str, LineOp] = {
    **GENERIC_LINE_OPS,
    "tip_around": _around_fence(lambda b, n: ["<Tip>", "", *b, "", "</Tip>"]),
    "tip_tight": _around_fence(lambda b, n: ["<Tip>", *b, "</Tip>"]),
    "tip_note": _around_fence(lambda b, n: ["<Tip>Note:", *b, "</Tip>"]),
    "indent_after_text": _around_fence(_indent_after_text),
    "quote_deep": _around_fence(_quote),
    "list_deep": _around_fence(_list),
    "nest": _around_fence(lambda b, n: ["````md", *b, "````"]),
    "component_around": _around_fence(lambda b, n: ['<div className="x">', "", *b, "", "</div>"]),
    "unclose_fence": _unclose,
    "no_gt": _no_gt,
    "unclosed_tip": _insert("<Tip>"),
    "unclosed_component": _insert('<Question choices={[{text: "a"'),
    "unclosed_comment": _insert("<!--"),
    "unclosed_jsx_comment": _insert("{/*"),
    "long_comment": lambda ls, n: _insert("<!--", *(["hidden"] * (200 + n % 100)), "-->")(ls, n),
    "long_fence": lambda ls, n: _insert("```py", *(["x = 1"] * (5000 + n % 100)), "```")(ls, n),
    "directive_number": lambda ls, n: _insert(
        "<!-- coursekit: timeout=" + ("9" * (4290 + n % 40), "\u00b2", "0", "-1", "1e3")[n % 5]
        + " -->")(ls, n),
    "framework": _insert("{#if fw === 'pt'}"),
    "framework_end": _insert("{/if}"),
}

lesson_files = mutants("LESSON_SEEDS", len(LESSON_SEEDS), sorted(LESSON_OPS))


def _bytes(case: Mutant) -> bytes:
    return mutate(LESSON_SEEDS[case.seed], case.line_ops, case.byte_ops, LESSON_OPS)


def _commented(lines: list[str]) -> set[int]:
    """Lines inside a closed ``<!-- -->`` or ``{/* */}`` comment: hidden on purpose."""
    hidden: set[int] = set()
    text = "\n".join(lines)
    for opener, closer in (("<!--", "-->"), ("{/*", "*/}")):
        start = 0
        while (a := text.find(opener, start)) != -1:
            b = text.find(closer, a + len(opener))
            if b == -1:
                break
            first, last = text.count("\n", 0, a), text.count("\n", 0, b)
            hidden.update(range(first + 1, last + 2))
            start = b + len(closer)
    return hidden


_SWALLOWING = {r.code for r in vars(rules).values()
               if isinstance(r, type(rules.UNCLOSED_FENCE)) and r.code.startswith("LES1")
               and ("unclosed" in r.name or "comment" in r.name)}
"""Findings about a construct left open, which hides the rest of the file."""


def check_every_fence_is_kept(data: bytes, lesson: Lesson) -> None:
    lines = text_lines(data, utf16=False)
    spans = []
    for block in lesson.blocks:
        if isinstance(block, Code):
            spans.append((block.line, block.line + block.source.count("\n") + 2))
            spans.extend((o.line, o.line + o.text.count("\n") + 2) for o in block.outputs)
        elif isinstance(block, Output):
            spans.append((block.line, block.line + block.text.count("\n") + 2))
    at = {d.line for d in lesson.diagnostics if d.line is not None}
    swallowing = [d.line for d in lesson.diagnostics if d.rule in _SWALLOWING and d.line]
    hidden = _commented(lines)
    for number, line in enumerate(lines, start=1):
        if _OPENER.match(line) is None or number in at or number in hidden:
            continue
        if any(a <= number <= b for a, b in spans):
            continue
        if any(s <= number for s in swallowing):
            continue
        check(False, f"line {number}: fence opener {line.strip()[:60]!r} is no code block "
                     "and in no finding")


def _check_lines(data: bytes, lesson: Lesson) -> None:
    count = len(text_lines(data, utf16=False))
    for block in lesson.blocks:
        check(1 <= block.line <= count, f"block line {block.line} outside 1..{count}")
    for d in lesson.diagnostics:
        check(d.line is None or 1 <= d.line <= count, f"finding line {d.line} outside 1..{count}")


@budget(ci=250, soak=50_000)
@given(lesson_files)
def test_lesson_parser_keeps_every_fence(case: Mutant) -> None:
    data = _bytes(case)
    with example("lesson-parser", case):
        lesson = parse_lesson(data, path="x.mdx", language="en")
        _check_lines(data, lesson)
        check_every_fence_is_kept(data, lesson)


toctree_ops: dict[str, LineOp] = {
    **GENERIC_LINE_OPS,
    "unsafe_tag": _insert("- !!python/object/apply:os.system ['echo pwned']"),
    "anchor": _insert("- &a [*a, *a, *a, *a]"),
    "self_section": _insert("  - &s {title: s, local: x, sections: [*s]}"),
    "self_chapter": _insert("- &c {title: c, sections: [*c]}"),
    "alias_bomb": _insert("  - &b0 {title: b, local: z}", *(
        f"  - &b{k} {{title: b{k}, sections: [{', '.join([f'*b{k - 1}'] * 9)}]}}"
        for k in range(1, 10))),
    "alias_sections": _insert("  - {title: again, sections: *s}"),
    "bad_indent": lambda ls, n: [(" " * (n % 3)) + line for line in ls],
    "tab_indent": lambda ls, n: [line.replace("  ", "\t") for line in ls],
    "duplicate_key": _insert("  title: again"),
    "flow": _insert("- {title: x, sections: [local: y]}"),
    "scalar": lambda ls, n: ["just a string"],
}

toctrees = mutants("TOCTREE_SEEDS", len(TOCTREE_SEEDS), sorted(toctree_ops))


@budget(ci=200, soak=20_000)
@given(toctrees)
def test_toctree_reader_never_raises_and_never_runs_tags(case: Mutant) -> None:
    data = mutate(TOCTREE_SEEDS[case.seed], case.line_ops, case.byte_ops, toctree_ops)
    with example("toctree", case):
        toc = read_toctree(data, path="_toctree.yml", language="en")
        count = len(text_lines(data, utf16=False))
        for d in toc.diagnostics:
            check(d.line is None or 1 <= d.line <= count + 1, f"finding line {d.line}")
        if b"!!python" in data:
            check(bool(toc.diagnostics), "a python tag was read without a finding")
        # Aliases never multiply entries: no more sections than lines that could name one.
        check(len(list(toc.sections())) <= count, "aliases expanded into more sections "
              "than the file has lines")


@budget(ci=200, soak=5_000)
@given(st.text(max_size=300))
def test_lesson_parser_never_raises_on_any_text(text: str) -> None:
    with example("lesson-any-text", text):
        parse_lesson(text, path="x.mdx", language="en")


REPRODUCERS = {
    "tip_note": "# T\n\n<Tip>Note:\n```py\nx = 1\n```\n</Tip>\n",
    "indent_after_text": "# T\n\nSome text:\n    ```py\n    x = 1\n    ```\n",
    "component_without_gt": "# T\n\n<Tip\n\n```py\nx = 1\n```\n\n</Tip>\n",
    "quote_20_deep": "# T\n\n" + "> " * 20 + "```py\n" + "> " * 20 + "x = 1\n" + "> " * 20
                     + "```\n",
    "component_without_gt_then_fence": "# T\n\n<Tip\n```py\nx = 1\n```\n</Tip>\n",
    "huge_timeout": "# T\n\n<!-- coursekit: timeout=" + "9" * 4400 + " -->\n\n```py\nx = 1\n```\n",
    "superscript_timeout": "# T\n\n<!-- coursekit: timeout=\u00b2 -->\n\n```py\nx = 1\n```\n",
    "list_10_deep": "# T\n\n" + "".join(" " * (2 * k) + "- item\n" for k in range(10)) + "\n"
                    + " " * 20 + "```py\n" + " " * 20 + "x = 1\n" + " " * 20 + "```\n",
}
"""The smallest lessons the soak found the parser raising on, or losing a fence in with
no finding (each handled since)."""


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_fences_once_lost_are_kept(name: str) -> None:
    data = REPRODUCERS[name].encode()
    check_every_fence_is_kept(data, parse_lesson(data, path="x.mdx", language="en"))


def test_the_fence_oracle_sees_a_lost_fence() -> None:
    data = b"# T\n\n```py\nx = 1\n```\n"
    lesson = parse_lesson(data, path="x.mdx", language="en")
    check_every_fence_is_kept(data, lesson)
    lost = dataclasses.replace(lesson, blocks=tuple(
        b for b in lesson.blocks if not isinstance(b, Code)))
    with pytest.raises(OracleViolation, match="line 3: fence opener"):
        check_every_fence_is_kept(data, lost)
