"""``coursekit fix errors`` on a planted course: every shape of a documented error, the
translations that share the output fence and the one that does not, and the errors a
report does not prove drifted, which must not change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from tests.fixes.error_course import (
    CLEAN,
    CRLF_LANGUAGE,
    DEBUGGING,
    LANGUAGES,
    OWN_LANGUAGE,
    lesson_path,
    lesson_text,
    write_course,
    write_report,
)

UPDATED = {
    "ValueError: You have to specify either input_ids or inputs_embeds\n":
        "ValueError: You must specify exactly one of input_ids or inputs_embeds\n",
    "KeyError: 'label'\n```": "KeyError: 'labels'\n```",
    "TypeError: TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, "
    "InputSequence]]...":
        "TypeError: argument 'text': 'list' object cannot be converted to 'PyString' when "
        "the pairs are...",
    "> \"KeyError: 'label'\"": "> \"KeyError: 'labels'\"",
}
"""What the report proves in the English lesson: a traceback's last line, a frames
fragment's, a line cut short (cut as short again), a quoted line in a blockquote."""


def _expected(language: str) -> str:
    text = lesson_text(DEBUGGING, language)
    for old, new in UPDATED.items():
        if language == CRLF_LANGUAGE:
            old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
        text = text.replace(old, new)
    return text


def _files(root: Path) -> dict[Path, bytes]:
    return {path.relative_to(root): path.read_bytes()
            for path in sorted((root / "content").rglob("*.mdx"))}


def _run(root: Path, capsys: pytest.CaptureFixture[str], *options: str
         ) -> tuple[int, str, str]:
    report = write_report(root / "report.json")
    code = main(["fix", "errors", "--root", str(root), "--from", str(report), *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_source_and_each_translation_with_the_same_fence_are_updated_and_nothing_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    code, out, err = _run(root, capsys)
    assert code == 0, err
    for language in LANGUAGES:
        written = (root / lesson_path(language, 1)).read_bytes().decode("utf-8")
        expected = _expected(language)
        if language == OWN_LANGUAGE:  # its traceback was translated: left as it was
            expected = expected.replace(
                "ValueError: You must specify exactly one of input_ids or inputs_embeds",
                "ValueError: Devi specificare input_ids oppure inputs_embeds")
        assert written == expected, language
        assert (root / lesson_path(language, 2)).read_bytes() == \
            lesson_text(CLEAN, language).encode("utf-8")
    # not reached, and blamed on the stand-ins: as documented
    assert "AttributeError: 'list' object has no attribute 'size'" in written
    assert "IndexError: index out of range in self" in written
    assert f"updated {lesson_path('fr', 1)} (4 documented error(s))" in out.splitlines()
    lines = err.splitlines()
    assert f"{lesson_path(OWN_LANGUAGE, 1)}:5: EXE102 left `ValueError: You have to specify " \
        "either input_ids or inputs_embeds`: its output fence differs from the source's: " \
        "update it by hand" in lines
    assert any(line.startswith(f"{lesson_path('en', 1)}:35: EXE102 not proven drifted")
               and "not reached" in line for line in lines)
    assert any(line.startswith(f"{lesson_path('en', 1)}:43: EXE102 not proven drifted")
               and "stand-ins may be the cause" in line for line in lines)
    assert "  it: updated 3, left 1" in lines


def test_a_second_run_changes_nothing(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    assert _run(root, capsys)[0] == 0
    once = _files(root)
    code, out, err = _run(root, capsys, "--check")
    assert (code, out) == (0, "")
    # The message cut short with "..." documents the raised one: up to date, not left.
    assert "EXE102 left" not in err
    assert "would update 0, left" not in err
    assert _run(root, capsys)[0] == 0
    assert _files(root) == once


def test_dry_run_prints_one_diff_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    before = _files(root)
    code, out, _ = _run(root, capsys, "--dry-run")
    assert code == 1
    assert _files(root) == before
    changed = [line.removeprefix("+++ b/") for line in out.splitlines()
               if line.startswith("+++ b/")]
    assert changed == [str(lesson_path(language, 1)) for language in sorted(LANGUAGES)]
    assert "-> \"KeyError: 'label'\"\n+> \"KeyError: 'labels'\"\n" in out


def test_json_lists_every_error_updated_left_and_not_proven(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    code, out, _ = _run(root, capsys, "--format", "json", "--check")
    assert code == 1
    data = json.loads(out)
    assert data["written"] is False
    assert {(fix["language"], fix["fixed"]) for fix in data["fixes"]} == {
        (language, True) for language in LANGUAGES} | {(OWN_LANGUAGE, False)}
    translated = [fix for fix in data["fixes"] if fix["language"] == "fr"]
    assert {fix["source"] for fix in translated} == {
        f"{lesson_path('en', 1).as_posix()}:{line}" for line in (5, 18, 27, 53)}
    assert all(fix["rule"] == "EXE102" for fix in data["fixes"])
    assert sorted(left["line"] for left in data["not_proven"]) == [35, 43]
    assert data["languages"]["en"] == {"fixed": 4}


def test_lang_narrows_the_files_written_not_the_source_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    assert _run(root, capsys, "--lang", "fr")[0] == 0
    assert (root / lesson_path("fr", 1)).read_text("utf-8") == _expected("fr")
    assert (root / lesson_path("en", 1)).read_text("utf-8") == lesson_text(DEBUGGING, "en")


def test_a_report_without_notebooks_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    report = tmp_path / "check.json"
    report.write_text(json.dumps({"tool": "coursekit", "run": "check", "diagnostics": []}),
                      encoding="utf-8")
    code = main(["fix", "errors", "--root", str(root), "--from", str(report)])
    assert code == 2
    assert "without notebooks" in capsys.readouterr().err
