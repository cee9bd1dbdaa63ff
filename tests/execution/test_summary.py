"""The summary table and progress lines stay legible at 80 columns."""

from __future__ import annotations

import io

from rich.console import Console

from coursekit.cli.commands.verify import _progress_line, _table
from coursekit.execution.output.summary import lesson_in_language, lesson_summaries
from coursekit.execution.results import (
    CellResult,
    NotebookResult,
    Scenario,
    Verdict,
    VerifyReport,
)
from coursekit.judgement.model import Fate


def _result(lesson: str, language: str, framework: str, verdicts: list[Verdict], *,
            cached: bool = False) -> NotebookResult:
    cells = [CellResult(index=i, source=f"{lesson}:{10 * i}", verdict=v)
             for i, v in enumerate(verdicts)]
    scenarios = [Scenario(c.index, (c.index + 1,), proven=True) for c in cells
                 if c.verdict is Verdict.REPRODUCED]
    notebook = lesson.split("/", 1)[1].replace(".mdx", ".ipynb")
    return NotebookResult(lesson=lesson, language=language, framework=framework,
                          notebook=notebook, cells=cells, scenarios=scenarios,
                          cached=cached, duration=123.4, cell_time=120.0)


def _report() -> VerifyReport:
    ok, repro = Verdict.OK, Verdict.REPRODUCED
    return VerifyReport(notebooks=[
        _result("content/en/chapter8/4.mdx", "en", "pt", [ok] * 19 + [repro] * 7, cached=True),
        _result("content/zh-CN/chapter10/13_tf.mdx", "zh-CN", "tf",
                [ok, repro, ok, Verdict.MISSING, Verdict.SKIPPED, Verdict.TIMEOUT]),
    ])


def _rendered(renderable: object, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return [line.rstrip() for line in str(output).splitlines()]


def test_the_counts_read_as_a_sentence() -> None:
    english, chinese = lesson_summaries(_report())
    assert english.counts == "19 ok · 7/7 errors proven · 0 failed"
    assert chinese.counts == "2 ok · 1/1 errors proven · 2 failed · 1 skipped"
    unreached = _result("content/en/chapter8/4.mdx", "en", "pt", [Verdict.REPRODUCED] * 3)
    unreached.scenarios[2] = Scenario(2, (), proven=False, fate=Fate.NOT_REACHED)
    [summary] = lesson_summaries(VerifyReport(notebooks=[unreached]))
    assert summary.counts == "0 ok · 2/3 errors proven (1 not reached) · 0 failed"
    # The notebook's one verdict: how its first cause failed, not its worst cell.
    assert chinese.result == "failed: expected-error-missing"
    assert lesson_in_language("content/zh-CN/chapter10/13_tf.mdx", "zh-CN") == "chapter10/13_tf.mdx"
    assert lesson_in_language("lessons/intro.mdx", "en") == "lessons/intro.mdx"


def test_at_80_columns_nothing_is_cut() -> None:
    lines = _rendered(_table(_report(), 80), 80)
    text = "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), text
    assert "…" not in text, text
    start = next(n for n, line in enumerate(lines) if line.startswith("chapter8/4.mdx"))
    end = next(n for n, line in enumerate(lines) if line.startswith("chapter10/13_tf.mdx"))
    row = [" ".join(line.split()) for line in lines[start:end]]
    # The counts wrap inside their column; the result stays whole on the first line.
    assert row == ["chapter8/4.mdx en pt 19 ok · 7/7 errors ok, cached", "proven · 0 failed"]
    # A long row wraps its counts rather than cutting anything.
    assert "chapter10/13_tf.mdx" in text
    assert "expected-error-missing" in text
    assert "2 failed · 1" in text
    assert lines[-1].split() == ["skipped"]


def test_with_room_the_table_shows_full_paths_and_times() -> None:
    text = "\n".join(_rendered(_table(_report(), 140), 140))
    assert "content/zh-CN/chapter10/13_tf.mdx" in text
    assert "123.4 s" in text


def test_a_progress_line_keeps_the_result_when_the_terminal_is_narrow() -> None:
    result = _report().notebooks[1]
    [line] = _rendered(_progress_line(result, 72), 72)
    assert line.startswith("  zh-CN/chapter10/13_tf.ipynb  failed: expected-error-missing  123")
    assert line.endswith("…")
    [full] = _rendered(_progress_line(result, 120), 120)
    assert full.endswith("2 failed · 1 skipped")


def test_a_cell_left_unreached_by_a_skipped_cell_fails_no_notebook() -> None:
    lesson = "content/en/chapter1/1.mdx"
    after_skip = _result(lesson, "en", "pt", [Verdict.OK, Verdict.SKIPPED, Verdict.NOT_REACHED])
    after_skip.cells[2] = CellResult(2, f"{lesson}:20", Verdict.NOT_REACHED, cause=1)
    assert (after_skip.status.value, after_skip.headline, after_skip.severity) == (
        "ok", "ok", None)
    after_error = _result(lesson, "en", "pt", [Verdict.OK, Verdict.UNEXPECTED_ERROR,
                                                Verdict.NOT_REACHED])
    after_error.cells[2] = CellResult(2, f"{lesson}:20", Verdict.NOT_REACHED, cause=1)
    assert after_error.headline == "failed: unexpected-error"


def test_each_notebook_of_a_lessons_tabs_has_its_row() -> None:
    ok, failed = Verdict.OK, Verdict.UNEXPECTED_ERROR
    lesson = "units/en/unit3/tools.mdx"
    notebooks = [
        _result(lesson, "en", "both", [ok, ok]),
        _result(lesson, "en", "both", [ok, failed]),
        _result("units/en/unit3/plain.mdx", "en", "both", [ok]),
    ]
    notebooks[0].notebook = "en/unit3/tools_smolagents.ipynb"
    notebooks[1].notebook = "en/unit3/tools_langgraph.ipynb"
    rows = lesson_summaries(VerifyReport(notebooks=notebooks))
    assert [(r.short_lesson, r.counts, r.result) for r in rows] == [
        ("unit3/plain.mdx", "1 ok · 0 failed", "ok"),
        ("unit3/tools.mdx (langgraph)", "1 ok · 1 failed", "failed: unexpected-error"),
        ("unit3/tools.mdx (smolagents)", "2 ok · 0 failed", "ok"),
    ]
    assert rows[1].named_lesson == "units/en/unit3/tools.mdx (langgraph)"
