"""The cells made from a lesson's blocks: its code, its install fences, and its prose."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
        code.source.rstrip("\n"),
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

    title_seen = False
    shown = {o.line for code in lesson.code_blocks(framework) for o in code.outputs
             if runs(code) and o.framework.includes(framework)}
    for index, block in enumerate(lesson.blocks):
        if not _shows(block, framework):
            continue
        if isinstance(block, Code) and (made := _code_cell(lesson, block, index, framework)):
            flush()
            cell, install = made
            origins.append(LessonCell(offset + len(cells), block, cell["source"], install=install))
            cells.append(cell)
            if with_prose and install and (rest := fence_rest(block)):
                # the fence's other commands (a login), shown as the lesson shows them
                pending.add(block, fenced(rest, block.info),
                            cell_id(lesson.path, f"{block.line}:{index}:rest"))
            continue
        if not with_prose:
            continue
        if _in_the_cells(lesson, index, shown):
            continue
        if isinstance(block, Heading) and block.level == 1 and not title_seen:
            title_seen = True  # already the title cell
            continue
        text = block_markdown(block, framework)
        if text is None:
            continue
        if isinstance(block, Heading):
            flush()
        pending.add(block, text, cell_id(lesson.path, f"{block.line}:{index}"))
    flush()
    return cells


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

