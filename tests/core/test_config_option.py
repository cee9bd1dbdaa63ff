"""``--config FILE`` reads the course's configuration from that file instead of its own
(a CI job's stricter or looser settings): every command that opens the course takes it,
its findings name that file, and paths in it stay the course root's."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

UNTITLED = "Intro text without a title.\n\n```py\nx = 1\n```\n"
TOCTREE = "- title: One\n  sections:\n  - local: chapter1/1\n    title: A\n"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text(UNTITLED, encoding="utf-8")
    (root / "content/en/_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    (root / "pyproject.toml").write_text('[tool.coursekit]\nsource-language = "en"\n',
                                         encoding="utf-8")
    return root


def _run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in done.output
    return done.exit_code, done.output


def test_the_file_given_replaces_the_courses_own(course: Path, tmp_path: Path) -> None:
    own = _run("check", "--root", str(course), "--show-all")[1]
    assert "LES117" in own
    ci = tmp_path / "ci.toml"
    ci.write_text('ignore = ["LES117"]\n', encoding="utf-8")
    code, given = _run("check", "--root", str(course), "--config", str(ci), "--show-all")
    assert (code, "LES117" in given) == (0, False), given
    pyproject = tmp_path / "pyproject.toml"  # read for its [tool.coursekit] alone
    pyproject.write_text('[project]\nname = "x"\n[tool.coursekit]\nignore = ["LES117"]\n',
                         encoding="utf-8")
    assert "LES117" not in _run("check", "--root", str(course), "--config", str(pyproject),
                                "--show-all")[1]


def test_a_problem_of_the_file_is_named_by_its_path(course: Path, tmp_path: Path) -> None:
    inside = course / "ci" / "strict.toml"
    inside.parent.mkdir()
    inside.write_text('bogus = 1\n', encoding="utf-8")
    code, said = _run("build", "--root", str(course), "--config", str(inside))
    assert code == 2 and "ci/strict.toml:1: error CFG001" in said, said
    outside = tmp_path / "elsewhere.toml"
    outside.write_text('\nbogus = 1\n', encoding="utf-8")
    code, said = _run("build", "--root", str(course), "--config", str(outside))
    assert code == 2 and f"{outside.as_posix()}:2: error CFG001" in said, said


def test_paths_in_the_file_are_the_course_roots(course: Path, tmp_path: Path) -> None:
    ci = tmp_path / "ci.toml"
    ci.write_text('build-dir = "elsewhere"\n', encoding="utf-8")
    code, said = _run("build", "--root", str(course), "--config", str(ci))
    assert code == 0, said
    assert (course / "elsewhere/notebooks/en/chapter1/1.ipynb").is_file()
    assert not (tmp_path / "elsewhere").exists()


def test_a_file_that_is_not_there_is_a_usage_error(course: Path, tmp_path: Path) -> None:
    code, said = _run("check", "--root", str(course), "--config", str(tmp_path / "no.toml"))
    assert code == 2 and "--config" in said and "does not exist" in said, said
