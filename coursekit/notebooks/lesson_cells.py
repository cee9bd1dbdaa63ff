"""The cells made from a lesson's blocks: its code, its install fences, and its prose."""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from coursekit.lessons.ipython_lines import dedented
from coursekit.lessons.model import (
    Block,
    Code,
    CodeRole,
    Framework,
    Heading,
    Lesson,
    Output,
    Prose,
)
from coursekit.notebooks.cells import JsonDict, block_markdown, cell_id, code_cell, fenced
from coursekit.notebooks.expectations import cell_metadata
from coursekit.notebooks.markdown_run import MarkdownRun
from coursekit.notebooks.metadata import (
    INSTALL_TAG,
    NAMESPACE,
    RAISES_TAG,
    CellMeta,
    compact,
)
from coursekit.notebooks.outputs import cell_outputs
from coursekit.notebooks.shell import fence_installs, fence_rest

INSTALL_SKIP_REASON = "installs packages; the lesson kernel has them"


def runs(code: Code) -> bool:
    """Whether ``code`` makes a cell of its own: Python with something to run. An empty
    fence (```` ```py ```` closed on the next line, or holding blank lines) has none."""
    return code.role is CodeRole.PYTHON and bool(code.source.strip())


@dataclass(frozen=True, slots=True)
class LessonCell:
    """A notebook cell made from one lesson code block."""

    index: int
    """Position of the cell in the notebook."""
    code: Code
    source: str
    """The cell's text."""
    install: bool = False
    """A lesson ``pip install`` fence as ``!`` lines, which ``verify`` does not run."""


def _lesson_code_cell(lesson: Lesson, code: Code, index: int, framework: Framework) -> JsonDict:
    meta = cell_metadata(code, lesson.path, framework)
    metadata: JsonDict = {NAMESPACE: compact(meta)}
    if any(e["device"] is None for e in meta["expect_errors"]):
        metadata["tags"] = [RAISES_TAG]
    return code_cell(
        # a body indented as a whole (into a list item) runs so in IPython, but a
        # jupytext script of the cell would not be Python
        dedented(code.source).rstrip("\n"),
        cell_id(lesson.path, f"{code.line}:{index}"),
        metadata=metadata,
        outputs=cell_outputs(code, framework),
    )


def _shell_install_cell(lesson: Lesson, code: Code, index: int, lines: list[str]) -> JsonDict:
    """A ``pip install`` fence of the lesson, as ``!`` lines. ``verify`` skips it: the
    lesson kernels come with the packages installed."""
    meta: CellMeta = {
        "source": f"{lesson.path}:{code.line}",
        "expect_errors": [],
        "skip": INSTALL_SKIP_REASON,
        "timeout": None,
        "outputs": [],
    }
    return code_cell(
        "\n".join(lines),
        cell_id(lesson.path, f"{code.line}:{index}"),
        metadata={NAMESPACE: compact(meta), "tags": [INSTALL_TAG]},
    )


def body_cells(
    lesson: Lesson, framework: Framework, with_prose: bool, origins: list[LessonCell],
    offset: int,
) -> list[JsonDict]:
    """The cells after the title and install cells (``offset`` cells); ``origins`` gets
    the lesson cells, with their positions in the notebook."""
    cells: list[JsonDict] = []
    pending = MarkdownRun()

    def flush() -> None:
        if (cell := pending.take()) is not None:
            cells.append(cell)

    text = _LessonText(lesson, framework)
    lead_ins = _lead_ins(lesson, framework) if with_prose else {}
    moved = {index for indexes in lead_ins.values() for index in indexes}
    for index, block in enumerate(lesson.blocks):
        if not _shows(block, framework) or index in moved:
            continue
        if isinstance(block, Code) and (made := _code_cell(lesson, block, index, framework)):
            for lead_in in lead_ins.get(index, ()):
                if (shown := text.markdown(lead_in)) is not None:
                    # after the code in the lesson: no text before it holds it indented
                    pending.add(lesson.blocks[lead_in], textwrap.dedent(shown),
                                text.ident(lead_in))
            flush()
            cell, install = made
            origins.append(LessonCell(offset + len(cells), block, cell["source"], install=install))
            cells.append(cell)
            if with_prose and install and (rest := fence_rest(block)):
                # the fence's other commands (a login), shown as the lesson shows them
                pending.add(block, fenced(rest, block.info), text.ident(index, "rest"))
        elif with_prose and (shown := text.markdown(index)) is not None:
            if isinstance(block, Heading):
                flush()
            pending.add(block, shown, text.ident(index))
    flush()
    return cells


class _LessonText:
    """The Markdown that a notebook's prose-like blocks show."""

    def __init__(self, lesson: Lesson, framework: Framework) -> None:
        self.lesson = lesson
        self.framework = framework
        self.shown = {o.line for code in lesson.code_blocks(framework) for o in code.outputs
                      if runs(code) and o.framework.includes(framework)}
        """The lines of the outputs that the cells show."""
        self.title_seen = False

    def markdown(self, index: int) -> str | None:
        """The Markdown of the block at ``index``, ``None`` when it shows none here: it
        has none, or the cells show it already, or it is the title (the title cell)."""
        block = self.lesson.blocks[index]
        if _in_the_cells(self.lesson, index, self.shown):
            return None
        if isinstance(block, Heading) and block.level == 1 and not self.title_seen:
            self.title_seen = True
            return None
        return block_markdown(block, self.framework)

    def ident(self, index: int, part: str = "") -> str:
        """The id of a cell that starts with the block at ``index`` (its ``part``)."""
        block = self.lesson.blocks[index]
        key = f"{block.line}:{index}" + (f":{part}" if part else "")
        return cell_id(self.lesson.path, key)


def _lead_ins(lesson: Lesson, framework: Framework) -> dict[int, list[int]]:
    """The paragraphs the lesson writes between a code block and the outputs its cell
    shows (``This gives us:``), by the index of the code block: the notebook shows them
    before the cell, as the output they lead into is in the cell, not after it. A tip
    there is an aside about the code and stays after the cell."""
    found: dict[int, list[int]] = {}
    blocks = lesson.blocks
    for index, code in enumerate(blocks):
        if not isinstance(code, Code) or not runs(code) or not code.framework.includes(framework):
            continue
        lines = {o.line for o in code.outputs if o.framework.includes(framework)}
        between: list[int] = []
        for later in range(index + 1, len(blocks) if lines else 0):
            block = blocks[later]
            if isinstance(block, Output):
                lines.discard(block.line)
                if not lines:
                    found[index] = between
                    break
            elif isinstance(block, Prose) and _shows(block, framework):
                between.append(later)
    return found


_OUTPUT_LABEL = re.compile(r"(\*\*|__)[^*_\n]{1,40}\1\s*[:：]?")
"""A bold label alone in its paragraph (``**Output:**``, ``**Sortie :**``)."""


def _in_the_cells(lesson: Lesson, index: int, shown: set[int]) -> bool:
    """Whether the prose-like block at ``index`` is what the cells show already: a
    cell's output (``shown``: their lines), or the bold label leading into one, which
    would otherwise read below the output as the label of the text after it."""
    block = lesson.blocks[index]
    if isinstance(block, Output):
        return block.line in shown
    if isinstance(block, Prose) and _OUTPUT_LABEL.fullmatch(block.text.strip()):
        after = lesson.blocks[index + 1:index + 2]
        return bool(after) and isinstance(after[0], Output) and after[0].line in shown
    return False


def _code_cell(
    lesson: Lesson, code: Code, index: int, framework: Framework,
) -> tuple[JsonDict, bool] | None:
    """The cell of a Python block, or of a fence that installs packages (then ``True``,
    :func:`~coursekit.notebooks.shell.fence_installs`); ``None`` for other code, which
    reads as prose, and an empty Python fence, which has nothing to show either."""
    if runs(code):
        return _lesson_code_cell(lesson, code, index, framework), False
    if code.role is CodeRole.PYTHON:
        return None
    lines = fence_installs(code)
    if lines:
        return _shell_install_cell(lesson, code, index, lines), True
    return None


def _shows(block: Block, framework: Framework) -> bool:
    return block.framework.includes(framework)

