"""Reporters render the same diagnostics in four formats."""

from __future__ import annotations

import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report import FORMATS, render

DIAGS = [
    Diagnostic("SUB101", Severity.ERROR, "subtitles/fr/01_a.srt", 12, "overlap, by 0,4 s", cue=3),
    Diagnostic("LES101", Severity.WARNING, "content/en/chapter1/1.mdx", 4, "fence `py:`",
               hint="write ```py"),
    Diagnostic("TRN201", Severity.ERROR, "content/fr/chapter1/1.mdx", None, "anchor: missing"),
]


def rendered(fmt: str, diags: list[Diagnostic] = DIAGS, checked: tuple[str, ...] = ()) -> str:
    out = io.StringIO()
    render(diags, fmt, out, "check", checked)
    return out.getvalue()


def test_text_groups_by_file_and_summarises() -> None:
    text = rendered("text")
    assert text.index("content/en/chapter1/1.mdx") < text.index("subtitles/fr/01_a.srt")
    assert "12 cue 3: error SUB101 overlap, by 0,4 s" in text
    assert "hint: write ```py" in text
    assert "\ncheck: 2 errors, 1 warning in 3 files\n  top rules:" in text


def test_text_shows_a_rules_hint_once_and_points_back_to_it() -> None:
    def drift(path: str, line: int, hint: str) -> Diagnostic:
        return Diagnostic("TRN201", Severity.WARNING, path, line, "code differs:\n- a\n+ b",
                          hint=hint)

    text = rendered("text", [drift("content/fr/1.mdx", 3, "keep the code"),
                             drift("content/fr/2.mdx", 5, "keep the code"),
                             drift("content/fr/2.mdx", 9, "another hint")])
    assert text.count("hint: keep the code") == 1
    assert "  5: warning TRN201 code differs: (hint above)\n- a\n+ b\n" in text
    assert "hint: another hint" in text
    assert json.loads(rendered("json", [drift("a.mdx", 1, "h"), drift("a.mdx", 2, "h")])
                      )["diagnostics"][1]["hint"] == "h"


def test_the_summary_names_the_command_once() -> None:
    out = io.StringIO()
    render(DIAGS, "text", out, "coursekit verify", ())
    text = out.getvalue()
    assert "to start from here: coursekit verify --baseline " in text
    assert "coursekit coursekit" not in text


def test_the_summary_starts_a_baseline_and_never_advises_ignoring_a_rule() -> None:
    text = rendered("text")
    assert "--ignore" not in text
    assert "--update-baseline" in text
    only_warnings = rendered("text", [d for d in DIAGS if d.severity is not Severity.ERROR])
    assert "--ignore" not in only_warnings
    assert "--update-baseline" in only_warnings


def test_one_word_per_severity_in_every_report() -> None:
    note = Diagnostic("SUB018", Severity.NOTE, "subtitles/fr/01_a.srt", 9, "final blank line")
    assert "9: note SUB018" in rendered("text", [note])
    assert json.loads(rendered("json", [note]))["diagnostics"][0]["severity"] == "note"
    assert Severity("info") is Severity.NOTE  # what reports written before said


def test_text_clean_run() -> None:
    assert rendered("text", []).strip() == "check: clean"


def test_json_document() -> None:
    doc = json.loads(rendered("json"))
    assert doc["summary"] == {"errors": 2, "warnings": 1, "notes": 0, "files": 3}
    first = doc["diagnostics"][0]
    assert first["path"] == "content/en/chapter1/1.mdx"
    assert first["rule"] == "LES101"
    assert first["hint"] == "write ```py"


def test_github_annotations_escape_properties_and_data() -> None:
    lines = rendered("github").splitlines()
    assert lines[0].startswith("::warning file=content/en/chapter1/1.mdx,line=4,title=LES101::")
    sub = next(line for line in lines if "SUB101" in line)
    assert sub == (
        "::error file=subtitles/fr/01_a.srt,line=12,title=SUB101::cue 3: overlap, by 0,4 s"
    )
    assert any("%0A" in line for line in lines)  # hint on its own line, escaped


def test_junit_counts_failures_and_lists_clean_files() -> None:
    xml = rendered("junit", checked=("subtitles/en/01_a.srt",))
    root = ET.fromstring(xml.split("\n", 1)[1])
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert suites["subtitles/fr/01_a.srt"].get("failures") == "1"
    assert suites["content/en/chapter1/1.mdx"].get("failures") == "0"
    clean = suites["subtitles/en/01_a.srt"]
    assert [c.get("name") for c in clean.iter("testcase")] == ["clean"]


def test_junit_names_each_finding_at_one_place_apart() -> None:
    twice = [Diagnostic("TRN201", Severity.WARNING, "content/fr/1.mdx", 7, message)
             for message in ("first drift", "second drift")]
    other = Diagnostic("TRN201", Severity.WARNING, "content/fr/1.mdx", 9, "third drift")
    root = ET.fromstring(rendered("junit", [*twice, other]).split("\n", 1)[1])
    names = [c.get("name") for c in root.iter("testcase")]
    assert names == ["TRN201 content/fr/1.mdx:7", "TRN201 content/fr/1.mdx:7 (2)",
                     "TRN201 content/fr/1.mdx:9"]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_renders_unicode(fmt: str) -> None:
    diag = Diagnostic("SUB120", Severity.WARNING, "subtitles/zh-CN/01.srt", 2, "太快了: 12 cps")
    assert "太快了" in rendered(fmt, [diag])


HOSTILE = [
    Diagnostic("SUB120", Severity.ERROR, "subtitles/fr/01_\udcff.srt", 3,
               "line `\x1b[31mred\x1b[0m` quotes \x00 and \x0c", hint="drop \x07 and \ud800"),
    Diagnostic("SUB121", Severity.WARNING, "subtitles/fr/02.srt", 4, "tab\tand newline\nkept"),
]


def test_junit_escapes_what_xml_forbids() -> None:
    xml = rendered("junit", HOSTILE)
    xml.encode("utf-8")  # no lone surrogate left to fail the file's encoding
    root = ET.fromstring(xml.split("\n", 1)[1])
    failure = next(root.iter("failure"))
    assert failure.get("message") == "line `\\x1b[31mred\\x1b[0m` quotes \\x00 and \\x0c"
    assert failure.text == "drop \\x07 and \\ud800"
    assert {s.get("name") for s in root.iter("testsuite")} == {
        "subtitles/fr/01_\\udcff.srt", "subtitles/fr/02.srt"}
    assert next(root.iter("skipped")).get("message") == "tab\tand newline\nkept"


def test_sarif_is_valid_utf8_json_whatever_the_messages_quote() -> None:
    text = rendered("sarif", HOSTILE)
    document = json.loads(text.encode("utf-8"))
    results = document["runs"][0]["results"]
    assert "\x1b[31mred" in results[0]["message"]["text"]
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith("01_%FF.srt")


@pytest.mark.parametrize("fmt", ["junit", "sarif"])
def test_plain_messages_are_not_escaped(fmt: str) -> None:
    out = rendered(fmt, DIAGS)
    assert "overlap, by 0,4 s" in out and "\\x" not in out and "\\u" not in out


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_course_file_name_that_is_not_utf8_reaches_every_report_file(
    tmp_path: Path, fmt: str,
) -> None:
    from click.testing import CliRunner

    from coursekit.cli import cli

    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    (tmp_path / "coursekit.toml").write_text("", encoding="utf-8")
    with open(os.path.join(os.fsencode(folder), b"01_\xff.srt"), "wb") as handle:
        handle.write(b"1\n00:00:01,000 --> soon\nHi\x1b[0m\n\n")
    report = tmp_path / f"report.{fmt}"
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--format", fmt,
                                      "-o", str(report)])
    assert result.exit_code == 1, result.output
    data = report.read_bytes()
    if fmt in ("json", "sarif"):
        assert "SUB011" in json.dumps(json.loads(data.decode("utf-8")))
    elif fmt == "junit":
        assert ET.fromstring(data.decode("utf-8").split("\n", 1)[1]).iter("failure")
    elif fmt == "html":
        assert "SUB011" in data.decode("utf-8")
    else:  # text and annotations name the file by its own bytes, as on a terminal
        assert b"01_\xff.srt" in data


@pytest.mark.parametrize("args", [[], ["--show-all"], ["--format", "github"]])
def test_a_control_sequence_a_subtitle_quotes_reaches_no_terminal(
    tmp_path: Path, args: list[str],
) -> None:
    from click.testing import CliRunner

    from coursekit.cli import cli

    folder = tmp_path / "subtitles" / "en"
    folder.mkdir(parents=True)
    long_line = "a line far too long for one row \x1b[2J\x1b]0;retitled\x07 of a screen, to be read"
    (folder / "01_\x1b[8m.srt").write_text(
        f"1\n00:00:01,000 --> 00:00:09,000\n{long_line}\n\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), *args])
    assert result.exit_code == 0, result.output
    assert "SUB202" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "01_\\x1b[8m.srt" in result.output  # written as its escapes
    if args:  # the findings in full, the line quoted
        assert "\\x1b[2J\\x1b]0;retitled\\x07" in result.output


TIED = [  # one place, one rule: only what they say tells them apart
    Diagnostic("TRN001", Severity.NOTE, "content/fr/_toctree.yml", None, "`chapter3/3` missing"),
    Diagnostic("TRN001", Severity.NOTE, "content/fr/_toctree.yml", None, "`chapter2/1` missing"),
    Diagnostic("EXE103", Severity.ERROR, "content/en/1.mdx", 7, "[en/tf] cell 3 raised"),
    Diagnostic("EXE103", Severity.WARNING, "content/en/1.mdx", 7, "[en/pt] cell 3 raised"),
    Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/01_a.srt", 9, "too fast", cue=4),
    Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/01_a.srt", 9, "too fast", cue=3),
]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_report_does_not_depend_on_the_order_findings_were_made_in(fmt: str) -> None:
    """Findings of one rule at one place come in the order of what they say, so that a
    report (and the name of a JUnit test case numbered ``(2)``) is the same whichever
    notebook or thread finished first."""
    assert rendered(fmt, TIED) == rendered(fmt, TIED[::-1])


def test_findings_of_one_rule_at_one_place_are_ordered_by_what_they_say() -> None:
    found = json.loads(rendered("json", TIED[::-1]))["diagnostics"]
    assert [(d["cue"], d["message"][:7]) for d in found] == [
        (None, "[en/pt]"), (None, "[en/tf]"), (None, "`chapte"), (None, "`chapte"),
        (3, "too fas"), (4, "too fas")]
    assert found[2]["message"] < found[3]["message"]
