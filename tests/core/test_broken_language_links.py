"""A link named as a language folder that leads to no folder (a dangling link, a loop of
links, a link to a file) hides a language: it is a ``CFG007`` finding naming it, the
other languages are still checked, and ``build`` keeps the notebooks of the language it
could not see. A link that leads to a folder is that language's folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coursekit.cli import main

TOCTREE = "- title: Chapter 1\n  sections:\n  - local: chapter1/1\n    title: One\n"
LESSON = "# One\n\n```py\nprint(1)\n```\n"
SRT = "1\n00:00:01,000 --> 00:00:03,000\n{text}\n\n"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    for language in ("en", "fr"):
        (root / "content" / language / "chapter1").mkdir(parents=True)
        (root / "content" / language / "chapter1" / "1.mdx").write_text(LESSON)
        (root / "content" / language / "_toctree.yml").write_text(TOCTREE)
        (root / "subtitles" / language).mkdir(parents=True)
        (root / "subtitles" / language / "01_a.srt").write_text(
            SRT.format(text="Hello" if language == "en" else "Bonjour"))
    (root / "coursekit.toml").write_text('source-language = "en"\n')
    return root


def _findings(root: Path) -> tuple[int, list[dict[str, Any]]]:
    out = root.parent / "report.json"
    code = main(["check", "--root", str(root), "--format", "json", "-o", str(out)])
    return code, json.loads(out.read_text(encoding="utf-8"))["diagnostics"]


def _aside(folder: Path) -> Path:
    """Move ``folder`` out of the course, so that a link may stand in its place."""
    moved = folder.parent.parent.parent / f"{folder.parent.name}-{folder.name}"
    folder.rename(moved)
    return moved


BROKEN: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "dangling": (lambda link, _: link.symlink_to("nowhere"),
                 "a symbolic link to `nowhere`, which does not exist"),
    "loop": (lambda link, _: link.symlink_to(link.name), "a loop of symbolic links"),
    "to-a-file": (lambda link, moved: link.symlink_to(moved / "_toctree.yml"),
                  "which is not a folder"),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
@pytest.mark.parametrize("folder", ["content", "subtitles"])
def test_a_broken_link_as_a_language_folder_is_a_finding_naming_it(
        course: Path, kind: str, folder: str) -> None:
    link = course / folder / "fr"
    moved = _aside(link)
    make, said = BROKEN[kind]
    make(link, course / "content" / "en" if folder == "subtitles" else moved)
    code, findings = _findings(course)
    assert code == 1
    [unlisted] = [f for f in findings if f["rule"] == "CFG007"]
    assert unlisted["path"] == f"{folder}/fr"
    assert said in unlisted["message"]


def test_build_keeps_the_notebooks_of_a_language_behind_a_broken_link(course: Path) -> None:
    assert main(["build", "--root", str(course)]) == 0
    notebooks = course / "build" / "notebooks"
    before = sorted(p.relative_to(notebooks) for p in notebooks.rglob("*.ipynb"))
    assert any(p.parts[0] == "fr" for p in before)
    _aside(course / "content" / "fr")
    (course / "content" / "fr").symlink_to("gone")
    assert main(["build", "--root", str(course)]) == 1
    assert sorted(p.relative_to(notebooks) for p in notebooks.rglob("*.ipynb")) == before


@pytest.mark.parametrize("folder", ["content", "subtitles"])
def test_a_link_to_a_folder_is_the_languages_folder(course: Path, folder: str) -> None:
    moved = _aside(course / folder / "fr")
    (course / folder / "fr").symlink_to(moved)
    assert _findings(course) == (0, [])
