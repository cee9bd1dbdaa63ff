"""The closing summary, --statistics and the aggregation of repeated findings,
through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.report.statistics import language_of

DOTTED = "".join(
    f"{i}\n00:00:{i * 2:02d}.000 --> 00:00:{i * 2 + 1:02d}.500\nLine {i} here.\n\n"
    for i in range(1, 9)
)
"""Eight cues whose timestamps separate milliseconds with a dot: SUB012 in every cue."""
OVERLAP = (  # also SUB403 and SUB406 against the English file, which speaks on later
    "1\n00:00:01,000 --> 00:00:04,000\nHello there.\n\n"
    "2\n00:00:03,000 --> 00:00:06,000\nAnd welcome.\n\n"
)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    for lang, text in (("en", DOTTED), ("fr", OVERLAP)):
        folder = tmp_path / "subtitles" / lang
        folder.mkdir(parents=True)
        (folder / "01_a.srt").write_text(text, encoding="utf-8")
    return tmp_path


def _run(course: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(course), *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_summary_names_top_rules_languages_and_the_commands(course: Path) -> None:
    code, output = _run(course)
    assert code == 1
    tail = output.splitlines()[-5:]
    assert tail[0].startswith("check subtitles: 1 error, 10 warnings in 2 files")
    assert "SUB104 (error) 1, SUB012 (warning) 8, SUB403 (warning) 1, SUB406 (warning) 1" \
        in tail[1]
    assert "by language: en 8, fr 3" in tail[2]
    assert "to start from here: coursekit check subtitles --baseline" in tail[3]
    assert "--update-baseline" in tail[3]
    assert tail[4].endswith("coursekit check subtitles --quiet")
    assert "--ignore" not in output


def test_quiet_reports_errors_only_and_counts_the_rest(course: Path) -> None:
    code, output = _run(course, "--quiet")
    assert code == 1
    assert "SUB104" in output
    assert "SUB012" not in output and "SUB406" not in output
    assert "check subtitles: 1 error, 0 warnings in 1 file (10 warnings not shown: --quiet)" \
        in output
    assert "--quiet" not in output.splitlines()[-1]
    _, listed = _run(course, "--quiet", "--format", "json")
    assert {d["severity"] for d in json.loads(listed)["diagnostics"]} == {"error"}


def test_clean_run_has_no_summary(tmp_path: Path) -> None:
    (tmp_path / "subtitles" / "en").mkdir(parents=True)
    code, output = _run(tmp_path)
    assert (code, output.strip()) == (0, "check subtitles: clean")


def test_statistics_counts_by_rule_severity_and_language(course: Path) -> None:
    code, output = _run(course, "--statistics")
    assert code == 1
    rows = [line.split() for line in output.splitlines()]
    assert ["1", "SUB104", "error", "overlap"] in rows
    assert ["8", "SUB012", "warning", "nonstandard-timestamp"] in rows
    assert "by severity: error 1, warning 10, note 0" in output
    assert "by language: en 8, fr 3" in output
    assert "cue 3" not in output


def test_repeats_of_a_rule_in_one_file_are_one_finding(course: Path) -> None:
    _, output = _run(course, "--format", "json")
    found = [d for d in json.loads(output)["diagnostics"] if d["rule"] == "SUB012"]
    assert [(d["cue"], d["count"]) for d in found] == [(1, 8)]
    assert "and 7 more in this file: cue 2, cue 3" in found[0]["message"]
    assert json.loads(output)["summary"]["warnings"] == 10
    _, output = _run(course, "--format", "json", "--show-all")
    found = [d for d in json.loads(output)["diagnostics"] if d["rule"] == "SUB012"]
    assert [d["cue"] for d in found] == list(range(1, 9))


def test_a_rule_that_does_not_repeat_is_never_merged(tmp_path: Path) -> None:
    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    second = (
        "3\n00:00:07,000 --> 00:00:10,000\nHello again.\n\n"
        "4\n00:00:09,000 --> 00:00:12,000\nAnd welcome back.\n\n"
    )
    (folder / "01_a.srt").write_text(OVERLAP + second, encoding="utf-8")
    _, output = _run(tmp_path, "--format", "json")
    overlaps = [d for d in json.loads(output)["diagnostics"] if d["rule"] == "SUB104"]
    assert [(d["cue"], d["count"]) for d in overlaps] == [(1, 1), (3, 1)]


def test_language_of_course_paths() -> None:
    assert language_of("content/zh-CN/chapter1/1.mdx") == "zh-CN"
    assert language_of("subtitles/fr/01_a.srt") == "fr"
    assert language_of("chapters/pt-BR/_toctree.yml") == "pt-BR"
    assert language_of("pyproject.toml") == "-"


def test_a_path_outside_the_course_is_of_no_language() -> None:
    assert language_of("/tmp/out/notebooks/.manifest.json") == "-"
    assert language_of("../out/notebooks/.manifest.json") == "-"
    assert language_of("C:/out/notebooks/.manifest.json") == "-"


def _long_lines_file(lengths: dict[int, int], cues: int = 10) -> str:
    """``cues`` cues of four seconds; cue N has a line of ``lengths[N]`` characters."""
    blocks = []
    for n in range(1, cues + 1):
        text = ("w" * (lengths[n] - 1) + ".") if n in lengths else f"Cue {n}."
        blocks.append(f"{n}\n00:00:{n * 5:02d},000 --> 00:00:{n * 5 + 4:02d},000\n{text}\n")
    return "\n".join(blocks) + "\n"


def test_a_per_cue_rule_is_one_finding_with_its_share_and_worst_cues(tmp_path: Path) -> None:
    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    (folder / "01_a.srt").write_text(_long_lines_file({2: 45, 4: 60, 7: 50, 9: 44}))
    _, output = _run(tmp_path, "--format", "json", "--select", "SUB202")
    found = json.loads(output)["diagnostics"]
    assert [(d["rule"], d["cue"], d["count"]) for d in found] == [("SUB202", 4, 4)]
    assert "a line of 60 characters" in found[0]["message"]
    assert "the worst of 4 of 10 cues (40%) in this file; next worst: cue 7, cue 2, cue 9;" \
        in found[0]["message"]
    _, expanded = _run(tmp_path, "--format", "json", "--select", "SUB202", "--show-all")
    assert [d["cue"] for d in json.loads(expanded)["diagnostics"]] == [2, 4, 7, 9]


def test_a_rule_that_fires_once_in_a_file_is_not_folded(tmp_path: Path) -> None:
    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    (folder / "01_a.srt").write_text(_long_lines_file({3: 50}))
    _, output = _run(tmp_path, "--format", "json", "--select", "SUB202")
    found = json.loads(output)["diagnostics"]
    assert [(d["cue"], d["count"]) for d in found] == [(3, 1)]
    assert "worst" not in found[0]["message"]


def test_folded_findings_without_a_line_name_what_each_is_about() -> None:
    from coursekit.report.aggregate import aggregate
    from coursekit.translations.rules import MISSING_SECTION

    missing = [MISSING_SECTION.at("chapters/fr/_toctree.yml", None,
                                  f"section `chapter{n}/intro` is not translated")
               for n in range(1, 4)]
    [folded] = aggregate(missing)
    assert folded.count == 3
    assert "[and 2 more in this file: `chapter2/intro`, `chapter3/intro`;" in folded.message
    assert "the file" not in folded.message


def test_a_per_cue_rule_without_a_measure_still_says_its_share(tmp_path: Path) -> None:
    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    cues = "".join(f"{n}\n00:00:{n * 5:02d},000 --> 00:00:{n * 5 + 4:02d},000\n"
                   f"{' Padded' if n in (3, 6, 8) else 'Plain'} cue.\n\n" for n in range(1, 11))
    (folder / "01_a.srt").write_text(cues)
    _, output = _run(tmp_path, "--format", "json", "--select", "SUB205")
    [found] = json.loads(output)["diagnostics"]
    assert (found["cue"], found["count"]) == (3, 3)
    assert "[3 of 10 cues (30%) of this file; also cue 6, cue 8; --show-all lists each]" \
        in found["message"]


def test_a_command_without_quiet_or_statistics_offers_neither(tmp_path: Path) -> None:
    lessons = tmp_path / "chapters" / "en" / "chapter1"
    lessons.mkdir(parents=True)
    (lessons.parent / "_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/a\n    title: A\n"
        "  - local: chapter1/b\n    title: B\n", encoding="utf-8")
    (lessons / "a.mdx").write_text("# A\n\n```py\nx = 1\n\nText the fence swallows.\n",
                                   encoding="utf-8")
    (lessons / "b.mdx").write_text("", encoding="utf-8")  # a warning: not errors alone
    result = CliRunner().invoke(cli, ["build", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert "coursekit build: 1 error" in result.output
    assert "coursekit build --baseline" in result.output
    assert "--quiet" not in result.output
    offered = CliRunner().invoke(cli, ["check", "lessons", "--root", str(tmp_path)])
    assert offered.output.rstrip().endswith("coursekit check lessons --quiet")
