"""Three shards of a verification, merged, say what one unsharded run says; their
caches, merged, let a re-run execute nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from coursekit.cli import main
from coursekit.config import Course
from coursekit.execution.plan.shard import Shard, lesson_group
from coursekit.execution.verify import verify_course

from .generated import generate
from .test_sarif import VALIDATOR

pytestmark = [pytest.mark.kernel, pytest.mark.slow]

SHARDS = 3
CACHE = Path("build") / ".verify-cache"
TIMING = ("duration", "executed", "cached", "timing")


def _verify(root: Path, report: Path, *extra: str) -> int:
    return main(["verify", "--root", str(root), "--device", "cpu", "-j", "2",
                 "--format", "json", "-o", str(report), *extra])


def _comparable(document: dict[str, Any], *, cached: bool = False) -> dict[str, Any]:
    """The document without what differs between machines and runs: times, paths of the
    executed notebooks, and (after a cached re-run) which results came from the cache."""
    doc = copy.deepcopy(document)
    summary = doc["summary"]
    summary.pop("wall_time", None)
    summary.pop("timing", None)
    if cached:
        summary.pop("executed_runs", None)
    for nb in doc.get("notebooks", []):
        for key in TIMING:
            nb.pop(key, None)
    doc["notebooks"] = sorted(doc.get("notebooks", []), key=lambda nb: nb["notebook"])
    return doc


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    base = tmp_path_factory.mktemp("shards")
    whole = generate(base / "whole")
    code = _verify(whole, base / "whole.json")
    shard_reports: list[Path] = []
    shard_codes: list[int] = []
    for k in range(1, SHARDS + 1):
        machine = generate(base / f"machine{k}")
        shard_reports.append(base / f"shard{k}.json")
        shard_codes.append(_verify(machine, shard_reports[-1], "--shard", f"{k}/{SHARDS}"))
    return {"base": base, "code": code, "shard_codes": shard_codes,
            "reports": shard_reports, "whole": base / "whole.json"}


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def test_every_shard_has_work_and_two_have_findings(runs: dict[str, Any]) -> None:
    whole = _load(runs["whole"])
    assert runs["code"] == 1
    assert {d["rule"] for d in whole["diagnostics"]} >= {"EXE103"}
    owners = {k for k in range(1, SHARDS + 1) for n in range(1, 7)
              if Shard(k, SHARDS).owns(lesson_group(f"en/chapter1/{n}.ipynb"))}
    assert owners == {1, 2, 3}
    assert runs["shard_codes"].count(1) == 2
    sizes = [len(_load(r)["diagnostics"]) for r in runs["reports"]]
    assert sum(sizes) >= len(whole["diagnostics"]) > max(sizes)


def test_merged_json_equals_the_unsharded_report(
    runs: dict[str, Any], tmp_path: Path,
) -> None:
    merged = tmp_path / "merged.json"
    code = main(["report", "merge", *map(str, runs["reports"]), "--format", "json",
                 "-o", str(merged)])
    assert code == runs["code"]
    assert _comparable(_load(merged)) == _comparable(_load(runs["whole"]))


@pytest.mark.parametrize("fmt", ["text", "junit", "sarif", "github"])
def test_merged_formats_equal_the_unsharded_run(
    runs: dict[str, Any], tmp_path: Path, fmt: str,
) -> None:
    """The unsharded run, again (from its cache), in each format, against the merge."""
    whole = runs["base"] / "whole"
    assert main(["verify", "--root", str(whole), "--device", "cpu", "--format", fmt,
                 "-o", str(tmp_path / "whole.out")]) == runs["code"]
    assert main(["report", "merge", *map(str, runs["reports"]), "--format", fmt,
                 "-o", str(tmp_path / "merged.out")]) == runs["code"]
    expected = (tmp_path / "whole.out").read_text("utf-8")
    assert expected.strip()
    assert (tmp_path / "merged.out").read_text("utf-8") == expected
    if fmt == "sarif":
        VALIDATOR.validate(json.loads(expected))


def test_merged_caches_leave_nothing_to_run(runs: dict[str, Any], tmp_path: Path) -> None:
    base: Path = runs["base"]
    fresh = generate(tmp_path / "rerun")
    caches = [str(base / f"machine{k}" / CACHE) for k in range(1, SHARDS + 1)]
    assert main(["cache", "merge", "--root", str(fresh), *caches]) == 0
    report = verify_course(Course.open(fresh), device="cpu")
    assert report.executed_runs == 0
    assert len(report.notebooks) == 12
    assert all(nb.cached for nb in report.notebooks)
    assert _verify(fresh, tmp_path / "rerun.json") == runs["code"]
    rerun = _load(tmp_path / "rerun.json")
    assert _comparable(rerun, cached=True) == _comparable(_load(runs["whole"]), cached=True)


def test_reports_of_different_commands_do_not_merge(
    runs: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    other = tmp_path / "check.json"
    other.write_text(json.dumps({"tool": "coursekit", "run": "check", "diagnostics": []}),
                     encoding="utf-8")
    assert main(["report", "merge", str(runs["reports"][0]), str(other)]) == 2
    assert "reports of different commands" in capsys.readouterr().err
    assert main(["report", "merge", str(tmp_path)]) == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["report", "merge", str(broken)]) == 2
    assert "cannot read a JSON report" in capsys.readouterr().err
