"""``coursekit check`` (LES124) and ``coursekit fix lessons`` on a small course."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.formatting.fix import plan_fixes
from tests.formatting.course import FORMATTED, UNFORMATTED_LINE, write_course

EN = Path("content/en/chapter1/1.mdx")
FR = Path("content/fr/chapter1/1.mdx")
WIDE = "[tool.coursekit.format]\nline-length = 90\n"


def _findings(root: Path, capsys: pytest.CaptureFixture[str], *options: str
              ) -> tuple[int, list[dict[str, object]]]:
    code = main(["check", "lessons", "--root", str(root), "--format", "json", "--show-all",
                 *options])
    return code, json.loads(capsys.readouterr().out)["diagnostics"]


def test_check_reports_the_unformatted_fence_with_its_diff(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    code, found = _findings(root, capsys, "--select", "LES124")
    assert code == 0  # a note
    assert [(d["path"], d["line"], d["severity"]) for d in found] == [
        (str(EN), UNFORMATTED_LINE, "note"), (str(FR), UNFORMATTED_LINE, "note")]
    assert "ruff (line length 90)" in str(found[0]["message"])
    diff = str(found[0]["diff"])
    assert diff.startswith(f"--- a/{EN}\n+++ b/{EN}\n")
    assert '+model = AutoModelForSequenceClassification.from_pretrained("gpt2", ' \
           "num_labels=2)\n" in diff
    assert "-from transformers" not in diff  # the line the formatter keeps is context
    assert found[0]["fingerprint"] == found[1]["fingerprint"]  # the same code, for baselines


def test_check_diff_shows_each_findings_diff_in_the_text_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    assert main(["check", "lessons", "--root", str(root), "--select", "LES124"]) == 0
    assert "+++ b/" not in capsys.readouterr().out
    assert main(["check", "lessons", "--root", str(root), "--select", "LES124", "--diff"]) == 0
    out = capsys.readouterr().out
    assert out.count("+++ b/content/") == 2
    assert '+model = AutoModelForSequenceClassification.from_pretrained("gpt2", ' in out


def test_the_rule_is_chosen_like_every_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    assert _findings(root, capsys, "--ignore", "LES124")[1] == []
    (root / "coursekit.toml").write_text(
        'source-language = "en"\nseverity = { LES124 = "error" }\n' + WIDE, encoding="utf-8")
    code, found = _findings(root, capsys, "--select", "LES124")
    assert code == 1
    assert {d["severity"] for d in found} == {"error"}


def test_dry_run_shows_the_diff_writes_nothing_and_fails_on_a_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    before = (root / EN).read_bytes()
    assert main(["fix", "lessons", "--root", str(root), "--dry-run"]) == 1
    out, err = capsys.readouterr()
    assert out.count("--- a/content/") == 2
    assert "fix lessons: would format 2 fence(s) in 2 of 2 file(s)" in err
    assert (root / EN).read_bytes() == before
    assert main(["fix", "lessons", "--root", str(root), "--diff"]) == 1
    assert capsys.readouterr().out == out
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    capsys.readouterr()
    assert main(["fix", "lessons", "--root", str(root), "--dry-run"]) == 0
    assert capsys.readouterr().out == ""


def test_check_mode_fails_on_what_would_change_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    before = (root / EN).read_bytes()
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 1
    assert f"would format {EN} (1 fence(s))" in capsys.readouterr().out
    assert (root / EN).read_bytes() == before
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 0


def test_fix_formats_in_place_once_and_leaves_check_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, WIDE)
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert "formatted 2 fence(s) in 2 of 2 file(s)" in capsys.readouterr().err
    assert f"```py\n{FORMATTED}\n```\n" in (root / EN).read_text(encoding="utf-8")
    after = (root / FR).read_bytes()
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert "formatted 0 fence(s) in 0 of 2 file(s)" in capsys.readouterr().err
    assert (root / FR).read_bytes() == after
    assert _findings(root, capsys, "--select", "LES124") == (0, [])


def test_fix_narrows_to_the_files_and_languages_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = write_course(tmp_path, WIDE)
    english = (root / EN).read_bytes()
    monkeypatch.chdir(root)
    assert main(["fix", "lessons", str(FR)]) == 0
    assert (root / EN).read_bytes() == english
    assert FORMATTED in (root / FR).read_text(encoding="utf-8")
    assert main(["fix", "lessons", "--lang", "en", "--dry-run"]) == 1  # it would change
    assert "would format 1 fence(s) in 1 of 1 file(s)" in capsys.readouterr().err


@pytest.mark.parametrize("langs", [["en"], ["en", "en"], ["en", "EN"]])
def test_a_language_asked_for_twice_is_formatted_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], langs: list[str]) -> None:
    root = write_course(tmp_path, WIDE)
    options = [arg for lang in langs for arg in ("--lang", lang)]
    assert main(["fix", "lessons", "--root", str(root), *options]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"formatted {EN} (1 fence(s))\n"
    assert "formatted 1 fence(s) in 1 of 1 file(s)" in captured.err
    assert "cannot write" not in captured.err


@pytest.mark.parametrize(("table", "message"), [
    ('formatter = "yapf"', '`formatter` must be "ruff" or "black"'),
    ("line-length = 0", "`line-length` must be a whole number"),
    ('target-version = "py27"', "`target-version` must name a Python version"),
    ("indent = 2", "unknown key `indent`"),
])
def test_bad_settings_are_configuration_findings(
        table: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, f"[tool.coursekit.format]\n{table}\n")
    code, found = _findings(root, capsys, "--select", "CFG")
    assert code == 2
    [finding] = found
    assert finding["line"] == 3
    assert message in str(finding["message"])
    assert main(["fix", "lessons", "--root", str(root)]) == 2


@pytest.mark.parametrize(("settings", "named"), [
    ('formatter = "black"\nline-length = 90', "black (line length 90)"),
    ('line-length = 90\ntarget-version = "py310"', "ruff (line length 90, py310)"),
])
def test_the_finding_names_the_formatter_that_judged(
        settings: str, named: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, f"[tool.coursekit.format]\n{settings}\n")
    _, found = _findings(root, capsys, "--select", "LES124")
    assert len(found) == 2
    assert all(named in str(d["message"]) for d in found)


def test_a_course_without_a_code_style_is_told_of_it_only_when_it_asks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, "")
    assert not [d for d in _findings(root, capsys)[1] if d["rule"] == "LES124"]
    for asked in (["--select", "LES124"], ["--extend-select", "LES12"], ["--select", "ALL"]):
        assert {d["rule"] for d in _findings(root, capsys, *asked)[1]} >= {"LES124"}, asked
    (root / "coursekit.toml").write_text('source-language = "en"\n' + WIDE, encoding="utf-8")
    assert [d["rule"] for d in _findings(root, capsys)[1]].count("LES124") == 2
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_among_the_lessons_is_never_read(tmp_path: Path) -> None:
    root = write_course(tmp_path, WIDE)
    os.mkfifo(root / "content" / "en" / "chapter1" / "2.mdx")
    # A subprocess with a timeout: a read that blocks fails the test instead of hanging it.
    run = subprocess.run([sys.executable, "-m", "coursekit", "fix", "lessons", "--root",
                          str(root)], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 1, run.stderr  # the others formatted, that one named
    assert "formatted 2 fence(s) in 2 of 3 file(s)" in run.stderr
    assert "content/en/chapter1/2.mdx: cannot read: a FIFO (named pipe), not a regular " \
           "file; not formatted" in run.stderr


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-8"])
@pytest.mark.parametrize("accents", [False, True], ids=["ascii", "accents"])
def test_a_lesson_saved_as_utf16_is_named_and_left(tmp_path: Path, encoding: str,
                                                    accents: bool) -> None:
    """Without its mark, UTF-16 decodes as UTF-8 with a NUL after each ASCII character:
    no fence is found in it, and it is named as unreadable, not passed over as clean. Its
    clean counterpart, the same lesson in UTF-8, is formatted."""
    root = write_course(tmp_path, WIDE)
    # ASCII alone: each character of it is then one byte and a NUL in UTF-16; with
    # accents, some of those bytes are no UTF-8 either, and it is still named UTF-16
    text = (root / FR).read_text(encoding="utf-8").encode("ascii", "replace").decode()
    if accents:
        text = text.replace("# ", "# Café ", 1)
    (root / FR).write_bytes(text.encode(encoding))
    run = subprocess.run([sys.executable, "-m", "coursekit", "fix", "lessons", "--root",
                          str(root)], capture_output=True, text=True, timeout=120, check=False)
    named = (f"{FR.as_posix()}: cannot read: saved as UTF-16-LE without a byte order "
             "mark, not UTF-8; not formatted")
    assert (named in run.stderr) is (encoding != "utf-8"), run.stderr
    assert run.returncode == (1 if encoding != "utf-8" else 0), run.stderr
    assert ((root / FR).read_bytes() == text.encode(encoding)) is (encoding != "utf-8")


def test_a_lesson_that_cannot_be_written_is_reported_and_the_others_written(
        tmp_path: Path) -> None:
    root = write_course(tmp_path, WIDE)
    plan = plan_fixes(Corpus(Course.open(root)))
    assert len(plan.changed) == 2
    (root / FR).unlink()  # a folder in its place before the plan is written
    (root / FR).mkdir()
    [(lesson, error)] = plan.write()
    assert lesson.path == str(FR)
    assert isinstance(error, IsADirectoryError)
    assert not any((root / FR).iterdir())
    assert FORMATTED in (root / EN).read_text(encoding="utf-8")


@pytest.mark.parametrize("final_break", ["\n", ""])
def test_the_diff_of_a_lesson_ending_without_a_line_break_says_so_and_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], final_break: str) -> None:
    root = write_course(tmp_path, WIDE)
    (root / EN).write_text("# Models\n\n```py\nx=1\n```" + final_break, encoding="utf-8")
    assert main(["fix", "lessons", "--root", str(root), "--dry-run", str(root / EN)]) == 1
    out = capsys.readouterr().out
    assert ("```\n\\ No newline at end of file\n" in out) is not bool(final_break)
    (root / "fix.diff").write_text(out, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "apply", "--check", "fix.diff"], cwd=root, check=True)
