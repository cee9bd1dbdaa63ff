"""Kernels forked from a zygote, on the venv's ``python3`` kernel: each is a process of
its own in its own working folder and process group, has what the zygote imported, can
be interrupted, is seen to die, and ends with the zygote; a zygote that does not start
leaves the pool starting kernels as before."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import RunStatus
from coursekit.execution.run.kernel import KernelProfile, WarmKernel, evaluate
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.runner import run_notebook
from coursekit.execution.run.zygote import zygote_argv

from .conftest import cell, notebook

pytestmark = pytest.mark.kernel

PYTHON = KernelProfile("python3", env=(("COURSEKIT_ZYGOTE_TEST", "profile"),))
FACTS = ("[__import__('os').getpid(), __import__('os').getppid(), __import__('os').getcwd(),"
         " 'nbformat' in __import__('sys').modules,"
         " __import__('os').environ.get('COURSEKIT_ZYGOTE_TEST'),"
         " __import__('os').getpgid(0), __import__('sys').argv[0]]")


async def _facts(kernel: WarmKernel) -> list[Any]:
    facts = await evaluate(kernel, FACTS)
    assert isinstance(facts, list), facts
    return facts


def test_forked_kernels_are_processes_of_their_own_with_what_the_zygote_imported() -> None:
    async def scenario() -> tuple[list[list[Any]], int, list[str], bool]:
        pool = KernelPool(PYTHON, demand=2, warm=1, preimport=("nbformat",), fork=True)
        kernels = [await pool.acquire(), await pool.acquire()]
        facts = [await _facts(k) for k in kernels]
        zygote = pool._zygote
        assert zygote is not None
        workdirs = [str(k.workdir) for k in kernels]
        for kernel in kernels:
            pool.retire(kernel)
        await pool.close()
        return facts, zygote.process.pid, workdirs, zygote.process.returncode is not None

    facts, zygote_pid, workdirs, zygote_ended = asyncio.run(scenario())
    pids = {f[0] for f in facts}
    assert len(pids) == 2 and os.getpid() not in pids and zygote_pid not in pids
    assert all(f[1] == zygote_pid for f in facts)  # forked, not started by coursekit
    assert [os.path.realpath(f[2]) for f in facts] == [os.path.realpath(w) for w in workdirs]
    assert all(f[3] for f in facts)  # imported once, in the zygote
    assert all(f[4] == "profile" for f in facts)
    assert all(f[5] == f[0] for f in facts)  # a process group of its own
    assert all(f[6].endswith("ipykernel_launcher.py") for f in facts)  # as a started one
    assert zygote_ended


def test_a_forked_kernel_is_interrupted_and_seen_to_die_and_replaced() -> None:
    plan = plan_notebook(notebook([
        cell("import time\ntime.sleep(60)", 3, timeout=2),
        cell("print('after')", 6),
        cell("import os\nos._exit(3)", 8),
        cell("print('never')", 10),
    ]), "cpu", notebook="en/chapter1/1.ipynb")

    async def scenario() -> list[Any]:
        pool = KernelPool(PYTHON, demand=2, warm=1, fork=True)
        run = await run_notebook(plan, pool.acquire, 20, retire=pool.retire)
        forked = pool._zygote is not None
        await pool.close()
        assert forked
        return [(c.status, c.ename) for c in run.cells]

    statuses = asyncio.run(scenario())
    assert statuses[0][0] is RunStatus.TIMEOUT
    assert statuses[1][0] is RunStatus.OK  # the interrupt stopped the cell, not the kernel
    assert statuses[2][0] is RunStatus.DIED
    assert statuses[3][0] is RunStatus.OK  # in the kernel that replaced it, forked too


def test_a_zygote_that_does_not_start_leaves_the_kernels_to_start_as_before() -> None:
    async def scenario() -> tuple[bool, int]:
        # No answer in a millisecond: the zygote is given up, the pool stops forking.
        pool = KernelPool(PYTHON, demand=1, warm=1, fork=True, warmup_timeout=0.001)
        kernel = await pool.acquire()
        facts = await _facts(kernel)
        forking = pool.fork
        pool.retire(kernel)
        await pool.close()
        return forking, facts[1]

    forking, parent = asyncio.run(scenario())
    assert not forking
    assert parent == os.getpid()  # started by coursekit itself


@pytest.mark.parametrize(("argv", "wanted"), [
    (["/k/bin/python", "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f", "{c}"],
     ["/k/bin/python", "-Xfrozen_modules=off"]),
    (["python", "-m", "ipykernel", "-f", "{c}"], [sys.executable]),
    (["/usr/bin/R", "--slave", "-e", "IRkernel::main()", "--args", "{c}"], None),
    (["python", "-m", "other_kernel", "-f", "{c}"], None),
    (["python", "-m"], None),
])
def test_the_zygote_runs_in_the_kernels_interpreter_with_its_options(
        argv: list[str], wanted: list[str] | None) -> None:
    assert zygote_argv(argv) == wanted


@pytest.mark.torch
@pytest.mark.slow
def test_each_forked_lesson_kernel_has_its_local_hub_in_its_own_folder() -> None:
    """The offline guard makes a local hub in the kernel's working folder, and
    huggingface_hub reads its cache path on import: in a kernel forked from a zygote that
    imported it, both are the kernel's own folder, not the zygote's."""
    from coursekit.execution.run.network import offline_env
    from coursekit.kernels import kernel_python

    if kernel_python("coursekit-pt", "pt") is None:
        pytest.skip("the pt lesson kernel is not installed (run `make kernels`)")
    profile = KernelProfile("coursekit-pt", env=tuple(offline_env({}).items()))
    where = ("['huggingface_hub.constants' in __import__('sys').modules,"
             " __import__('huggingface_hub.constants', fromlist=['_']).HF_HUB_CACHE,"
             " __import__('os').environ['HF_HUB_CACHE'], __import__('os').getcwd()]")

    async def scenario() -> list[Any]:
        pool = KernelPool(profile, demand=2, warm=1, fork=True,
                          preimport=("huggingface_hub.constants",))
        kernels = [await pool.acquire(), await pool.acquire()]
        found = [await evaluate(k, where) for k in kernels]
        forked = pool._zygote is not None
        for kernel in kernels:
            pool.retire(kernel)
        await pool.close()
        assert forked
        return found

    found = asyncio.run(scenario())
    for imported, constant, variable, cwd in found:
        assert imported  # imported in the zygote, which read the path then
        assert constant == variable == os.path.join(cwd, ".coursekit-hub")
    assert found[0][1] != found[1][1]


def test_kernels_are_forked_only_for_notebooks_on_the_cpu() -> None:
    from coursekit.execution.run.batch import _on_cpu
    from coursekit.execution.run.jobs import Job

    plan = plan_notebook(notebook([cell("x = 1", 3)]), "cpu", notebook="en/chapter1/1.ipynb")
    gpu = KernelProfile("coursekit-pt", env=(("COURSEKIT_DEVICE", "cuda"),))
    jobs = [Job(plan, PYTHON), Job(plan, gpu, device="cuda")]
    assert _on_cpu(PYTHON, jobs)
    assert not _on_cpu(gpu, jobs)


def test_a_package_that_prints_on_import_does_not_stop_the_forking(tmp_path: Path) -> None:
    (tmp_path / "noisy_banner.py").write_text("print('a banner on import')\nVALUE = 3\n")
    noisy = KernelProfile("python3", env=(("PYTHONPATH", str(tmp_path)),))

    async def scenario() -> tuple[bool, Any]:
        pool = KernelPool(noisy, demand=1, warm=1, fork=True, preimport=("noisy_banner",))
        kernel = await pool.acquire()
        value = await evaluate(kernel, "__import__('sys').modules['noisy_banner'].VALUE")
        forked = pool._zygote is not None
        pool.retire(kernel)
        await pool.close()
        return forked, value

    forked, value = asyncio.run(scenario())
    assert forked  # the banner did not garble the zygote's answers
    assert value == 3  # imported once, in the zygote
