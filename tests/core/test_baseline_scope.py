"""``--update-baseline`` on part of a course (one language, one area, some rules)
records that part and keeps what the baseline held for the rest; what the run checked
and no longer finds, and the files that are gone, leave it. A file that is no baseline
is never replaced."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

FIRST = "1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n"
BROKEN = FIRST + "2\n00:00:02,000 --> 00:00:03,000\nAgain.\n\n"
CLEAN = FIRST + "2\n00:00:02,600 --> 00:00:04,000\nAgain.\n\n"
"""Two cues, overlapping (a finding) or not."""


def _course(root: Path) -> Path:
    for language in ("en", "fr", "it"):
        folder = root / "subtitles" / language
        folder.mkdir(parents=True)
        (folder / "01_intro.srt").write_text(BROKEN, encoding="utf-8")
    return root


def _check(root: Path, *args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), *args])
    return done.exit_code, done.output


def _recorded(baseline: Path) -> set[tuple[str, str]]:
    document = json.loads(baseline.read_text(encoding="utf-8"))
    return {(entry["path"], entry["rule"]) for entry in document["findings"]}


def _languages(baseline: Path) -> set[str]:
    return {path.split("/")[1] for path, _ in _recorded(baseline)}


def test_an_update_of_one_language_keeps_the_others(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    assert _check(root, "--baseline", str(baseline), "--update-baseline")[0] == 0
    assert _languages(baseline) == {"en", "fr", "it"}
    assert _check(root, "--lang", "fr", "--baseline", str(baseline), "--update-baseline")[0] == 0
    assert _languages(baseline) == {"en", "fr", "it"}
    code, said = _check(root, "--baseline", str(baseline))
    assert code == 0, said  # nothing recorded was dropped, so nothing reads as new


def test_an_update_of_one_area_or_rule_keeps_the_rest(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    _check(root, "--baseline", str(baseline), "--update-baseline")
    before = _recorded(baseline)
    _check(root, "lessons", "--baseline", str(baseline), "--update-baseline")
    assert _recorded(baseline) == before
    rule = sorted(before)[0][1]
    _check(root, "--ignore", rule, "--baseline", str(baseline), "--update-baseline")
    assert _recorded(baseline) == before


def test_what_a_narrow_update_checked_and_no_longer_finds_leaves(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    _check(root, "--baseline", str(baseline), "--update-baseline")
    (root / "subtitles/fr/01_intro.srt").write_text(CLEAN, encoding="utf-8")  # fixed
    (root / "subtitles/it/01_intro.srt").unlink()  # gone
    _check(root, "--lang", "fr", "--baseline", str(baseline), "--update-baseline")
    recorded = _recorded(baseline)
    assert ("subtitles/en/01_intro.srt", "SUB104") in recorded  # not checked: kept
    assert ("subtitles/fr/01_intro.srt", "SUB104") not in recorded  # checked, fixed
    assert "it" not in _languages(baseline)


def test_a_file_that_is_no_baseline_is_not_replaced(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    notes = tmp_path / "notes.md"
    notes.write_text("# Release notes\n", encoding="utf-8")
    code, said = _check(root, "--baseline", str(notes), "--update-baseline")
    assert code == 2
    assert "not a coursekit baseline" in said and "not replaced" in said
    assert notes.read_text(encoding="utf-8") == "# Release notes\n"


def test_the_summary_counts_what_the_baseline_records(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    code, said = _check(root, "--baseline", str(baseline))
    assert code == 1 and "recorded in" not in said  # nothing recorded yet: nothing to say
    _check(root, "--baseline", str(baseline), "--update-baseline")
    for extra in ([], ["--show-all"], ["--statistics"]):
        code, said = _check(root, "--baseline", str(baseline), *extra)
        assert code == 0
        last = said.splitlines()[-1]
        assert last.startswith("check: clean (3 errors, "), said
        assert last.endswith(f" not shown: recorded in {baseline})"), said


def test_an_update_writes_the_report_file_asked_for_of_nothing_new(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline, sarif = tmp_path / "b.json", tmp_path / "out.sarif"
    code, _ = _check(root, "--baseline", str(baseline), "--update-baseline",
                     "--format", "sarif", "-o", str(sarif))
    assert code == 0 and _languages(baseline) == {"en", "fr", "it"}
    assert json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["results"] == []
    # Its counterpart: without -o, the update writes no report on standard output.
    code, said = _check(root, "--baseline", str(baseline), "--update-baseline",
                        "--format", "sarif")
    assert code == 0 and '"runs"' not in said
