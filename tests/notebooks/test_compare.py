"""The fidelity report, on a published folder made from a build with planted differences."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

import pytest
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.notebooks.build import build_course
from coursekit.notebooks.compare import compare_notebooks, format_report, notebook_key

from .published import Plants, published_name, write_published

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    return build_course(Course.open(root)).out


def test_a_faithful_publication_is_reproduced_whole(built: Path, tmp_path: Path) -> None:
    planted = write_published(built, tmp_path)
    report = compare_notebooks(built, tmp_path)
    assert len(report.pairs) == len(planted.written) > 10
    assert report.total("reproduced") == report.total("code_cells") > 0
    assert report.total("outputs_kept") == report.total("with_outputs") > 0
    assert (report.only_built, report.only_published, report.unreadable) == ([], [], [])
    # a split lesson pairs by its framework: 4.ipynb is section4_pt.ipynb
    assert any(p.built.endswith("chapter8/4.ipynb") and p.published.endswith("section4_pt.ipynb")
               for p in report.pairs)


def test_planted_differences_are_counted(built: Path, tmp_path: Path) -> None:
    write_published(built, tmp_path / "clean")
    clean = compare_notebooks(built, tmp_path / "clean")
    plants = Plants(edited_cell=True, added_output=True, extra_cell=True, missing=True,
                    extra_notebook=True)
    planted = write_published(built, tmp_path / "planted", plants)
    report = compare_notebooks(built, tmp_path / "planted")
    (missing,) = [p for p in clean.pairs if p.built not in planted.written]
    assert report.only_built == [missing.built]
    assert report.only_published == ["en/chapter9/section1.ipynb"]
    code = clean.total("code_cells") - missing.code_cells + 1  # and the extra cell
    assert report.total("code_cells") == code
    assert report.total("reproduced") == code - 2  # the edited cell and the extra cell
    with_outputs = (clean.total("with_outputs") - missing.with_outputs + 1
                    - planted.edited_had_output)
    assert report.total("with_outputs") == with_outputs
    assert report.total("outputs_kept") == with_outputs - 1  # the build lacks the added one
    text = format_report(report)
    assert "published only (1): en/chapter9/section1.ipynb" in text
    assert f"built only (1): {missing.built}" in text


def test_the_build_command_prints_the_report(built: Path, tmp_path: Path) -> None:
    course = built.parent.parent
    write_published(built, tmp_path / "published")
    result = CliRunner().invoke(cli, ["build", "--root", str(course), "--compare",
                                      str(tmp_path / "published")])
    assert result.exit_code == 0, result.output
    assert "total (" in result.stdout
    assert "built only (0): -" in result.stdout


def test_a_build_of_one_language_compares_that_language_alone(
        built: Path, tmp_path: Path) -> None:
    course = built.parent.parent
    planted = write_published(built, tmp_path / "published")
    assert {path.split("/", 1)[0] for path in planted.written} >= {"en", "fr"}
    for lang in ("fr", None):
        args = ["--lang", lang] if lang else []
        result = CliRunner().invoke(cli, ["build", "--root", str(course), *args, "--compare",
                                          str(tmp_path / "published")])
        assert result.exit_code == 0, result.output
        assert "built only (0): -" in result.stdout
        assert "published only (0): -" in result.stdout
        pairs = [line.split()[0] for line in result.stdout.splitlines()
                 if line.endswith("%)") and not line.startswith("total")]
        assert pairs and all(p.startswith("fr/") for p in pairs) == (lang == "fr")


@given(
    folders=st.lists(st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True), max_size=3),
    stem=st.from_regex(r"[0-9]{1,2}|[a-z][a-z_]{0,10}", fullmatch=True),
    framework=st.sampled_from(["pt", "tf", "both"]),
    split=st.booleans(),
)
def test_a_built_name_and_its_published_name_pair(
    folders: list[str], stem: str, framework: str, split: bool,
) -> None:
    """``4_pt.ipynb`` (framework blocks) or ``4.ipynb`` of PyTorch (a split file) and
    ``section4_pt.ipynb`` name the same notebook; other frameworks do not."""
    assume(not stem.endswith(("_pt", "_tf")))  # a framework suffix, not a section name
    name = stem if split or framework == "both" else f"{stem}_{framework}"
    built = PurePosixPath("en", *folders, f"{name}.ipynb")
    published = published_name(built, framework)
    assert notebook_key(built, framework) == notebook_key(published, None)
    if framework != "both":
        other = "tf" if framework == "pt" else "pt"
        assert notebook_key(published_name(built, other), None) != notebook_key(
            built, framework)


@pytest.mark.parametrize("content", [
    b"[" * 100_000,  # nested deeper than the JSON reader recurses
    b'{"cells": [{"cell_type": "code", "source": ["x = 1\\n", 5], "outputs": []}]}',
    b'{"cells": [{"cell_type": "code", "source": {"x": 1}, "outputs": []}]}',
], ids=["nested", "source-line-a-number", "source-a-mapping"])
def test_a_published_file_that_is_no_notebook_is_named_not_an_internal_error(
    built: Path, tmp_path: Path, content: bytes,
) -> None:
    write_published(built, tmp_path)
    broken = tmp_path / "en" / "chapter1" / "broken.ipynb"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_bytes(content)
    report = compare_notebooks(built, tmp_path)
    assert report.unreadable == ["en/chapter1/broken.ipynb"]
    assert report.total("reproduced") == report.total("code_cells") > 0


def test_a_foreign_notebook_in_the_build_folder_is_passed_over(tmp_path: Path) -> None:
    built, published = tmp_path / "built" / "en", tmp_path / "published" / "en"
    for folder in (built, published):
        folder.mkdir(parents=True)
        (folder / "1.ipynb").write_text(
            '{"metadata": {"coursekit": 5}, "cells": [{"cell_type": "code", '
            '"source": "x = 1", "outputs": []}]}', encoding="utf-8")
    (built / "2.ipynb").write_text('{"metadata": 5, "cells": []}', encoding="utf-8")
    report = compare_notebooks(tmp_path / "built", tmp_path / "published")
    assert [(p.built, p.reproduced) for p in report.pairs] == [("en/1.ipynb", 1)]
    assert report.only_built == ["en/2.ipynb"]
