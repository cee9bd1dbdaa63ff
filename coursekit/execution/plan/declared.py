"""Packages a notebook declares, and which of them a failed import asks for.

A lesson says what it needs in its own ``pip install`` lines; the notebook builder
adds an install cell of what the code imports; a course lists extra packages per
kernel in ``[tool.coursekit.kernels.<fw>] packages``. When a cell fails because the
kernel lacks one of those, the cell ``needs-packages`` (not a failure of the lesson):
:meth:`DeclaredPackages.missing` finds the declaration behind the import error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from coursekit.execution.plan.requirements import pip_requirements, url_requirements
from coursekit.lessons.python import code_facts
from coursekit.notebooks.metadata import NAMESPACE, cell_source
from coursekit.notebooks.requirements import distribution_for

_MISSING_MODULE = re.compile(r"No module named '(?P<module>[\w.]+)'")
# datasets: "please install 'torchcodec'"; transformers: "requires the librosa library";
# others: "torchcodec is required".
_ASKS_FOR_PACKAGE = re.compile(
    r"(?:please install [`'\"]?(?P<install>[\w.-]+)"
    r"|requires the (?P<library>[\w.-]+) library"
    r"|(?<![\w.])(?P<required>[\w-]+) is required)")
_NAME = re.compile(r"^[A-Za-z0-9][\w.-]*")


_NO_FFMPEG = "Could not load libtorchcodec"
FFMPEG = "FFmpeg's shared libraries"


def asked_for(ename: str, evalue: str) -> str | None:
    """The module or package an import error says is missing, if it says."""
    if ename == "ModuleNotFoundError" and (found := _MISSING_MODULE.search(evalue)):
        return found["module"].split(".", 1)[0]
    if ename == "ImportError" and (found := _ASKS_FOR_PACKAGE.search(evalue)):
        return next(g for g in found.groups() if g)
    return None


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
    system: bool = False
    """Not a Python package: libraries of the machine (FFmpeg's), which no pip installs."""


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
        needed too; a module the cell imports and no one declares is the lesson's gap."""
        if ename == "RuntimeError" and _NO_FFMPEG in evalue:
            return Declaration(FFMPEG, "torchcodec, which decodes the audio, loads them; a "
                               "system package, not a Python one", system=True)
        module = asked_for(ename, evalue)
        if module is None:
            return None
        declaration = self.declaring(module, code)
        if declaration is None:
            if module in code_facts(code).imports:
                return None
            return Declaration(module, "a library the cell calls asks for it; neither the "
                               "lesson nor the course declares it", by_library=True)
        installed = declaration.from_course or self.installing
        return declaration if declaration.unavailable or not installed else None

    def declaring(self, module: str, code: str = "") -> Declaration | None:
        """The declaration that provides ``module`` (to ``code``), if any."""
        imported = code_facts(code).imported_modules if code else ()
        return next((d for d in self.declarations
                     if provides(d.requirement, module, imported)), None)

    def detail(self, declaration: Declaration, raised: str) -> str:
        name = requirement_name(declaration.requirement)
        if declaration.unavailable:
            return (f"needs `{name}` ({declaration.where}), which cannot be installed for "
                    f"this kernel: {declaration.unavailable} (raises `{raised}`)")
        return (f"needs `{name}` ({declaration.where}), which the kernel lacks "
                f"(raises `{raised}`)")

    def hint(self, declaration: Declaration) -> str:
        if declaration.system:
            return ("install FFmpeg's shared libraries (FFmpeg 4 to 8) on the machine that "
                    "verifies, e.g. `apt-get install ffmpeg`; `coursekit kernels list` "
                    "says which one torchcodec finds")
        if declaration.unavailable == _FROM_URL:
            return (f"publish `{requirement_name(declaration.requirement)}` where the machine "
                    "that verifies can install it (a package index or a wheel in `--find-links`)"
                    f" and add it to [tool.coursekit.kernels.{self.framework}] `packages`")
        if declaration.unavailable:
            return ("pin a version of it that works with the kernel's torch, tensorflow and "
                    "transformers, or mark the cells that need it "
                    "`{/* coursekit: skip reason=\"needs " + requirement_name(
                        declaration.requirement) + "\" */}`")
        if declaration.by_library:
            return (f"add `{declaration.requirement}` to [tool.coursekit.kernels."
                    f"{self.framework}] `packages` (or to the lesson's `pip install` line) "
                    "for verify to install it into the kernel's overlay; one that has no "
                    "build for the kernel's pins is then reported (EXE208)")
        return (f"run `coursekit verify --install-lesson-requirements`, or add "
                f"`packages = [\"{declaration.requirement}\"]` to "
                f"[tool.coursekit.kernels.{self.framework}]")


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
