"""A shell command that exits non-zero fails its cell, though IPython raises nothing.

Planted, on a real kernel: a command the shell does not find (a need naming it),
``huggingface-cli`` (a need naming ``hf``, which replaced it), ``git lfs`` without
git-lfs (a need), ``ls`` of a missing folder (the cell's error, with the command, its
status and the last line it printed), an unpacking of an archive a failed command did
not make (not reached). Clean counterparts: ``!echo ok`` and ``!true``, the same failure
shown in the cell's output fence, and a failing ``pip install``; the executed notebook
shows the outputs as the kernel wrote them, in a started kernel and in a forked one.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import nbformat
import pytest

from coursekit.cache.diagnostic_json import InvalidEntry
from coursekit.execution.cache.run_json import run_from_json
from coursekit.execution.judge.shell import failed_command
from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import CellResult, CellRun, NotebookRun, RunStatus, Verdict
from coursekit.execution.run.kernel import KernelProfile
from coursekit.execution.run.pool import KernelPool
from coursekit.execution.run.runner import run_notebook
from coursekit.execution.run.shellexits import ShellExit
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

LS = "ls: cannot access 'missing-folder': No such file or directory"
NOT_FOUND = "/bin/sh: 1: frobnicate: not found"


def _judged(code: str, *exits: ShellExit,
            outputs: list[str] | None = None) -> tuple[Verdict, str, str] | None:
    plan = plan_notebook(notebook([cell(code, 3, outputs=outputs)]), "cpu",
                         notebook="en/chapter1/1.ipynb")
    found = failed_command(plan.cells[0], CellRun(RunStatus.OK, exits=list(exits)))
    return None if found is None else (found.verdict, found.detail, found.need)


def test_a_failed_command_is_the_cells_error_or_a_need() -> None:
    assert _judged("!ls missing-folder", ShellExit("ls missing-folder", 2, LS)) == (
        Verdict.UNEXPECTED_ERROR, f"`!ls missing-folder` exits with status 2: `{LS}`", "")
    judged = _judged("!frobnicate", ShellExit("frobnicate", 127, NOT_FOUND))
    assert judged is not None
    verdict, detail, need = judged
    assert (verdict, need) == (Verdict.NEEDS_PACKAGES, "frobnicate")
    assert detail.startswith("needs `frobnicate` (a program the cell's shell command runs")
    lfs = _judged("!git lfs install", ShellExit(
        "git lfs install", 1, "git: 'lfs' is not a git command. See 'git --help'.\nlog"))
    assert lfs is not None and (lfs[0], lfs[2]) == (Verdict.NEEDS_PACKAGES, "git-lfs")
    for printed in ("sh: 1: nvidia-smi: not found", "NVIDIA-SMI has failed because it "
                    "couldn't communicate with the NVIDIA driver."):
        gpu = _judged("!nvidia-smi", ShellExit("nvidia-smi", 127 if "sh:" in printed else 9,
                                                 printed))
        assert gpu is not None and gpu[0] is Verdict.NEEDS_GPU
    offline = _judged("!hf download org/model", ShellExit(
        "hf download org/model", 1, "Cannot reach https://huggingface.co/api/models/org/model:"
        " offline mode\nHint: set HF_DEBUG=1"))
    assert offline is not None and offline[:2] == (
        Verdict.NEEDS_NETWORK, "needs `Hub repo org/model`, and verification runs offline "
        "(`!hf download org/model` exits with status 1: `Cannot reach https://"
        "huggingface.co/api/models/org/model: offline mode`)")


def test_a_failure_the_lesson_shows_or_a_pip_install_fails_nothing() -> None:
    assert _judged("!ls missing-folder", ShellExit("ls missing-folder", 2, LS),
                   outputs=[LS]) is None
    assert _judged("!frobnicate", ShellExit("frobnicate", 127, NOT_FOUND),
                   outputs=["bash: frobnicate: command not found"]) is None
    assert _judged("%pip install absent", ShellExit(
        "/k/bin/python -m pip install absent", 1, "ERROR: No matching distribution")) is None
    assert _judged("!echo ok") is None
    assert _judged("!diff a.txt b.txt", ShellExit("diff a.txt b.txt", 1, "< a\n---\n> b")) is None
    broken = _judged("!diff a.txt", ShellExit("diff a.txt", 2, "diff: missing operand"))
    assert broken is not None and broken[0] is Verdict.UNEXPECTED_ERROR
    shown_other = _judged("!ls missing-folder", ShellExit("ls missing-folder", 2, LS),
                          outputs=["folder listed"])
    assert shown_other is not None and shown_other[0] is Verdict.UNEXPECTED_ERROR


def test_a_stored_run_keeps_its_failed_commands_and_refuses_a_wrong_one() -> None:
    run = NotebookRun(cells=[CellRun(RunStatus.OK, exits=[ShellExit("ls x", 2, LS)])])
    assert run_from_json(run.to_json()) == run
    for wrong in ({"command": "ls x", "status": 0, "tail": ""},
                  {"command": "ls x", "status": 2, "tail": "", "extra": 1}):
        data = run.to_json()
        data["cells"][0]["exits"] = [wrong]
        with pytest.raises(InvalidEntry):
            run_from_json(data)


LESSON_CELLS = [
    ("!coursekit-test-absent-program --version", None),
    ("!huggingface-cli login", None),
    ("!git lfs install", None),
    ("!ls missing-folder", None),
    ("!ls missing-folder", [LS]),
    ("!echo ok\n!true", None),
    ("!python -m pip install --no-index coursekit-test-absent-package", None),
    ("!false && echo never\n!echo data > made.txt", None),
]


def _verify(root: Path, cells: list[Any], *, network: bool = False) -> list[CellResult]:
    course = write_course(root, {"en/chapter1/1.ipynb": notebook(cells)})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False, network=network)
    return list(report.notebooks[0].cells)


@pytest.mark.kernel
@pytest.mark.skipif(any(shutil.which(p) for p in ("git-lfs", "huggingface-cli")),
                    reason="git-lfs or huggingface-cli is installed here")
def test_failed_commands_on_a_real_kernel_and_the_notebook_as_the_kernel_wrote_it(
        tmp_path: Path) -> None:
    found = [(c.verdict, c.detail) for c in _verify(tmp_path, [
        cell(code, 10 * (n + 1), outputs=shown) for n, (code, shown) in enumerate(LESSON_CELLS)])]
    assert [v for v, _ in found] == [
        Verdict.NEEDS_PACKAGES, Verdict.NEEDS_PACKAGES, Verdict.NEEDS_PACKAGES,
        Verdict.UNEXPECTED_ERROR, Verdict.OK, Verdict.OK, Verdict.OK, Verdict.UNEXPECTED_ERROR]
    assert found[0][1].startswith("needs `coursekit-test-absent-program` (")
    assert "status 127" in found[0][1]
    assert found[1][1].startswith("needs `huggingface-cli` (huggingface_hub's command line")
    assert found[2][1].startswith("needs `git-lfs` (")
    assert found[3][1] == f"`!ls missing-folder` exits with status 2: `{LS}`"
    assert found[7][1] == "`!false && echo never` exits with status 1"
    executed = nbformat.read(tmp_path / "build" / "executed" / "en/chapter1/1.ipynb",
                             as_version=4)
    code = [c for c in executed.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    assert [o["output_type"] for o in code[3].outputs] == ["stream"]
    assert code[3].outputs[0]["text"].strip() == LS
    assert not any("coursekit_shell" in str(c.outputs) for c in code)


@pytest.mark.kernel
@pytest.mark.skipif(not (shutil.which("wget") and shutil.which("unzip")),
                    reason="wget or unzip is not installed here")
def test_what_a_failed_download_did_not_make_is_not_reached(tmp_path: Path) -> None:
    found = _verify(tmp_path, [cell("!wget https://downloads.invalid/data.zip", 3),
                               cell("!unzip data.zip", 6), cell("!unzip -l other.zip", 9)],
                    network=True)
    assert [c.verdict for c in found] == [Verdict.UNEXPECTED_ERROR, Verdict.NOT_REACHED,
                                          Verdict.UNEXPECTED_ERROR]
    assert found[0].detail.startswith("`!wget https://downloads.invalid/data.zip` exits ")
    assert found[1].cause == found[0].index and "did not write `data.zip`" in found[1].detail


@pytest.mark.kernel
def test_a_forked_kernel_keeps_its_failed_commands_too() -> None:
    plan = plan_notebook(notebook([cell("!ls missing-folder", 3), cell("!echo ok", 6),
                                   cell("print(sorted(globals()))", 9)]),
                         "cpu", notebook="en/chapter1/1.ipynb")

    async def scenario() -> tuple[NotebookRun, bool]:
        pool = KernelPool(KernelProfile("python3"), demand=1, warm=1, fork=True)
        run = await run_notebook(plan, pool.acquire, 20, retire=pool.retire)
        forked = pool._zygote is not None
        await pool.close()
        return run, forked

    run, forked = asyncio.run(scenario())
    assert forked
    assert [c.exits for c in run.cells] == [[ShellExit("ls missing-folder", 2, LS)], [], []]
    assert "coursekit" not in str(run.cells[2].outputs)  # nothing in the learner's names
