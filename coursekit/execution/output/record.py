"""Each notebook as it is judged: its executed copy saved, added to the report, shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from coursekit.execution import rules
from coursekit.execution.output.executed import save_executed
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.results import NotebookResult, NotebookRun, VerifyReport

Progress = Callable[[int, int, NotebookResult | None], None]
"""Called with (done, total, result): once with ``None`` before any run, then per notebook."""


@dataclass(slots=True)
class Recorder:
    build_dir: Path
    report: VerifyReport
    progress: Progress | None
    done: int = 0
    total: int = 0

    def start(self, total: int) -> None:
        self.total = total
        if self.progress is not None:
            self.progress(0, self.total, None)

    async def record(self, result: NotebookResult, plan: NotebookPlan, run: NotebookRun) -> None:
        if run.kernel_error is None or result.cells:
            # In a thread: syncing files to disk would stall the kernels' messages.
            try:
                saved = await asyncio.to_thread(save_executed, self.build_dir, plan, run)
                result.executed = str(saved)
            except OSError as exc:
                result.diagnostics.append(rules.NOTEBOOK_UNREADABLE.at(
                    plan.lesson, None, f"cannot save the executed notebook: {exc}",
                ))
        self.report.notebooks.append(result)
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total, result)
