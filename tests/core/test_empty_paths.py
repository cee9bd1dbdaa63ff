"""An empty path (a variable left unset: ``--out "$DIR"``) names no folder: it is a usage
error, never the current folder, which ``.`` names and a command would write into."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.cli import main


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text("# A\n\n```py\nx = 1\n```\n")
    (root / "content/en/_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/1\n    title: A\n")
    (root / "coursekit.toml").write_text("")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("args", [
    ("build", "--out", ""), ("fix", "subtitles", "--monolingual", ""),
    ("cache", "merge", ".", "--into", ""), ("check", "--root", ""),
    ("build", "--root", ""), ("coverage", "--root", ""),
    ("report", "merge", "--root", "", "coursekit.toml"),
])
def test_an_empty_folder_path_is_one_usage_error_and_nothing_is_written(
        course: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    before = sorted(course.rglob("*"))
    assert main(list(args)) == 2
    errors = [line for line in capsys.readouterr().err.splitlines()
              if line.startswith("Error:")]
    assert len(errors) == 1 and "the path is empty" in errors[0], errors
    assert sorted(course.rglob("*")) == before


@pytest.mark.parametrize("args", [("build", "--out", "."), ("check", "--root", ".")])
def test_the_current_folder_named_as_dot_is_used(course: Path, args: tuple[str, ...]) -> None:
    assert main(list(args)) == 0
    assert any(course.rglob("*.ipynb")) == (args[0] == "build")
