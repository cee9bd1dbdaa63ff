"""What cannot be listed is not gone: a lesson or subtitle folder that cannot be read is a
``CFG007`` finding naming it, the other folders and languages are still checked, and
``build`` keeps the notebooks of the lessons it could not see. Folders of any depth are
listed, and one whose path is too long for the system is a finding too.

Run as root, a folder's permissions deny nothing, so the failing listing is injected
(``coursekit.config.listing.scan`` raising the error a listing raises); the same is
then done for real, as an unprivileged user, where the machine allows it."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from coursekit.checks import check_course
from coursekit.cli import main
from coursekit.config import Course
from coursekit.config import listing as listing_module
from coursekit.notebooks.build import build_course

ROOT = Path(__file__).resolve().parents[2]
TOCTREE = """- title: Chapter 1
  sections:
  - local: chapter1/1
    title: One
- title: Chapter 2
  sections:
  - local: chapter2/1
    title: Two
"""
LESSON = "# {title}\n\n```py\nprint({value})\n```\n"
SRT = "1\n00:00:01,000 --> 00:00:03,000\nHello\n\n"
BAD_SRT = "1\n00:00:01,000 --> soon\nHello\n\n"


def _course(root: Path) -> Path:
    """English and French lessons in two chapters, and subtitles in both languages: the
    English subtitle is broken (``SUB`` error), so a check of English shows it ran."""
    for language in ("en", "fr"):
        folder = root / "content" / language
        for chapter in ("chapter1", "chapter2"):
            (folder / chapter).mkdir(parents=True)
            (folder / chapter / "1.mdx").write_text(
                LESSON.format(title=chapter, value=chapter[-1]), encoding="utf-8")
        (folder / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
        (root / "subtitles" / language).mkdir(parents=True)
        (root / "subtitles" / language / "01_a.srt").write_text(
            BAD_SRT if language == "en" else SRT, encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    return root


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return _course(tmp_path / "course")


def _unlistable(monkeypatch: pytest.MonkeyPatch, *folders: Path,
                error: int = errno.EACCES) -> None:
    """Listing any of ``folders`` fails with ``error``, as the system would refuse it."""
    refused = {os.fspath(folder) for folder in folders}
    real = listing_module.scan

    def scan(folder: Path) -> list[os.DirEntry[str]]:
        if os.fspath(folder) in refused:
            raise OSError(error, os.strerror(error), os.fspath(folder))
        return real(folder)

    monkeypatch.setattr(listing_module, "scan", scan)


def _findings(root: Path, *args: str) -> tuple[int, list[dict[str, Any]]]:
    out = root.parent / "report.json"
    code = main(["check", "--root", str(root), "--format", "json", "-o", str(out), *args])
    return code, json.loads(out.read_text(encoding="utf-8"))["diagnostics"]


def _at(findings: list[dict[str, Any]], rule: str) -> list[str]:
    return [finding["path"] for finding in findings if finding["rule"] == rule]


def _notebooks(root: Path) -> list[str]:
    return sorted(p.relative_to(root / "build/notebooks").as_posix()
                  for p in (root / "build/notebooks").rglob("*.ipynb"))


# --- check --------------------------------------------------------------------------


def test_a_course_that_can_be_listed_has_no_such_finding(course: Path) -> None:
    code, findings = _findings(course)
    assert _at(findings, "CFG007") == []
    assert code == 1  # the broken English subtitle
    assert "subtitles/en/01_a.srt" in _at_rule_prefix(findings, "SUB")


def test_a_lesson_folder_that_cannot_be_listed_is_an_error_naming_it(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unlistable(monkeypatch, course / "content/en/chapter2")
    code, findings = _findings(course, "--no-cache")
    assert code == 1
    (finding,) = [f for f in findings if f["rule"] == "CFG007"]
    assert finding["path"] == "content/en/chapter2"
    assert finding["severity"] == "error"
    assert "Permission denied" in finding["message"]
    report = check_course(Course.open(course))
    assert "content/en/chapter1/1.mdx" in report.checked  # its sibling is still read
    assert "content/en/chapter2/1.mdx" not in report.checked


def test_an_unreadable_language_folder_is_its_finding_and_the_others_are_checked(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unlistable(monkeypatch, course / "content/fr", course / "subtitles/fr")
    code, findings = _findings(course, "--no-cache")
    assert code == 1
    assert _at(findings, "CFG007") == ["content/fr", "subtitles/fr"]
    assert any(path == "subtitles/en/01_a.srt" for path in _at_rule_prefix(findings, "SUB"))
    report = check_course(Course.open(course))
    assert {"content/en/chapter1/1.mdx", "content/en/chapter2/1.mdx",
            "subtitles/en/01_a.srt"} <= set(report.checked)


def _at_rule_prefix(findings: list[dict[str, Any]], prefix: str) -> list[str]:
    return [finding["path"] for finding in findings if finding["rule"].startswith(prefix)]


def test_a_lesson_folder_above_the_languages_that_cannot_be_listed_is_named(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unlistable(monkeypatch, course / "content")
    code, findings = _findings(course, "--no-cache")
    assert code == 1
    assert _at(findings, "CFG007") == ["content"]
    assert _at(findings, "CFG002") == []  # the lessons may be there: not "no content"
    assert "subtitles/en/01_a.srt" in _at_rule_prefix(findings, "SUB")


def test_an_error_other_than_permission_is_named_too(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _unlistable(monkeypatch, course / "subtitles/en", error=errno.EIO)
    code, findings = _findings(course, "--no-cache")
    assert code == 1
    (finding,) = [f for f in findings if f["rule"] == "CFG007"]
    assert finding["path"] == "subtitles/en"
    assert os.strerror(errno.EIO) in finding["message"]


# --- build --------------------------------------------------------------------------


def test_build_keeps_the_notebooks_of_a_folder_it_cannot_list(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["build", "--root", str(course)]) == 0
    before = _notebooks(course)
    assert any(name.startswith("en/chapter2") for name in before)
    _unlistable(monkeypatch, course / "content/en/chapter2")
    result = build_course(Course.open(course))
    assert [d.rule for d in result.diagnostics] == ["CFG007"]
    assert result.diagnostics[0].path == "content/en/chapter2"
    assert result.removed == []
    assert _notebooks(course) == before
    assert main(["build", "--root", str(course)]) == 1
    assert _notebooks(course) == before


def test_build_keeps_a_whole_language_it_cannot_list(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["build", "--root", str(course)]) == 0
    before = _notebooks(course)
    _unlistable(monkeypatch, course / "content/fr")
    assert main(["build", "--root", str(course), "--lang", "fr"]) == 1
    _unlistable(monkeypatch, course / "content")
    assert main(["build", "--root", str(course)]) == 1
    assert _notebooks(course) == before


def test_build_removes_the_notebooks_of_a_folder_that_is_gone(course: Path) -> None:
    """The counterpart: a folder really removed takes its notebooks with it."""
    assert main(["build", "--root", str(course)]) == 0
    shutil.rmtree(course / "content/en/chapter2")
    assert main(["build", "--root", str(course)]) == 0
    assert not any(name.startswith("en/chapter2") for name in _notebooks(course))


# --- for real, without the right to read --------------------------------------------

NOBODY = 65534


def _without_root_run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``coursekit`` run as an unprivileged user: in this process when it is one, else
    as ``nobody`` (which the machine may not allow: the test then skips)."""
    script = "import sys\nfrom coursekit.cli import main\nsys.exit(main(sys.argv[1:]))"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
           "HOME": str(root.parent), "LANG": "C.UTF-8"}
    user = NOBODY if os.geteuid() == 0 else None
    try:
        return subprocess.run([sys.executable, "-c", script, *args], env=env, user=user,
                              capture_output=True, text=True, check=False, timeout=120)
    except PermissionError as exc:
        pytest.skip(f"cannot run as an unprivileged user here: {exc}")


@pytest.fixture
def shared_course() -> Iterator[Path]:
    """A course an unprivileged user may read and write (outside pytest's own folder,
    which only its owner may enter)."""
    base = Path(tempfile.mkdtemp(prefix="coursekit-unlisted-"))
    try:
        base.chmod(0o755)
        root = _course(base / "course")
        if os.geteuid() == 0:
            for path in [base, *base.rglob("*")]:
                os.chown(path, NOBODY, NOBODY)
        yield root
    finally:
        for path in [base, *base.rglob("*")]:  # undo the lock so that all can be removed
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(base)


def test_a_folder_without_read_permission_is_found_for_real(shared_course: Path) -> None:
    first = _without_root_run(shared_course, "build", "--root", str(shared_course))
    if first.returncode != 0 and os.geteuid() == 0:
        pytest.skip(f"`nobody` cannot run coursekit here: {first.stderr.strip()[-300:]}")
    assert first.returncode == 0, first.stderr
    before = _notebooks(shared_course)
    (shared_course / "content/en/chapter2").chmod(0)
    try:
        checked = _without_root_run(shared_course, "check", "--root", str(shared_course),
                                    "--format", "json")
        built = _without_root_run(shared_course, "build", "--root", str(shared_course))
    finally:
        (shared_course / "content/en/chapter2").chmod(0o755)
    assert checked.returncode == 1, checked.stderr
    findings = json.loads(checked.stdout)["diagnostics"]
    assert _at(findings, "CFG007") == ["content/en/chapter2"]
    assert built.returncode == 1, built.stderr
    assert "CFG007" in built.stdout + built.stderr
    assert _notebooks(shared_course) == before


# --- depth --------------------------------------------------------------------------


def _deep(base: Path, levels: int, name: str) -> Path:
    """``levels`` nested folders under ``base``, made one at a time through their
    parent's descriptor (so the path's length never matters); returns the deepest."""
    fd = os.open(base, os.O_RDONLY)
    try:
        for _ in range(levels):
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        lesson = os.open("1.mdx", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(lesson, LESSON.format(title="Deep", value=1).encode())
        os.close(lesson)
    finally:
        os.close(fd)
    return base.joinpath(*[name] * levels)


def _remove_deep(top: Path) -> None:
    """Remove a tree of any depth or path length without recursion."""
    stack = [(os.open(top, os.O_RDONLY), "")]
    while stack:
        fd, name = stack[-1]
        inner = None
        with os.scandir(fd) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    inner = entry.name
                    break
                os.unlink(entry.name, dir_fd=fd)
        if inner is not None:
            stack.append((os.open(inner, os.O_RDONLY, dir_fd=fd), inner))
            continue
        os.close(fd)
        stack.pop()
        if stack:
            os.rmdir(name, dir_fd=stack[-1][0])
    os.rmdir(top)


def test_a_lesson_1200_folders_deep_is_checked_and_built(course: Path) -> None:
    top = course / "content/en/deep"
    top.mkdir()
    try:
        _deep(top, 1199, "d")
        report = check_course(Course.open(course))
        deep = [path for path in report.checked if path.endswith("/1.mdx")
                and path.count("/") > 1000]
        assert len(deep) == 1 and deep[0].count("/") == 1202
        assert not [d for d in report.diagnostics if d.rule == "CFG007"]
        result = build_course(Course.open(course), languages=["en"])
        assert sum(1 for path in result.notebooks if path.count("/") > 1000) >= 1
    finally:
        _remove_deep(top)
        if (course / "build").exists():
            _remove_deep(course / "build")


def test_a_folder_whose_path_is_too_long_for_the_system_is_a_finding(course: Path) -> None:
    top = course / "content/en/long"
    top.mkdir()
    try:
        deepest = _deep(top, 24, "x" * 200)  # about 4,800 characters: past PATH_MAX
        code, findings = _findings(course, "--no-cache")
        unlisted = _at(findings, "CFG007")
        assert code == 1 and len(unlisted) == 1
        assert Course.open(course).relative(deepest).startswith(unlisted[0])
        assert "too long" in next(f["message"] for f in findings if f["rule"] == "CFG007")
    finally:
        _remove_deep(top)
