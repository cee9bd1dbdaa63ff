"""``coursekit report merge`` says what the unsharded run said: its summary counts each
repeat of a finding shown once per file, its JSON is UTF-8 whatever file names it
quotes, and its exit code is the run's (2 while a configuration problem remains)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli


def _finding(rule: str, severity: str, path: str, count: int = 1) -> dict[str, object]:
    return {"rule": rule, "severity": severity, "path": path, "line": 3,
            "message": f"{rule} found", "count": count}


def _report(tmp_path: Path, name: str, *found: dict[str, object]) -> str:
    document = {"tool": "coursekit", "run": "check", "summary": {}, "diagnostics": list(found)}
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def _merge(*args: str) -> tuple[int, bytes]:
    result = CliRunner().invoke(cli, ["report", "merge", *args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.stdout_bytes


def test_the_merged_summary_counts_every_repeat(tmp_path: Path) -> None:
    folded = _finding("SUB202", "warning", "subtitles/fr/01.srt", count=7)
    single = _finding("SUB205", "note", "subtitles/fr/01.srt")
    code, out = _merge("--format", "json", _report(tmp_path, "a.json", folded, single))
    assert code == 0
    assert json.loads(out)["summary"] == {"errors": 0, "warnings": 7, "notes": 1, "files": 1}


def test_one_finding_each_counts_one(tmp_path: Path) -> None:
    code, out = _merge("--format", "json", _report(
        tmp_path, "a.json", _finding("SUB101", "error", "subtitles/fr/01.srt")))
    assert code == 1
    assert json.loads(out)["summary"] == {"errors": 1, "warnings": 0, "notes": 0, "files": 1}


def test_a_name_that_is_not_utf8_is_escaped_in_the_merged_json(tmp_path: Path) -> None:
    odd = _finding("SUB101", "error", "subtitles/fr/01_\udcff.srt")
    report = _report(tmp_path, "a.json", odd)
    written = tmp_path / "merged.json"
    for out in (_merge("--format", "json", report)[1],
                (_merge("--format", "json", "-o", str(written), report), written.read_bytes())[1]):
        document = json.loads(out.decode("utf-8"))  # UTF-8, the odd byte written as an escape
        assert document["diagnostics"][0]["path"] == "subtitles/fr/01_\udcff.srt"


def test_a_configuration_problem_in_a_merged_report_exits_2(tmp_path: Path) -> None:
    bad = _finding("CFG001", "error", "coursekit.toml")
    shard = _report(tmp_path, "a.json", bad, _finding("SUB205", "warning", "subtitles/a.srt"))
    other = _report(tmp_path, "b.json", bad)
    assert _merge(shard, other)[0] == 2
    assert _merge("--format", "json", shard)[0] == 2


def test_a_warning_alone_exits_0(tmp_path: Path) -> None:
    assert _merge(_report(tmp_path, "a.json", _finding("SUB205", "warning", "s/a.srt")))[0] == 0


def test_the_verify_json_is_utf8_whatever_file_names_it_quotes() -> None:
    from coursekit.cli.commands.verify import verify_json
    from coursekit.diagnostics import Diagnostic, Severity
    from coursekit.execution.results import VerifyReport
    from coursekit.report.pipeline import shape, write_report

    odd = Diagnostic("NBK104", Severity.ERROR, "content/fr/01_\udcff.mdx", 1, "clash")
    out = io.StringIO()
    write_report(shape([odd]), "json", out, title="coursekit verify",
                 document=verify_json(VerifyReport(diagnostics=[odd])))
    document = json.loads(out.getvalue().encode("utf-8").decode("utf-8"))
    assert document["diagnostics"][0]["path"] == "content/fr/01_\udcff.mdx"


def test_the_tier_of_a_findings_fix_survives_the_merge(tmp_path: Path) -> None:
    safe = {**_finding("TRN401", "warning", "content/fr/1.mdx"), "fixable": "safe"}
    plain = _finding("TRN201", "warning", "content/fr/1.mdx")
    report = _report(tmp_path, "a.json", safe, plain)
    merged = json.loads(_merge("--format", "json", report)[1])["diagnostics"]
    assert [d.get("fixable") for d in merged] == [None, "safe"]
    text = _merge(report)[1].decode()  # check's first report: one row per rule
    assert "TRN401 stale-api  fr: 1 in 1 file (first content/fr/1.mdx:3), [*] 1 fixable" in text
    assert "TRN201 code-drift  fr: 1 in 1 file (first content/fr/1.mdx:3)\n" in text
    text = _merge("--show-all", report)[1].decode()
    assert "TRN401 [*] TRN401 found" in text
    assert "TRN201 [*]" not in text


def test_a_merged_verification_orders_its_summary_as_one_run_does(tmp_path: Path) -> None:
    from coursekit.execution.results import VerifyReport
    from coursekit.report.verify_json import verify_document

    one = verify_document(VerifyReport(), [])
    shuffled = {**one, "summary": {"runner": "gpu-1", **dict(reversed(one["summary"].items()))}}
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path, document in zip(paths, (one, shuffled), strict=True):
        path.write_text(json.dumps(document), encoding="utf-8")
    merged = [_merge("--format", "json", *map(str, order))[1] for order in (paths, paths[::-1])]
    assert merged[0] == merged[1]  # whatever order the shards come in
    summary = list(json.loads(merged[0])["summary"])
    assert summary == [*one["summary"], "runner"]
    assert _merge("--format", "json", str(paths[0]))[1] == \
        (json.dumps(one, indent=2, ensure_ascii=False) + "\n").encode()


def test_the_merged_github_report_names_files_from_the_repository_top(tmp_path: Path) -> None:
    course = tmp_path / "repo" / "course"
    course.mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir()  # the top of the checkout that holds the course
    found = _finding("SUB101", "error", "subtitles/fr/01.srt")
    code, out = _merge("--format", "github", "--root", str(course),
                       _report(tmp_path, "a.json", found))
    assert code == 1
    assert b"file=course/subtitles/fr/01.srt," in out
