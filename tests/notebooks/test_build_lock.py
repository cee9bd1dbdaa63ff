"""Two builds of one notebooks folder never run at once: each records in the manifest
what the other did, so a lesson removed later still has its notebooks deleted."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.notebooks.build import build_course
from coursekit.notebooks.build_lock import LOCK_NAME, build_lock
from coursekit.notebooks.manifest import MANIFEST_NAME, read_manifest

from .sample_course import PIPELINE, TRANSLATION, write


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    write(root, "content/en/chapter1/1.mdx", PIPELINE)
    write(root, "content/fr/chapter1/1.mdx", TRANSLATION)
    return root


def _build(root: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "coursekit", "build", "--root", str(root), *args],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_a_build_waits_for_the_one_that_holds_the_folder(root: Path) -> None:
    build_course(Course.open(root), languages=["en"])
    notebooks = root / "build/notebooks"
    fd = os.open(notebooks / LOCK_NAME, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another build, between its read and its write
        waiting = _build(root, "--lang", "fr")
        time.sleep(1.5)
        assert waiting.poll() is None  # it waits rather than read a manifest in flux
        assert sorted(read_manifest(notebooks / MANIFEST_NAME).lessons) == [
            "content/en/chapter1/1.mdx"]
    finally:
        os.close(fd)
    assert waiting.wait(60) in (0, 1)
    assert sorted(read_manifest(notebooks / MANIFEST_NAME).lessons) == [
        "content/en/chapter1/1.mdx", "content/fr/chapter1/1.mdx"]


def test_builds_of_two_languages_at_once_both_stay_recorded(root: Path) -> None:
    for _ in range(3):
        runs = [_build(root, "--lang", language) for language in ("en", "fr")]
        assert [run.wait(60) for run in runs] in ([0, 0], [0, 1], [1, 0], [1, 1])
        manifest = read_manifest(root / "build/notebooks" / MANIFEST_NAME)
        assert {path.split("/", 1)[0] for path in manifest.outputs} == {"en", "fr"}
    (root / "content/fr/chapter1/1.mdx").unlink()
    build_course(Course.open(root))
    assert not list((root / "build/notebooks/fr").rglob("*.ipynb"))


def test_check_creates_nothing_and_shares_the_lock(root: Path) -> None:
    notebooks = root / "build/notebooks"
    assert build_course(Course.open(root), check=True).stale
    assert not notebooks.exists()
    build_course(Course.open(root))
    with build_lock(notebooks, check=True), build_lock(notebooks, check=True):
        assert not build_course(Course.open(root), check=True).stale


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "link", "folder"])
def test_a_lock_path_that_is_no_file_leaves_the_build_unlocked(root: Path, tmp_path: Path,
                                                                kind: str) -> None:
    lock = root / "build/notebooks" / LOCK_NAME
    lock.parent.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("kept\n")
    {"fifo": os.mkfifo, "folder": os.mkdir,
     "link": lambda p: os.symlink(elsewhere, p)}[kind](lock)
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(build_course(Course.open(root))),
                              daemon=True)
    worker.start()
    worker.join(60)
    assert done, "the build blocked on its lock file"
    assert elsewhere.read_text() == "kept\n"
    assert (root / "build/notebooks/en/chapter1/1.ipynb").is_file()
