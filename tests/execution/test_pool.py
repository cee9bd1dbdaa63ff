"""The kernel pool on the venv's ``python3`` kernel: kernels start once each, spares
wait for the kernel a worker asked for, and used kernels stop without holding the
worker up."""

from __future__ import annotations

import asyncio

import pytest

from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import RunStatus
from coursekit.execution.run.kernel import KernelProfile, WarmKernel
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.runner import run_notebook

from .conftest import cell, notebook

pytestmark = pytest.mark.kernel

PYTHON = KernelProfile("python3")


async def _alive(kernel: WarmKernel) -> bool:
    return bool(await kernel.km.is_alive())


def test_the_first_kernel_starts_alone_and_spares_follow_it() -> None:
    async def scenario() -> tuple[int, int, int]:
        pool = KernelPool(PYTHON, demand=3, warm=2)
        first = asyncio.ensure_future(pool.acquire())
        await asyncio.sleep(0.05)
        during = pool.started
        kernel = await first
        after = pool.started
        pool.retire(kernel)
        for _ in range(2):
            pool.retire(await pool.acquire())
        total = pool.started
        await pool.close()
        return during, after, total

    during, after, total = asyncio.run(scenario())
    assert during == 1  # no spare competes with the kernel a worker waits for
    assert after == 3  # once it is up, spares start (up to the 3 the run needs)
    assert total == 3  # and none is started twice


def test_a_used_kernel_stops_after_the_notebook_returns() -> None:
    plan = plan_notebook(notebook([cell("x = 1", 3), cell("print(x)", 5)]), "cpu",
                         notebook="en/chapter1/1.ipynb")

    async def scenario() -> tuple[bool, bool, list[RunStatus]]:
        pool = KernelPool(PYTHON, demand=1, warm=1)
        retired: list[WarmKernel] = []
        run = await run_notebook(plan, pool.acquire, 20, retire=retired.append)
        alive_on_return = await _alive(retired[0])
        pool.retire(retired[0])
        await pool.close()
        return alive_on_return, await _alive(retired[0]), [c.status for c in run.cells]

    alive_on_return, alive_after_close, statuses = asyncio.run(scenario())
    assert statuses == [RunStatus.OK, RunStatus.OK]
    assert alive_on_return  # the runner handed the kernel on instead of waiting for it to stop
    assert not alive_after_close  # closing the pool waits for the kernels it stops
