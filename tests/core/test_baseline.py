"""Baselines absorb recorded findings and let new ones through."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.baseline import BaselineError, read_entries, write_baseline
from coursekit.report.baseline_match import split_entries


def diag(line: int, message: str, fingerprint: str | None = None) -> Diagnostic:
    return Diagnostic("SUB101", Severity.ERROR, "subtitles/fr/a.srt", line, message,
                      fingerprint=fingerprint)


def test_recorded_findings_are_absorbed_even_when_lines_move(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    assert write_baseline(path, [diag(10, "cue 4 overlaps", "overlap|hello")]) == 1
    later = [diag(14, "cue 5 overlaps", "overlap|hello"), diag(30, "new", "overlap|other")]
    fresh = split_entries(later, read_entries(path))[0]
    assert [d.message for d in fresh] == ["new"]


def test_counts_matter(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    write_baseline(path, [diag(1, "gap too short")])
    fresh = split_entries([diag(1, "gap too short"), diag(9, "gap too short")],
                          read_entries(path))[0]
    assert len(fresh) == 1


def test_unreadable_baseline_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(BaselineError):
        read_entries(path)
