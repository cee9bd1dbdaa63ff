"""``pytest --coursekit`` collects from the plans, runs only what pytest selected, and
takes the languages and frameworks ``coursekit verify`` takes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import COURSE_TOML, cell, expect, notebook, write_course


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``pytest --coursekit`` on the course at ``tmp_path / "course"``, run from
    ``tmp_path``."""
    (tmp_path / "empty").mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--coursekit",
         "--coursekit-root=course", "--coursekit-device", "cpu", *args, "empty"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
    )


def _writing(marker: Path, lesson: str = "content/en/chapter1/1.mdx") -> object:
    """A notebook whose first cell writes ``marker`` and whose second documents an
    error that it raises."""
    return notebook([
        cell(f"open({str(marker)!r}, 'w').write('ran')", 3, lesson),
        cell("[1][4]", 5, lesson, errors=[expect("IndexError", "list index out of range")]),
        cell("print(1)", 9, lesson),
    ], lesson=lesson)


ITEMS = ["en/chapter1/1.ipynb::cells",
         "en/chapter1/1.ipynb::scenario@content/en/chapter1/1.mdx:5", "coursekit::run"]


@pytest.mark.parametrize("kernel", ["python3", "no-such-kernel"])
def test_collect_only_lists_the_items_and_runs_no_cell(tmp_path: Path, kernel: str) -> None:
    marker = tmp_path / "ran"
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": _writing(marker)})
    toml = tmp_path / "course" / "coursekit.toml"
    toml.write_text(COURSE_TOML.replace('"python3"', f'"{kernel}"'), encoding="utf-8")
    done = _pytest(tmp_path, "--collect-only", "-q")
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.OK, output
    assert output.splitlines()[:3] == ITEMS, output
    assert "3 tests collected" in output
    assert not marker.exists()  # no cell ran, and no kernel had to start
    assert not (tmp_path / "course" / "build" / ".verify-cache").exists()


@pytest.mark.kernel
def test_a_run_gives_the_collected_items_their_outcomes(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": _writing(marker)})
    output = (done := _pytest(tmp_path, "-rA")).stdout + done.stderr
    assert done.returncode == pytest.ExitCode.OK, output
    assert [f"PASSED {name}" for name in ITEMS] == [
        line for line in output.splitlines() if line.startswith("PASSED")], output
    assert marker.read_text(encoding="utf-8") == "ran"


def _two_lessons(tmp_path: Path) -> tuple[Path, Path]:
    """A course of two notebooks, each writing a file of its own: those files."""
    first, second = tmp_path / "ran1", tmp_path / "ran2"
    write_course(tmp_path / "course", {
        "en/chapter1/1.ipynb": _writing(first),
        "en/chapter1/2.ipynb": _writing(second, "content/en/chapter1/2.mdx"),
    })
    return first, second


@pytest.mark.kernel
def test_k_selecting_one_notebook_runs_only_that_notebook(tmp_path: Path) -> None:
    first, second = _two_lessons(tmp_path)
    output = (done := _pytest(tmp_path, "-rA", "-k", "2.ipynb")).stdout + done.stderr
    assert done.returncode == pytest.ExitCode.OK, output
    assert "collected 5 items / 2 deselected / 3 selected" in output, output
    assert "PASSED en/chapter1/2.ipynb::cells" in output
    assert "PASSED en/chapter1/2.ipynb::scenario@content/en/chapter1/2.mdx:5" in output
    assert "PASSED coursekit::run" in output  # the run's item goes with its notebooks
    assert second.exists()
    assert not first.exists()  # the other notebook's cell did not run


@pytest.mark.kernel
def test_k_selecting_one_notebook_keeps_an_error_only_the_run_finds(tmp_path: Path) -> None:
    _two_lessons(tmp_path)
    assert "5 passed" in (done := _pytest(tmp_path, "-q")).stdout, done.stdout + done.stderr
    entries = list((tmp_path / "course" / "build" / ".verify-cache" / "runs").rglob("*.json"))
    assert len(entries) == 2
    for entry in entries:  # a stored run that is no file: EXE209, here an error
        entry.unlink()
        os.mkfifo(entry)
    toml = tmp_path / "course" / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nseverity = { EXE209 = "error" }\n'),
        encoding="utf-8")
    output = (done := _pytest(tmp_path, "-q", "-rA", "-k", "2.ipynb")).stdout + done.stderr
    assert done.returncode == pytest.ExitCode.TESTS_FAILED, output
    assert "FAILED coursekit::run - " in output, output
    assert "EXE209 a stored run not read" in output
    assert "1 failed, 2 passed, 2 deselected" in output


def test_the_run_item_is_deselected_with_every_notebook_or_by_its_id(tmp_path: Path) -> None:
    _two_lessons(tmp_path)
    assert _collected(tmp_path, "-k", "2.ipynb")[-1] == "coursekit::run"
    done = _pytest(tmp_path, "--collect-only", "-q", "--deselect", "coursekit::run")
    assert "coursekit::run" not in done.stdout, done.stdout + done.stderr
    assert "4/5 tests collected (1 deselected)" in done.stdout, done.stdout
    done = _pytest(tmp_path, "--collect-only", "-q", "-k", "no-such-notebook")
    assert "no tests collected (5 deselected)" in done.stdout, done.stdout + done.stderr


@pytest.mark.kernel
def test_without_a_selection_every_notebook_runs(tmp_path: Path) -> None:
    first, second = _two_lessons(tmp_path)
    output = (done := _pytest(tmp_path, "-q")).stdout + done.stderr
    assert "5 passed" in output, output
    assert first.exists()
    assert second.exists()


def _bilingual(root: Path) -> None:
    """A course whose one lesson, in English and French, documents an error."""
    for language in ("en", "fr"):
        lesson = root / "chapters" / language / "chapter1" / "1.mdx"
        lesson.parent.mkdir(parents=True)
        lesson.write_text("# Intro\n\n```py\nx = [1]\nx[4]\n```\n\n```python out\n"
                          "IndexError: list index out of range\n```\n", encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")


def _collected(tmp_path: Path, *args: str) -> list[str]:
    done = _pytest(tmp_path, "--collect-only", "-q", *args)
    assert done.returncode == pytest.ExitCode.OK, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.parametrize("lang", ["fr", "FR"])
def test_a_language_collects_only_its_items(tmp_path: Path, lang: str) -> None:
    _bilingual(tmp_path / "course")
    assert _collected(tmp_path, "--coursekit-lang", lang) == [
        "fr/chapter1/1.ipynb::cells", "fr/chapter1/1.ipynb::scenario@chapters/fr/chapter1/1.mdx:3",
        "coursekit::run"]


def test_without_a_language_every_language_is_collected(tmp_path: Path) -> None:
    _bilingual(tmp_path / "course")
    assert {line.split("/", 1)[0] for line in _collected(tmp_path)} == {
        "en", "fr", "coursekit::run"}


def test_a_language_the_course_lacks_is_a_usage_error(tmp_path: Path) -> None:
    _bilingual(tmp_path / "course")
    done = _pytest(tmp_path, "--coursekit-lang", "de")
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert "ERROR: no such language in this course: de; found: en, fr" in done.stderr
    assert "INTERNALERROR" not in done.stdout + done.stderr


def test_a_framework_collects_only_its_notebooks(tmp_path: Path) -> None:
    nodes = {f"en/chapter1/1_{fw}.ipynb": notebook([cell("x = 1", 3)], framework=fw)
             for fw in ("pt", "tf")}
    write_course(tmp_path / "course", nodes)
    assert _collected(tmp_path, "--coursekit-framework", "tf") == [
        "en/chapter1/1_tf.ipynb::cells", "coursekit::run"]
    assert _collected(tmp_path) == [
        "en/chapter1/1_pt.ipynb::cells", "en/chapter1/1_tf.ipynb::cells", "coursekit::run"]


@pytest.mark.kernel
def test_an_error_only_the_run_finds_fails_the_run_item(tmp_path: Path) -> None:
    write_course(tmp_path / "course", {"en/chapter1/1.ipynb": notebook([cell("x = 1", 3)])})
    assert "2 passed" in (done := _pytest(tmp_path, "-q")).stdout, done.stdout + done.stderr
    entries = list((tmp_path / "course" / "build" / ".verify-cache" / "runs").rglob("*.json"))
    assert len(entries) == 1
    entries[0].unlink()
    os.mkfifo(entries[0])  # a stored run that is no file: EXE209, a warning
    output = (done := _pytest(tmp_path, "-q")).stdout + done.stderr
    assert "2 passed" in output, output
    toml = tmp_path / "course" / "coursekit.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'source-language = "en"\n', 'source-language = "en"\nseverity = { EXE209 = "error" }\n'),
        encoding="utf-8")
    output = (done := _pytest(tmp_path, "-q", "-rA")).stdout + done.stderr
    assert "FAILED coursekit::run - " in output, output
    assert "EXE209 a stored run not read" in output
    assert "1 failed, 1 passed" in output
