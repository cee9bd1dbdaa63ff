"""A long cell's limit: the lesson's ``timeout`` directive reaches the runner, and a
timed-out cell says how long it ran and the directive that would let it finish."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from coursekit.config import Course
from coursekit.execution.judge.timeouts import (
    BarState,
    interrupted_at,
    last_bar,
    suggested_limit,
    timeout_hint,
)
from coursekit.execution.judge.verdicts import cell_verdict
from coursekit.execution.plan.model import CellPlan, Location
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.verify import verify_course

TRAINING_BAR = [
    {"output_type": "stream", "name": "stderr",
     "text": "\r  0%|          | 0/459 [00:00<?, ?it/s]"},
    {"output_type": "stream", "name": "stderr",
     "text": "\r 12%|█▏        | 55/459 [01:58<14:30,  2.15s/it]"},
    {"output_type": "stream", "name": "stderr", "text": "\x1b[A\n"},
]


def test_the_last_progress_bar_state_is_read_from_stderr() -> None:
    bar = last_bar(TRAINING_BAR)
    assert bar == BarState(done=55, total=459, elapsed=118.0)
    assert round(bar.needed) == 985
    assert last_bar([{"output_type": "stream", "name": "stdout", "text": "epoch 1 done\n"}]) is None
    # A bar that has not moved, or has finished, says nothing about what is left.
    assert last_bar([{"output_type": "stream", "name": "stderr",
                      "text": "100%|██| 459/459 [16:30<00:00]"}]) is None


def test_the_suggested_limit_follows_the_bar_or_the_old_limit() -> None:
    assert suggested_limit(120, None) == 600
    assert suggested_limit(120, BarState(55, 459, 118.0)) == 1980  # twice 985 s, in minutes
    assert suggested_limit(1, None) == 60


def _training_cell(timeout: float | None) -> CellPlan:
    return CellPlan(index=3, code="for batch in loader: step(batch)",
                    location=Location("content/en/chapter3/4.mdx", 154), timeout=timeout)


def test_a_timed_out_cell_says_how_long_it_ran_and_which_limit_stopped_it() -> None:
    run = CellRun(RunStatus.TIMEOUT, duration=120.4, outputs=TRAINING_BAR)
    verdict, detail = cell_verdict(_training_cell(None), run, default_timeout=120)
    assert verdict is Verdict.TIMEOUT
    assert detail.startswith("interrupted after running 120 s (limit 120 s, from the course "
                             "default)")
    assert "55/459 (12%) after 118 s, so the whole cell needs about 985 s" in detail
    _, own = cell_verdict(_training_cell(300), CellRun(RunStatus.TIMEOUT, duration=301),
                          default_timeout=120)
    assert own == "interrupted after running 301 s (limit 300 s, from its timeout directive)"


INTERRUPTED = [
    "Cell In[4], line 7\n      5     while True:\n----> 7 wait_forever()\n",
    "Cell In[4], line 5, in wait_forever()\n      4 def wait_forever():\n"
    "----> 5     handle.wait()\n",
    "File /usr/lib/python3.11/subprocess.py:1264, in Popen.wait(self, timeout)\n"
    "-> 1264 return self._wait(timeout=timeout)\n",
    "KeyboardInterrupt: ",
]


def test_a_timed_out_cell_says_where_the_interrupt_found_it() -> None:
    run = CellRun(RunStatus.TIMEOUT, duration=120.4, traceback=INTERRUPTED)
    _, detail = cell_verdict(_training_cell(None), run, default_timeout=120)
    assert detail == ("interrupted after running 120 s (limit 120 s, from the course "
                      "default); it was running line 159 (`handle.wait()`), inside "
                      "`subprocess.py:1264`")
    assert interrupted_at(INTERRUPTED[:2], None) == "line 5 of the cell (`handle.wait()`)"
    assert interrupted_at([], 154) == ""


def test_the_hint_quotes_the_directive_exactly() -> None:
    assert "put this line above the code fence: `<!-- coursekit: timeout=600 -->`" in (
        timeout_hint(120, None, from_directive=False))
    assert "raise its directive, on the line above the code fence, to " \
           "`<!-- coursekit: timeout=1500 -->`" in timeout_hint(300, None, from_directive=True)


LESSON = """\
# Training

<!-- coursekit: timeout=6 -->
```py
import time
time.sleep(2)
print("trained")
```

```python out
trained
```

```py
import sys, time
for step in range(1, 100):
    sys.stderr.write(f"\\r{step}%| | {step}/100 [00:{step:02d}<01:39, 1.00s/it]")
    sys.stderr.flush()
    time.sleep(1)
```
"""


def _course(root: Path) -> Course:
    (root / "content" / "en" / "chapter3").mkdir(parents=True)
    (root / "content" / "en" / "chapter3" / "4.mdx").write_text(LESSON, encoding="utf-8")
    (root / "coursekit.toml").write_text(
        'kernels = { pt = "python3", tf = "python3" }\n\n[verify]\ntimeout = 1\n'
        "extension-budget = 0\n",  # no time past the limit, however the bar advances
        encoding="utf-8")
    return Course.open(root)


def _cells_by_line(found: Any) -> dict[int, Any]:
    return {int(c.source.rsplit(":", 1)[1]): c for nb in found.notebooks for c in nb.cells}


@pytest.mark.kernel
def test_a_timeout_directive_raises_the_limit_from_lesson_to_runner(tmp_path: Path) -> None:
    found = verify_course(_course(tmp_path), device="cpu", jobs=1, use_cache=False)
    cells = _cells_by_line(found)
    assert cells[4].verdict is Verdict.OK  # 2 s under its own 6 s limit, not the course's 1 s
    assert cells[14].verdict is Verdict.TIMEOUT
    [diagnostic] = [d for d in found.all_diagnostics() if d.rule == "EXE201"]
    assert (diagnostic.path, diagnostic.line) == ("content/en/chapter3/4.mdx", 14)
    assert "(limit 1 s, from the course default)" in diagnostic.message
    assert "the whole cell needs about 100 s" in diagnostic.message
    # where the interrupt found it, counted in the lesson (its loop spends its time asleep)
    assert re.search(r"; it was running line 1[6-9] \(`", diagnostic.message), diagnostic.message
    assert "`<!-- coursekit: timeout=240 -->`" in (diagnostic.hint or "")


def test_a_location_is_read_once_from_the_metadata_text() -> None:
    assert Location.parse("content/en/chapter3/4.mdx:154") == Location(
        "content/en/chapter3/4.mdx", 154)
    assert str(Location.parse("content/en/chapter3/4.mdx:154")) == "content/en/chapter3/4.mdx:154"
    unknown = Location("en/chapter3/4.ipynb", None, 7)
    assert (unknown.path, unknown.line, str(unknown)) == (
        "en/chapter3/4.ipynb", None, "en/chapter3/4.ipynb:cell 7")


def test_where_the_interrupt_found_a_cell_leaves_its_baseline_fingerprint_alone() -> None:
    from coursekit.execution.judge.diagnose import notebook_diagnostics
    from coursekit.execution.plan.model import NotebookPlan
    from coursekit.execution.results import CellResult
    from coursekit.lessons.model import Framework

    cell = _training_cell(None)
    plan = NotebookPlan(notebook="en/chapter3/4.ipynb", lesson=cell.path, language="en",
                        framework=Framework.PT, node=None, cells=(cell,))
    fingerprints = set()
    for place in ("line 155 (`step(batch)`)", "line 154 (`for batch in loader:`)"):
        detail = ("interrupted after running 120 s (limit 120 s, from the course default)"
                  f"; it was running {place}")
        result = CellResult(cell.index, cell.source, Verdict.TIMEOUT, detail)
        [found] = notebook_diagnostics(plan, [result], {})
        assert place in found.message
        fingerprints.add(found.fingerprint)
    assert len(fingerprints) == 1
