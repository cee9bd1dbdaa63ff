"""The summary table and progress lines stay legible at 80 columns."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from coursekit.cli.verify_table import lesson_table, print_table, progress_line
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
    lines = _rendered(lesson_table(_report(), 80), 80)
    text = "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), text
    assert "…" not in text, text
    start = next(n for n, line in enumerate(lines) if line.startswith("chapter8/4.mdx"))
    end = next(n for n, line in enumerate(lines) if line.startswith("chapter10/13_tf.mdx"))
    row = [" ".join(line.split()) for line in lines[start:end]]
    # The counts wrap inside their column; the path and the result stay whole on the
    # row's first line.
    assert row[0].startswith("chapter8/4.mdx en pt 19 ok"), row
    assert row[0].endswith(" ok, cached"), row
    assert " ".join(row).replace(" ok, cached", "") == (
        "chapter8/4.mdx en pt 19 ok · 7/7 errors proven · 0 failed"), row
    # A long row wraps its counts rather than cutting anything.
    assert "chapter10/13_tf.mdx" in text
    assert "expected-error-missing" in text
    assert "2 failed · 1" in text
    assert lines[-1].split() == ["skipped"]


def test_with_room_the_table_shows_full_paths_and_times() -> None:
    text = "\n".join(_rendered(lesson_table(_report(), 140), 140))
    assert "content/zh-CN/chapter10/13_tf.mdx" in text
    assert "123.4 s" in text


def test_a_progress_line_keeps_the_result_when_the_terminal_is_narrow() -> None:
    result = _report().notebooks[1]
    [line] = _rendered(progress_line(result, 72), 72)
    assert line.startswith("  zh-CN/chapter10/13_tf.ipynb  failed: expected-error-missing  123")
    assert line.endswith("…")
    [full] = _rendered(progress_line(result, 120), 120)
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


def _long_paths() -> VerifyReport:
    ok = Verdict.OK
    return VerifyReport(notebooks=[
        _result("units/en/bonus-unit2/monitoring-and-evaluating-agents-notebook.mdx", "en",
                "both", [ok] * 4 + [Verdict.UNEXPECTED_ERROR]),
        _result("units/en/unit1/what-are-agents.mdx", "en", "both", [ok, ok]),
    ])


def test_long_lesson_paths_fold_and_every_result_stays_whole_at_80_columns() -> None:
    lines = _rendered(lesson_table(_long_paths(), 80), 80)
    text = "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), text
    assert "…" not in text, text
    results = [line.split()[-1] for line in lines[3:] if "failed" in line.split()[-3:]]
    assert results == ["unexpected-error", "ok"], text
    # The path folds inside its column: read down the column, it is whole.
    width = lines[1].index("lang")
    column = "".join(line[:width].strip() for line in lines[3:])
    assert "bonus-unit2/monitoring-and-evaluating-agents-notebook.mdx" in column, text
    assert "unit1/what-are-agents.mdx" in column, text


def _printed_to_a_file(report: VerifyReport, monkeypatch: pytest.MonkeyPatch,
                       columns: str | None) -> list[str]:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    console = Console(file=io.StringIO(), color_system=None)
    print_table(report, console)
    return [line.rstrip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]


def test_in_a_log_file_each_row_is_one_whole_line(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _printed_to_a_file(_long_paths(), monkeypatch, None)
    [long_row] = [line for line in lines if "monitoring" in line]
    assert long_row.split() == [
        "units/en/bonus-unit2/monitoring-and-evaluating-agents-notebook.mdx", "en", "both",
        "4", "ok", "·", "1", "failed", "123.4", "s", "failed:", "unexpected-error"]
    assert len(long_row) > 80
    # Where COLUMNS gives a width, the table keeps to it, in a file too.
    narrow = _printed_to_a_file(_long_paths(), monkeypatch, "80")
    assert all(len(line) <= 80 for line in narrow), "\n".join(narrow)
    assert not any("monitoring-and-evaluating-agents-notebook.mdx" in line for line in narrow)


def test_a_progress_line_in_a_log_file_is_never_cut() -> None:
    result = _long_paths().notebooks[0]
    result.notebook = "en/bonus-unit2/monitoring-and-evaluating-agents-notebook.ipynb"
    line = progress_line(result, None).plain
    assert line.endswith("4 ok · 1 failed"), line
    assert len(line) > 80
