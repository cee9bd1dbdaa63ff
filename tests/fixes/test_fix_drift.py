"""``coursekit fix drift`` on a planted course: every tier, every kind of translation,
and the lessons that must not change."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.cli import main
from tests.fixes.course import (
    CLEAN,
    DRIFTED_LANGUAGE,
    LANGUAGES,
    STALE,
    fixed,
    lesson_path,
    lesson_text,
    write_course,
)


def _files(root: Path) -> dict[Path, bytes]:
    return {path.relative_to(root): path.read_bytes()
            for path in sorted((root / "content").rglob("*.mdx"))}


def _run(root: Path, capsys: pytest.CaptureFixture[str], *options: str
         ) -> tuple[int, str, str]:
    """The command as planned, not run (its proof by running: test_fix_drift_proof)."""
    code = main(["fix", "drift", "--root", str(root), "--no-verify", *options])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("unsafe", [False, True])
def test_every_translation_gets_the_fix_of_its_source_and_nothing_else_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], unsafe: bool) -> None:
    root = write_course(tmp_path)
    options = ["--unsafe-fixes"] if unsafe else []
    code, _, err = _run(root, capsys, *options)
    assert code == 0, err
    for language in LANGUAGES:
        stale = lesson_text(STALE, language)
        assert (root / lesson_path(language, 1)).read_text("utf-8") == fixed(stale, unsafe)
        second = (root / lesson_path(language, 2)).read_text("utf-8")
        clean = lesson_text(CLEAN, language)
        assert second == clean  # the clean lesson, and the one that drifted, now fixed
    assert ("grouped_entities=True" in (root / lesson_path("it", 1)).read_text("utf-8")) \
        is not unsafe


def test_a_second_run_changes_nothing(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    assert _run(root, capsys, "--unsafe-fixes")[0] == 0
    once = _files(root)
    code, out, _ = _run(root, capsys, "--unsafe-fixes", "--check")
    assert (code, out) == (0, "")
    assert _run(root, capsys, "--unsafe-fixes")[0] == 0
    assert _files(root) == once


def test_dry_run_prints_one_diff_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    before = _files(root)
    code, out, err = _run(root, capsys, "--dry-run")
    assert code == 1  # fixes to apply
    assert _files(root) == before
    changed = {line.removeprefix("+++ b/") for line in out.splitlines()
               if line.startswith("+++ b/")}
    assert changed == {str(lesson_path(lang, 1)) for lang in LANGUAGES} | {
        str(lesson_path(DRIFTED_LANGUAGE, 2))}
    assert "-> args = TrainingArguments(\"输出\", evaluation_strategy=\"epoch\")" in out
    assert "+> args = TrainingArguments(\"输出\", eval_strategy=\"epoch\")" in out
    assert "-from transformers import AdamW, TrainingArguments\n" \
           "+from transformers import TrainingArguments\n+from torch.optim import AdamW\n" in out
    assert "  en: would fix 4, left 2 (1 manual, 1 unsafe)" in err.splitlines()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
@pytest.mark.parametrize("final_break", ["\n", ""])
def test_the_diff_of_a_lesson_with_no_final_line_break_says_so_and_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], final_break: str) -> None:
    root = write_course(tmp_path)
    drifted = root / lesson_path(DRIFTED_LANGUAGE, 2)
    drifted.write_text(drifted.read_text("utf-8").removesuffix("\n") + final_break, "utf-8")
    out = _run(root, capsys, "--dry-run")[1]
    assert ("```\n\\ No newline at end of file\n" in out) is not bool(final_break)
    assert all(line.startswith(("--- a/", "+++ b/", "@@", " ", "-", "+", "\\"))
               for line in out.splitlines())
    (root / "fixes.diff").write_text(out, encoding="utf-8")
    subprocess.run(["git", "apply", "--check", "fixes.diff"], cwd=root, check=True)


def test_json_lists_each_use_with_rule_tier_file_line_and_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    code, out, _ = _run(root, capsys, "--format", "json", "--check")
    assert code == 1
    report = json.loads(out)
    assert report["written"] is False
    english = [(f["rule"], f["tier"], f["fixed"], f["line"]) for f in report["fixes"]
               if f["path"] == str(lesson_path("en", 1))]
    assert english == [
        ("EXE106", "safe", True, 6), ("EXE106", "safe", True, 14), ("EXE106", "safe", True, 18),
        ("EXE106", "safe", True, 19), ("EXE106", "unsafe", False, 20),
        ("EXE106", "manual", False, 28),
    ]
    lines = (root / lesson_path("en", 1)).read_text("utf-8").splitlines()
    for entry in report["fixes"]:
        if entry["path"] == str(lesson_path("en", 1)):
            written = lines[entry["line"] - 1]
            assert entry["code"].split("(")[0].split(".")[-1] in written
    [drifted] = [f for f in report["fixes"] if f["path"] == str(lesson_path("es", 2))]
    assert (drifted["rule"], drifted["language"], drifted["tier"]) == ("TRN401", "es", "safe")
    assert report["languages"]["zh-CN"] == {"fixed": 4, "left manual": 1, "left unsafe": 1}


def test_files_narrow_the_fixes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    before = _files(root)
    code = main(["fix", "drift", "--root", str(root), "--no-verify",
                 str(root / lesson_path("fr", 1))])
    capsys.readouterr()
    assert code == 0
    after = _files(root)
    assert [path for path in after if after[path] != before[path]] == [lesson_path("fr", 1)]
    assert after[lesson_path("fr", 1)].decode("utf-8") == fixed(lesson_text(STALE, "fr"), False)


def test_check_marks_the_findings_a_fix_settles(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    main(["check", "lessons", "--root", str(root), "--select", "TRN401", "--format", "json"])
    [found] = json.loads(capsys.readouterr().out)["diagnostics"]
    assert (found["path"], found["fixable"]) == (str(lesson_path(DRIFTED_LANGUAGE, 2)), "safe")
    main(["check", "lessons", "--root", str(root), "--select", "TRN401"])
    assert ": error TRN401 [*] `TrainingArguments(evaluation_strategy=...)`" \
        in capsys.readouterr().out
    main(["check", "lessons", "--root", str(root), "--select", "TRN401", "--show-all"])
    assert "error TRN401 [*] `TrainingArguments(evaluation_strategy=...)`" \
        in capsys.readouterr().out
    assert _run(root, capsys)[0] == 0
    main(["check", "lessons", "--root", str(root), "--select", "TRN401", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []


COURSE_ENTRY = """
[[translations.stale-apis]]
method = "as_numpy"
rename = "numpy"
reason = "was renamed"
use = ".numpy()"

[[translations.stale-apis]]
call = "*"
keyword = "verbose"
rename = "quiet"
fix = "manual"
reason = "was turned around"
use = "quiet= (the opposite)"
"""


def test_a_course_adds_its_own_entries_with_their_tiers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, COURSE_ENTRY)
    lesson = root / lesson_path("fr", 2)
    lesson.write_text(lesson.read_text("utf-8").replace(
        "```\n", "array = tensor.as_numpy()\nrun(verbose=True)\n```\n", 1), encoding="utf-8")
    code, _, err = _run(root, capsys)
    assert code == 0
    text = lesson.read_text("utf-8")
    assert "array = tensor.numpy()\nrun(verbose=True)\n" in text
    assert "TRN401 left `run(verbose=...)`: no automatic fix: use quiet= (the opposite)" in err


def test_a_translation_that_lost_an_import_is_fixed_through_its_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    lesson = root / lesson_path("it", 1)
    lesson.write_text(lesson.read_text("utf-8").replace(
        "from transformers import Trainer as T\n", ""), encoding="utf-8")
    assert _run(root, capsys)[0] == 0
    assert "%time trainer = T(model, args, processing_class=tokenizer)\n" \
        in lesson.read_text("utf-8")


def test_line_breaks_and_byte_order_mark_are_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    lesson = root / lesson_path("fr", 1)
    text = lesson_text(STALE, "fr")
    lesson.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert _run(root, capsys)[0] == 0
    assert lesson.read_bytes() == b"\xef\xbb\xbf" + fixed(text).replace(
        "\n", "\r\n").encode("utf-8")


def _fifo(path: Path) -> str:
    path.unlink()
    os.mkfifo(path)
    return "a FIFO (named pipe), not a regular file"


def _dangling(path: Path) -> str:
    path.unlink()
    path.symlink_to(path.parent / "gone.mdx")
    return "a symbolic link to"


def _not_utf8(path: Path) -> str:
    path.write_bytes(path.read_bytes() + b"\xff\xfe")
    return "not UTF-8 (byte offset"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")
@pytest.mark.parametrize("plant", [None, _fifo, _dangling, _not_utf8])
def test_a_lesson_that_cannot_be_read_is_named_and_the_run_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        plant: Callable[[Path], str] | None) -> None:
    root = write_course(tmp_path)
    unread = lesson_path("fr", 1)
    why = plant(root / unread) if plant is not None else None
    code, out, err = _run(root, capsys)
    assert f"fixed {lesson_path('en', 1).as_posix()}" in out
    if why is None:
        assert code == 0
        assert "cannot read" not in err
        return
    assert code == 1
    assert f"{unread.as_posix()}: cannot read: {why}" in err
    assert f"fixed {unread.as_posix()}" not in out
    report = json.loads(_run(root, capsys, "--check", "--format", "json")[1])
    assert [entry["path"] for entry in report["unread"]] == [unread.as_posix()]


@pytest.mark.parametrize("indent", ["", "  "])
def test_a_fixed_line_keeps_the_indentation_it_had_in_an_indented_fence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], indent: str) -> None:
    root = write_course(tmp_path)
    lesson = root / lesson_path("en", 2)
    # CommonMark takes up to the fence's own two spaces off each line: these lines may
    # have fewer (""), or as many (the clean counterpart, "  ").
    written = ("# Lesson\n\n1. Train:\n\n  ```py\n"
               f"{indent}from transformers import TrainingArguments\n"
               f"{indent}args = TrainingArguments('o', evaluation_strategy='no')\n  ```\n")
    lesson.write_text(written, encoding="utf-8")
    assert _run(root, capsys, str(lesson))[0] == 0
    assert lesson.read_text("utf-8") == written.replace("evaluation_strategy", "eval_strategy")


UNCLOSED = ("\n```py\nfrom transformers import TrainingArguments\n"
            "args = TrainingArguments('o', {})\n")


@pytest.mark.parametrize(("argument", "stuck"), [
    ("evaluation_strategy='no'", True),  # a safe fix left: its fence has no closing line
    ("eval_strategy='no'", False),  # clean
    ("grouped_entities=True", False),  # an unsafe fix not asked for: only reported
])
def test_a_fix_left_because_its_fence_cannot_be_placed_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argument: str, stuck: bool) -> None:
    root = write_course(tmp_path)
    assert _run(root, capsys)[0] == 0  # the planted drift fixed: nothing else to do
    lesson = root / lesson_path("fr", 2)
    lesson.write_text(lesson.read_text("utf-8") + UNCLOSED.format(argument), encoding="utf-8")
    before = _files(root)
    for options in ([], ["--check"]):
        code, _, err = _run(root, capsys, *options)
        assert code == (1 if stuck else 0), err
        assert ("its fence cannot be placed in the file exactly" in err) is stuck
    assert _files(root) == before


def test_the_summary_names_only_the_languages_with_uses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    clean = sorted(LANGUAGES)[-1]
    # One language's lessons hold no stale use, though their prose names stale APIs.
    prose = "\nThe old `evaluation_strategy=` and `transformers.AdamW` are gone.\n"
    for number in (1, 2):
        (root / lesson_path(clean, number)).write_text(lesson_text(CLEAN, clean) + prose,
                                                        "utf-8")
    _, _, err = _run(root, capsys, "--check")
    named = {line.split(":")[0].strip() for line in err.splitlines() if line.startswith("  ")}
    assert named == set(LANGUAGES) - {clean}
