"""Tables printed to a file or a pipe (a CI log, ``-o report.txt``) are as wide as their
rows; in a terminal, or where ``COLUMNS`` gives a width, they keep to it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.table import Table

from coursekit.cli import cli
from coursekit.cli.consoles import print_whole

LANGUAGES = ("en", "de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "tr",
             "vi", "zh-CN", "zh-TW")
CUE = "1\n00:00:01,000 --> 00:00:02,500\nHello there.\n"


def _table() -> Table:
    table = Table(title="wide")
    for number in range(12):
        table.add_column(f"column {number}")
    table.add_row(*(f"value-{number}" for number in range(12)))
    return table


def _printed(monkeypatch: pytest.MonkeyPatch, columns: str | None) -> list[str]:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    out = io.StringIO()
    console = Console(file=out, color_system=None)
    print_whole(console, _table())
    assert console.width == (80 if columns is None else int(columns))  # as it was
    return out.getvalue().splitlines()


def test_a_table_in_a_file_keeps_each_row_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _printed(monkeypatch, None)
    [row] = [line for line in lines if "value-0" in line]
    assert all(f"value-{number}" in row for number in range(12)), "\n".join(lines)


def test_columns_gives_a_file_its_width(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _printed(monkeypatch, "80")
    assert all(len(line) <= 80 for line in lines)
    assert not any(all(f"value-{n}" in line for n in range(12)) for line in lines)


def test_coverage_of_many_languages_reads_one_video_per_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    (tmp_path / "pyproject.toml").write_text('[tool.coursekit]\nsource-language = "en"\n',
                                             encoding="utf-8")
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text("# Intro\n\nText.\n", encoding="utf-8")
    for language in LANGUAGES:
        folder = tmp_path / "subtitles" / language
        folder.mkdir(parents=True)
        (folder / "01_a-video-with-a-rather-long-title.srt").write_text(CUE, encoding="utf-8")
    result = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    [row] = [line for line in result.output.splitlines()
             if "01_a-video-with-a-rather-long-title" in line]
    assert row.count("yes") == len(LANGUAGES), result.output
