"""A verification whose scope selects no notebook is a usage error naming the scope."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.execution.plan.scope import EmptyScopeError
from coursekit.execution.verify import verify_course

from .conftest import cell, notebook, write_course


def _course(root: Path) -> Path:
    write_course(root, {"en/chapter1/1.ipynb": notebook([cell("x = 1", 3)])})
    (root / "notes").mkdir()
    (root / "notes" / "readme.txt").write_text("no lessons here\n", encoding="utf-8")
    return root


def test_a_folder_without_notebooks_is_a_usage_error(tmp_path: Path) -> None:
    root = _course(tmp_path)
    result = CliRunner().invoke(cli, ["verify", "--root", str(root), str(root / "notes")])
    assert result.exit_code == 2, result.output
    assert "no notebook to verify in notes" in result.output


def test_a_language_without_notebooks_names_it(tmp_path: Path) -> None:
    from coursekit.config import Course

    root = _course(tmp_path)
    with pytest.raises(EmptyScopeError, match=r"language\(s\) fr"):
        verify_course(Course.open(root), languages=["fr"], device="cpu")


def test_notebooks_given_by_their_files_keep_the_names_a_whole_run_gives_them(
        tmp_path: Path) -> None:
    from coursekit.execution.plan.scope import notebooks_in_scope

    course = write_course(tmp_path, {
        "en/chapter1/1.ipynb": notebook([cell("x = 1", 3)]),
        "fr/chapter1/1.ipynb": notebook([cell("x = 1", 3)], language="fr",
                                        lesson="content/fr/chapter1/1.mdx"),
    })
    built = tmp_path / "build" / "notebooks"
    sources, _ = notebooks_in_scope(
        course, languages=None, frameworks=None,
        paths=[built / "en" / "chapter1" / "1.ipynb", built / "fr" / "chapter1" / "1.ipynb",
               built / "fr"],
    )
    assert [s.notebook for s in sources][:2] == ["en/chapter1/1.ipynb", "fr/chapter1/1.ipynb"]
    assert {s.notebook for s in sources} == {"en/chapter1/1.ipynb", "fr/chapter1/1.ipynb"}


def test_a_notebook_given_twice_is_verified_once(tmp_path: Path) -> None:
    from coursekit.execution.plan.scope import notebooks_in_scope

    course = write_course(tmp_path, {"en/chapter1/1.ipynb": notebook([cell("x = 1", 3)]),
                                     "en/chapter1/2.ipynb": notebook([cell("y = 2", 3)])})
    folder = tmp_path / "build" / "notebooks" / "en" / "chapter1"
    sources, _ = notebooks_in_scope(course, languages=None, frameworks=None,
                                    paths=[folder / "2.ipynb", folder, folder / "2.ipynb"])
    assert [s.notebook for s in sources] == ["en/chapter1/1.ipynb", "en/chapter1/2.ipynb"]


def _lessons_and_their_notebooks(root: Path) -> Course:
    """Two lessons, the notebooks a build left of them and the executed copies of a run."""
    write_course(root, {"en/chapter1/1.ipynb": notebook([cell("x = 1", 3)]),
                        "en/chapter1/2.ipynb": notebook([cell("y = 2", 3)])})
    lessons = root / "content" / "en" / "chapter1"
    lessons.mkdir(parents=True)
    for name in ("1", "2"):
        (lessons / f"{name}.mdx").write_text(f"# Lesson {name}\n\n```py\nz = {name}\n```\n",
                                             encoding="utf-8")
    executed = root / "build" / "executed"
    shutil.copytree(root / "build" / "notebooks", executed)
    return Course.open(root)


def _scope(course: Course, *paths: Path) -> list[tuple[str, bool]]:
    from coursekit.execution.plan.scope import notebooks_in_scope

    sources, _ = notebooks_in_scope(course, languages=None, frameworks=None, paths=paths)
    return [(s.notebook, s.origin is not None) for s in sources]


def test_the_root_names_its_lessons_not_every_notebook_under_it(tmp_path: Path) -> None:
    course = _lessons_and_their_notebooks(tmp_path)
    both = [("en/chapter1/1.ipynb", True), ("en/chapter1/2.ipynb", True)]
    assert _scope(course, tmp_path) == both
    assert _scope(course, tmp_path / "content" / "en") == both


def test_a_lesson_path_through_dot_dot_or_a_link_names_the_lesson(tmp_path: Path) -> None:
    course = _lessons_and_their_notebooks(tmp_path)
    (tmp_path / "link").symlink_to(tmp_path / "content" / "en" / "chapter1")
    one = [("en/chapter1/1.ipynb", True)]
    assert _scope(course, tmp_path / "content" / "fr" / ".." / "en" / "chapter1" / "1.mdx") == one
    assert _scope(course, tmp_path / "link" / "1.mdx") == one


def test_lessons_and_notebooks_given_together_all_run(tmp_path: Path) -> None:
    course = _lessons_and_their_notebooks(tmp_path)
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    built = tmp_path / "build" / "notebooks" / "en" / "chapter1" / "2.ipynb"
    assert _scope(course, lesson, built) == [("en/chapter1/1.ipynb", True),
                                             ("en/chapter1/2.ipynb", False)]


def test_executed_notebooks_run_again_keep_their_names(tmp_path: Path) -> None:
    course = _lessons_and_their_notebooks(tmp_path)
    assert _scope(course, tmp_path / "build") == [("en/chapter1/1.ipynb", False),
                                                  ("en/chapter1/2.ipynb", False)]
    assert _scope(course, tmp_path / "build" / "executed") == [
        ("en/chapter1/1.ipynb", False), ("en/chapter1/2.ipynb", False)]


_BOTH_FRAMEWORKS = """<FrameworkSwitchCourse {fw} />

# Both

{#if fw === 'pt'}

```py
import torch
```

{:else}

```py
import tensorflow
```

{/if}
"""


@pytest.mark.parametrize(("configured", "asked", "planned"), [
    ('frameworks = ["pt"]\n', None, ["en/chapter1/1_pt.ipynb"]),
    ('frameworks = ["tf"]\n', None, ["en/chapter1/1_tf.ipynb"]),
    ("", None, ["en/chapter1/1_pt.ipynb", "en/chapter1/1_tf.ipynb"]),
    ('frameworks = ["pt"]\n', ["tf"], ["en/chapter1/1_tf.ipynb"]),  # --framework wins
])
def test_verify_plans_the_frameworks_build_builds(
    tmp_path: Path, configured: str, asked: list[str] | None, planned: list[str],
) -> None:
    from coursekit.execution.plan.scope import notebooks_in_scope
    from coursekit.notebooks.build import build_course

    lessons = tmp_path / "content" / "en" / "chapter1"
    lessons.mkdir(parents=True)
    (lessons / "1.mdx").write_text(_BOTH_FRAMEWORKS, encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text(configured, encoding="utf-8")
    course = Course.open(tmp_path)
    sources, _ = notebooks_in_scope(course, languages=None, frameworks=asked, paths=[])
    assert [s.notebook for s in sources] == planned
    built = build_course(course, frameworks=asked)
    assert sorted(p.relative_to(built.out).as_posix()
                  for p in built.out.rglob("*.ipynb")) == planned


def test_a_scope_the_configured_frameworks_empty_says_so(tmp_path: Path) -> None:
    from coursekit.execution.plan.scope import notebooks_in_scope

    lessons = tmp_path / "content" / "en" / "chapter1"
    lessons.mkdir(parents=True)
    (lessons / "1.mdx").write_text(_BOTH_FRAMEWORKS.replace("{:else}\n\n```py\nimport "
                                                            "tensorflow\n```\n\n", ""),
                                   encoding="utf-8")
    (tmp_path / "coursekit.toml").write_text('frameworks = ["tf"]\n', encoding="utf-8")
    with pytest.raises(EmptyScopeError, match=r"framework\(s\) tf \(the configuration's"):
        notebooks_in_scope(Course.open(tmp_path), languages=None, frameworks=None, paths=[])


@pytest.mark.parametrize(("configured", "planned"), [
    ('languages = ["en"]\n', ["en/chapter1/1.ipynb"]),
    ("", ["en/chapter1/1.ipynb", "fr/chapter1/1.ipynb"]),
])
def test_built_notebooks_run_in_the_configured_languages(
    tmp_path: Path, configured: str, planned: list[str],
) -> None:
    from coursekit.execution.plan.scope import notebooks_in_scope

    write_course(tmp_path, {
        "en/chapter1/1.ipynb": notebook([cell("x = 1", 3)]),
        "fr/chapter1/1.ipynb": notebook([cell("x = 1", 3)], language="fr",
                                        lesson="content/fr/chapter1/1.mdx"),
    })
    config = tmp_path / "coursekit.toml"
    config.write_text(configured + config.read_text(encoding="utf-8"), encoding="utf-8")
    course = Course.open(tmp_path)
    sources, _ = notebooks_in_scope(course, languages=None, frameworks=None, paths=[])
    assert [s.notebook for s in sources] == planned
    fr = tmp_path / "build" / "notebooks" / "fr" / "chapter1" / "1.ipynb"
    sources, _ = notebooks_in_scope(course, languages=None, frameworks=None, paths=[fr])
    assert [s.notebook for s in sources] == ["fr/chapter1/1.ipynb"]  # named by its file
