"""A rebuild takes a file whose stamp the manifest trusts as unchanged without reading
it, and reads any other: a changed file is always rebuilt."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.lesson_files import LessonFile, LessonSource, stamp_of
from coursekit.notebooks.manifest import MANIFEST_NAME, Manifest, read_manifest

LESSON = "content/en/chapter1/1.mdx"
NOTEBOOK = "en/chapter1/1.ipynb"
HOUR_AGO = time.time_ns() - 3600 * 10**9


def build(root: Path) -> BuildResult:
    return build_course(Course.open(root))


def _age(root: Path) -> None:
    """Make every lesson an hour old, as files are when a build runs on them."""
    for path in (root / "content").rglob("*.mdx"):
        os.utime(path, ns=(HOUR_AGO, HOUR_AGO))


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = LessonFile.read

    def counting(file: LessonFile) -> LessonSource | Diagnostic:
        read.append(file.relative)
        return real(file)

    monkeypatch.setattr(LessonFile, "read", counting)
    return read


def _same_size_edit(path: Path, old: bytes, new: bytes) -> None:
    """Change ``path``'s bytes, keeping its size and modification time."""
    status = path.stat()
    data = path.read_bytes()
    assert old in data and len(old) == len(new)
    path.write_bytes(data.replace(old, new, 1))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))


def test_a_no_op_rebuild_reads_no_lesson(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _age(course_root)
    build(course_root)
    read = _reads(monkeypatch)
    second = build(course_root)
    assert (second.written, read) == ([], [])
    assert NOTEBOOK in second.unchanged


def test_a_lesson_changed_to_the_same_size_and_time_is_rebuilt(course_root: Path) -> None:
    _age(course_root)
    build(course_root)
    _same_size_edit(course_root / LESSON, b"0.5, 0.25", b"0.7, 0.25")
    assert build(course_root).written == [NOTEBOOK]
    assert "0.7, 0.25" in (course_root / "build/notebooks" / NOTEBOOK).read_text()


def test_an_edited_notebook_of_the_same_size_and_time_is_rewritten(course_root: Path) -> None:
    _age(course_root)
    build(course_root)
    notebook = course_root / "build/notebooks" / NOTEBOOK
    before = notebook.read_bytes()
    _same_size_edit(notebook, b"0.5, 0.25", b"0.7, 0.25")
    assert build(course_root).written == [NOTEBOOK]
    assert notebook.read_bytes() == before


def test_a_file_as_new_as_the_manifest_is_read(
    course_root: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _age(course_root)
    build(course_root)
    manifest = course_root / "build/notebooks" / MANIFEST_NAME
    lesson = course_root / LESSON
    at = manifest.stat().st_mtime_ns
    os.utime(lesson, ns=(at, at))  # changed within the manifest's clock tick, maybe
    read = _reads(monkeypatch)
    third = build(course_root)  # read and hashed; the new stamp is recorded
    assert (third.written, read) == ([], [LESSON])
    read.clear()
    assert build(course_root).written == []
    assert read == [] or manifest.stat().st_mtime_ns <= at


def test_the_manifest_trusts_an_equal_stamp_older_than_itself(tmp_path: Path) -> None:
    path = tmp_path / "file"
    path.write_text("x")
    stamp = stamp_of(path)
    assert stamp is not None
    mtime = stamp[1]
    assert Manifest(mtime_ns=mtime + 1).trusts(stamp, stamp)
    assert not Manifest(mtime_ns=mtime).trusts(stamp, stamp)
    assert not Manifest(mtime_ns=None).trusts(stamp, stamp)
    assert not Manifest(mtime_ns=mtime + 1).trusts(None, stamp)
    assert not Manifest(mtime_ns=mtime + 1).trusts(stamp, (stamp[0] + 1, *stamp[1:]))
    assert not Manifest(mtime_ns=mtime + 1).trusts(stamp, None)


def test_stamps_are_kept_in_the_manifest(course_root: Path) -> None:
    build(course_root)
    manifest = read_manifest(course_root / "build/notebooks" / MANIFEST_NAME)
    assert manifest.lessons[LESSON].stamp == stamp_of(course_root / LESSON)
    assert manifest.outputs[NOTEBOOK].stamp == stamp_of(
        course_root / "build/notebooks" / NOTEBOOK)


def test_a_cold_build_stamps_each_lesson_as_the_file_system_does(course_root: Path) -> None:
    _age(course_root)
    result = build(course_root)
    manifest = read_manifest(result.out / MANIFEST_NAME)
    assert manifest.lessons
    for path, entry in manifest.lessons.items():
        assert entry.stamp == stamp_of(course_root / path), path


def test_the_manifest_reads_back_as_written_one_line_per_entry(course_root: Path) -> None:
    result = build(course_root)
    path = result.out / MANIFEST_NAME
    manifest = read_manifest(path)
    entries = {**manifest.lessons, **manifest.outputs}
    assert manifest.lessons and manifest.outputs
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 + len(entries) + 2  # format, two openers, two closers
    starts = sorted(line.split('"')[1] for line in lines if line.startswith('  "'))
    assert starts == sorted(entries)
    again = read_manifest(path)
    assert (again.lessons, again.outputs) == (manifest.lessons, manifest.outputs)
    assert manifest.to_json() == path.read_text(encoding="utf-8")
    assert json.loads(Manifest().to_json()) == {"format": 1, "lessons": {}, "outputs": {}}
