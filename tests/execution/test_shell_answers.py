"""A shell command line whose status is grep's "no line matched" is an answer, not a failure.

Planted, on a real kernel: ``!pip list | grep`` (and ``%pip list | grep``, ``!ls | grep
-q``, ``!grep`` of a file, ``!ls | grep -q x && echo found``, whose ``echo`` never ran)
for a name that is not there, each exiting 1, all clean. Counterparts that still fail: a
command before the grep that fails (``cat`` of a missing file), grep with a bad option
(status 2), a grep that ends the line after ``&&`` (the status may be the command's
before it), and a command after a grep's ``&&`` that fails itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.judge.shellstatus import answered_no, status_pipeline
from coursekit.execution.results import Verdict
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course


@pytest.mark.parametrize(("command", "programs"), [
    ("pip list | grep torch", ["pip", "grep"]),
    ("pip list|grep -q torch", ["pip", "grep"]),
    ("/k/bin/python -m pip freeze | grep -i torch", ["python", "grep"]),
    ("ls; grep x f.txt", ["grep"]),
    ("ls || LC_ALL=C /usr/bin/grep x f.txt 2>/dev/null", ["grep"]),
    ('echo "a|b;c" | grep a', ["echo", "grep"]),
    ("cd data && grep x f.txt", None),
    ("pip list | grep -q x && echo found", ["pip", "grep"]),
    ("grep -q x f.txt && echo a && true && :", ["grep"]),
    ("ls || grep -q x f.txt && /bin/echo found", ["grep"]),
    ("grep -q x f.txt && ls data", None),
    ("grep -q x f.txt && echo found > out.txt", None),
    ("grep -q x f.txt ;; echo", None),
    ("(ls | grep x)", None),
    ("echo $(ls) | grep x", None),
    ('grep "unclosed', None),
    ("# a %%bash cell's script\npip list | grep x\n", ["pip", "grep"]),
    ("set -e\nfalse\ngrep x f.txt", None),
])
def test_the_pipeline_a_line_exits_with_the_status_of(command: str,
                                                      programs: list[str] | None) -> None:
    assert status_pipeline(command) == programs


def test_only_greps_no_match_is_an_answer() -> None:
    assert answered_no("pip list | grep torch", 1, "")
    assert answered_no("grep x f.txt", 1, "")
    assert answered_no("ls; grep -q x f.txt", 1, "")
    assert not answered_no("pip list | grep torch", 2, "grep: bad")
    assert not answered_no("cat missing.txt | grep x", 1,
                           "cat: missing.txt: No such file or directory")
    assert answered_no("pip list | grep -q x && echo found", 1, "")
    assert not answered_no("grep -q x f.txt && cat missing.txt", 1, "")
    assert not answered_no("pip list | sort", 1, "")
    assert not answered_no("grep x f.txt | sort", 1, "")


LESSON_CELLS = [
    "!pip list | grep coursekit-test-absent-package",
    "%pip list | grep coursekit-test-absent-package",
    "!ls | grep -q coursekit-test-absent-file",
    "!echo one > lines.txt\n!grep two lines.txt",
    "!ls | grep -q coursekit-test-absent-file && echo found",
    "!ls | grep -q coursekit-test-absent-file || echo missing",
    "!cat coursekit-test-missing.txt | grep x",
    "!grep --coursekit-bad-option x lines.txt",
    "!grep -q one lines.txt && cat coursekit-test-missing.txt",
]


@pytest.mark.kernel
def test_a_grep_that_matches_nothing_fails_nothing_on_a_real_kernel(tmp_path: Path) -> None:
    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook(
        [cell(code, 10 * (n + 1)) for n, code in enumerate(LESSON_CELLS)])})
    report = verify_course(course, device="cpu", jobs=1, use_cache=False)
    found = [(c.verdict, c.detail) for c in report.notebooks[0].cells]
    assert [v for v, _ in found] == [Verdict.OK] * 6 + [Verdict.UNEXPECTED_ERROR] * 3, found
    assert found[6][1] == ("`!cat coursekit-test-missing.txt | grep x` exits with status 1: "
                           "`cat: coursekit-test-missing.txt: No such file or directory`")
    assert found[7][1].startswith("`!grep --coursekit-bad-option x lines.txt` exits with "
                                  "status 2: ")
    assert found[8][1] == ("`!grep -q one lines.txt && cat coursekit-test-missing.txt` exits "
                           "with status 1: `cat: coursekit-test-missing.txt: No such file or "
                           "directory`")
