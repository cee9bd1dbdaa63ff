"""A ``!`` command that waits for an answer on the terminal is a need for input, stopped
as soon as it is seen waiting, not a timeout at the cell's limit.

Planted: processes blocked reading a terminal (a shell's ``read``, Python's ``input()``
on a pseudo-terminal), found below the process that started them; on a real kernel, a
``read -p`` and a Python prompt in ``!`` commands with a limit of 60 s, stopped in a few
seconds as ``needs-input``. Clean counterparts: a process sleeping, one reading a pipe
that nobody writes, and on the kernel a ``!sleep`` past its limit (a timeout still) and a
prompt answered through a pipe (``ok``).
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from coursekit.execution.judge.prompts import terminal_asked
from coursekit.execution.results import CellRun, RunStatus, Verdict
from coursekit.execution.run.terminal_wait import waiting_for_terminal
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course

pytestmark = pytest.mark.skipif(not Path("/proc/self/syscall").exists(),
                                reason="the system does not tell what a process waits in")


@contextmanager
def _on_a_terminal(argv: list[str]) -> Iterator[int]:
    pid, master = pty.fork()
    if pid == 0:  # the child: on the pseudo-terminal
        os.execvp(argv[0], argv)
    try:
        yield pid
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(master)


def _found_within(seconds: float) -> str | None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (found := waiting_for_terminal(os.getpid())) is not None:
            return found
        time.sleep(0.05)
    return None


def test_a_process_reading_a_terminal_is_found() -> None:
    with _on_a_terminal(["bash", "-c", "read -p 'Name: ' answer"]):
        assert _found_within(5) == "read -p 'Name: ' answer"
    with _on_a_terminal([sys.executable, "-c", "input('Token: ')"]):
        found = _found_within(5)
        assert found is not None and found.endswith("-c input('Token: ')")


def test_a_process_sleeping_or_reading_a_pipe_is_not() -> None:
    sleeping = subprocess.Popen(["sleep", "30"])
    piped = subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE)
    try:
        time.sleep(0.5)
        assert _found_within(1) is None
    finally:
        for process in (sleeping, piped):
            process.kill()
            process.wait()
        assert piped.stdin is not None
        piped.stdin.close()


def test_a_long_command_is_quoted_with_the_prompt_it_ends_with() -> None:
    interpreter = "/" + "/".join(["a-rather-long-folder"] * 6) + "/bin/python"
    run = CellRun(RunStatus.TIMEOUT, duration=2.2,
                  waited=f"{interpreter} -c print(input('Token: '))")
    said = terminal_asked(run)
    assert said is not None and "…" in said and "-c print(input('Token: '))`" in said, said
    assert said.endswith("it was stopped after 2 s")
    assert terminal_asked(CellRun(RunStatus.TIMEOUT, duration=2.2)) is None


PROMPTS = [
    "!read -p 'Name: ' answer; echo $answer",
    "import sys\n!{sys.executable} -c \"print(input('Token: '))\"",
    "!sleep 30",
    "!echo yes | python -c \"print(input('Proceed? '))\"",
    "print('after')",
]


@pytest.mark.kernel
def test_a_command_waiting_on_the_terminal_needs_input(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([
        cell(PROMPTS[0], 10, timeout=60),
        cell(PROMPTS[1], 20, timeout=60),
        cell(PROMPTS[2], 30, timeout=3),
        cell(PROMPTS[3], 40, timeout=20, outputs=["Proceed? yes"]),
        cell(PROMPTS[4], 50, outputs=["after"]),
    ])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    found = [(c.verdict, c.detail) for c in report.notebooks[0].cells]
    assert [v for v, _ in found] == [Verdict.NEEDS_INPUT] * 2 + [Verdict.TIMEOUT] + [
        Verdict.OK] * 2, found
    assert "waits for the learner to type an answer on the terminal (`read -p 'Name: ' " \
        "answer; echo $answer`)" in found[0][1], found[0][1]
    assert "-c print(input('Token: '))`" in found[1][1], found[1][1]
    stopped = [int(d.rsplit("stopped after ", 1)[1].split()[0]) for _, d in found[:2]]
    assert all(seconds < 20 for seconds in stopped), stopped
