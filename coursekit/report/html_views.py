"""What the HTML page shows, arranged for its templates: matrices, timelines, findings.

Each function reads the typed judgement and findings and returns plain values in the
order the page shows them; the templates (``templates/*.html.j2``) only lay them out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Generic, TypeVar

from coursekit.config import LESSON_SUFFIXES
from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.judgement.model import CellResult, NotebookJudgement, NotebookStatus, Scenario
from coursekit.notebooks.naming import notebook_option
from coursekit.report.timeline import Bar, Timeline

Link = Callable[[str, int | None], str]
"""``(path relative to the course root, line) -> href``."""

Cell = TypeVar("Cell")

PX_PER_SECOND = 12
ROW = 22


def anchor(path: str) -> str:
    return "f-" + "".join(c if c.isalnum() else "-" for c in path)


def lesson_key(path: str, language: str) -> str:
    """``content/en/chapter3/4.mdx`` -> ``chapter3/4.mdx``."""
    parts = path.split("/")
    if language in parts[:-1]:
        return "/".join(parts[parts.index(language) + 1:])
    return path


def _language_of(path: str) -> str:
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else ""


def _order(languages: set[str], source: str) -> list[str]:
    return sorted(languages, key=lambda lang: (lang != source, lang))


def clock(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:06.3f}"


# --- the scenario matrix (verify, and check's documented lessons) ----------------------

@dataclass(frozen=True, slots=True)
class Where:
    """A cell's place: ``line N`` linked to the lesson line, or its source as it is."""

    text: str
    href: str | None = None


def where(source: str, link: Link) -> Where:
    path, _, line = source.rpartition(":")
    if not path or not line.isdigit():
        return Where(source)
    return Where(f"line {line}", link(path, int(line)))


@dataclass(frozen=True, slots=True)
class ScenarioView:
    state: str
    """``proven``, ``unproven`` or ``documented`` (not run)."""
    error: Where
    detail: str
    fixed_by: tuple[Where, ...]
    reason: str
    outcome: str = ""
    """The documented error's fate (``not-reached``, ``needs-gpu``...), as the JSON
    words it."""

    @property
    def mark(self) -> str:
        return "✓" if self.state == "proven" else "✗" if self.state == "unproven" else "•"


def scenario_view(nb: NotebookJudgement, scenario: Scenario, link: Link) -> ScenarioView:
    error = nb.cell(scenario.error_cell)
    fixes = [c for c in map(nb.cell, scenario.fix_cells) if c is not None]
    detail = ""
    if error is not None:
        detail = error.expected or error.detail or error.verdict.value
    return ScenarioView(
        state=scenario.state, error=where(error.source if error else "", link), detail=detail,
        fixed_by=tuple(where(c.source, link) for c in fixes),
        reason="" if scenario.proven or not scenario.judged else scenario.reason,
        outcome=scenario.outcome.value,
    )


@dataclass(frozen=True, slots=True)
class NotebookView:
    nb: NotebookJudgement
    count: str
    """``12/14 cells pass``, or ``14 code cells`` for a notebook not run."""
    cause: tuple[CellResult, Where] | None
    scenarios: tuple[ScenarioView, ...]


def notebook_view(nb: NotebookJudgement, link: Link) -> NotebookView:
    total = len(nb.cells)
    count = (f"{total} code cells" if nb.status is NotebookStatus.DOCUMENTED
             else f"{nb.passing_cells}/{total} cells pass")
    first = nb.first_cause
    return NotebookView(
        nb=nb, count=count, cause=(first, where(first.source, link)) if first else None,
        scenarios=tuple(scenario_view(nb, s, link) for s in nb.scenarios),
    )


@dataclass(frozen=True, slots=True)
class Matrix(Generic[Cell]):
    columns: tuple[tuple[str, ...], ...]
    """``(language, framework)`` or ``(language,)``."""
    rows: tuple[tuple[str, tuple[Cell | None, ...]], ...]
    """``(lesson, one entry per column or None)``, by lesson."""


def _row_key(nb: NotebookJudgement) -> str:
    """The matrix row of a notebook: its lesson, and the option of the lesson's tabs a
    notebook of one holds (``tools.mdx (smolagents)`` for ``tools_smolagents.ipynb``)."""
    key = lesson_key(nb.lesson, nb.language)
    option = notebook_option(nb.lesson, nb.notebook, nb.framework)
    return key if option is None else f"{key} ({option})"


def scenario_matrix(notebooks: Sequence[NotebookJudgement], source_language: str,
                    link: Link) -> Matrix[NotebookView]:
    columns: set[tuple[str, str]] = set()
    rows: dict[str, dict[tuple[str, str], NotebookJudgement]] = defaultdict(dict)
    for nb in notebooks:
        columns.add((nb.language, nb.framework))
        rows[_row_key(nb)][(nb.language, nb.framework)] = nb
    languages = _order({lang for lang, _ in columns}, source_language)
    ordered = [(lang, fw) for lang in languages
               for fw in sorted({f for g, f in columns if g == lang})]
    return Matrix(tuple(ordered), tuple(
        (lesson, tuple(notebook_view(rows[lesson][col], link) if col in rows[lesson] else None
                       for col in ordered))
        for lesson in sorted(rows)))


# --- the lessons matrix (check) ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LessonCell:
    status: str
    """``error``, ``warning`` or ``clean``."""
    label: str
    href: str


def lessons_matrix(checked: Sequence[str], diagnostics: Sequence[Diagnostic],
                   source_language: str, link: Link) -> Matrix[LessonCell] | None:
    lessons = [p for p in checked if p.endswith(LESSON_SUFFIXES)]
    if not lessons:
        return None
    by_path: dict[str, Counter[Severity]] = defaultdict(Counter)
    for diag in diagnostics:
        by_path[diag.path][diag.severity] += diag.count
    rows: dict[str, dict[str, str]] = defaultdict(dict)
    for lesson_path in lessons:
        language = _language_of(lesson_path)
        rows[lesson_key(lesson_path, language)][language] = lesson_path
    languages = _order({lang for row in rows.values() for lang in row}, source_language)

    def cell(path: str) -> LessonCell:
        counts = by_path[path]
        errors, warnings = counts[Severity.ERROR], counts[Severity.WARNING]
        status = "error" if errors else "warning" if warnings else "clean"
        label = f"{errors} errors, {warnings} warnings" if status != "clean" else "clean"
        return LessonCell(status, label, f"#{anchor(path)}" if counts else link(path, None))

    return Matrix(tuple((lang,) for lang in languages), tuple(
        (lesson, tuple(cell(rows[lesson][lang]) if lang in rows[lesson] else None
                       for lang in languages))
        for lesson in sorted(rows)))


# --- subtitle timelines -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CueBar:
    kind: str
    """`` problem error`` for a cue with findings (the worst), else ``""``."""
    x: str
    y: int
    width: str
    index: int
    tip: str


def _bars(bars: Sequence[Bar], y: int, problems: Mapping[int, list[Diagnostic]]) -> list[CueBar]:
    out = []
    for bar in bars:
        found = problems.get(bar.called, [])
        worst = max((d.severity for d in found), key=lambda s: s.rank, default=None)
        tip = f"#{bar.called} {clock(bar.start)} → {clock(bar.end)}\n{bar.text}"
        tip += "".join(f"\n{d.rule}: {d.message}" for d in found)
        out.append(CueBar(
            kind=f" problem {worst.value}" if worst is not None else "",
            x=f"{bar.start * PX_PER_SECOND:.1f}",
            # Every other cue a little lower: overlapping cues show as a step, not one bar.
            y=y + 4 * (bar.index % 2),
            width=f"{max((bar.end - bar.start) * PX_PER_SECOND, 1.0):.1f}",
            index=bar.called, tip=tip,
        ))
    return out


@dataclass(frozen=True, slots=True)
class TimelineView:
    timeline: Timeline
    findings: int
    labels: tuple[str, ...]
    width: int
    height: int
    axis: tuple[tuple[int, str], ...]
    """``(x, label)`` of each tick."""
    bars: tuple[CueBar, ...]

    @property
    def axis_height(self) -> int:
        return ROW * len(self.labels)


def timeline_view(timeline: Timeline, diagnostics: Sequence[Diagnostic]) -> TimelineView:
    def problems(path: str) -> dict[int, list[Diagnostic]]:
        found: dict[int, list[Diagnostic]] = defaultdict(list)
        for diag in diagnostics:
            if diag.path == path and diag.cue is not None:
                found[diag.cue].append(diag)
        return found

    rows: list[tuple[str, Sequence[Bar]]] = []
    if timeline.source_path is not None:
        rows.append((timeline.source_path, timeline.source_cues))
    rows.append((timeline.path, timeline.cues))
    duration = timeline.duration
    step = 10 if duration <= 180 else 30 if duration <= 900 else 60
    return TimelineView(
        timeline=timeline, findings=sum(d.path == timeline.path for d in diagnostics),
        labels=tuple(path.rsplit("/", 2)[-2] for path, _ in rows),
        width=int(duration * PX_PER_SECOND) + 60, height=ROW * len(rows) + 18,
        axis=tuple((s * PX_PER_SECOND, clock(s)[:-4]) for s in range(0, int(duration) + 1, step)),
        bars=tuple(bar for n, (path, bars) in enumerate(rows)
                   for bar in _bars(bars, 3 + n * ROW, problems(path))),
    )


# --- findings -----------------------------------------------------------------------------

def findings_by_file(
    diagnostics: Sequence[Diagnostic],
) -> list[tuple[str, list[tuple[str, Severity, list[Diagnostic]]]]]:
    """``(path, [(rule, worst severity, findings)])``, in the order of the text report."""
    files = []
    for path, group in groupby(sorted_diagnostics(diagnostics), key=lambda d: d.path):
        rules = []
        for rule, items in groupby(sorted(group, key=lambda d: (d.rule, d.sort_key())),
                                   key=lambda d: d.rule):
            found = list(items)
            rules.append((rule, max((d.severity for d in found), key=lambda s: s.rank), found))
        files.append((path, rules))
    return files
