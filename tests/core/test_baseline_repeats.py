"""Repeats of one identity in a file (three ``py:`` fences, told apart only by their
lines): the baseline counts them, so fixing one reports none new and adding one reports
that one, at its own line, not the last repeat of the file. Clean counterpart: the file
unchanged reports nothing new; a baseline written before contexts were recorded still
covers its findings by count."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.baseline import Entry, identity
from coursekit.report.baseline_match import split_entries

TOCTREE = "- title: A\n  sections:\n  - local: 01_a\n    title: A\n"


def _fence(code: str, info: str = "py:") -> str:
    return f"```{info}\n{code}\n```\n\n"


def _lesson(*fences: str) -> str:
    return "# Lesson\n\n" + "".join(fences)


THREE = _lesson(_fence("x = 1"), _fence("y = 2"), _fence("z = 3"))
"""Three LES105 findings of one identity, at lines 3, 7 and 11."""


def _course(root: Path, lesson: str = THREE) -> Path:
    folder = root / "chapters" / "en"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
    (folder / "01_a.mdx").write_text(lesson, encoding="utf-8")
    return root


def _new(root: Path, baseline: Path) -> list[tuple[str, int]]:
    """The findings new against ``baseline``: rule and line."""
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline", str(baseline),
                                    "--format", "json"])
    assert done.exit_code in (0, 1), done.output
    return [(d["rule"], d["line"]) for d in json.loads(done.stdout)["diagnostics"]]


def _record(root: Path, baseline: Path) -> None:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline", str(baseline),
                                    "--update-baseline"])
    assert done.exit_code == 0, done.output


def test_fixing_one_of_three_repeats_reports_none_new(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    for fixed in range(3):
        codes = [_fence(c, "py" if n == fixed else "py:")
                 for n, c in enumerate(("x = 1", "y = 2", "z = 3"))]
        _course(root, _lesson(*codes))
        assert _new(root, baseline) == [], fixed


def test_adding_a_repeat_reports_that_one_at_its_line(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    _course(root, _lesson(_fence("w = 0"), _fence("x = 1"), _fence("y = 2"), _fence("z = 3")))
    assert _new(root, baseline) == [("LES105", 3)]
    _course(root, _lesson(_fence("x = 1"), _fence("y = 2"), _fence("v = 9"), _fence("z = 3")))
    assert _new(root, baseline) == [("LES105", 11)]


def test_the_file_unchanged_reports_nothing_new(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    assert _new(root, baseline) == []
    entries = json.loads(baseline.read_text(encoding="utf-8"))["findings"]
    assert [len(e.get("contexts", [])) for e in entries] == [3]


def test_a_baseline_without_contexts_still_covers_by_count(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    document = json.loads(baseline.read_text(encoding="utf-8"))
    for entry in document["findings"]:  # as an earlier coursekit wrote it
        del entry["contexts"], entry["rule"], entry["path"]
    baseline.write_text(json.dumps(document), encoding="utf-8")
    assert _new(root, baseline) == []
    _course(root, _lesson(_fence("w = 0"), _fence("x = 1"), _fence("y = 2"), _fence("z = 3")))
    assert len(_new(root, baseline)) == 1


def _overlap(line: int, context: str) -> tuple[Diagnostic, str]:
    return Diagnostic("SUB104", Severity.ERROR, "subtitles/fr/a.srt", line, "overlap"), context


def test_contexts_choose_the_repeat_reported_and_counts_how_many() -> None:
    entry = Entry(identity(_overlap(1, "")[0]), 3, "SUB104", "subtitles/fr/a.srt",
                  ("a", "b", "c"))
    found = dict([_overlap(1, "new"), _overlap(5, "a"), _overlap(9, "b"), _overlap(13, "c")])
    fresh, covered = split_entries(list(found), [entry], context=found.get)
    assert [d.line for d in fresh] == [1]  # the one whose context the entry lacks
    assert [d.line for d in covered] == [5, 9, 13]
    # Counterpart: a context edited (the cue's text) is still covered by the count.
    found = dict([_overlap(1, "edited"), _overlap(5, "b")])
    assert split_entries(list(found), [entry], context=found.get) == ([], list(found))
