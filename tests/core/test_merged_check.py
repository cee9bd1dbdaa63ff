"""``coursekit report merge`` of the JSON reports of ``check`` runs over parts of a course
says what one run over the same files says: the same JUnit, clean files counted as
passing test cases, and the same text report (check's first report: errors with their
fix, warnings by rule and language, notes counted; every finding with ``--show-all``);
a report written before the files checked were recorded still merges, and the merge
says what it lacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.course.planted import PLANTS, planted_course

CLEAN = "subtitles/{lang}/02_debugging-the-training-pipeline-(pytorch).srt"
"""Clean in the planted course too."""
SHARDS = (("--lang", "en", "--lang", "fr"), ("--lang", "it", "--lang", "zh-CN"))


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output + result.stderr, result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr


def _course(tmp: Path, planted: bool) -> Path:
    plants = tuple(p for p in PLANTS if p.rule != "CFG001") if planted else ()
    return planted_course(tmp / "course", plants)


@pytest.fixture(scope="module", params=["planted", "clean"])
def runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
         ) -> dict[str, Path]:
    """One run over the whole course and its shards by language, in JSON."""
    tmp = tmp_path_factory.mktemp(request.param)
    root = _course(tmp, request.param == "planted")
    reports = {"whole": tmp / "whole.json"}
    _run("check", "--root", str(root), "--no-cache", "--format", "json",
         "-o", str(reports["whole"]))
    for n, langs in enumerate(SHARDS):
        for name, more in ((f"shard{n}", ()), (f"all{n}", ("--show-all",))):
            reports[name] = tmp / f"{name}.json"
            _run("check", "--root", str(root), "--no-cache", *langs, *more, "--format",
                 "json", "-o", str(reports[name]))
    return {"root": root, **reports}


def _shards(runs: dict[str, Path], name: str = "shard") -> list[str]:
    return [str(runs[f"{name}{n}"]) for n in range(len(SHARDS))]


def test_the_json_report_records_every_file_checked(runs: dict[str, Path]) -> None:
    document = json.loads(runs["whole"].read_text("utf-8"))
    checked = document["checked"]
    assert checked == sorted(checked)
    assert "content/en/chapter3/3.mdx" in checked  # clean in both courses
    assert {d["path"] for d in document["diagnostics"]
            if d["path"].endswith((".mdx", ".srt"))} <= set(checked)


def test_merged_junit_equals_one_runs(runs: dict[str, Path]) -> None:
    code, whole, _ = _run("check", "--root", str(runs["root"]), "--no-cache",
                          "--format", "junit")
    merged_code, merged, said = _run("report", "merge", "--format", "junit", *_shards(runs))
    assert (merged_code, merged) == (code, whole)
    assert 'name="clean"' in merged
    assert "note" not in said


def test_merged_json_equals_one_runs(runs: dict[str, Path]) -> None:
    merged = json.loads(_run("report", "merge", "--format", "json", *_shards(runs))[1])
    assert merged == json.loads(runs["whole"].read_text("utf-8"))


def test_a_report_without_the_files_checked_merges_saying_so(
    runs: dict[str, Path], tmp_path: Path,
) -> None:
    old = json.loads(runs["shard0"].read_text("utf-8"))
    del old["checked"]  # as reports were written before
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    shards = [str(tmp_path / "old.json"), str(runs["shard1"])]
    code, junit, said = _run("report", "merge", "--format", "junit", *shards)
    assert code in (0, 1)
    assert f"{tmp_path / 'old.json'} does not record the files it checked" in said
    assert f'classname="{CLEAN.format(lang="it")}" name="clean"' in junit
    assert f'classname="{CLEAN.format(lang="fr")}" name="clean"' not in junit
    merged = json.loads(_run("report", "merge", "--format", "json", *shards)[1])
    assert "checked" not in merged  # partial, it would pass for the whole list
    assert "note" not in _run("report", "merge", *shards)[2]  # the text report has no use


def test_merged_text_equals_one_runs(runs: dict[str, Path]) -> None:
    code, whole, _ = _run("check", "--root", str(runs["root"]), "--no-cache")
    merged_code, merged, _ = _run("report", "merge", *_shards(runs))
    assert (merged_code, merged) == (code, whole)
    assert "note TRN001" not in merged  # notes are counted, not listed
    if code:
        assert merged.startswith("errors (4), each with its fix:\n")
        assert "warnings (9), by rule and language" in merged


def test_merged_show_all_equals_one_runs(runs: dict[str, Path]) -> None:
    code, whole, _ = _run("check", "--root", str(runs["root"]), "--no-cache", "--show-all")
    merged_code, merged, _ = _run("report", "merge", "--show-all", *_shards(runs, "all"))
    assert (merged_code, merged) == (code, whole)
    assert "note TRN001" in merged
