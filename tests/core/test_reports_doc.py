"""docs/reports.md describes every field the JSON reports write, and no field they never
write: each command runs on planted courses (verify and ``fix drift``'s proof on the
venv's ``python3`` kernel) and its fields are matched to the page's."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.bundled import REPOSITORY, copy_bundled
from tests.core.overlap_course import write_overlap_course
from tests.execution.conftest import cell, expect, notebook, write_course
from tests.fixes.error_course import lesson_path as error_lesson
from tests.fixes.error_course import write_course as write_error_course
from tests.fixes.error_course import write_report as write_error_report
from tests.fixes.test_fix_drift_proof import CONFIG as DRIFT_CONFIG
from tests.fixes.test_fix_drift_proof import FRAMEWORKS, NOT_PROVEN, PROVEN
from tests.fixes.test_fix_drift_proof import TOCTREE as DRIFT_TOCTREE
from tests.git_history import commit, plant_pair
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

PAGE = REPOSITORY / "docs" / "reports.md"


def documented(text: str) -> dict[str, list[str]]:
    """The field paths of each ``<!-- fields: NAME -->`` table of the page."""
    tables: dict[str, list[str]] = {}
    for match in re.finditer(r"<!-- fields: (\w+) -->\n((?:\|.*\n)+)", text):
        tables[match[1]] = re.findall(r"^\| `([^`]+)` \|", match[2], re.MULTILINE)
    return tables


def fields(value: Any, prefix: str = "") -> Iterator[str]:
    """Every field path of a JSON value: ``a.b``, ``a[].c``."""
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from fields(item, path)
    elif isinstance(value, list):
        for item in value:
            yield from fields(item, f"{prefix}[]")


def _pattern(path: str) -> re.Pattern[str]:
    parts = re.split(r"(<\w+>)", path)
    return re.compile("".join(r"[^.\[\]]+" if p.startswith("<") else re.escape(p)
                              for p in parts) + "$")


def mismatch(page: list[str], written: set[str]) -> tuple[set[str], set[str]]:
    """(fields written that the page does not describe, fields it describes none wrote)."""
    patterns = {path: _pattern(path) for path in page}
    undocumented = {f for f in written if not any(p.match(f) for p in patterns.values())}
    unwritten = {path for path, p in patterns.items() if not any(p.match(f) for f in written)}
    return undocumented, unwritten


def _json(*args: str) -> Any:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert "Traceback" not in result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """Each document's fields, as the commands write them on planted courses: the
    bundled course, subtitles with findings of each severity, an outdated translation."""
    tmp = tmp_path_factory.mktemp("reports")
    bundled = str(copy_bundled(tmp / "bundled"))
    overlap = str(write_overlap_course(tmp / "overlap"))
    history = plant_pair(tmp / "history", TOCTREE, LOAD, LOAD_FR)
    commit(history, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    report = tmp / "report.json"
    report.write_text(json.dumps(_json("check", "--root", overlap)), encoding="utf-8")
    runs: dict[str, list[Any]] = {
        "findings": [
            _json("check", "--root", bundled), _json("check", "--root", overlap, "--quiet"),
            _json("check", "lessons", "--root", str(history), "--show-all"),
            _json("build", "--root", bundled, "--out", str(tmp / "build")),
            _json("report", "merge", str(report), str(report)),
        ],
        "statistics": [_json("check", "--root", overlap, "--statistics")],
        "coverage": [_json("coverage", "--root", bundled),
                     _json("coverage", "--root", str(history))],
        "rules": [_json("rules")],
    }
    return {name: {f for doc in docs for f in fields(doc)} for name, docs in runs.items()}


@pytest.mark.parametrize("name", ["findings", "statistics", "coverage", "rules"])
def test_the_page_describes_every_field_written_and_no_other(
        name: str, written: dict[str, set[str]]) -> None:
    page = documented(PAGE.read_text(encoding="utf-8"))[name]
    assert mismatch(page, written[name]) == (set(), set())


def test_an_undocumented_field_and_an_unwritten_one_are_found(
        written: dict[str, set[str]]) -> None:
    page = documented(PAGE.read_text(encoding="utf-8"))["findings"]
    planted = {*written["findings"], "diagnostics[].severity_level"}
    assert mismatch(page, planted) == ({"diagnostics[].severity_level"}, set())
    assert mismatch([*page, "summary.skipped"], written["findings"]) == (
        set(), {"summary.skipped"})
    # A key that is data (a language) matches its placeholder, and nothing else does.
    assert mismatch(["languages.<language>"], {"languages.zh-CN"}) == (set(), set())
    assert mismatch(["languages.<language>"], {"languages.fr", "languages.fr.x"}) == (
        {"languages.fr.x"}, set())


VERIFY_LACKS = {"checked", "diagnostics[].folded"}
"""The findings document's fields that verify's does not write, as the page says."""


def _verify_course(root: Path) -> str:
    """A course of two notebooks on the venv's ``python3`` kernel: one clean, one with a
    documented error reproduced and fixed, one drifted (a fixable finding, a first
    cause) and one documented for another device too."""
    lesson, clean = "content/en/chapter1/1.mdx", "content/en/chapter1/2.mdx"
    write_course(root, {
        "en/chapter1/1.ipynb": notebook([
            cell("print(3)", 10, outputs=["3"]),
            cell("[][0]", 20, errors=[expect("IndexError", "list index out of range")]),
            cell("x = 1", 30),
            cell("int('x')", 40, errors=[expect("TypeError", "an integer is required")]),
            cell("[][0]", 50, errors=[
                expect("RuntimeError", "CUDA error: device-side assert triggered", "cuda"),
                expect("IndexError", "list index out of range", "cpu")]),
        ], lesson=lesson),
        "en/chapter1/2.ipynb": notebook([cell("x = 2", 5, clean)], lesson=clean),
    })
    return str(root)


def _drift_course(root: Path) -> str:
    """``fix drift``'s proof course: a fix proven, one reverted, one left unverified (its
    TensorFlow notebook has no kernel), and a translation that is not UTF-8."""
    for language in ("en", "fr"):
        (root / "content" / language / "chapter1").mkdir(parents=True)
        (root / "content" / language / "_toctree.yml").write_text(DRIFT_TOCTREE, "utf-8")
        for number, text in ((1, PROVEN), (2, NOT_PROVEN)):
            (root / "content" / language / "chapter1" / f"{number}.mdx").write_text(
                text.format(comment="hello"), "utf-8")
    (root / "content" / "en" / "chapter1" / "3.mdx").write_text(FRAMEWORKS, "utf-8")
    (root / "content" / "en" / "_toctree.yml").write_text(
        DRIFT_TOCTREE + "  - local: chapter1/3\n    title: Frameworks\n", "utf-8")
    (root / "content" / "fr" / "chapter1" / "2.mdx").write_bytes(b"# Latin-1: \xe9\n")
    (root / "coursekit.toml").write_text(
        DRIFT_CONFIG.replace('tf = "python3"', 'tf = "coursekit-no-such-kernel"'), "utf-8")
    return str(root)


@pytest.fixture(scope="module")
def fixes_and_verify(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """The fields of verify's document and of ``fix drift``'s and ``fix errors``' JSON,
    as they write them on planted courses."""
    tmp = tmp_path_factory.mktemp("runs")
    errors = write_error_course(tmp / "errors")
    broken = errors / error_lesson("fr", 1)
    broken.write_bytes(broken.read_bytes() + b"\nLatin-1: \xe9\n")
    runs = {
        "verify": _json("verify", "--root", _verify_course(tmp / "verify"), "--device", "cpu"),
        "fix_drift": _json("fix", "drift", "--root", _drift_course(tmp / "drift")),
        "fix_errors": _json("fix", "errors", "--root", str(errors), "--check", "--from",
                            str(write_error_report(tmp / "report.json"))),
    }
    return {name: set(fields(doc)) for name, doc in runs.items()}


@pytest.mark.kernel
@pytest.mark.parametrize("name", ["verify", "fix_drift", "fix_errors"])
def test_the_page_describes_every_field_of_verify_and_the_fixes(
        name: str, fixes_and_verify: dict[str, set[str]]) -> None:
    tables = documented(PAGE.read_text(encoding="utf-8"))
    page = tables[name]
    if name == "verify":  # the findings document's fields, then its own
        page = [*(f for f in tables["findings"] if f not in VERIFY_LACKS), *page]
    assert mismatch(page, fixes_and_verify[name]) == (set(), set())


@pytest.mark.kernel
def test_a_field_verify_adds_or_drops_without_the_page_is_found(
        fixes_and_verify: dict[str, set[str]]) -> None:
    tables = documented(PAGE.read_text(encoding="utf-8"))
    page = [*(f for f in tables["findings"] if f not in VERIFY_LACKS), *tables["verify"]]
    written = fixes_and_verify["verify"]
    assert mismatch(page, {*written, "notebooks[].cells[].elapsed"}) == (
        {"notebooks[].cells[].elapsed"}, set())
    assert mismatch(page, written - {"summary.proven"}) == (set(), {"summary.proven"})
    assert mismatch(page, {*written, "checked"}) == ({"checked"}, set())
