"""``fix lessons`` says, for each fence it leaves unformatted, what to change so that it
can format it, as the other fix commands say it for what they leave; the change said
does let the next run format the fence."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.formatting.fix import FixPlan
from coursekit.formatting.lessons import FenceLeft, LessonFormat
from coursekit.formatting.places import Unplaced
from coursekit.lessons.model import Code
from tests.formatting.course import write_course

EN = Path("content/en/chapter1/1.mdx")
FORMAT = "[tool.coursekit.format]\n"
THEN = ", and `coursekit fix lessons` formats it then"

CASES = [  # the fence, what the line says to change, the fence so changed
    ("- Load:\n\n  ```py\n  if x:\n\t  y = f( 1,2 )\n  ```\n",
     "; indent the code with spaces" + THEN,
     "- Load:\n\n  ```py\n  if x:\n      y = f( 1,2 )\n  ```\n"),
    ("- ```py\n  z = g( 3 )\n  ```\n",
     "; start the fence on a line of its own, indented under the item's text" + THEN,
     "- Then:\n\n  ```py\n  z = g( 3 )\n  ```\n"),
    ("- x\n\n  ```py\n  x = f( 1,2 )\n\n- next\n",
     "; close the fence" + THEN,
     "- x\n\n  ```py\n  x = f( 1,2 )\n  ```\n\n- next\n"),
    ("```py\nx = f( 1,2 )  # a\x00b\n```\n",
     "line 4 holds a NUL character, which the lesson reader reads as U+FFFD; remove the "
     "NUL character",
     "```py\nx = f( 1,2 )  # ab\n```\n"),
]


def _course(tmp_path: Path, body: str) -> Path:
    """The course with its English lesson made of ``body`` after a title, and no French
    one: only this fence is formatted."""
    root = write_course(tmp_path, FORMAT)
    (root / EN).write_text("# Models\n\n" + body, encoding="utf-8")
    for file in sorted((root / "content" / "fr").rglob("*"), reverse=True):
        file.rmdir() if file.is_dir() else file.unlink()
    (root / "content" / "fr").rmdir()
    return root


@pytest.mark.parametrize(("body", "said", "changed"), CASES,
                         ids=["tab", "list-item", "not-closed", "nul"])
def test_a_fence_left_says_what_to_change_and_the_change_works(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        body: str, said: str, changed: str) -> None:
    root = _course(tmp_path, body)
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 1
    [left] = [line for line in capsys.readouterr().err.splitlines() if " LES124 left " in line]
    assert "it cannot be rewritten in place: " in left
    assert said in left
    (root / EN).write_text("# Models\n\n" + changed, encoding="utf-8")
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert "LES124 left" not in capsys.readouterr().err
    assert main(["fix", "lessons", "--root", str(root), "--check"]) == 0


def test_a_fence_placed_is_formatted_and_nothing_is_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _course(tmp_path, CASES[0][2])
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    assert "left" not in capsys.readouterr().err
    assert "      y = f(1, 2)\n" in (root / EN).read_text(encoding="utf-8")


def test_a_reason_with_no_one_change_says_to_format_by_hand() -> None:
    code = Code(3, "python", "py", "x = f( 1,2 )")
    left = FenceLeft(code, Unplaced("line 4 is not written as the lesson reader reads it"))
    plan = FixPlan((LessonFormat(Path("a.mdx"), "a.mdx", (), False, (), left=(left,)),), 1)
    assert plan.left_lines() == [
        "a.mdx:3: LES124 left ```py code unformatted: it cannot be rewritten in place: line 4 "
        "is not written as the lesson reader reads it; format it by hand, or mark the fence "
        "`no-format`"]
