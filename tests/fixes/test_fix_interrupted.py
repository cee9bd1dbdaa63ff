"""Every ``coursekit fix`` command interrupted by a real signal while it rewrites lessons:
it lists exactly the files whose rename happened, leaves the others as they were, and
leaves no temporary file, even when a second signal comes while a write is undone."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fixes.course import write_course as write_drift_course
from tests.formatting.course import write_course as write_format_course
from tests.git_history import commit, plant
from tests.translations.test_trn_freshness import TOCTREE

ROOT = Path(__file__).resolve().parents[2]
LESSON = "# Sounds[[sounds]]\n\n```py\nclips = load('small')\n```\n"

AFTER_SECOND_RENAME = """
import os, signal
real, renamed = os.replace, []
def replace(src, dst, *args, **kwargs):
    real(src, dst, *args, **kwargs)
    if str(dst).endswith(".mdx"):
        renamed.append(dst)
        if len(renamed) == 2:  # the signal comes as the rename returns
            os.kill(os.getpid(), {sig})
os.replace = replace
"""

DURING_SECOND_WRITE_AND_ITS_UNDOING = """
import os, pathlib, signal, stat
real_fsync, real_unlink, synced = os.fsync, pathlib.Path.unlink, []
def fsync(fd):
    if stat.S_ISREG(os.fstat(fd).st_mode):
        synced.append(fd)
        if len(synced) == 2:
            os.kill(os.getpid(), {sig})
    real_fsync(fd)
def unlink(self, *args, **kwargs):
    if ".coursekit." in self.name:  # a second signal while the write is undone
        os.kill(os.getpid(), {sig})
    real_unlink(self, *args, **kwargs)
os.fsync, pathlib.Path.unlink = fsync, unlink
"""


def _lessons_course(base: Path) -> tuple[Path, list[str]]:
    root = write_format_course(base / "course", "[tool.coursekit.format]\nline-length = 90\n")
    return root, ["fix", "lessons"]


def _drift_course(base: Path) -> tuple[Path, list[str]]:
    return write_drift_course(base / "course"), ["fix", "drift", "--no-verify"]


def _translations_course(base: Path) -> tuple[Path, list[str]]:
    if shutil.which("git") is None:
        pytest.skip("needs the git command")
    root = base / "course"
    files = {f"{lang}/_toctree.yml": TOCTREE for lang in ("en", "fr", "de")}
    plant(root, files | {f"{lang}/chapter1/1.mdx": LESSON for lang in ("en", "fr", "de")},
          "Course and two translations")
    commit(root, {"en/chapter1/1.mdx": LESSON.replace("'small'", "'large'")}, "Source",
           "2024-02-01T12:00:00")
    return root, ["fix", "translations"]


COURSES: dict[str, Callable[[Path], tuple[Path, list[str]]]] = {
    "lessons": _lessons_course, "drift": _drift_course, "translations": _translations_course,
}


def _lessons(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted((root / "content").rglob("*.mdx"))}


def _run(root: Path, args: list[str], prelude: str) -> subprocess.CompletedProcess[str]:
    script = f"import sys\n{prelude}\nfrom coursekit.cli import main\nsys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script, *args, "--root", str(root)],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False,
                          timeout=120)


def _listed(out: str) -> set[str]:
    verbs = ("fixed ", "synced ", "formatted ")
    return {line.split()[1] for line in out.splitlines() if line.startswith(verbs)}


@pytest.fixture(params=sorted(COURSES))
def command(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_as_a_rename_returns_counts_that_file(
        tmp_path: Path, command: str, sig: int, code: int) -> None:
    root, args = COURSES[command](tmp_path)
    before = _lessons(root)
    run = _run(root, args, AFTER_SECOND_RENAME.format(sig=int(sig)))
    assert run.returncode == code, run.stderr
    rewritten = {path for path, data in _lessons(root).items() if data != before[path]}
    assert len(rewritten) == 2
    assert _listed(run.stdout) == rewritten
    assert f"fix {command}: interrupted after rewriting 2 file(s)" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_two_signals_during_a_write_leave_its_old_file_and_no_temporary(
        tmp_path: Path, command: str, sig: int, code: int) -> None:
    root, args = COURSES[command](tmp_path)
    before = _lessons(root)
    run = _run(root, args, DURING_SECOND_WRITE_AND_ITS_UNDOING.format(sig=int(sig)))
    assert run.returncode == code, run.stderr
    after = _lessons(root)
    rewritten = {path for path, data in after.items() if data != before[path]}
    assert len(rewritten) == 1
    assert _listed(run.stdout) == rewritten
    assert f"fix {command}: interrupted after rewriting 1 file(s)" in run.stderr
    assert [p.name for p in tmp_path.rglob("*") if ".coursekit." in p.name] == []


def test_an_uninterrupted_run_lists_no_interruption(tmp_path: Path, command: str) -> None:
    root, args = COURSES[command](tmp_path)
    run = _run(root, args, "")
    assert run.returncode == 0, run.stderr
    assert "interrupted" not in run.stderr
    assert len(_listed(run.stdout)) >= 2
