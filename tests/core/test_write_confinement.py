"""Every writing command, run in a sandbox among files it does not own, leaves those
files byte-identical: nothing outside its own outputs is written, renamed or deleted,
whatever the course, its build folder or the command line names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.execution.cache.store import CACHE_DIR, ResultCache
from coursekit.execution.results import CellRun, NotebookRun, RunStatus

BROKEN_SRT = (b"1\r\n00:00:01,000 --> 00:00:03,000\r\nHello\n"
              b"5\n00:00:02.50 --> 00:00:05,000\nWorld\n")
BILINGUAL = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
             "2\n00:00:03,500 --> 00:00:05,000\n世界。\nWorld.\n\n"
             "3\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n")
UNREADABLE = "1\n00:00:01,000 --> soon\n你好。\nHello.\n\n"
LESSON = "# A lesson\n\n```py\nprint('hi')\n```\n"


def _dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def _put(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def _snapshot(base: Path) -> dict[str, bytes]:
    return {p.relative_to(base).as_posix(): p.read_bytes()
            for p in sorted(base.rglob("*")) if p.is_file() and not p.is_symlink()}


@pytest.fixture
def sandbox(tmp_path: Path) -> Path:
    """A course among files that are not its commands' to touch."""
    course = tmp_path / "course"
    _put(course / "coursekit.toml", "")
    _put(course / "content/en/chapter1/1.mdx", LESSON)
    _put(course / "content/en/chapter1/2.mdx", LESSON.replace("hi", "bye"))
    _put(course / "subtitles/en/01_a.srt", BROKEN_SRT)
    _put(course / "subtitles/zh-CN/01_a.srt", BILINGUAL)
    _put(course / "subtitles/zh-CN/02_b.srt", UNREADABLE)
    dead = _dead_pid()
    decoys: dict[str, str | bytes] = {  # look-alikes of atomic-write leftovers, neighbours
        "outside.ipynb": "{}",
        "outside/01_a.srt": BROKEN_SRT,
        "elsewhere/keep.json": "{}",
        "course/notes.txt": "notes",
        "course/build/notebooks/.notes.20240101.tmp": "draft",
        f"course/build/notebooks/en/chapter1/.1.ipynb.{dead}.abcd1234.tmp": "draft",
        "course/subtitles/en/.draft.srt.backup_1.tmp": "draft",
        "course/subtitles/en/notes.txt": "notes",
        "course/content/en/chapter1/.1.mdx.20240101.tmp": "draft",
        "outside/chapter1/1.mdx": LESSON,
        "mono/zh-CN/.01_a.srt.20240101.tmp": "draft",
        "reports/.merged.json.backup_1.tmp": "draft",
        "reports/.check.json.20240101.tmp": "draft",
    }
    for name, data in decoys.items():
        _put(tmp_path / name, data)
    return tmp_path


def _tamper_manifest(course: Path, sandbox: Path) -> None:
    """Name files outside the notebooks folder as outputs of lesson 2, then delete it."""
    manifest = course / "build/notebooks/.manifest.json"
    document = json.loads(manifest.read_text())
    entry = next(v for v in document["outputs"].values()
                 if v["lesson"] == "content/en/chapter1/2.mdx")
    for path in ("../../../outside.ipynb", str(sandbox / "outside.ipynb"),
                 "en/../../../notes.txt", "../../subtitles/en/notes.txt"):
        document["outputs"][path] = entry
    manifest.write_text(json.dumps(document))
    (course / "content/en/chapter1/2.mdx").unlink()


def _shard_cache(sandbox: Path, course: Path) -> Path:
    shard = sandbox / "shard" / CACHE_DIR
    ResultCache(shard).store("aa11", NotebookRun(cells=[CellRun(RunStatus.OK, duration=1.0)]))
    ResultCache(shard).store("bb22", NotebookRun(cells=[CellRun(RunStatus.OK, duration=2.0)]))
    target = course / "build" / CACHE_DIR / "runs"
    target.mkdir(parents=True)
    os.symlink(sandbox / "elsewhere", target / "aa", target_is_directory=True)
    return shard


def test_writing_commands_touch_only_what_they_own(sandbox: Path) -> None:
    course = sandbox / "course"
    root = ["--root", str(course)]
    assert main(["build", *root]) == 0
    _tamper_manifest(course, sandbox)
    shard = _shard_cache(sandbox, course)
    before = _snapshot(sandbox)

    codes = [
        main(["build", *root]),
        main(["fix", "subtitles", *root, "--lang", "../../outside"]),
        main(["fix", "subtitles", *root, "--lang", str(sandbox / "outside")]),
        main(["fix", "subtitles", *root, "--monolingual", str(sandbox / "mono")]),
        main(["fix", "subtitles", *root]),
        main(["cache", "merge", *root, str(shard)]),
        main(["fix", "lessons", *root, "--lang", "../../outside"]),
        main(["fix", "lessons", *root]),
        main(["check", *root, "--format", "json", "-o", str(sandbox / "reports/check.json")]),
        main(["check", *root, "--baseline", str(sandbox / "reports/baseline.json"),
              "--update-baseline"]),
        main(["report", "merge", str(sandbox / "reports/check.json"),
              "-o", str(sandbox / "reports/merged.json")]),
    ]
    assert codes[1:3] == [2, 2]  # a --lang that leaves the subtitles folder is refused
    assert codes[3] == 1  # the unreadable file gets no monolingual copy, and says so
    assert codes[6] == 2  # so is a --lang that leaves the lessons folder

    after = _snapshot(sandbox)
    owned = {  # what the commands were asked to change
        "course/build/notebooks/.manifest.json",
        "course/build/notebooks/en/chapter1/2.ipynb",   # its lesson is gone
        "course/subtitles/en/01_a.srt",                 # fixed
        "course/content/en/chapter1/1.mdx",             # its code formatted
    }
    changed = sorted(p for p, data in before.items() if p not in owned and after.get(p) != data)
    assert changed == []
    assert "course/build/notebooks/en/chapter1/2.ipynb" not in after
    assert after["course/subtitles/en/01_a.srt"] != BROKEN_SRT
    assert after["course/content/en/chapter1/1.mdx"] == LESSON.replace("'hi'", '"hi"').encode()
    created = sorted(p for p in set(after) - set(before)
                     if not p.startswith("course/build/.check-cache/"))
    assert any(p.startswith("course/build/.check-cache/") for p in after)  # check's own
    assert created == [
        f"course/build/{CACHE_DIR}/runs/bb/bb22.json",
        "mono/zh-CN/01_a.srt",
        "reports/baseline.json",
        "reports/check.json",
        "reports/merged.json",
    ]
    assert sorted(p.name for p in (sandbox / "elsewhere").iterdir()) == ["keep.json"]
