"""Writes under faults: special files at the path, links, a write stopped at each step,
refused by the system, or racing another program's edit.

Every case asserts that each file holds its old bytes or its new ones, that no
temporary file is left, and, for a command, its exit code and a message naming the
path the user gave (never a temporary file's).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coursekit.atomic import ChangedSinceRead, write_bytes_atomic, write_output
from coursekit.cli import main
from coursekit.files import NotARegularFile, ReadState
from tests.formatting.course import FORMATTED, write_course

ROOT = Path(__file__).resolve().parents[2]
BROKEN_SRT = (b"1\r\n00:00:01,000 --> 00:00:03,000\r\nHello\n"
              b"5\n00:00:02.50 --> 00:00:05,000\nWorld\n")
LESSON = "# A lesson\n\n```py\nprint('hi')\n```\n"


def _temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if ".coursekit." in p.name]


def _course(base: Path) -> Path:
    """A course whose check has an error finding (no table of contents) and whose
    English subtitles need a fix."""
    root = base / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text(LESSON)
    (root / "subtitles/en").mkdir(parents=True)
    (root / "subtitles/en/01_a.srt").write_bytes(BROKEN_SRT)
    (root / "coursekit.toml").write_text("")
    return root


def _coursekit(*args: str, cwd: Path | None = None, prelude: str = "",
               **options: Any) -> subprocess.CompletedProcess[str]:
    """The command line run as its own process (``prelude`` runs first: a fault to
    inject)."""
    script = f"import sys\n{prelude}\nfrom coursekit.cli import main\nsys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, **options)


def _read_into(fifo: Path, got: list[bytes]) -> None:
    got.append(fifo.read_bytes())


# --- what is at the path ------------------------------------------------------------


def test_a_fifo_is_never_replaced_and_an_output_streams_into_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(NotARegularFile, match=r"FIFO.*not replaced") as refused:
        write_bytes_atomic(fifo, b"new")
    assert refused.value.filename == str(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=_read_into, args=(fifo, got))
    reader.start()
    write_output(fifo, b"report\n")
    reader.join(10)
    assert got == [b"report\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _temporaries(tmp_path) == []


def test_a_socket_is_refused_by_every_write(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        for write in (write_bytes_atomic, write_output):
            with pytest.raises(NotARegularFile, match="socket") as refused:
                write(path, b"new")
            assert refused.value.filename == str(path)
            assert stat.S_ISSOCK(os.lstat(path).st_mode)
    assert _temporaries(tmp_path) == []


def test_a_folder_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError):
        write_output(tmp_path / "out", b"new")
    assert (tmp_path / "out").is_dir()
    assert _temporaries(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_character_device_is_written_into_never_replaced(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    with pytest.raises(NotARegularFile, match="character device"):
        write_bytes_atomic(null, b"new")
    write_output(null, b"new")
    assert stat.S_ISCHR(os.lstat(null).st_mode)
    assert _temporaries(tmp_path) == []


def test_check_o_dev_null_leaves_dev_null_a_device(tmp_path: Path) -> None:
    """Run as root, as in most CI containers, this once replaced the system's /dev/null."""
    before = os.stat(os.devnull)
    assert stat.S_ISCHR(before.st_mode)
    run = _coursekit("check", "-o", os.devnull, "--root", str(_course(tmp_path)))
    assert run.returncode == 1, run.stderr
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert _temporaries(Path(os.devnull).parent) == []


def test_baseline_and_report_outputs_stream_into_a_fifo(tmp_path: Path) -> None:
    root = _course(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for args in (["check", "-o", str(fifo), "--format", "json"],
                 ["check", "--baseline", str(fifo), "--update-baseline"]):
        got: list[bytes] = []
        reader = threading.Thread(target=_read_into, args=(fifo, got))
        reader.start()
        run = _coursekit(*args, "--root", str(root), timeout=60)
        reader.join(10)
        assert run.returncode in (0, 1), run.stderr
        assert got and got[0].startswith(b"{")
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _temporaries(tmp_path) == []


def test_an_output_through_a_link_writes_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    link = tmp_path / "latest.json"
    link.symlink_to("reports/today.json")  # dangling: the target is made
    write_output(link, b"one")
    write_output(link, b"two")
    assert link.is_symlink() and (tmp_path / "reports/today.json").read_bytes() == b"two"
    assert _temporaries(tmp_path) == []


def test_a_loop_of_links_is_refused_naming_the_path(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(OSError, match="loop") as refused:
        write_bytes_atomic(tmp_path / "a", b"new", follow_links=True)
    assert refused.value.filename == str(tmp_path / "a")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_fix_subtitles_keeps_a_linked_subtitle_linked(tmp_path: Path) -> None:
    root = _course(tmp_path)
    shared = tmp_path / "shared.srt"
    linked = root / "subtitles/en/01_a.srt"
    shutil.move(linked, shared)
    linked.symlink_to(shared)
    assert main(["fix", "subtitles", "--root", str(root)]) == 0
    assert linked.is_symlink() and os.readlink(linked) == str(shared)
    assert shared.read_bytes().startswith(b"1\n00:00:01,000 --> 00:00:02,417\nHello\n\n2\n")
    assert _temporaries(tmp_path) == []


def test_fix_lessons_keeps_a_linked_lesson_linked(tmp_path: Path) -> None:
    root = write_course(tmp_path, "[tool.coursekit.format]\nline-length = 90\n")
    lesson = root / "content/en/chapter1/1.mdx"
    kept = tmp_path / "kept.mdx"
    shutil.move(lesson, kept)
    lesson.symlink_to(kept)
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert lesson.is_symlink() and FORMATTED in kept.read_text(encoding="utf-8")
    assert _temporaries(tmp_path) == []


def test_fix_names_a_hard_linked_subtitle_whose_other_name_keeps_the_old_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _course(tmp_path)
    subtitle = root / "subtitles/en/01_a.srt"
    backup = tmp_path / "backup.srt"
    os.link(subtitle, backup)  # a snapshot made with ``cp -al``
    assert main(["fix", "subtitles", "--root", str(root)]) == 0
    said = capsys.readouterr().err
    assert "subtitles/en/01_a.srt: has 1 other hard link(s)" in said
    assert backup.read_bytes() == BROKEN_SRT and subtitle.read_bytes() != BROKEN_SRT
    assert subtitle.stat().st_nlink == 1 and _temporaries(tmp_path) == []


def test_fix_lessons_says_nothing_of_links_for_a_file_of_its_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, "[tool.coursekit.format]\nline-length = 90\n")
    lesson = root / "content/en/chapter1/1.mdx"
    linked = tmp_path / "linked.mdx"
    os.link(lesson, linked)
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 1
    assert "hard link" not in capsys.readouterr().err  # --check writes nothing
    linked.unlink()
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert "hard link" not in capsys.readouterr().err
    assert FORMATTED in lesson.read_text(encoding="utf-8")


# --- an edit made while a fix runs -------------------------------------------------


def test_a_file_changed_since_it_was_read_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "a.srt"
    target.write_bytes(b"as read")
    state = ReadState.of(b"as read", os.stat(target))
    target.write_bytes(b"an edit")
    with pytest.raises(ChangedSinceRead, match="changed since it was read") as refused:
        write_bytes_atomic(target, b"fixed", expect=state)
    assert refused.value.filename == str(target)
    assert target.read_bytes() == b"an edit"
    target.unlink()
    with pytest.raises(ChangedSinceRead, match="removed"):
        write_bytes_atomic(target, b"fixed", expect=state)
    assert not target.exists()
    assert _temporaries(tmp_path) == []


def test_a_touched_file_of_the_same_bytes_is_a_change_too(tmp_path: Path) -> None:
    target = tmp_path / "a.srt"
    target.write_bytes(b"as read")
    state = ReadState.of(b"as read", os.stat(target))
    os.utime(target, ns=(0, 1_000_000_000))
    with pytest.raises(ChangedSinceRead):
        write_bytes_atomic(target, b"fixed", expect=state)
    write_bytes_atomic(target, b"fixed", expect=ReadState.of(b"as read", os.stat(target)))
    assert target.read_bytes() == b"fixed"


def _edited_between_read_and_write(monkeypatch: pytest.MonkeyPatch, module: str,
                                   name: str, edit: Callable[[], object]) -> None:
    """``module.name`` (the step that writes) runs after ``edit``: another program
    saving the file while the fix was working on it."""
    import importlib

    target = importlib.import_module(module)
    real = getattr(target, name)

    def late(*args: object, **kwargs: object) -> object:
        edit()
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, late)


def test_fix_subtitles_leaves_a_file_edited_meanwhile_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    root = _course(tmp_path)
    srt = root / "subtitles/en/01_a.srt"
    edited = BROKEN_SRT + b"\n"
    _edited_between_read_and_write(monkeypatch, "coursekit.cli.commands.fix_subtitles",
                                   "write_fixes",
                                   lambda: srt.write_bytes(edited))
    assert main(["fix", "subtitles", "--root", str(root)]) == 1
    assert srt.read_bytes() == edited
    err = capsys.readouterr().err
    assert "subtitles/en/01_a.srt: left as it is: changed since it was read" in err
    assert _temporaries(tmp_path) == []


def test_fix_lessons_leaves_a_lesson_edited_meanwhile_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, "[tool.coursekit.format]\nline-length = 90\n")
    lesson = root / "content/fr/chapter1/1.mdx"
    edited = lesson.read_text(encoding="utf-8") + "\nUne phrase de plus.\n"
    _edited_between_read_and_write(monkeypatch, "coursekit.formatting.fix", "write_bytes_atomic",
                                   lambda: lesson.write_text(edited, encoding="utf-8"))
    assert main(["fix", "lessons", "--root", str(root)]) == 1
    assert lesson.read_text(encoding="utf-8") == edited
    err = capsys.readouterr().err
    assert "content/fr/chapter1/1.mdx: cannot write: changed since it was read" in err
    assert _temporaries(tmp_path) == []


# --- a write stopped at each step, or refused ---------------------------------------

STEPS = {
    "the temporary file is open": "os.fchmod",
    "its bytes are written": "os.fsync",
    "it is about to be renamed": "os.replace",
}


@pytest.fixture(params=sorted(STEPS), ids=lambda step: step.replace(" ", "-"))
def step(request: pytest.FixtureRequest) -> str:
    return STEPS[request.param]


@pytest.mark.parametrize(("sig", "code", "said"), [
    (signal.SIGINT, 130, "coursekit: interrupted"),
    (signal.SIGTERM, 143, "coursekit: terminated"),
])
def test_a_signal_during_a_write_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, step: str, sig: int, code: int, said: str) -> None:
    root = _course(tmp_path)
    report = tmp_path / "report.txt"
    report.write_bytes(b"old report")
    module, name = step.split(".")
    prelude = (f"import os, {module}\nreal = {module}.{name}\n"
               f"def stop(*a, **k):\n    os.kill(os.getpid(), {int(sig)})\n"
               f"    return real(*a, **k)\n{module}.{name} = stop\n")
    run = _coursekit("check", "-o", str(report), "--root", str(root), prelude=prelude)
    assert run.returncode == code
    assert run.stderr.strip().splitlines() == [said]
    assert report.read_bytes() in (b"old report",)
    assert _temporaries(tmp_path) == []


def test_fix_interrupted_says_which_files_it_already_rewrote(tmp_path: Path) -> None:
    root = _course(tmp_path)
    second = root / "subtitles/en/02_b.srt"
    second.write_bytes(BROKEN_SRT)
    prelude = ("import os, signal, coursekit.atomic as a\nreal = a._replace\ncalls = []\n"
               "def stop(*args):\n    calls.append(1)\n    if len(calls) == 2:\n"
               "        os.kill(os.getpid(), signal.SIGINT)\n    return real(*args)\n"
               "a._replace = stop\n")
    run = _coursekit("fix", "subtitles", "--root", str(root), prelude=prelude)
    assert run.returncode == 130
    assert "fixed subtitles/en/01_a.srt" in run.stdout
    assert "02_b.srt" not in run.stdout
    assert "interrupted after rewriting 1 file(s)" in run.stderr
    assert "Traceback" not in run.stderr
    assert (root / "subtitles/en/01_a.srt").read_bytes() != BROKEN_SRT
    assert second.read_bytes() == BROKEN_SRT
    assert _temporaries(tmp_path) == []


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EACCES, errno.EIO])
@pytest.mark.parametrize("failing", ["coursekit.atomic._write_all", "os.fsync", "os.replace"])
def test_a_refused_write_is_one_line_naming_the_output(
        tmp_path: Path, error: int, failing: str) -> None:
    root = _course(tmp_path)
    report = tmp_path / "report.txt"
    report.write_bytes(b"old report")
    module, name = failing.rsplit(".", 1)
    prelude = (f"import {module}\n"
               f"def refuse(*a, **k):\n    raise OSError({error}, {os.strerror(error)!r})\n"
               f"{module}.{name} = refuse\n")
    run = _coursekit("check", "-o", str(report), "--root", str(root), prelude=prelude)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [f"coursekit: {report}: {os.strerror(error)}"]
    assert report.read_bytes() == b"old report"
    assert _temporaries(tmp_path) == []


def test_a_durable_write_syncs_its_folder_after_the_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[tuple[bool, bool]] = []
    real = os.fsync

    def record(fd: int) -> None:
        synced.append((stat.S_ISDIR(os.fstat(fd).st_mode), (tmp_path / "a.txt").exists()))
        real(fd)

    monkeypatch.setattr(os, "fsync", record)
    write_bytes_atomic(tmp_path / "a.txt", b"new")
    assert synced == [(False, False), (True, True)]  # the file, then its folder once renamed
    synced.clear()
    write_bytes_atomic(tmp_path / "b.txt", b"new", durable=False)
    assert synced == []


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A folder that another user can enter (pytest's own are private to their owner)."""
    folder = Path(tempfile.mkdtemp(prefix="coursekit-faults-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _as_another_user() -> dict[str, Any]:
    if os.geteuid() != 0:
        return {}
    try:
        import pwd

        nobody = pwd.getpwnam("nobody")
    except (ImportError, KeyError):
        pytest.skip("root, and no unprivileged user to run as")
    return {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}


def test_a_read_only_folder_is_one_line_naming_the_output(shared_tmp: Path) -> None:
    user = _as_another_user()
    root = _course(shared_tmp)
    for path in [root, *root.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    locked = shared_tmp / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    report = locked / "report.txt"
    try:
        run = _coursekit("check", "-o", str(report), "--root", str(root), cwd=shared_tmp,
                         **user)
    except PermissionError:
        pytest.skip("the unprivileged user cannot run this interpreter (it lies in a "
                    "folder private to root)")
    if run.returncode == 1 and report.exists():
        pytest.skip("this user can write into a read-only folder")
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip().splitlines() == [f"coursekit: {report}: Permission denied"]
    assert list(locked.iterdir()) == []


def test_an_interrupted_build_records_the_notebooks_it_wrote(tmp_path: Path) -> None:
    root = _course(tmp_path)
    for number in (2, 3):
        (root / f"content/en/chapter1/{number}.mdx").write_text(LESSON.replace("hi", str(number)))
    prelude = ("import os, signal, coursekit.notebooks.output_files as o\n"
               "real = o.write_bytes_atomic\ncalls = []\n"
               "def stop(*args, **kwargs):\n    calls.append(1)\n    if len(calls) == 2:\n"
               "        os.kill(os.getpid(), signal.SIGINT)\n    return real(*args, **kwargs)\n"
               "o.write_bytes_atomic = stop\n")
    run = _coursekit("build", "--root", str(root), prelude=prelude)
    assert run.returncode == 130, run.stderr
    assert run.stderr.strip().splitlines()[-1] == "coursekit: interrupted"
    notebooks = root / "build" / "notebooks"
    written = sorted(p.relative_to(notebooks).as_posix() for p in notebooks.rglob("*.ipynb"))
    assert written == ["en/chapter1/1.ipynb"]
    import json

    manifest = json.loads((notebooks / ".manifest.json").read_text(encoding="utf-8"))
    assert sorted(manifest["outputs"]) == written
    assert _temporaries(tmp_path) == []
    check = _coursekit("build", "--check", "--root", str(root))
    assert check.returncode == 1
    (root / "content/en/chapter1/1.mdx").unlink()  # its lesson goes: so does its notebook
    assert _coursekit("build", "--root", str(root)).returncode == 0
    assert not (notebooks / "en/chapter1/1.ipynb").exists()


# --- concurrent runs on one course -----------------------------------------------------


def _together(*commands: tuple[str, ...]) -> list[subprocess.CompletedProcess[str]]:
    """The command lines run at the same time, each as its own process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = [subprocess.Popen([sys.executable, "-m", "coursekit", *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for args in commands]
    finished = []
    for process, args in zip(started, commands, strict=True):
        out, err = process.communicate(timeout=180)
        finished.append(subprocess.CompletedProcess(args, process.returncode, out, err))
    return finished


def test_two_builds_at_once_leave_whole_notebooks_and_manifest(tmp_path: Path) -> None:
    root = write_course(tmp_path / "course")
    runs = _together(*[("build", "--root", str(root))] * 2)
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stderr
    notebooks = root / "build/notebooks"
    manifest = json.loads((notebooks / ".manifest.json").read_text(encoding="utf-8"))
    built = sorted(p.relative_to(notebooks).as_posix() for p in notebooks.rglob("*.ipynb"))
    assert built and sorted(manifest["outputs"]) == built
    for path in built:
        json.loads((notebooks / path).read_text(encoding="utf-8"))
    assert _temporaries(root) == []
    assert main(["build", "--root", str(root), "--check"]) == 0


def test_two_checks_writing_one_report_at_once_leave_one_whole_report(tmp_path: Path) -> None:
    root = _course(tmp_path)
    out = tmp_path / "report.json"
    runs = _together(*[("check", "--root", str(root), "--format", "json", "-o", str(out))] * 2)
    assert [run.returncode for run in runs] == [1, 1], [run.stderr for run in runs]
    assert all("Traceback" not in run.stderr for run in runs)
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["diagnostics"]
    assert _temporaries(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_fix_subtitles_run_by_root_leaves_the_authors_files_theirs(tmp_path: Path) -> None:
    root = _course(tmp_path)
    srt = root / "subtitles/en/01_a.srt"
    os.chown(srt, 4321, 4321)
    assert main(["fix", "subtitles", "--root", str(root)]) == 0
    assert srt.read_bytes() != BROKEN_SRT
    assert (srt.stat().st_uid, srt.stat().st_gid) == (4321, 4321)
    assert _temporaries(tmp_path) == []
