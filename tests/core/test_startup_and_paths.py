"""Exit codes and messages a script can trust, beyond the report itself: Ctrl-C while the
command line is still being imported, an output that is a link into nowhere, a lesson
``fix lessons --check`` cannot read, and lesson names that are not UTF-8."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from coursekit.report import FORMATS

ROOT = Path(__file__).resolve().parents[2]
UNDECODABLE = b"\xff\xfe-\xe9t\xe9"
"""A name that is not UTF-8 (Latin-1 ``été``, after two stray bytes)."""

INTERRUPT_ON_IMPORT = """
import os, signal, sys

class _Interrupt:
    '''Ctrl-C the moment the command line imports click, as a user's would land.'''
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, _Interrupt())
"""


def _python(script: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script, *args], env=env, cwd=cwd,
                          capture_output=True, text=True, check=False, timeout=120)


def _coursekit(*args: str) -> subprocess.CompletedProcess[str]:
    return _python("import sys\nfrom coursekit.entry import main\nsys.exit(main())", *args)


# --- Ctrl-C at start-up -------------------------------------------------------------


@pytest.mark.parametrize("start", [
    "from coursekit.entry import main\nsys.exit(main())",
    "import runpy\nrunpy.run_module('coursekit', run_name='__main__')",
], ids=["console-script", "python-m"])
def test_ctrl_c_while_importing_is_one_line_and_exit_130(start: str) -> None:
    run = _python(f"{INTERRUPT_ON_IMPORT}\n{start}", "check", "--help")
    assert (run.returncode, run.stderr, run.stdout) == (130, "coursekit: interrupted\n", "")


def test_the_interrupt_is_real_without_the_entry_point() -> None:
    """The counterpart: importing the command line directly, the same Ctrl-C is a traceback."""
    run = _python(f"{INTERRUPT_ON_IMPORT}\nfrom coursekit.cli import main", "check")
    assert "KeyboardInterrupt" in run.stderr and "Traceback" in run.stderr


def test_the_console_script_is_the_entry_point() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["coursekit"] == "coursekit.entry:main"


def test_the_entry_point_runs_the_command_line() -> None:
    run = _coursekit("--version")
    assert run.returncode == 0 and "coursekit" in run.stdout


# --- a link into nowhere as an output -------------------------------------------------


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text("# A\n\n```py\nx = 1\n```\n",
                                                    encoding="utf-8")
    (root / "subtitles/en").mkdir(parents=True)
    (root / "subtitles/en/01_a.srt").write_text("1\n00:00:01,000 --> 00:00:02,000\nHi\n",
                                                encoding="utf-8")
    (root / "coursekit.toml").write_text("")
    return root


@pytest.mark.parametrize(("option", "extra"), [
    ("-o", ("check",)), ("--output", ("check", "--format", "json")),
    ("--out", ("build",)), ("--monolingual", ("fix", "subtitles")),
])
def test_an_output_linked_into_a_missing_folder_is_one_usage_error(
        course: Path, option: str, extra: tuple[str, ...]) -> None:
    link = course.parent / "out"
    link.symlink_to(course.parent / "missing" / "target")
    run = _coursekit(*extra, "--root", str(course), option, str(link))
    assert run.returncode == 2, run.stdout + run.stderr
    errors = [line for line in run.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and str(link) in errors[0]
    assert "does not exist" in errors[0]
    assert "Traceback" not in run.stderr
    assert not (course.parent / "missing").exists()
    assert not (course / "build/notebooks").exists()


@pytest.mark.parametrize("option_extra", [
    ("--out", ("build",)), ("--monolingual", ("fix", "subtitles")),
    ("--into", ("cache", "merge", ".")),
])
@pytest.mark.parametrize("blocked", ["/dev/null", "file", "file/under"])
def test_an_output_folder_where_none_can_be_is_one_usage_error(
        course: Path, option_extra: tuple[str, tuple[str, ...]], blocked: str) -> None:
    option, extra = option_extra
    plain = course.parent / "file"
    plain.write_text("not a folder\n", encoding="utf-8")
    target = blocked if blocked.startswith("/") else str(course.parent / blocked)
    run = _coursekit(*extra, "--root", str(course), option, target)
    assert run.returncode == 2, run.stdout + run.stderr
    errors = [line for line in run.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and target in errors[0] and "not a folder" in errors[0], errors
    assert "Traceback" not in run.stderr and "NBK104" not in run.stdout
    assert plain.read_text(encoding="utf-8") == "not a folder\n"


def test_an_output_folder_that_can_be_made_is_made(course: Path) -> None:
    out = course.parent / "made" / "here"
    run = _coursekit("build", "--root", str(course), "--out", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    assert any(out.rglob("*.ipynb"))


def test_a_report_linked_to_a_new_file_in_a_folder_that_exists_is_written(course: Path) -> None:
    """The counterpart: a link whose folder exists is written through, as the shell does."""
    (course.parent / "reports").mkdir()
    link = course.parent / "out.json"
    link.symlink_to(course.parent / "reports" / "check.json")
    run = _coursekit("check", "--root", str(course), "--format", "json", "-o", str(link))
    assert run.returncode in (0, 1), run.stderr
    assert link.is_symlink()
    assert "diagnostics" in json.loads((course.parent / "reports/check.json").read_text())


def test_the_library_never_makes_the_folder_a_link_points_into(tmp_path: Path) -> None:
    from coursekit.atomic import write_output

    link = tmp_path / "out"
    link.symlink_to(tmp_path / "missing" / "target")
    with pytest.raises(FileNotFoundError, match="whose folder does not exist") as refused:
        write_output(link, b"x")
    assert refused.value.filename == str(link)
    assert not (tmp_path / "missing").exists()


# --- fix lessons --check on what it cannot read --------------------------------------


def test_fix_lessons_check_names_a_lesson_it_cannot_read_and_exits_1(course: Path) -> None:
    chapter = course / "content/en/chapter1"
    os.mkfifo(chapter / "2.mdx")
    (chapter / "3.mdx").symlink_to(course / "nowhere.mdx")
    (chapter / "4.mdx").write_bytes(b"# \xe9t\xe9\n")
    run = _coursekit("fix", "lessons", "--root", str(course), "--check")
    assert run.returncode == 1, run.stderr
    lines = run.stderr.splitlines()
    assert "content/en/chapter1/2.mdx: cannot read: a FIFO (named pipe), not a regular " \
           "file; not formatted" in lines
    assert any(line.startswith("content/en/chapter1/3.mdx: cannot read: a symbolic link")
               for line in lines)
    assert "content/en/chapter1/4.mdx: cannot read: not UTF-8 (byte offset 2); " \
           "not formatted" in lines


def test_fix_lessons_check_of_readable_formatted_lessons_is_clean(course: Path) -> None:
    run = _coursekit("fix", "lessons", "--root", str(course), "--check")
    assert run.returncode == 0, run.stderr
    assert "cannot read" not in run.stderr


# --- lesson names that are not UTF-8 -------------------------------------------------


@pytest.fixture
def odd_names(course: Path) -> Path:
    """Lessons whose file and folder names are not UTF-8, one with a fence never closed."""
    content = os.fsencode(course / "content/en")
    (Path(os.fsdecode(content + b"/chapter1/" + UNDECODABLE + b".mdx"))).write_bytes(
        b"# A\n\n```py\nx = 1\n")
    folder = Path(os.fsdecode(content + b"/ch" + UNDECODABLE))
    folder.mkdir()
    (folder / "2.mdx").write_bytes(b"# B\n\n```py\ny = 2\n```\n")
    return course


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_lesson_name_that_is_not_utf8_is_reported_in_every_format(
        odd_names: Path, fmt: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "coursekit", "check", "--root", str(odd_names),
                          "--format", fmt], env=env, capture_output=True, check=False)
    assert b"Traceback" not in run.stderr and b"internal error" not in run.stderr
    assert b"cannot show" not in run.stderr
    assert run.returncode == 1, run.stderr
    assert b"LES103" in run.stdout  # the unclosed fence, in the file of the odd name
    assert b"-\xe9t\xe9" in run.stdout or b"\\udce9t\\udce9" in run.stdout \
        or b"%E9t%E9" in run.stdout


def test_a_lesson_name_that_is_not_utf8_is_built(odd_names: Path) -> None:
    def build(*args: str) -> subprocess.CompletedProcess[Any]:
        return subprocess.run([sys.executable, "-m", "coursekit", "build", "--root",
                               str(odd_names), *args], capture_output=True, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})

    first = build()
    assert first.returncode == 1, first.stderr  # the unclosed fence, and nothing else
    assert b"LES103" in first.stdout and b"3 written" in first.stderr + first.stdout
    notebooks = os.fsencode(odd_names / "build/notebooks/en")
    built = Path(os.fsdecode(notebooks + b"/chapter1/" + UNDECODABLE + b".ipynb"))
    document = json.loads(built.read_bytes().decode("utf-8"))  # the notebook is UTF-8
    assert document["cells"]
    assert Path(os.fsdecode(notebooks + b"/ch" + UNDECODABLE + b"/2.ipynb")).is_file()
    manifest = (odd_names / "build/notebooks/.manifest.json").read_bytes().decode("utf-8")
    assert len(json.loads(manifest)["lessons"]) == 3
    again = build("--check")  # the manifest read back: every notebook up to date
    assert b"up to date" in again.stdout + again.stderr, again.stdout + again.stderr
