"""The cells a notebook opens with: its title, and what the lesson needs installed."""

from __future__ import annotations

import re

from coursekit.lessons.model import Code, CodeRole, Framework, Lesson
from coursekit.lessons.python import CodeFacts
from coursekit.notebooks.cells import JsonDict, cell_id, code_cell, markdown_cell
from coursekit.notebooks.metadata import INSTALL_TAG
from coursekit.notebooks.naming import notebook_path, notebook_title
from coursekit.notebooks.requirements import InstallNeeds, install_needs, own_requirements
from coursekit.notebooks.settings import NotebookSettings
from coursekit.notebooks.shell import fence_installs


def _fields(lesson: Lesson, framework: Framework, option: str | None) -> dict[str, str]:
    value = "" if framework is Framework.BOTH else framework.value
    return {"language": lesson.language, "local": lesson.local, "framework": value,
            "path": notebook_path(lesson, framework, option)}


def title_cell(lesson: Lesson, framework: Framework, settings: NotebookSettings,
               option: str | None = None) -> JsonDict:
    """The title, then what a learner opens the notebook from: the course page, and
    Colab. The lesson file's path is in the notebook's metadata, not in its text."""
    parts = [f"# {notebook_title(lesson, framework, option)}"]
    fields = _fields(lesson, framework, option)
    if settings.colab_url is not None:
        badge = "https://colab.research.google.com/assets/colab-badge.svg"
        parts.append(f"[![Open In Colab]({badge})]({settings.colab_url.format(**fields)})")
    if settings.page_url is not None:
        parts.append(f"This notebook goes with the course page "
                     f"[{lesson.title or lesson.local}]({settings.page_url.format(**fields)}).")
    return markdown_cell("\n\n".join(parts), cell_id(lesson.path, "title"))


_MAGIC_INSTALL = re.compile(r"^\s*[!%]\s*(?:python3?\s+-m\s+)?pip3?\s+install\s")


def install_needs_of(code: list[Code]) -> InstallNeeds:
    """What the install cell adds to the lesson's own ``pip install`` lines: those of
    its install fences (:func:`~coursekit.notebooks.shell.fence_installs`), and
    ``!pip install`` / ``%pip install`` lines in its Python. A package that a line of the
    lesson installs only after the code that first imports it is in the install cell too."""
    own: list[str] = []
    python: list[CodeFacts] = []
    installed_by: list[list[str]] = []
    for block in code:
        own += own_requirements([*fence_installs(block), *_magic_installs(block)])
        if block.role is CodeRole.PYTHON:  # its own install lines run before its imports
            python.append(block.facts)
            installed_by.append(list(own))
    return install_needs(python, own, [block.source for block in code],
                         installed_by=installed_by)


def _magic_installs(block: Code) -> list[str]:
    """The ``!pip install`` / ``%pip install`` lines of a Python block (only a block that
    says "install" is read line by line: most say no such thing)."""
    if block.role is not CodeRole.PYTHON or "install" not in block.source:
        return []
    return [line.strip() for line in block.source.splitlines() if _MAGIC_INSTALL.match(line)]


def install_cells(lesson: Lesson, needs: InstallNeeds) -> list[JsonDict]:
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
