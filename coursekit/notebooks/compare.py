"""How faithfully built notebooks reproduce a folder of published ones.

A course that publishes notebooks names them its own way: ``chapter3/section4_pt.ipynb``
for the PyTorch notebook of ``chapter3/4.mdx``. Built and published notebooks are
paired by language folder, chapter folders, section (a ``section`` prefix dropped)
and framework (a ``_pt``/``_tf`` suffix, or the built notebook's own metadata for a
split file such as ``4.ipynb``). For each pair the report counts the published code
cells that a built cell reproduces exactly (trailing spaces aside), and, of those that
show outputs, how many the built cell shows too; notebooks found on one side only
are listed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from coursekit.files import DATA_LIMIT, read_regular

_FRAMEWORKS = ("pt", "tf")
_SECTION_PREFIX = "section"


@dataclass(frozen=True, slots=True)
class PairFidelity:
    """One built notebook against its published twin."""

    key: str
    """``en/chapter3/4 pt``: language, folders, section and framework."""
    built: str
    published: str
    code_cells: int
    """Code cells of the published notebook (empty ones left out)."""
    reproduced: int
    """Of those, the ones a built cell has with the same source."""
    with_outputs: int
    """Reproduced cells that show outputs in the published notebook."""
    outputs_kept: int
    """Of those, the ones whose built cell shows outputs too."""


@dataclass(slots=True)
class FidelityReport:
    pairs: list[PairFidelity] = field(default_factory=list)
    only_built: list[str] = field(default_factory=list)
    only_published: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    """Published files that are not notebooks JSON can read."""

    def total(self, name: str) -> int:
        return sum(int(getattr(pair, name)) for pair in self.pairs)


def notebook_key(relative: PurePosixPath, framework: str | None) -> str:
    """What pairs a notebook: ``en/chapter3/4 pt`` for ``en/chapter3/section4_pt.ipynb``,
    ``en/chapter3/4_pt.ipynb``, or ``en/chapter3/4.ipynb`` of ``framework`` pt."""
    stem = relative.stem
    suffix = ""
    for fw in _FRAMEWORKS:
        if stem.endswith(f"_{fw}"):
            stem, suffix = stem[: -len(fw) - 1], fw
    rest = stem.removeprefix(_SECTION_PREFIX)
    if rest[:1].isdigit():  # ``section4``: the course's name of section 4
        stem = rest
    chosen = suffix or (framework if framework in _FRAMEWORKS else "both")
    return f"{relative.parent / stem} {chosen}"


def _source(cell: object) -> bool:
    """Whether ``cell`` is no cell, or one whose source is nbformat's multiline string."""
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    return isinstance(source, str) or (
        isinstance(source, list) and all(isinstance(line, str) for line in source))


def _read(path: Path) -> dict[str, Any] | None:
    """The notebook at ``path``; ``None`` for anything else: a file that is not a regular
    one or larger than any notebook, not JSON (or nested too deeply for its reader), or
    JSON without a list of cells whose sources are text."""
    try:
        document = json.loads(read_regular(path, DATA_LIMIT))
    except (OSError, ValueError, RecursionError):
        return None
    if (isinstance(document, dict) and isinstance(document.get("cells"), list)
            and all(_source(cell) for cell in document["cells"])):
        return document
    return None


def _framework(document: dict[str, Any]) -> str | None:
    """The framework a built notebook's ``coursekit`` metadata names, if any."""
    metadata = document.get("metadata")
    ours = metadata.get("coursekit") if isinstance(metadata, dict) else None
    framework = ours.get("framework") if isinstance(ours, dict) else None
    return framework if isinstance(framework, str) else None


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def _normal(source: str) -> str:
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def _code_cells(document: dict[str, Any]) -> list[tuple[str, bool]]:
    """(normalised source, shows outputs) of each non-empty code cell."""
    found = []
    for cell in document["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = _normal(_text(cell.get("source")))
        if source:
            found.append((source, bool(cell.get("outputs"))))
    return found


def _pair(key: str, built: str, published: str, ours: dict[str, Any],
          theirs: dict[str, Any]) -> PairFidelity:
    available: Counter[str] = Counter()
    with_output: Counter[str] = Counter()
    for source, shows in _code_cells(ours):
        available[source] += 1
        with_output[source] += shows
    code = reproduced = outputs = kept = 0
    for source, shows in _code_cells(theirs):
        code += 1
        if available[source] <= 0:
            continue
        available[source] -= 1
        reproduced += 1
        if shows:
            outputs += 1
            if with_output[source] > 0:
                with_output[source] -= 1
                kept += 1
    return PairFidelity(key, built, published, code, reproduced, outputs, kept)


def _notebooks(folder: Path, languages: Collection[str] | None) -> list[PurePosixPath]:
    """The notebooks under ``folder``, from it, of the language folders ``languages``
    (all when None)."""
    found = (PurePosixPath(p.relative_to(folder).as_posix())
             for p in folder.rglob("*.ipynb") if p.is_file())
    return sorted(p for p in found if languages is None or p.parts[0] in languages)


def compare_notebooks(built: Path, published: Path,
                      languages: Collection[str] | None = None) -> FidelityReport:
    """Pair the notebooks under ``built`` (a build's ``notebooks`` folder) with those
    under ``published`` (laid out by language folder the same way) and count; only
    those of ``languages`` when given (a build of some languages)."""
    report = FidelityReport()
    ours: dict[str, tuple[str, dict[str, Any]]] = {}
    for relative in _notebooks(built, languages):
        document = _read(built / relative)
        if document is None:
            continue
        ours[notebook_key(relative, _framework(document))] = (str(relative), document)
    seen: set[str] = set()
    for relative in _notebooks(published, languages):
        document = _read(published / relative)
        if document is None:
            report.unreadable.append(str(relative))
            continue
        key = notebook_key(relative, None)
        if key not in ours or key in seen:
            report.only_published.append(str(relative))
            continue
        seen.add(key)
        path, mine = ours[key]
        report.pairs.append(_pair(key, path, str(relative), mine, document))
    report.only_built = sorted(path for key, (path, _) in ours.items() if key not in seen)
    return report


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else "0/0"


def format_report(report: FidelityReport) -> str:
    """The report as text: one line per pair, then the totals and the unpaired."""
    lines = [f"{'notebook':44} {'code cells reproduced':>24} {'outputs kept':>20}"]
    for pair in report.pairs:
        lines.append(f"{pair.built:44} {_share(pair.reproduced, pair.code_cells):>24} "
                     f"{_share(pair.outputs_kept, pair.with_outputs):>20}")
    lines.append(
        f"{'total (' + str(len(report.pairs)) + ' pairs)':44} "
        f"{_share(report.total('reproduced'), report.total('code_cells')):>24} "
        f"{_share(report.total('outputs_kept'), report.total('with_outputs')):>20}")
    lines.append(f"built only ({len(report.only_built)}): {', '.join(report.only_built) or '-'}")
    lines.append(f"published only ({len(report.only_published)}): "
                 f"{', '.join(report.only_published) or '-'}")
    if report.unreadable:
        lines.append(f"not notebooks ({len(report.unreadable)}): {', '.join(report.unreadable)}")
    return "\n".join(lines)
