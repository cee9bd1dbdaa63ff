"""What to run in a notebook and what to expect.

A notebook built from a lesson in the same run is planned from the lesson model
(:func:`plan_from_lesson`); a notebook given as a file is planned from its
``coursekit`` metadata (:func:`plan_notebook`). Only code cells made from lesson
code blocks are planned; install and title cells are not run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from coursekit.lessons.model import Framework
from coursekit.notebooks.convert import INSTALL_SKIP_REASON, LessonCell, NotebookOrigin
from coursekit.notebooks.expectations import cell_metadata
from coursekit.notebooks.metadata import (
    NAMESPACE,
    DocumentedOutput,
    ExpectedError,
    cell_source,
    documented_outputs,
)

DEVICES = ("cpu", "cuda")
"""The devices a lesson's expectations can name."""

_CUDA_ONLY = re.compile(
    r"\bCUDA (?:error|out of memory)|\bCUBLAS_STATUS_|\bcuBLAS\b|\bcuDNN\b|CUDNN_STATUS_"
    r"|device-side assert|\bNCCL (?:error|WARN)", re.IGNORECASE)
"""What only a CUDA device raises: an error documented with one of these is a GPU's."""


def device_of(entry: ExpectedError) -> str | None:
    """The device an expectation holds on: the one it names, else ``cuda`` for an error
    only a CUDA device raises (a lesson shows it from a GPU run without saying so)."""
    named = entry.get("device") or None
    if named is not None:
        return named
    return "cuda" if _CUDA_ONLY.search(f"{entry['name']}: {entry['message']}") else None


@dataclass(frozen=True, slots=True)
class Location:
    """Where a cell's code comes from: the lesson file and the line of its code block."""

    path: str
    line: int | None = None
    cell: int | None = None
    """The cell's position, for a cell whose lesson line is not known."""

    @classmethod
    def parse(cls, text: str, cell: int | None = None) -> Location:
        """A ``path:line`` as notebook metadata writes it."""
        path, _, line = text.rpartition(":")
        if path and line.isdigit():
            return cls(path, int(line))
        return cls(text, None, cell)

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.path}:{self.line}"
        return self.path if self.cell is None else f"{self.path}:cell {self.cell}"


@dataclass(frozen=True, slots=True)
class CellPlan:
    index: int
    """Position of the cell in the notebook."""
    code: str
    location: Location
    """The lesson code block the cell was made from."""
    expected: tuple[ExpectedError, ...] = ()
    """The expectations that hold on the device being verified."""
    elsewhere: tuple[tuple[str, tuple[ExpectedError, ...]], ...] = ()
    """For a cell whose behaviour depends on the device: each other device and what is
    expected there (nothing: the cell runs clean), which this run cannot verify."""
    errors: tuple[ExpectedError, ...] = ()
    """Every error the cell documents, on any device, in the lesson's order."""
    skip: str | None = None
    timeout: float | None = None
    outputs: tuple[DocumentedOutput, ...] = ()

    @property
    def expects_error(self) -> bool:
        return bool(self.expected)

    @property
    def documents_error(self) -> bool:
        """Whether the lesson documents an error here, on any device: a scenario."""
        return bool(self.errors)

    @property
    def gpu_only(self) -> tuple[ExpectedError, ...]:
        """The CUDA errors the cell documents where it documents none for this device."""
        if self.expected:
            return ()
        return next((errors for device, errors in self.elsewhere if device == "cuda"), ())

    @property
    def source(self) -> str:
        """The location as text (``content/en/chapter3/4.mdx:154``)."""
        return str(self.location)

    @property
    def path(self) -> str:
        return self.location.path

    @property
    def line(self) -> int | None:
        return self.location.line


@dataclass(frozen=True, slots=True)
class NotebookPlan:
    lesson: str
    language: str
    framework: Framework
    notebook: str
    """Relative path the executed notebook is saved under."""
    node: Any = field(repr=False, compare=False)
    """The ``nbformat.NotebookNode`` itself."""
    cells: tuple[CellPlan, ...] = ()


def for_device(entries: list[ExpectedError], device: str) -> tuple[ExpectedError, ...]:
    """Entries for ``device`` win over device-less ones; other devices' entries drop out."""
    specific = tuple(e for e in entries if device_of(e) == device)
    if specific:
        return specific
    return tuple(e for e in entries if device_of(e) is None)


def other_devices(
    entries: list[ExpectedError], device: str,
) -> tuple[tuple[str, tuple[ExpectedError, ...]], ...]:
    """What a device-dependent cell expects on each device other than ``device``."""
    if not any(device_of(e) for e in entries):
        return ()
    return tuple((other, for_device(entries, other)) for other in DEVICES if other != device)


def _expected(raw: Any) -> list[ExpectedError]:
    if not isinstance(raw, list):
        return []
    found: list[ExpectedError] = []
    for item in raw:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            found.append(ExpectedError(
                name=item["name"], message=str(item.get("message") or ""),
                device=item.get("device") or None, origin=str(item.get("origin", "output")),
                line=int(item.get("line") or 0),
            ))
    return found


def _outputs(raw: Any, cell: Any) -> tuple[DocumentedOutput, ...]:
    if not isinstance(raw, list):
        return ()
    if all(isinstance(line, int) and not isinstance(line, bool) for line in raw):
        return tuple(documented_outputs(raw, cell))
    return tuple(
        DocumentedOutput(kind=str(o.get("kind", "result")), text=o["text"],
                         line=int(o.get("line") or 0))
        for o in raw if isinstance(o, dict) and isinstance(o.get("text"), str)
    )


def _timeout(raw: Any) -> float | None:
    if isinstance(raw, int | float) and not isinstance(raw, bool) and raw > 0:
        return float(raw)
    return None


def _source(cell: Any) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def _framework(value: object) -> Framework:
    """The notebook's framework; a value that names none is a notebook for both."""
    try:
        return Framework(str(value or Framework.BOTH.value))
    except ValueError:
        return Framework.BOTH


def plan_notebook(
    node: Any, device: str, *, notebook: str, lesson: str = "", language: str = "",
    framework: str = "",
) -> NotebookPlan:
    """Read a notebook's cells and the expectations that hold on ``device``."""
    meta = node.get("metadata", {}).get(NAMESPACE, {})
    cells: list[CellPlan] = []
    for index, cell in enumerate(node.get("cells", [])):
        info = cell.get("metadata", {}).get(NAMESPACE)
        if cell.get("cell_type") != "code" or not isinstance(info, dict):
            continue
        skip = info.get("skip")
        expected = _expected(info.get("expect_errors"))
        source = cell_source(meta.get("lesson") or lesson, info)
        cells.append(CellPlan(
            index=index,
            code=_source(cell),
            location=(Location.parse(source) if source is not None
                      else Location(notebook, None, index)),
            expected=for_device(expected, device),
            elsewhere=other_devices(expected, device),
            errors=tuple(expected),
            skip=str(skip) if skip else None,
            timeout=_timeout(info.get("timeout")),
            outputs=_outputs(info.get("outputs"), cell),
        ))
    return NotebookPlan(
        lesson=str(meta.get("lesson") or lesson or notebook),
        language=str(meta.get("language") or language),
        framework=_framework(meta.get("framework") or framework),
        notebook=notebook,
        node=node,
        cells=tuple(cells),
    )


def _lesson_cell(cell: LessonCell, origin: NotebookOrigin, device: str) -> CellPlan:
    location = Location(origin.lesson.path, cell.code.line)
    if cell.install:
        return CellPlan(index=cell.index, code=cell.source, location=location,
                        skip=INSTALL_SKIP_REASON)
    meta = cell_metadata(cell.code, origin.lesson.path, origin.framework)
    expected = meta["expect_errors"]
    return CellPlan(
        index=cell.index,
        code=cell.source,
        location=location,
        expected=for_device(expected, device),
        elsewhere=other_devices(expected, device),
        errors=tuple(expected),
        skip=meta["skip"],
        timeout=meta["timeout"],
        outputs=tuple(meta["outputs"]),
    )


def plan_from_lesson(origin: NotebookOrigin, device: str, *, notebook: str,
                     node: Any) -> NotebookPlan:
    """The plan of a notebook built from a lesson in this run, from the lesson model:
    the same plan as :func:`plan_notebook` reads back from the notebook's metadata."""
    return NotebookPlan(
        lesson=origin.lesson.path,
        language=origin.lesson.language,
        framework=origin.framework,
        notebook=notebook,
        node=node,
        cells=tuple(_lesson_cell(cell, origin, device) for cell in origin.cells),
    )
