"""Packages a notebook declares, and which of them a failed import asks for.

A lesson says what it needs in its own ``pip install`` lines; the notebook builder
adds an install cell of what the code imports; a course lists extra packages per
kernel in ``[tool.coursekit.kernels.<fw>] packages``. When a cell fails because the
kernel lacks one of those, the cell ``needs-packages`` (not a failure of the lesson):
:meth:`DeclaredPackages.missing` finds the declaration behind the import error.

So does a cell that imports a package no one declares: the need names its pip name
(the reviewed table's, else the module's own, the name the index most often has), and
a program pip does not install (:mod:`~coursekit.execution.plan.programs`). A module
the kernel's package lacks (``transformers.old_module``) is no need: the lesson's
import is stale.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from coursekit.execution.plan.programs import missing_program
from coursekit.execution.plan.requirements import pip_requirements, url_requirements
from coursekit.lessons.python import code_facts
from coursekit.notebooks.distributions import tables
from coursekit.notebooks.metadata import NAMESPACE, cell_source
from coursekit.notebooks.requirements import distribution_for

_MISSING_MODULE = re.compile(r"No module named '(?P<module>[\w.]+)'")
# datasets: "please install 'torchcodec'"; transformers: "requires the librosa library",
# and for its callbacks (a RuntimeError) "requires tensorboard to be installed";
# smolagents: "You must install package `ddgs` to run this tool"; langchain: "Please
# install it with `pip install -U ddgs`"; others: "torchcodec is required".
_ASKS_FOR_PACKAGE = re.compile(
    r"(?:please install (?!it\b|them\b)[`'\"]?(?P<install>[\w.-]+)"
    r"|requires the (?P<library>[\w.-]+) library"
    r"|requires [`'\"]?(?P<installed>[\w.-]+)[`'\"]? to be installed"
    r"|install package [`'\"]?(?P<package>[\w.-]+)"
    r"|pip install (?:-{1,2}[\w-]+ )*[`'\"]?(?P<pip>[A-Za-z0-9][\w.-]*)"
    r"|(?<![\w.])(?P<required>[\w-]+) is required)")
_ASKING_ERRORS = frozenset({"ImportError", "RuntimeError"})
_NAME = re.compile(r"^[A-Za-z0-9][\w.-]*")


def missing_module(ename: str, evalue: str) -> str | None:
    """The dotted module a ``ModuleNotFoundError`` names."""
    found = _MISSING_MODULE.search(evalue) if ename == "ModuleNotFoundError" else None
    return found["module"] if found is not None else None


def stale_submodule(ename: str, evalue: str) -> bool:
    """Whether the missing module is a part of a package the lesson kernels have
    (``transformers.old_module``): a stale import, not a package to install."""
    module = missing_module(ename, evalue)
    if module is None or "." not in module:
        return False
    top = module.split(".", 1)[0]
    return top in tables().kernels and distribution_for(module) in (None, tables().kernels[top])


def asked_for(ename: str, evalue: str) -> str | None:
    """The module or package an import error says is missing, if it says."""
    if (module := missing_module(ename, evalue)) is not None:
        return module.split(".", 1)[0]
    if ename not in _ASKING_ERRORS or (found := _ASKS_FOR_PACKAGE.search(evalue)) is None:
        return None
    if ename == "RuntimeError" and found["installed"] is None:
        return None  # a RuntimeError names a package only in so many words
    return next(g for g in found.groups() if g)


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    """``pyannote.audio`` of ``pyannote.audio>=3``; ``datasets`` of ``datasets[audio]``;
    ``speechbox`` of ``git+https://github.com/huggingface/speechbox@main``."""
    if "://" in requirement:
        path = requirement.split("#", 1)[0].split("?", 1)[0].rstrip("/")
        last = path.rsplit("/", 1)[-1].split("@", 1)[0].removesuffix(".git")
        return last.split("-", 1)[0] if last.endswith(".whl") else last
    found = _NAME.match(requirement.strip())
    return found.group(0) if found is not None else requirement


def _named_after(requirement: str, module: str) -> bool:
    """Whether ``requirement``'s name holds ``module``'s as a part of its own
    (``frobnitz-lib``, ``python-frobnitz``), for a requirement no table maps a module to."""
    name = _normal(requirement_name(requirement))
    return (_normal(module) in name.split("-") and "-" in name
            and name not in _known_distributions())


def _known_distributions() -> frozenset[str]:
    return frozenset(_normal(requirement_name(r)) for r in tables().modules.values())


def provides(requirement: str, module: str, imported: tuple[str, ...] = ()) -> bool:
    """Whether installing ``requirement`` provides top-level module (or package) ``module``:
    the same name, or the distribution the notebook builder installs for it
    (``sklearn`` -> ``scikit-learn``, ``pyannote`` -> ``pyannote.audio``), or, for a
    namespace package, the part of it the code imports (``llama-index-core`` provides
    ``llama_index`` to code that imports ``llama_index.core``)."""
    name = _normal(requirement_name(requirement))
    candidates = {_normal(module)}
    distribution = distribution_for(module)
    if distribution is not None:
        candidates.add(_normal(requirement_name(distribution)))
    for dotted in imported:
        parts = dotted.split(".")
        if parts[0] == module:
            candidates.update(_normal(".".join(parts[:n])) for n in range(2, len(parts) + 1))
    return name in candidates


@dataclass(frozen=True, slots=True)
class Declaration:
    requirement: str
    where: str
    """Who declares it, as a sentence part: ``the lesson's `pip install` at file:line``."""
    from_course: bool = False
    unavailable: str = ""
    """Why it could not be installed into the kernel's overlay, when it was tried."""
    by_library: bool = False
    """Not declared: a library the cell calls asks for it (an optional dependency)."""
    system: str = ""
    """Not a Python package: how to install the program (FFmpeg, git-lfs), which no pip
    installs."""
    undeclared: bool = False
    """Not declared: the cell imports it, and no install line names it."""


@dataclass(frozen=True, slots=True)
class DeclaredPackages:
    """What one notebook's kernel was asked to have on top of its own packages."""

    declarations: tuple[Declaration, ...] = ()
    installing: bool = False
    """Whether the lesson's own requirements went into the kernel's overlay."""
    framework: str = "pt"

    def missing(self, ename: str, evalue: str, code: str = "") -> Declaration | None:
        """The declaration behind an import error, when the kernel lacks it for want of
        installing it (not when it was installed and the import still fails).

        A package that no one declares but a library asks for (not imported by the
        cell's ``code`` itself: an optional dependency of a library the kernel has) is
        needed too, and so is one the cell imports and no one declares (named by its
        pip name); a missing program (:func:`missing_program`) is needed as well."""
        program = missing_program(ename, evalue)
        if program is not None:
            return Declaration(program.name, program.why, system=program.install)
        module = asked_for(ename, evalue)
        if module is None or stale_submodule(ename, evalue):
            return None
        declaration = self.declaring(module, code)
        if declaration is None:
            if module in code_facts(code).imports:
                return _undeclared(module)
            return Declaration(module, "a library the cell calls asks for it; neither the "
                               "lesson nor the course declares it", by_library=True)
        installed = declaration.from_course or self.installing
        return declaration if declaration.unavailable or not installed else None

    def declaring(self, module: str, code: str = "") -> Declaration | None:
        """The declaration that provides ``module`` (to ``code``), if any; else one of the
        lesson's own that no table knows and that is named after it (``frobnitz-lib``,
        ``python-frobnitz`` for ``frobnitz``), which most likely does."""
        imported = code_facts(code).imported_modules if code else ()
        return next((d for d in self.declarations
                     if provides(d.requirement, module, imported)), None) or next(
            (d for d in self.declarations
             if not d.from_course and _named_after(d.requirement, module)), None)

    def detail(self, declaration: Declaration, raised: str) -> str:
        name = (declaration.requirement if declaration.system
                else requirement_name(declaration.requirement))
        if declaration.unavailable:
            return (f"needs `{name}` ({declaration.where}), which cannot be installed for "
                    f"this kernel: {declaration.unavailable} (raises `{raised}`)")
        return (f"needs `{name}` ({declaration.where}), which the kernel lacks "
                f"(raises `{raised}`)")

    def hint(self, declaration: Declaration) -> str:
        if declaration.system:
            return declaration.system
        if declaration.unavailable == _FROM_URL:
            return (f"publish `{requirement_name(declaration.requirement)}` where the machine "
                    "that verifies can install it (a package index or a wheel in `--find-links`)"
                    f" and add it to [tool.coursekit.kernels.{self.framework}] `packages`")
        if declaration.unavailable:
            return ("pin a version of it that works with the kernel's torch, tensorflow and "
                    "transformers, or mark the cells that need it "
                    "`{/* coursekit: skip reason=\"needs " + requirement_name(
                        declaration.requirement) + "\" */}`")
        if declaration.undeclared:
            return (f"add `{declaration.requirement}` to the lesson's `pip install` line "
                    "(the notebook's install cell then has it too), or to [tool.coursekit."
                    f"kernels.{self.framework}] `packages`; if `{declaration.requirement}` "
                    "is a file of the lesson's own project, the notebook lacks that file")
        if declaration.by_library:
            return (f"add `{declaration.requirement}` to [tool.coursekit.kernels."
                    f"{self.framework}] `packages` (or to the lesson's `pip install` line) "
                    "for verify to install it into the kernel's overlay; one that has no "
                    "build for the kernel's pins is then reported (EXE208)")
        return (f"run `coursekit verify --install-lesson-requirements`, or add "
                f"`packages = [\"{declaration.requirement}\"]` to "
                f"[tool.coursekit.kernels.{self.framework}]")


def _undeclared(module: str) -> Declaration:
    """The need of an import no one declares, named by the package the tables give."""
    known = distribution_for(module)
    where = ("the cell imports it, and neither the lesson's `pip install` lines nor the "
             "course declare it")
    if known is None:
        where += "; no table maps the module, so its pip name is taken to be its own"
    return Declaration(known or module, where, undeclared=True)


def _cell_source(cell: Any) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


_FROM_URL = "it installs from a URL, which verification, run offline, cannot reach"


def lesson_declarations(cells: Iterable[Any], lesson: object = None) -> list[Declaration]:
    """The requirements of the notebook's ``pip install`` cells: the lesson's own
    (with the line of its code block in ``lesson``, the notebook's lesson file) and the
    install cell the builder made from its imports."""
    own: list[Declaration] = []
    built: list[Declaration] = []
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        meta = cell.get("metadata", {}).get(NAMESPACE) or {}
        lessons = isinstance(meta, dict) and bool(meta)  # a cell made from a lesson block
        source = (cell_source(lesson, meta) or f"line {meta.get('line')}") if lessons else None
        where = (f"the lesson's `pip install` at {source}" if source
                 else "the notebook's install cell, from the lesson's imports")
        code = _cell_source(cell)
        (own if lessons else built).extend(
            [Declaration(r, where) for r in pip_requirements(code)]
            + [Declaration(u, where, unavailable=_FROM_URL) for u in url_requirements(code)])
    found: dict[str, Declaration] = {}
    for declaration in own + built:  # the lesson's own words first
        found.setdefault(declaration.requirement, declaration)
    return list(found.values())


def course_declarations(packages: Sequence[str], framework: str) -> list[Declaration]:
    return [Declaration(p, f"[tool.coursekit.kernels.{framework}] packages", from_course=True)
            for p in packages]
