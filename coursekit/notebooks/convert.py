"""One lesson to its notebooks: one per framework it distinguishes, or one for both."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

import nbformat
from nbformat import NotebookNode

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.lessons.model import Block, Code, CodeRole, Framework, Heading, Lesson, Output
from coursekit.lessons.python import CodeFacts
from coursekit.notebooks import rules
from coursekit.notebooks.cells import JsonDict, block_markdown, cell_id, code_cell, markdown_cell
from coursekit.notebooks.expectations import cell_metadata
from coursekit.notebooks.metadata import (
    INSTALL_TAG,
    NAMESPACE,
    RAISES_TAG,
    CellMeta,
    NotebookMeta,
    compact,
)
from coursekit.notebooks.outputs import cell_outputs
from coursekit.notebooks.quiz import is_quiz_page
from coursekit.notebooks.requirements import (
    InstallNeeds,
    imports_module,
    install_needs,
    own_requirements,
)
from coursekit.notebooks.settings import DEFAULT_KERNEL, SECTION, NotebookSettings, read_settings
from coursekit.notebooks.shell import install_lines

NBFORMAT_MINOR = 5
FRAMEWORK_KERNEL = "framework"
INSTALL_SKIP_REASON = "installs packages; the lesson kernel has them"
_FRAMEWORK_NAMES = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}


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


@dataclass(frozen=True, slots=True)
class NotebookOrigin:
    """What a notebook was made from, as the lesson model says it: for those that
    plan from the model instead of reading the notebook's metadata back."""

    lesson: Lesson
    framework: Framework
    environment: Framework
    """The framework environment that runs it."""
    kernel: str
    """The kernelspec name written into the notebook."""
    cells: tuple[LessonCell, ...]


@dataclass(slots=True)
class Conversion:
    """The notebooks of one lesson and what the conversion found wrong."""

    notebooks: list[tuple[Framework, str, JsonDict]] = field(default_factory=list)
    """Plain JSON documents: turning them into ``NotebookNode`` is left to callers
    that need one, since the build serialises them directly."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    origins: dict[str, NotebookOrigin] = field(default_factory=dict)
    """By notebook path: the lesson, framework and code block of each lesson cell."""


def notebook_path(lesson: Lesson, framework: Framework) -> str:
    """Where the notebook goes, relative to ``<build>/notebooks``."""
    stem = PurePosixPath(lesson.local)
    if lesson.framework is Framework.BOTH and framework is not Framework.BOTH:
        stem = stem.with_name(f"{stem.name}_{framework.value}")
    return f"{lesson.language}/{stem}.ipynb"


def _python_code(blocks: list[Code]) -> list[CodeFacts]:
    return [b.facts for b in blocks if b.role is CodeRole.PYTHON]


def _environment(framework: Framework, sources: list[CodeFacts]) -> Framework:
    """The framework environment that runs the notebook: a notebook for both runs
    on TensorFlow's when it imports tensorflow, else on PyTorch's."""
    if framework is Framework.BOTH:
        return Framework.TF if imports_module(sources, "tensorflow") else Framework.PT
    return framework


def notebook_settings(course: Course) -> NotebookSettings:
    return read_settings(course.config.section(SECTION))


def notebook_kernel(course: Course, environment: Framework) -> str:
    """The kernelspec name written into notebooks: ``python3`` unless
    ``[tool.coursekit.notebooks] kernel`` names another, or says ``framework`` for
    the lesson kernel of the notebook's framework (``[tool.coursekit.kernels]``)."""
    name = notebook_settings(course).kernel
    if name == FRAMEWORK_KERNEL:
        return course.config.kernels.get(environment.value) or f"coursekit-{environment.value}"
    return name


def notebook_title(lesson: Lesson, framework: Framework) -> str:
    """The lesson's title, with the framework of a notebook for one framework."""
    title = lesson.title or lesson.local
    if framework in _FRAMEWORK_NAMES:
        title += f" ({_FRAMEWORK_NAMES[framework]})"
    return title


def _fields(lesson: Lesson, framework: Framework) -> dict[str, str]:
    value = "" if framework is Framework.BOTH else framework.value
    return {"language": lesson.language, "local": lesson.local, "framework": value,
            "path": notebook_path(lesson, framework)}


def _title_cell(lesson: Lesson, framework: Framework, settings: NotebookSettings) -> JsonDict:
    """The title, then what a learner opens the notebook from: the course page, and
    Colab. The lesson file's path is in the notebook's metadata, not in its text."""
    parts = [f"# {notebook_title(lesson, framework)}"]
    fields = _fields(lesson, framework)
    if settings.colab_url is not None:
        badge = "https://colab.research.google.com/assets/colab-badge.svg"
        parts.append(f"[![Open In Colab]({badge})]({settings.colab_url.format(**fields)})")
    if settings.page_url is not None:
        parts.append(f"This notebook goes with the course page "
                     f"[{lesson.title or lesson.local}]({settings.page_url.format(**fields)}).")
    return markdown_cell("\n\n".join(parts), cell_id(lesson.path, "title"))


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


def _body_cells(
    lesson: Lesson, framework: Framework, with_prose: bool, origins: list[LessonCell],
    offset: int,
) -> list[JsonDict]:
    """The cells after the title and install cells (``offset`` cells); ``origins`` gets
    the lesson cells, with their positions in the notebook."""
    cells: list[JsonDict] = []
    pending: list[str] = []
    pending_id = ""

    def flush() -> None:
        if pending:
            cells.append(markdown_cell("\n\n".join(pending), pending_id))
            pending.clear()

    title_seen = False
    shown = {o.line for code in lesson.code_blocks(framework) for o in code.outputs
             if code.role is CodeRole.PYTHON and o.framework.includes(framework)}
    for index, block in enumerate(lesson.blocks):
        if not _shows(block, framework):
            continue
        if isinstance(block, Code) and block.role is CodeRole.PYTHON:
            flush()
            cell = _lesson_code_cell(lesson, block, index, framework)
            origins.append(LessonCell(offset + len(cells), block, cell["source"]))
            cells.append(cell)
            continue
        if isinstance(block, Code) and block.role is CodeRole.SHELL:
            lines = install_lines(block.source)
            if lines:
                flush()
                cell = _shell_install_cell(lesson, block, index, lines)
                origins.append(
                    LessonCell(offset + len(cells), block, cell["source"], install=True))
                cells.append(cell)
                continue
        if not with_prose:
            continue
        if isinstance(block, Output) and block.line in shown:
            continue  # a cell's output
        if isinstance(block, Heading) and block.level == 1 and not title_seen:
            title_seen = True  # already the title cell
            continue
        text = block_markdown(block)
        if text is None:
            continue
        if isinstance(block, Heading):
            flush()
        if not pending:
            pending_id = cell_id(lesson.path, f"{block.line}:{index}")
        pending.append(text)
    flush()
    return cells


def _shows(block: Block, framework: Framework) -> bool:
    return block.framework.includes(framework)


_MAGIC_INSTALL = re.compile(r"^\s*[!%]\s*(?:python3?\s+-m\s+)?pip3?\s+install\s")


def _install_needs(code: list[Code]) -> InstallNeeds:
    """What the install cell adds to the lesson's own ``pip install`` lines: those of
    its shell fences, and ``!pip install`` / ``%pip install`` lines in its Python."""
    own = [line for block in code if block.role is CodeRole.SHELL
           for line in install_lines(block.source)]
    own += [line.strip() for block in code if block.role is CodeRole.PYTHON
            for line in block.source.splitlines() if _MAGIC_INSTALL.match(line)]
    return install_needs(_python_code(code), own_requirements(own),
                         [block.source for block in code])


def _install_cells(lesson: Lesson, needs: InstallNeeds) -> list[JsonDict]:
    """The install cell, then a note on what it cannot install, when there is any."""
    cells: list[JsonDict] = []
    if needs.requirements:
        cells.append(code_cell(
            "!pip install " + " ".join(needs.requirements),
            cell_id(lesson.path, "install"),
            metadata={"tags": [INSTALL_TAG]},
        ))
    notes: list[str] = []
    if needs.system:
        programs = "; ".join(f"{need.name}: {need.install}" for need in needs.system)
        notes.append(f"This notebook needs programs that pip does not install. {programs}.")
    if needs.unknown:
        names = ", ".join(f"`{name}`" for name in needs.unknown)
        notes.append(f"The lesson imports {names}, which no known package provides, so the "
                     "install cell leaves them out: they may be files of the lesson's own "
                     "project.")
    if notes:
        cells.append(markdown_cell("\n\n".join(notes), cell_id(lesson.path, "install-note")))
    return cells


def source_hash_of(course: Course, lesson: Lesson) -> str:
    """SHA-256 of the lesson file as it is on disk (empty when it cannot be read)."""
    try:
        data = read_regular(course.root / lesson.path)
    except OSError:
        data = b""
    return hashlib.sha256(data).hexdigest()


def _notebook(
    lesson: Lesson, course: Course, framework: Framework, with_prose: bool, source_hash: str
) -> tuple[JsonDict, NotebookOrigin] | None:
    code = lesson.code_blocks(framework)
    sources = _python_code(code)
    if not sources:
        return None
    settings = notebook_settings(course)
    cells = [_title_cell(lesson, framework, settings)]
    cells.extend(_install_cells(lesson, _install_needs(code)))
    body: list[LessonCell] = []
    cells.extend(_body_cells(lesson, framework, with_prose, body, len(cells)))
    environment = _environment(framework, sources)
    meta: NotebookMeta = {
        "lesson": lesson.path,
        "language": lesson.language,
        "framework": framework.value,
        "chapter": lesson.chapter,
        "section": lesson.section,
        "title": lesson.title,
        "source_hash": source_hash,
        "environment": environment.value,
    }
    kernel = notebook_kernel(course, environment)
    display = "Python 3" if kernel == DEFAULT_KERNEL else f"Python 3 ({kernel})"
    metadata: dict[str, Any] = {
        NAMESPACE: meta,
        # What Colab writes into a notebook it saves: it opens without a prompt there.
        "colab": {"name": PurePosixPath(notebook_path(lesson, framework)).name,
                  "provenance": []},
        "kernelspec": {"display_name": display, "language": "python", "name": kernel},
        "language_info": {"name": "python"},
    }
    origin = NotebookOrigin(
        lesson=lesson, framework=framework, environment=environment, kernel=kernel,
        cells=tuple(body),
    )
    document = {
        "cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": NBFORMAT_MINOR,
    }
    return document, origin


def _syntax_diagnostics(lesson: Lesson) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for code in lesson.code_blocks():
        if code.role is not CodeRole.PYTHON or code.documented_exception is not None:
            continue
        error = code.facts.error
        if error is None:
            continue
        line = code.line + (error.lineno or 1)
        found.append(rules.INVALID_PYTHON.at(
            lesson.path, line, f"Python code does not parse: {error.msg}",
            hint="fix the code, or mark the fence as text if it is not meant to run",
        ))
    return found


def convert_lesson(
    lesson: Lesson, course: Course, *, with_prose: bool = False, source_hash: str | None = None,
    quizzes: bool | None = None,
) -> Conversion:
    """The notebooks of ``lesson`` with the diagnostics of the conversion. A quiz page
    (:func:`~coursekit.notebooks.quiz.is_quiz_page`) yields none unless ``quizzes``
    (default: ``[tool.coursekit.notebooks] quizzes``) asks for it."""
    result = Conversion()
    wanted = quizzes if quizzes is not None else notebook_settings(course).quizzes
    if not wanted and is_quiz_page(lesson):
        return result
    digest = source_hash if source_hash is not None else source_hash_of(course, lesson)
    for framework in lesson.frameworks:
        made = _notebook(lesson, course, framework, with_prose, digest)
        if made is not None:
            path = notebook_path(lesson, framework)
            result.notebooks.append((framework, path, made[0]))
            result.origins[path] = made[1]
    if result.notebooks:
        result.diagnostics.extend(_syntax_diagnostics(lesson))
    elif lesson.has_runnable_code:
        result.diagnostics.append(rules.LESSON_WITHOUT_NOTEBOOK.at(
            lesson.path, None, "the lesson has Python code but yields no notebook",
            hint="check its framework blocks: every code block sits in a framework "
            "this lesson builds no notebook for",
        ))
    return result


def lesson_to_notebooks(
    lesson: Lesson, course: Course, *, with_prose: bool = False, quizzes: bool | None = None
) -> list[tuple[Framework, str, NotebookNode]]:
    """``(framework, path relative to <build>/notebooks, notebook)`` for each notebook."""
    conversion = convert_lesson(lesson, course, with_prose=with_prose, quizzes=quizzes)
    return [
        (framework, path, as_notebook_node(document))
        for framework, path, document in conversion.notebooks
    ]


def as_notebook_node(document: JsonDict) -> NotebookNode:
    notebook: NotebookNode = nbformat.from_dict(document)  # type: ignore[no-untyped-call]
    return notebook
