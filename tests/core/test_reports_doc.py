"""docs/reports.md describes every field the JSON reports write, and no field they never
write: each command runs on planted courses and its fields are matched to the page's."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.bundled import REPOSITORY, copy_bundled
from tests.core.overlap_course import write_overlap_course
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
