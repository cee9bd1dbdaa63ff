from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import cell, expect, notebook, write_course


@pytest.mark.kernel
def test_scenarios_and_plain_cells_become_test_items(tmp_path: Path) -> None:
    node = notebook([
        cell("x = [1]", 3),
        cell("x[4]", 5, errors=[expect("IndexError", "list index out of range")]),
        cell("print(x[0])", 7),
        cell("x.pop()", 9, errors=[expect("KeyError", "'gone'")]),
        cell("print(x)", 11),
        cell("x.append(2)", 13, errors=[expect("RuntimeError", "CUDA error", device="cuda")]),
    ])
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": node})
    (tmp_path / "empty").mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--coursekit",
         "-rs", "--coursekit-root", str(tmp_path / "course"), "--coursekit-device", "cpu",
         str(tmp_path / "empty")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )
    assert "1 failed, 3 passed, 1 skipped" in done.stdout, done.stdout + done.stderr
    assert "expected-error-missing" in done.stdout
    # The CUDA expectation is a skipped item on a CPU run, never a passed one.
    assert "documents `RuntimeError: CUDA error (on cuda)`, which only a CUDA device raises" \
        in done.stdout


def test_without_the_option_the_plugin_adds_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=60, check=False,
    )
    assert "no tests ran" in done.stdout, done.stdout + done.stderr


@pytest.mark.kernel
def test_a_rule_the_course_ignores_fails_no_item_as_verify_reports_none(
        tmp_path: Path) -> None:
    node = notebook([
        cell("x = [1]", 3),
        cell("x[4]", 5, errors=[expect("IndexError", "list index out of range")]),
        cell("x.pop()", 9, errors=[expect("KeyError", "'gone'")]),
    ])
    course = tmp_path / "course"
    write_course(course, {"en/chapter1/1.ipynb": node})
    (tmp_path / "empty").mkdir()

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--coursekit",
             "--coursekit-root", str(course), "--coursekit-device", "cpu",
             str(tmp_path / "empty")],
            capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
        )
        return done.stdout + done.stderr

    assert "1 failed, 3 passed" in (found := run()), found  # EXE101 at the `x.pop()` cell
    toml = course / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nignore = ["EXE101"]\n'),
        encoding="utf-8")
    assert "4 passed" in (found := run()), found
    assert "failed" not in found


def _pytest_coursekit(tmp_path: Path, root: Path) -> subprocess.CompletedProcess[str]:
    (tmp_path / "empty").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--coursekit",
         "--coursekit-root", str(root), "--coursekit-device", "cpu", str(tmp_path / "empty")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )


def _course_without_code(root: Path, toml: str = 'source-language = "en"\n') -> Path:
    lesson = root / "chapters" / "en" / "chapter0" / "introduction.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text("# Introduction\n\nNo code in this lesson.\n", encoding="utf-8")
    (root / "coursekit.toml").write_text(toml, encoding="utf-8")
    return root


def _usage_error(done: subprocess.CompletedProcess[str]) -> str:
    """The run's output, once checked to be a usage error and no internal one."""
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, output
    assert "INTERNALERROR" not in output
    return output


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_a_root_that_is_not_a_folder_is_a_usage_error_naming_it(
        tmp_path: Path, kind: str) -> None:
    root = tmp_path / "course"
    if kind == "file":
        root.write_text("not a course\n", encoding="utf-8")
    output = _usage_error(_pytest_coursekit(tmp_path, root))
    assert f"ERROR: course root {root} is not a folder" in output


def test_a_course_with_nothing_to_verify_is_a_usage_error_naming_its_root(
        tmp_path: Path) -> None:
    root = _course_without_code(tmp_path / "course")
    output = _usage_error(_pytest_coursekit(tmp_path, root))
    assert f"ERROR: no notebook to verify in {root.resolve()}:" in output
    assert "verify in .:" not in output


def test_a_configuration_problem_is_a_usage_error_at_its_line(tmp_path: Path) -> None:
    root = _course_without_code(tmp_path / "course",
                                'source-language = "en"\nbogus-key = 1\n')
    output = _usage_error(_pytest_coursekit(tmp_path, root))
    assert f"{root / 'coursekit.toml'}:2: error CFG001 [tool.coursekit] unknown key " \
           "`bogus-key`" in output
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    output = _usage_error(_pytest_coursekit(tmp_path, root))
    assert "CFG001" not in output  # past the configuration, on to the lessons
    assert "no notebook to verify in" in output


def test_an_error_of_the_run_that_no_notebook_carries_fails_an_item_of_its_file(
        tmp_path: Path) -> None:
    root = tmp_path / "course"
    broken = root / "build" / "notebooks" / "en" / "3.ipynb"
    broken.parent.mkdir(parents=True)
    broken.write_text('{"cells": [\n', encoding="utf-8")  # verify: EXE204, exit 1
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    done = _pytest_coursekit(tmp_path, root)
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, output
    assert "build/notebooks/en/3.ipynb::verify - " in output
    assert "build/notebooks/en/3.ipynb: EXE204 cannot read the notebook" in output
    (root / "coursekit.toml").write_text(
        'source-language = "en"\nseverity = { EXE204 = "warning" }\n', encoding="utf-8")
    again = _pytest_coursekit(tmp_path, root)
    output = again.stdout + again.stderr
    assert "EXE204" not in output
    assert "failed" not in output
    assert again.returncode == pytest.ExitCode.OK, output  # as verify exits 0


@pytest.mark.kernel
def test_an_item_fails_where_verify_keeps_an_error_and_only_there(tmp_path: Path) -> None:
    node = notebook([
        cell("x = [1]", 3),
        cell("print(x[0])", 5, outputs=["2"]),  # EXE301 (a warning) at a clean cell
        cell("x[4]", 9, errors=[expect("IndexError", "list index out of range")]),
    ])  # the documented error is the last cell: no fix, so not proven, and no finding
    course = tmp_path / "course"
    write_course(course, {"en/chapter1/1.ipynb": node})
    output = (done := _pytest_coursekit(tmp_path, course)).stdout + done.stderr
    assert "3 passed" in output, output
    assert "failed" not in output
    toml = course / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nseverity = { EXE301 = "error" }\n'),
        encoding="utf-8")
    output = (done := _pytest_coursekit(tmp_path, course)).stdout + done.stderr
    assert "1 failed, 2 passed" in output, output
    assert 'content/en/chapter1/1.mdx:5: EXE301 [en/pt] output differs' in output


def _broken_notebook_course(root: Path) -> Path:
    """A course whose one notebook cannot be read: an item of that file fails."""
    broken = root / "build" / "notebooks" / "en" / "3.ipynb"
    broken.parent.mkdir(parents=True)
    broken.write_text('{"cells": [\n', encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    return root


def _pytest_here(tmp_path: Path, *args: str) -> str:
    """``pytest --coursekit`` on the course at ``tmp_path / "course"``, run from
    ``tmp_path``: its output."""
    (tmp_path / "empty").mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--coursekit",
         "--coursekit-root=course", "--coursekit-device", "cpu", *args, "empty"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )
    return done.stdout + done.stderr


def test_an_items_id_is_its_name_and_junit_names_it_by_its_file(tmp_path: Path) -> None:
    _broken_notebook_course(tmp_path / "course")
    output = _pytest_here(tmp_path, "-rA", "--junitxml", "report.xml")
    assert "FAILED build/notebooks/en/3.ipynb::verify - " in output, output
    assert "::build/notebooks" not in output
    junit = (tmp_path / "report.xml").read_text(encoding="utf-8")
    assert 'classname="build.notebooks.en.3.ipynb" name="verify"' in junit, junit


def test_verbose_lines_keep_the_id_and_name_the_file_from_where_pytest_ran(
        tmp_path: Path) -> None:
    _broken_notebook_course(tmp_path / "course")
    output = _pytest_here(tmp_path, "-vv")
    assert "build/notebooks/en/3.ipynb::verify <- course/build/notebooks/en/3.ipynb FAILED" \
        in output, output
    assert "3::ipynb" not in output


@pytest.mark.kernel
def test_a_lessons_items_are_reported_at_the_lesson_in_the_course(tmp_path: Path) -> None:
    node = notebook([cell("x = [1]", 3), cell("x[4]", 5)])
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": node})
    output = _pytest_here(tmp_path, "-vv", "-rA")
    assert "en/chapter1/1.ipynb::cells <- course/content/en/chapter1/1.mdx FAILED" in output, \
        output
    assert "FAILED en/chapter1/1.ipynb::cells - content/en/chapter1/1.mdx:5: " in output


def test_a_baseline_fails_only_the_findings_it_does_not_record_as_verify_does(
        tmp_path: Path) -> None:
    root = _broken_notebook_course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    recorded = subprocess.run(
        [sys.executable, "-m", "coursekit", "verify", "--root", str(root), "--device", "cpu",
         "--baseline", str(baseline), "--update-baseline"],
        capture_output=True, text=True, timeout=120, check=False)
    assert recorded.returncode == 0, recorded.stdout + recorded.stderr
    assert "failed" in _pytest_here(tmp_path, "-q")  # without the baseline
    output = _pytest_here(tmp_path, "-q", "--coursekit-baseline", str(baseline))
    assert "failed" not in output, output
    assert "1 passed" in output  # pytest exits 0, as verify does
    (root / "build/notebooks/en/4.ipynb").write_text("[", encoding="utf-8")  # a new one
    output = _pytest_here(tmp_path, "-q", "-rA", "--coursekit-baseline", str(baseline))
    assert "FAILED build/notebooks/en/4.ipynb::verify - " in output, output
    assert "1 failed, 1 passed" in output


def test_a_baseline_that_is_no_baseline_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    _broken_notebook_course(tmp_path / "course")
    (tmp_path / "baseline.json").write_text('{"x": 1}\n', encoding="utf-8")
    output = _pytest_here(tmp_path, "--coursekit-baseline", "baseline.json")
    assert "ERROR: baseline.json: not a coursekit baseline" in output, output
    assert "INTERNALERROR" not in output


def test_the_items_are_counted_as_collected(tmp_path: Path) -> None:
    root = _broken_notebook_course(tmp_path / "course")
    assert "collected 1 item\n" in (output := _pytest_here(tmp_path)), output
    (root / "build/notebooks/en/4.ipynb").write_text("[", encoding="utf-8")
    output = _pytest_here(tmp_path, "--collect-only", "-q")
    assert "2 tests collected" in output, output
    output = _pytest_here(tmp_path, "--deselect", "build/notebooks/en/4.ipynb::verify")
    assert "collected 2 items / 1 deselected / 1 selected" in output, output
