"""One lesson to its notebooks: one per framework it distinguishes, or one for both;
each of them one per option of the lesson's tabs, when its tabs hold code
(:mod:`coursekit.notebooks.options`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

import nbformat
from nbformat import NotebookNode

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.lessons.model import Code, CodeRole, Framework, Lesson
from coursekit.lessons.python import CodeFacts, error_in_file
from coursekit.lessons.rules import UNCLOSED_FENCE
from coursekit.notebooks import rules
from coursekit.notebooks.cells import JsonDict
from coursekit.notebooks.head_cells import install_cells, install_needs_of, title_cell

# LessonCell and INSTALL_SKIP_REASON are re-exported: execution plans read them with the
# notebook's origin.
from coursekit.notebooks.lesson_cells import INSTALL_SKIP_REASON as INSTALL_SKIP_REASON
from coursekit.notebooks.lesson_cells import LessonCell as LessonCell
from coursekit.notebooks.lesson_cells import body_cells, runs
from coursekit.notebooks.metadata import NAMESPACE, NotebookMeta
from coursekit.notebooks.naming import notebook_path
from coursekit.notebooks.options import option_views
from coursekit.notebooks.quiz import is_quiz_page, without_choices
from coursekit.notebooks.requirements import imports_module
from coursekit.notebooks.settings import DEFAULT_KERNEL, SECTION, NotebookSettings, read_settings

NBFORMAT_MINOR = 5
FRAMEWORK_KERNEL = "framework"


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
    option: str | None = None
    """The option of the lesson's tabs it holds (:mod:`coursekit.notebooks.options`)."""


@dataclass(slots=True)
class Conversion:
    """The notebooks of one lesson and what the conversion found wrong."""

    notebooks: list[tuple[Framework, str, JsonDict]] = field(default_factory=list)
    """Plain JSON documents: turning them into ``NotebookNode`` is left to callers
    that need one, since the build serialises them directly."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    origins: dict[str, NotebookOrigin] = field(default_factory=dict)
    """By notebook path: the lesson, framework and code block of each lesson cell."""


def _python_code(blocks: list[Code]) -> list[CodeFacts]:
    return [b.facts for b in blocks if runs(b)]


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


def source_hash_of(course: Course, lesson: Lesson) -> str:
    """SHA-256 of the lesson file as it is on disk (empty when it cannot be read)."""
    try:
        data = read_regular(course.root / lesson.path)
    except OSError:
        data = b""
    return hashlib.sha256(data).hexdigest()


def _notebook(
    lesson: Lesson, course: Course, framework: Framework, with_prose: bool, source_hash: str,
    option: str | None = None,
) -> tuple[JsonDict, NotebookOrigin] | None:
    """The notebook of ``framework`` (and of ``option``, ``lesson`` then holding only
    its tabs: :func:`~coursekit.notebooks.options.for_option`); ``None`` when it would
    hold no Python."""
    code = lesson.code_blocks(framework)
    sources = _python_code(code)
    if not sources:
        return None
    settings = notebook_settings(course)
    cells = [title_cell(lesson, framework, settings, option)]
    cells.extend(install_cells(lesson, install_needs_of(code)))
    body: list[LessonCell] = []
    cells.extend(body_cells(lesson, framework, with_prose, body, len(cells)))
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
    if option is not None:
        meta["option"] = option
    kernel = notebook_kernel(course, environment)
    display = "Python 3" if kernel == DEFAULT_KERNEL else f"Python 3 ({kernel})"
    metadata: dict[str, Any] = {
        NAMESPACE: meta,
        # What Colab writes into a notebook it saves: it opens without a prompt there.
        "colab": {"name": PurePosixPath(notebook_path(lesson, framework, option)).name,
                  "provenance": []},
        "kernelspec": {"display_name": display, "language": "python", "name": kernel},
        "language_info": {"name": "python"},
    }
    origin = NotebookOrigin(
        lesson=lesson, framework=framework, environment=environment, kernel=kernel,
        cells=tuple(body), option=option,
    )
    document = {
        "cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": NBFORMAT_MINOR,
    }
    return document, origin


def _syntax_diagnostics(lesson: Lesson) -> list[Diagnostic]:
    """NBK105 for each Python block that does not parse, but one whose fence is left
    open: what it took in is LES103's to report, once."""
    found: list[Diagnostic] = []
    unclosed = {d.line for d in lesson.diagnostics if d.rule == UNCLOSED_FENCE.code}
    for code in lesson.code_blocks():
        if code.role is not CodeRole.PYTHON or code.documented_exception is not None or \
                code.line in unclosed:
            continue
        error = code.facts.error
        if error is None:
            continue
        line = code.line + (error.lineno or 1)
        found.append(rules.INVALID_PYTHON.at(
            lesson.path, line, f"Python code does not parse: {error_in_file(error, code.line)}",
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
    if not wanted:
        lesson = without_choices(lesson)
    digest = source_hash if source_hash is not None else source_hash_of(course, lesson)
    views = option_views(lesson)
    if not views:
        views[None] = lesson
    for framework in lesson.frameworks:
        for option, view in views.items():
            made = _notebook(view, course, framework, with_prose, digest, option)
            if made is not None:
                path = notebook_path(lesson, framework, option)
                result.notebooks.append((framework, path, made[0]))
                result.origins[path] = made[1]
    if result.notebooks:
        result.diagnostics.extend(_syntax_diagnostics(lesson))
    elif any(runs(code) for code in lesson.code_blocks()):
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
