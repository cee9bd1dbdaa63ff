"""The notebooks to verify: built in memory from the lessons, or read from disk.

Lessons are parsed and converted by the notebook builder (verify never reads
lesson text itself); such a notebook keeps what it was made from, so that its
kernel, selection and plan come from the lesson model. Explicit ``.ipynb``
paths, and ``<build>/notebooks`` of a checkout without lessons, are read as they
are and planned from their metadata.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.output.executed import EXECUTED_DIR
from coursekit.execution.plan.model import NotebookPlan, plan_from_lesson, plan_notebook
from coursekit.notebooks.build import NOTEBOOKS_DIR
from coursekit.notebooks.convert import NotebookOrigin
from coursekit.notebooks.metadata import NAMESPACE


@dataclass(frozen=True, slots=True)
class NotebookSource:
    notebook: str
    """Path relative to ``<build>/notebooks`` (``en/chapter8/4_pt.ipynb``)."""
    node: Any
    kernel: str
    origin: NotebookOrigin | None = None
    """The lesson model it was built from in this run; ``None`` for a notebook file."""

    def plan(self, device: str) -> NotebookPlan:
        """What to run and expect on ``device``: from the lesson model when the notebook
        was built in this run, else from the notebook's metadata."""
        if self.origin is not None:
            return plan_from_lesson(self.origin, device, notebook=self.notebook, node=self.node)
        return plan_notebook(self.node, device, notebook=self.notebook)


GENERIC_KERNELS = frozenset({"python3", "python"})
"""Kernelspecs that say nothing about the lesson's environment."""


def _kernel_of(course: Course, node: Any) -> str:
    """A kernelspec naming a specific kernel is used; a generic one (``python3``, as
    built notebooks have) gives way to the lesson kernel of the notebook's framework."""
    metadata = node.get("metadata", {})
    name = metadata.get("kernelspec", {}).get("name")
    ours = metadata.get(NAMESPACE, {})
    if isinstance(name, str) and name and (name not in GENERIC_KERNELS or not ours):
        return name
    return _lesson_kernel(course, str(ours.get("environment") or ours.get("framework", "both")))


def _origin_kernel(course: Course, origin: NotebookOrigin) -> str:
    """:func:`_kernel_of` for a notebook built in this run, from what it was made of."""
    if origin.kernel not in GENERIC_KERNELS:
        return origin.kernel
    return _lesson_kernel(course, origin.environment.value)


def _lesson_kernel(course: Course, framework: str) -> str:
    """The lesson kernel of a framework environment."""
    kernels = course.config.kernels
    if framework not in kernels:
        framework = course.config.frameworks[0] if course.config.frameworks else "pt"
    return kernels.get(framework, f"coursekit-{framework}")


def _built_in_memory(
    course: Course, languages: list[str], diagnostics: list[Diagnostic],
) -> Iterator[tuple[str, Any, NotebookOrigin]] | None:
    if not course.content_dir.is_dir():
        return None  # no lessons here: read the built notebooks
    from coursekit.lessons.load import load_lesson
    from coursekit.notebooks.convert import as_notebook_node, convert_lesson

    def generate() -> Iterator[tuple[str, Any, NotebookOrigin]]:
        for language in languages:
            for file in course.lesson_files(language):
                try:
                    conversion = convert_lesson(load_lesson(course, file), course)
                    built = [(path, as_notebook_node(document), conversion.origins[path])
                             for _framework, path, document in conversion.notebooks]
                except Exception as exc:  # one broken lesson must not stop the others
                    diagnostics.append(rules.NOTEBOOK_UNREADABLE.at(
                        course.relative(file), None,
                        f"cannot build notebooks: {type(exc).__name__}: {exc}",
                    ))
                    continue
                yield from built

    return generate()


def _notebook_name(path: Path, course: Course, given: Path) -> str:
    """The notebook's path as a whole run names it (under ``<build>/notebooks`` or
    ``<build>/executed``, else under the root, else under the folder given), so that two
    notebooks given by their files never share a name, nor their executed copy its file
    (an executed notebook run again is saved over itself, not in a folder of its own)."""
    bases = (course.build_dir / NOTEBOOKS_DIR, course.build_dir / EXECUTED_DIR, course.root,
             given)
    for base in bases:
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return path.name


def _read_files(
    files: Iterable[Path], base: Path, course: Course, diagnostics: list[Diagnostic],
) -> Iterator[tuple[str, Any]]:
    for path in files:
        try:
            node = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        except Exception as exc:  # nbformat raises many kinds on a broken file
            diagnostics.append(rules.NOTEBOOK_UNREADABLE.at(
                course.relative(path), None, f"cannot read the notebook: {exc}",
            ))
            continue
        yield _notebook_name(path, course, base), node


def _notebook_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return [path] if path.suffix == ".ipynb" else []


def _within(path: Path, folder: Path) -> bool:
    path, folder = path.resolve(), folder.resolve()
    return path == folder or folder in path.parents


def _names_notebooks(course: Course, path: Path) -> bool:
    """Whether a path given to verify names notebooks to run as they are: a notebook, or
    a folder of notebooks that holds no lesson of the course and lies in none (the root,
    or a folder of lessons, names the lessons, whatever notebooks the build left in it)."""
    if not path.is_dir():
        return path.suffix == ".ipynb"
    lessons = course.content_dir
    if lessons.is_dir() and (_within(lessons, path) or _within(path, lessons)):
        return False
    return bool(_notebook_files(path))


def _given_files(course: Course, explicit: list[Path]) -> list[tuple[Path, Path]]:
    """Each notebook file the paths name, once (a file given again, or inside a folder
    also given, is run and reported once), with the folder it was found in; a folder's
    executed notebooks (the outputs of earlier runs) only when it lies among them."""
    seen: set[Path] = set()
    files: list[tuple[Path, Path]] = []
    executed = course.build_dir / EXECUTED_DIR
    for given in explicit:
        for file in _notebook_files(given):
            if given.is_dir() and not _within(given, executed) and _within(file, executed):
                continue
            if file.resolve() not in seen:
                seen.add(file.resolve())
                files.append((file, given if given.is_dir() else given.parent))
    return files


def _selected(
    relpath: str, node: Any, languages: list[str] | None, frameworks: set[str] | None,
    paths: list[str],
) -> bool:
    meta = node.get("metadata", {}).get(NAMESPACE, {})
    return _in_scope(
        str(meta.get("language") or relpath.split("/", 1)[0]), str(meta.get("framework", "both")),
        str(meta.get("lesson", "")), languages, frameworks, paths,
    )


def _in_scope(
    language: str, framework: str, lesson: str, languages: list[str] | None,
    frameworks: set[str] | None, paths: list[str],
) -> bool:
    if languages is not None and language not in languages:
        return False
    if frameworks is not None and framework != "both" and framework not in frameworks:
        return False
    if not paths:
        return True
    return any(p == "." or lesson == p or lesson.startswith(p.rstrip("/") + "/")
               for p in paths)


def _scope_names(course: Course, paths: list[Path]) -> list[str]:
    """How the course names each lesson path given: as written with ``..`` taken out
    (``chapters/fr/../en/1.mdx``), and where a link leads (a lesson given through a link
    to its folder)."""
    names: list[str] = []
    for path in paths:
        candidates = [Path(os.path.normpath(path.absolute()))]
        with contextlib.suppress(OSError, RuntimeError):
            candidates.append(path.resolve())
        names.extend(n for n in map(course.relative, candidates) if n not in names)
    return names


def collect(
    course: Course,
    *,
    languages: list[str] | None,
    frameworks: set[str] | None,
    paths: list[Path],
) -> tuple[list[NotebookSource], list[Diagnostic]]:
    """The notebooks to verify, in a stable order, and what could not be read.

    ``languages`` ``None`` means the course's (its configured ``languages``, else every
    one) and ``frameworks`` ``None`` the course's (``frameworks`` of its configuration,
    as ``build`` has them), but for notebooks named by their files, which run whatever
    their language and framework."""
    diagnostics: list[Diagnostic] = []
    course_frameworks = set(frameworks if frameworks is not None else course.config.frameworks)
    course_languages = languages if languages is not None else (
        list(course.config.languages) or None)
    explicit = [p for p in paths if _names_notebooks(course, p)]
    lesson_paths = _scope_names(course, [p for p in paths if p not in explicit])
    built = None
    if lesson_paths or not explicit:  # lessons given beside notebooks run too
        wanted = languages if languages is not None else course.lesson_languages()
        built = _built_in_memory(course, wanted, diagnostics)
    chosen: list[NotebookSource] = []
    if built is not None:
        chosen = [
            NotebookSource(relpath, node, _origin_kernel(course, origin), origin)
            for relpath, node, origin in built
            if _in_scope(origin.lesson.language, origin.framework.value, origin.lesson.path,
                         languages, course_frameworks, lesson_paths)
        ]
    found: Iterable[tuple[str, Any]] = ()
    if explicit:
        found = (item for file, given in _given_files(course, explicit)
                 for item in _read_files([file], given, course, diagnostics))
    elif built is None:
        base = course.build_dir / NOTEBOOKS_DIR
        found = _read_files(_notebook_files(base), base, course, diagnostics)
    named = {source.notebook for source in chosen}
    chosen += [
        NotebookSource(relpath, node, _kernel_of(course, node))
        for relpath, node in found
        if relpath not in named
        and (_selected(relpath, node, languages, frameworks, []) if explicit else
             _selected(relpath, node, course_languages, course_frameworks, lesson_paths))
    ]
    return sorted(chosen, key=lambda s: s.notebook), diagnostics
