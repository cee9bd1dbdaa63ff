"""Pre-importing on the venv's ``python3`` kernel, with local packages on ``PYTHONPATH``:
one that takes a second to import, one that fails differently when tried twice."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import nbformat
import pytest

from coursekit.config import Course
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import NotebookPlan, plan_notebook
from coursekit.execution.results import NotebookRun, Verdict
from coursekit.execution.run.kernel import KernelProfile
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.runner import run_notebook
from coursekit.execution.verify import verify_course

from .conftest import COURSE_TOML, cell, expect, notebook, write_course

pytestmark = pytest.mark.kernel

SLEEP = 1.0
SLOW_MODULE = f"import time\ntime.sleep({SLEEP})\nVALUE = 42\n"
TRIED_TWICE = (
    "import sys\n"
    "if 'ck_flaky_tried' in sys.modules:\n"
    "    raise RuntimeError('imported a second time')\n"
    "sys.modules['ck_flaky_tried'] = sys\n"
    "raise ImportError('ck_flaky needs a GPU')\n"
)
FATAL = "import os\nos._exit(1)\n"
LAZY = (
    "import importlib\n"
    "def __getattr__(name):\n"
    "    if name != 'heavy':\n"
    "        raise AttributeError(name)\n"
    "    return importlib.import_module('ck_lazy._heavy').VALUE\n"
)
"""A lazy package, as ``transformers`` is: its ``heavy`` loads when first read, and is
never kept in the package's namespace."""
NAMESPACE = "print(sorted(n for n in dir() if not n.startswith('_i')))"


@pytest.fixture
def packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``ck_slow``, ``ck_flaky``, ``ck_fatal`` and ``ck_lazy`` on the kernels'
    ``PYTHONPATH``."""
    folder = tmp_path / "site"
    for name, code in (("ck_slow", SLOW_MODULE), ("ck_flaky", TRIED_TWICE),
                       ("ck_fatal", FATAL), ("ck_lazy", LAZY)):
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text(code, encoding="utf-8")
    (folder / "ck_lazy" / "_heavy.py").write_text(SLOW_MODULE, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(folder))
    return folder


def _lesson_plan() -> NotebookPlan:
    node = notebook([
        cell("import ck_slow\nprint(ck_slow.VALUE)", 10, outputs=["42"]),
        cell("import ck_missing", 20,
             errors=[expect("ModuleNotFoundError", "No module named 'ck_missing'")]),
        cell("import ck_flaky", 30, errors=[expect("ImportError", "ck_flaky needs a GPU")]),
        cell(NAMESPACE, 40),
        cell("print(1)", 50),
    ])
    return plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")


def _run(plan: NotebookPlan, preimport: tuple[str, ...]) -> tuple[NotebookRun, tuple[str, ...]]:
    async def scenario() -> tuple[NotebookRun, tuple[str, ...]]:
        pool = KernelPool(KernelProfile("python3"), demand=1, warm=1, preimport=preimport,
                          warmup_timeout=30)
        try:
            run = await run_notebook(plan, pool.acquire, 20, retire=pool.retire)
        finally:
            await pool.close()
        return run, pool.preimport

    return asyncio.run(scenario())


def _stdout(run: NotebookRun, position: int) -> str:
    return "".join(str(o.get("text", "")) for o in run.cells[position].outputs)


@pytest.mark.usefixtures("packages")
def test_a_pre_imported_kernel_changes_timings_only() -> None:
    plan = _lesson_plan()
    warm, kept = _run(plan, ("ck_slow", "ck_missing", "ck_flaky"))
    cold, _ = _run(plan, ())

    assert cold.cells[0].duration >= SLEEP
    assert warm.cells[0].duration < SLEEP / 2
    # The missing package is not tried, the failing one leaves the list (and the kernel
    # that tried it is replaced), so the lesson's cells meet both as first imports.
    assert kept == ("ck_slow", "ck_missing")
    verdicts = [r.verdict for r in judge_cells(plan, warm.cells, 0.01)]
    assert verdicts == [Verdict.OK, Verdict.REPRODUCED, Verdict.REPRODUCED, Verdict.OK,
                        Verdict.OK]
    assert verdicts == [r.verdict for r in judge_cells(plan, cold.cells, 0.01)]
    # No name of the warm-up in the user namespace, no execution count taken.
    assert _stdout(warm, 3) == _stdout(cold, 3)
    assert "ck_slow" in _stdout(warm, 3)
    assert [c.execution_count for c in warm.cells] == [c.execution_count for c in cold.cells]
    assert warm.cells[0].execution_count == 1


@pytest.mark.usefixtures("packages")
def test_a_name_of_a_lazy_package_is_read_ahead_and_one_it_lacks_is_left_to_the_lesson(
        ) -> None:
    node = notebook([
        cell("from ck_lazy import heavy\nprint(heavy)", 10, outputs=["42"]),
        cell("from ck_lazy import missing", 20,
             errors=[expect("ImportError")]),
    ])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    package_only, _ = _run(plan, ("ck_lazy",))
    warm, kept = _run(plan, ("ck_lazy", "ck_lazy:heavy", "ck_lazy:missing"))

    assert package_only.cells[0].duration >= SLEEP  # the package's shell alone is cheap
    assert warm.cells[0].duration < SLEEP / 2
    assert kept == ("ck_lazy", "ck_lazy:heavy")
    verdicts = [r.verdict for r in judge_cells(plan, warm.cells, 0.01)]
    assert verdicts == [Verdict.OK, Verdict.REPRODUCED]


@pytest.mark.usefixtures("packages")
def test_a_package_that_kills_the_kernel_ends_pre_importing_for_the_pool() -> None:
    node = notebook([cell("print(6 * 7)", 10, outputs=["42"]), cell("import ck_fatal", 20)])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    run, kept = _run(plan, ("ck_slow", "ck_fatal"))
    assert kept == ()
    verdicts = [r.verdict for r in judge_cells(plan, run.cells, 0.01)]
    assert verdicts == [Verdict.OK, Verdict.KERNEL_DIED]  # the lesson's cell meets it itself


def _verify(root: Path, toml: str, *, use_cache: bool = False,
            preimport: bool | None = None) -> Any:
    (root / "coursekit.toml").write_text(toml, encoding="utf-8")
    return verify_course(Course.open(root), paths=[root / "build" / "notebooks"],
                         device="cpu", jobs=1, use_cache=use_cache, preimport=preimport)


@pytest.mark.usefixtures("packages")
def test_verify_pre_imports_unless_the_setting_turns_it_off(tmp_path: Path) -> None:
    root = tmp_path / "course"
    node = notebook([cell("import ck_slow\nprint(ck_slow.VALUE)", 10, outputs=["42"]),
                     cell(NAMESPACE, 20)])
    write_course(root, {"en/chapter1/1.ipynb": node})
    executed = root / "build" / "executed" / "en/chapter1/1.ipynb"
    turned_off = COURSE_TOML + "preimport = false\n"

    warm = _verify(root, COURSE_TOML)
    warm_saved = nbformat.read(executed, as_version=4)
    cold = _verify(root, turned_off)
    cold_saved = nbformat.read(executed, as_version=4)
    overridden = _verify(root, turned_off, preimport=True)

    assert [nb.passed for nb in warm.notebooks + cold.notebooks] == [True, True]
    assert warm.notebooks[0].first_cell_time < SLEEP / 2
    assert cold.notebooks[0].first_cell_time >= SLEEP
    assert overridden.notebooks[0].first_cell_time < SLEEP / 2
    assert [(c.get("execution_count"), c.get("outputs")) for c in warm_saved.cells] == [
        (c.get("execution_count"), c.get("outputs")) for c in cold_saved.cells]

    # Pre-importing is not part of the cache key: a run without it serves one with it.
    again = _verify(root, COURSE_TOML, use_cache=True)
    assert again.executed_runs == 0
