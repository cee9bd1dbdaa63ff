"""One line per lesson, language, framework and option of the lesson's tabs (a notebook
each): what a run report says, in short.

For the summary table and progress lines of ``coursekit verify``, which must stay
legible in an 80-column terminal and in CI logs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from coursekit.execution.results import NotebookResult, Verdict, VerifyReport
from coursekit.notebooks.naming import notebook_option

FAILING = (Verdict.MISSING, Verdict.ERROR_DRIFT, Verdict.UNEXPECTED_ERROR, Verdict.API_DRIFT,
           Verdict.TIMEOUT, Verdict.KERNEL_DIED)


@dataclass(frozen=True, slots=True)
class LessonSummary:
    lesson: str
    """The lesson's path as the course names it (``content/en/chapter3/4.mdx``)."""
    language: str
    framework: str
    ok: int
    proven: int
    """Documented errors reproduced and fixed by the cells that follow them."""
    documented: int
    """Documented errors (scenarios)."""
    reached: int
    """Documented errors the run got to (reproduced, drifted or missing)."""
    failed: int
    """Cells that failed on their own account (consequences of another are not counted)."""
    skipped: int
    result: str
    """``ok``, or the one verdict of the first notebook that did not pass (its
    :attr:`~coursekit.execution.results.NotebookResult.headline`, as every report words
    it)."""
    cached: bool
    duration: float
    option: str | None = None
    """The option of the lesson's tabs its notebook holds (``smolagents``), if one."""

    @property
    def short_lesson(self) -> str:
        """The lesson's path inside its language folder (``chapter3/4.mdx``), with the
        option of its tabs (``unit3/tools.mdx (smolagents)``)."""
        short = lesson_in_language(self.lesson, self.language)
        return short if self.option is None else f"{short} ({self.option})"

    @property
    def named_lesson(self) -> str:
        """The lesson's path as the course names it, with the option of its tabs."""
        return self.lesson if self.option is None else f"{self.lesson} ({self.option})"

    @property
    def counts(self) -> str:
        """``19 ok · 7/7 errors proven · 0 failed`` (skipped cells only when there are, and
        the documented errors the run did not get to: ``5/7 errors proven (2 not
        reached)``)."""
        parts = [f"{self.ok} ok"]
        if self.documented:
            unreached = self.documented - self.reached
            parts.append(f"{self.proven}/{self.documented} errors proven"
                         + (f" ({unreached} not reached)" if unreached else ""))
        parts.append(f"{self.failed} failed")
        if self.skipped:
            parts.append(f"{self.skipped} skipped")
        return " · ".join(parts)

    @property
    def passed(self) -> bool:
        return self.result == "ok"


def lesson_in_language(lesson: str, language: str) -> str:
    """``content/en/chapter3/4.mdx`` -> ``chapter3/4.mdx`` (unchanged without that folder)."""
    parts = lesson.split("/")
    if language in parts[:-1]:
        return "/".join(parts[parts.index(language) + 1:])
    return lesson


def summarise(notebooks: list[NotebookResult]) -> LessonSummary:
    """The notebooks of one lesson, language, framework and option, as one line."""
    first = notebooks[0]
    counts: Counter[Verdict] = Counter()
    for nb in notebooks:
        counts.update(c.verdict for c in nb.cells if c.cause is None)
    scenarios = [s for nb in notebooks for s in nb.scenarios]
    return LessonSummary(
        lesson=first.lesson, language=first.language, framework=first.framework,
        ok=counts[Verdict.OK], proven=sum(s.proven for s in scenarios),
        documented=len(scenarios), reached=sum(s.reached for s in scenarios),
        failed=sum(counts[v] for v in FAILING),
        skipped=counts[Verdict.SKIPPED],
        result=next((nb.headline for nb in notebooks if nb.headline != "ok"), "ok"),
        cached=all(nb.cached for nb in notebooks),
        duration=sum(nb.duration for nb in notebooks),
        option=notebook_option(first.lesson, first.notebook, first.framework),
    )


def lesson_summaries(report: VerifyReport) -> list[LessonSummary]:
    """One summary per lesson, language, framework and option, in a stable order."""
    groups: dict[tuple[str, str, str, str], list[NotebookResult]] = defaultdict(list)
    for nb in report.notebooks:
        option = notebook_option(nb.lesson, nb.notebook, nb.framework) or ""
        groups[(nb.lesson, nb.language, nb.framework, option)].append(nb)
    return [summarise(groups[key]) for key in sorted(groups)]
