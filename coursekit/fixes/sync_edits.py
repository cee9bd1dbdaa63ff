"""The edits that write a translation's sync plan into its file: code rewritten where
its fence lies, fences copied from the source, fences removed (:mod:`.sync_removal`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from coursekit.fixes.sync_indent import paragraph_end, shift, shifted
from coursekit.fixes.sync_removal import removals
from coursekit.formatting.places import CodePlace, Unplaced, code_lines, locate_code
from coursekit.lessons.model import Code, Heading, Output, Prose
from coursekit.translations.carries import Action, Carry
from coursekit.translations.digest import Digest
from coursekit.translations.sync import synced


@dataclass(frozen=True, slots=True)
class Edit:
    """``lines`` in place of the file's lines ``start`` to ``end`` (0-based, end excluded)."""

    start: int
    end: int
    lines: tuple[str, ...]
    order: int = 0
    """Among insertions at one place: the source's order."""


def apply(lines: Sequence[str], edits: Sequence[Edit]) -> str:
    """The file's text with ``edits`` made; a last line with no line break that gets
    lines after it gets a line break first, the file's own."""
    out: list[str] = []
    at = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end, e.order)):
        _extend(out, lines[at:edit.start], lines)
        _extend(out, edit.lines, lines)
        at = max(at, edit.end)
    _extend(out, lines[at:], lines)
    return "".join(out)


def _extend(out: list[str], more: Sequence[str], lines: Sequence[str]) -> None:
    if more and out and not out[-1].endswith(("\n", "\r")):
        out[-1] += line_break(lines)
    out.extend(more)


def line_break(lines: Sequence[str]) -> str:
    """The file's line break: its first line's (``\\n`` for a file of one line)."""
    first = lines[0] if lines else "\n"
    return first[len(first.rstrip("\r\n")):] or "\n"


def _output_code(output: Output) -> Code:
    return Code(output.line, "", output.info, output.text)


def _located(lines: Sequence[str], code: Code) -> tuple[int, int, CodePlace] | Unplaced:
    """The file lines of a fence: its opening line to its closing line, included; or why
    it cannot be placed."""
    place = locate_code(lines, code)
    if not isinstance(place, CodePlace):
        return place
    return place.first - 1, place.first + place.count, place


def _span(lines: Sequence[str], code: Code) -> tuple[int, int, CodePlace] | None:
    """The file lines of a fence (:func:`_located`), ``None`` when it cannot be placed."""
    found = _located(lines, code)
    return None if isinstance(found, Unplaced) else found


def _unplaced(what: str, unplaced: Unplaced) -> str:
    """That ``what`` ("its fence") cannot be placed, why, and what a person can do."""
    return (f"{what} cannot be placed in the file exactly: {unplaced.why}; "
            + unplaced.remedy("`coursekit fix translations` syncs it then", "sync it by hand"))


class FileEdits:
    """The edits of one translation file, from its plan."""

    def __init__(self, lines: Sequence[str], source_lines: Sequence[str],
                 translation: Digest, source_path: str = "") -> None:
        self.lines = lines
        self.source_lines = source_lines
        self.translation = translation
        self.source_path = source_path
        """The source lesson's path, that messages about its blocks name."""
        self.line_break = line_break(lines)
        self.edits: list[Edit] = []
        self.left: list[str] = []
        self.removed: list[tuple[int, int]] = []
        """The first and last lines of the fences to take out (:meth:`settle`)."""

    def carry(self, carry: Carry) -> bool:
        if carry.action is Action.UPDATE:
            return self._update(carry)
        if carry.action is Action.REMOVE:
            return self._remove(carry)
        if carry.action is Action.OUTPUT:
            return self._output(carry)
        if carry.action is Action.GROUP:
            return self._group(carry)
        return self._add(carry)

    def _update(self, carry: Carry) -> bool:
        tgt, src = carry.translation, carry.source
        assert tgt is not None
        assert src is not None
        edits: list[Edit] = []
        removed: list[tuple[int, int]] = []
        span = _located(self.lines, tgt)
        if isinstance(span, Unplaced):
            return self._cannot(tgt, _unplaced("its fence", span))
        if carry.text is not None and carry.text != tgt.source:
            place = span[2]
            edits.append(Edit(place.first, place.first + place.count,
                              tuple(code_lines(self.lines, place, carry.text))))
        for n, text in enumerate(carry.outputs):
            if text is None:
                continue
            if n < len(tgt.outputs):
                out = _located(self.lines, _output_code(tgt.outputs[n]))
                if isinstance(out, Unplaced):
                    return self._cannot(tgt, _unplaced(
                        f"its output fence at line {tgt.outputs[n].line}", out))
                edits.append(Edit(out[2].first, out[2].first + out[2].count,
                                  tuple(code_lines(self.lines, out[2], text))))
                continue
            copied = self._copied(_output_code(src.outputs[n]))
            after = self._end(tgt)
            if copied is None or after is None:
                return self._cannot(tgt, "the source's output fence " + self._uncopied(
                    _output_code(src.outputs[n])) if copied is None else "its last output "
                    "fence cannot be placed in the file exactly: sync it by hand")
            edits.append(Edit(after + 1, after + 1, (self.line_break, *copied), order=n))
        for output in tgt.outputs[len(tgt.outputs) - carry.drop_outputs:]:
            out = _located(self.lines, _output_code(output))
            if isinstance(out, Unplaced):
                return self._cannot(tgt, _unplaced(f"its output fence at line {output.line}",
                                                   out))
            removed.append(out[:2])
        self.edits.extend(edits)
        self.removed.extend(removed)
        return True

    def _output(self, carry: Carry) -> bool:
        """An output fence attached to no code, rewritten with the source's text."""
        output, text = carry.output, carry.text
        assert output is not None
        assert text is not None
        span = _located(self.lines, _output_code(output))
        if isinstance(span, Unplaced):
            self.left.append(f"{self.translation.path}:{output.line}: output fence left as "
                             "it was: " + _unplaced("it", span))
            return False
        place = span[2]
        self.edits.append(Edit(place.first, place.first + place.count,
                               tuple(code_lines(self.lines, place, text))))
        return True

    def _remove(self, carry: Carry) -> bool:
        tgt = carry.translation
        assert tgt is not None
        spans = [_located(self.lines, tgt), *(_located(self.lines, _output_code(o))
                                              for o in tgt.outputs)]
        for n, span in enumerate(spans):
            if isinstance(span, Unplaced):
                what = f"its output fence at line {tgt.outputs[n - 1].line}" if n else "its fence"
                return self._cannot(tgt, _unplaced(what, span))
        self.removed.extend(s[:2] for s in spans if not isinstance(s, Unplaced))
        return True

    def settle(self) -> None:
        """Once every carry is made: the fences to take out, taken out with their blank
        lines, each run of them at once (two blocks side by side leave one blank line)."""
        self.edits.extend(Edit(*found) for found in removals(self.lines, self.removed,
                                                             self.line_break))

    def _add(self, carry: Carry) -> bool:
        src = carry.source
        assert src is not None
        fence = self._copied(src, carry.text)
        texts = carry.outputs or (None,) * len(src.outputs)
        outputs = [self._copied(_output_code(o), text)
                   for o, text in zip(src.outputs, texts, strict=True)]
        what = f"the source's block {self.source_path}:{src.line}"
        if fence is None or any(o is None for o in outputs):
            return self._not_added(what, self._uncopied(src, *map(_output_code, src.outputs)))
        block: list[str] = list(fence)
        for output in outputs:
            assert output is not None
            block.extend((self.line_break, *output))
        by = shift(self.source_lines, self.lines, src, carry.indent)
        return self._insert(carry, list(shifted(block, by)), what)

    def _group(self, carry: Carry) -> bool:
        """A framework group new in the source: its markers, fences and directives, each
        set off by a blank line, without the prose around them."""
        group = carry.group
        assert group is not None
        what = f"the source's framework group {self.source_path}:{group.start.line}"
        block: list[str] = []
        for part in group.blocks:
            lines = self._copied(part) if isinstance(part, Code) else \
                self._copied(_output_code(part)) if isinstance(part, Output) else \
                (self.source_lines[part.line - 1].rstrip("\r\n") + self.line_break,)
            if lines is None:
                return self._not_added(what, self._uncopied(*group.code))
            block.extend((self.line_break, *lines) if block else lines)
        return self._insert(carry, block, what)

    def _insert(self, carry: Carry, block: list[str], what: str) -> bool:
        """``block`` set in where ``carry`` says, with a blank line between it and what
        is before it and after it."""
        at = self._insertion(carry)
        if at is None:
            return self._not_added(what, "has no place in the file, as the translation's "
                                   "block it goes next to cannot be placed in the file "
                                   "exactly (its line says why): sync that block first")
        index, before = at
        lines = (*block, self.line_break) if before else (self.line_break, *block)
        if not before and index < len(self.lines) and self.lines[index].strip():
            lines = (*lines, self.line_break)  # a tight list's next item
        self.edits.append(Edit(index, index, lines, order=carry.order))
        return True

    def _not_added(self, what: str, why: str) -> bool:
        self.left.append(f"{self.translation.path}: {what} {why}: not added")
        return False

    def _insertion(self, carry: Carry) -> tuple[int, bool] | None:
        """The line index the block goes at, and whether it goes before what is there."""
        if isinstance(carry.after, Prose):
            return paragraph_end(self.lines, carry.after), False
        if carry.after is not None:
            end = self._end(carry.after)
            return None if end is None else (end + 1, False)
        if carry.before is not None:
            start = _span(self.lines, carry.before)
            return None if start is None else (start[0], True)
        if carry.section is not None:
            return self._section_end(carry.section)
        return None

    def _end(self, code: Code) -> int | None:
        """The last line of a block: its last output fence's closing line, or its own."""
        last = _output_code(code.outputs[-1]) if code.outputs else code
        span = _span(self.lines, last)
        return None if span is None else span[1]

    def _section_end(self, heading: Heading) -> tuple[int, bool]:
        """Before the next heading, of any level (a block's section is its nearest
        heading's: it ends where a subsection starts); in the last section, after its
        last line that is not blank, and before a ``code-synced`` directive below it."""
        following = [h for h in self.translation.headings if h.line > heading.line]
        if not following:
            directive = synced(self.translation.lesson)
            end = len(self.lines) if directive is None or directive.line < heading.line \
                else directive.line - 1
            while end > 0 and not self.lines[end - 1].strip():
                end -= 1
            return end, False
        return following[0].line - 1, True

    def _copied(self, code: Code, text: str | None = None) -> tuple[str, ...] | None:
        """The source file's lines of a fence, in this file's line breaks, with ``text``
        as its code when given."""
        span = _span(self.source_lines, code)
        if span is None:
            return None
        first, last, place = span
        inner = (code_lines(self.source_lines, place, text) if text is not None
                 else self.source_lines[place.first:place.first + place.count])
        lines = [self.source_lines[first], *inner, self.source_lines[last]]
        return tuple(line.rstrip("\r\n") + self.line_break for line in lines)

    def _uncopied(self, *fences: Code) -> str:
        """Why a fence of the source cannot be copied: the first that cannot be placed in
        the source file, and what to change there."""
        for fence in fences:
            found = _located(self.source_lines, fence)
            if isinstance(found, Unplaced):
                return (f"cannot be copied: its fence at {self.source_path}:{fence.line} "
                        + _unplaced("", found).lstrip())
        return "cannot be copied exactly: copy it by hand"

    def _cannot(self, code: Code, why: str) -> bool:
        self.left.append(f"{self.translation.path}:{code.line}: block left as it was: {why}")
        return False

    def mark(self, text: str) -> None:
        directive = synced(self.translation.lesson)
        if directive is not None:
            self.edits.append(Edit(directive.line - 1, directive.line,
                                   (text + self.line_break,)))
            return
        at = len(self.lines)  # a last line with no line break gets one (:func:`apply`)
        self.edits.append(Edit(at, at, (self.line_break, text + self.line_break),
                               order=1 << 30))
