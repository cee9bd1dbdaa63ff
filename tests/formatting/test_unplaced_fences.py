"""Fences whose code cannot be put back in place in their file: LES124 reports the ones
the formatter changes, with why, and ``fix lessons`` names them as left, instead of
passing over them in silence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.formatting.places import CodePlace, Unplaced, locate_code, split_lines
from coursekit.formatting.settings import FormatSettings
from coursekit.lessons.parse import parse_lesson
from tests.formatting.course import write_course
from tests.formatting.support import format_file

EN = Path("content/en/chapter1/1.mdx")
FIXTURES = Path(__file__).parent.parent / "fixtures" / "formatting"
FORMAT = "[tool.coursekit.format]\n"

TAB_IN_ITEM = "- Load a model:\n\n  ```py\n  if x:\n\t  y = f( 1,2 )\n  ```\n"
"""A fence in a list item with a line indented by a tab: the reader turns the tab into
the two spaces that the item takes off and two more, so its code differs from the file."""
OPENED_ON_ITEM = "- ```py\n  z = g( 3 )\n  ```\n"
PLACED = "- Placed:\n\n  ```py\n  a = h( 4 )\n  ```\n"
FORMATTED_TAB = "- Formatted:\n\n  ```py\n  if x:\n\t  y = 1\n  ```\n"


def _lesson(root: Path, *parts: str) -> Path:
    """The English lesson of the course under ``root`` made of ``parts`` after its title;
    the French one removed, so that only this lesson is checked."""
    text = "# Models\n\n" + "\n".join(parts)
    (root / EN).write_text(text, encoding="utf-8")
    french = root / "content" / "fr"
    for file in sorted(french.rglob("*"), reverse=True):
        file.rmdir() if file.is_dir() else file.unlink()
    french.rmdir()
    return root / EN


def _line(text: str, opening: str) -> int:
    """The 1-based line of ``opening`` in the lesson ``text``."""
    return text.split("\n").index(opening) + 1


def _les124(root: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["check", "lessons", "--root", str(root), "--format", "json",
                 "--show-all"]) == 0
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    return [d for d in found if d["rule"] == "LES124"]


def _locate(body: str) -> CodePlace | Unplaced:
    text = "# T\n\n" + body
    [code] = parse_lesson(text, path="a.mdx", language="en").code_blocks()
    return locate_code(split_lines(text), code)


@pytest.mark.parametrize(("body", "why"), [
    (TAB_IN_ITEM, "line 7 is indented with a tab"),
    (OPENED_ON_ITEM, "its opening line also opens a list item"),
    ("> - ```py\n>   z = g( 3 )\n>   ```\n", "its opening line also opens a list item"),
    ("- x\n\n  ```py\n  x = f( 1,2 )\n\n- next\n", "not closed where its code ends"),
    ("```py\nx = f( 1,2 )\n", "not closed where its code ends"),
])
def test_a_fence_with_no_place_says_why(body: str, why: str) -> None:
    found = _locate(body)
    assert isinstance(found, Unplaced)
    assert why in found.why


@pytest.mark.parametrize("body", [PLACED, "\t```py\n\tx = 1\n\t```\n",
                                  "> ```py\n> if x:\n> \ty = 1\n> ```\n"])
def test_a_fence_whose_lines_are_the_files_is_placed(body: str) -> None:
    assert isinstance(_locate(body), CodePlace)


def test_check_reports_an_unformatted_fence_it_cannot_rewrite_with_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, FORMAT)
    text = _lesson(root, TAB_IN_ITEM, OPENED_ON_ITEM, PLACED, FORMATTED_TAB).read_text(
        encoding="utf-8")
    found = _les124(root, capsys)
    assert [d["line"] for d in found] == [
        _line(text, "  ```py"), _line(text, "- ```py"), text.split("\n").index("- Placed:") + 3]
    tab, item, placed = found
    assert "cannot be rewritten in place: line 7 is indented with a tab" in str(tab["message"])
    assert str(tab["hint"]).startswith("`coursekit fix lessons` leaves it as it is: "
                                       "indent the code with spaces")
    assert tab["diff"] is None
    assert "its opening line also opens a list item" in str(item["message"])
    # The fence it can rewrite keeps its finding and diff as before.
    assert "cannot" not in str(placed["message"])
    assert "+  a = h(4)\n" in str(placed["diff"])


def test_fix_names_the_fences_it_leaves_and_fails(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, FORMAT)
    lesson = _lesson(root, TAB_IN_ITEM, PLACED)
    tab_line = _line(lesson.read_text(encoding="utf-8"), "  ```py")
    before = lesson.read_bytes()
    left = f"{EN}:{tab_line}: LES124 left ```py code unformatted: it cannot be rewritten " \
           "in place: line 7 is indented with a tab"
    for mode in ("--dry-run", "--check"):
        assert main(["fix", "lessons", "--root", str(root), mode]) == 1
        err = capsys.readouterr().err
        assert left in err
        assert "would format 1 fence(s) in 1 of 1 file(s); left 1 unformatted fence(s) " \
               "it cannot rewrite in place" in err
        assert lesson.read_bytes() == before
    assert main(["fix", "lessons", "--root", str(root)]) == 1
    assert left in capsys.readouterr().err
    after = lesson.read_text(encoding="utf-8")
    assert "  a = h(4)\n" in after
    assert TAB_IN_ITEM in after  # left byte for byte
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 1  # still not formatted
    assert left in capsys.readouterr().err


def test_a_formatted_fence_with_no_place_is_no_finding(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path, FORMAT)
    _lesson(root, FORMATTED_TAB, "- ```py\n  z = g(3)\n  ```\n")
    assert _les124(root, capsys) == []
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 0
    err = capsys.readouterr().err
    assert "left" not in err
    assert "would format 0 fence(s) in 0 of 1 file(s)" in err


def test_a_fence_with_no_place_is_no_finding_when_the_rule_is_not_selected(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_course(tmp_path)
    _lesson(root, TAB_IN_ITEM, OPENED_ON_ITEM)
    assert _les124(root, capsys) == []


def test_the_fixture_fence_never_closed_is_left_and_said(tmp_path: Path) -> None:
    file = tmp_path / "unclosed.mdx"
    file.write_bytes((FIXTURES / "unclosed.mdx").read_bytes())
    result = format_file(file, FormatSettings())
    assert not result.changed
    [left] = result.left
    assert left.code.line == 3
    assert "not closed where its code ends" in left.unplaced.why
