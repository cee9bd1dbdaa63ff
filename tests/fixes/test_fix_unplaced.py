"""``coursekit fix drift`` and ``fix errors`` on a fence whose lines cannot be put back in
place in its file: the use or error is left, and the line that says so names why (a
tab the reader turns into spaces, a fence opened on a list item's line, one never
closed) and what to do, as ``fix lessons`` does. A fence in a list item that can be
placed is fixed as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.judgement.model import CellResult, Verdict
from coursekit.lessons.parse import parse_lesson
from tests.fixes.error_course import write_report

LESSON = Path("content/en/chapter1/1.mdx")
TAB = ("indented with a tab, which the lesson reader turns into spaces inside an indented "
       "or quoted fence")
ITEM = "its opening line also opens a list item"
UNCLOSED = "the fence is not closed where its code ends (LES103)"
SPACES = "indent the code with spaces"
OWN_LINE = "start the fence on a line of its own, indented under the item's text"
CLOSE = "close the fence"

IMPORT = "from transformers import TrainingArguments"
STALE = 'args = TrainingArguments("o", evaluation_strategy="no")'
DRIFT = {
    # name: (the lesson after its title, what it says, what to do)
    "tab": (f"1. Train:\n\n   ```py\n   {IMPORT}\n   if True:\n\t   {STALE}\n   ```\n",
            "line 8 is " + TAB, SPACES),
    "marker": (f"- ```py\n  {IMPORT}\n  {STALE}\n  ```\n", ITEM, OWN_LINE),
    "unclosed": (f"```py\n{IMPORT}\n{STALE}\n", UNCLOSED, CLOSE),
}
PLACED = f"1. Train:\n\n   ```py\n   {IMPORT}\n   if True:\n       {STALE}\n   ```\n"
"""The tab lesson's clean counterpart: its line indented with spaces."""


def _course(root: Path, body: str) -> Path:
    """A course of one English lesson: ``body`` after its title."""
    folder = root / "content" / "en"
    (folder / "chapter1").mkdir(parents=True)
    (folder / "_toctree.yml").write_text(
        "- title: C\n  sections:\n  - local: chapter1/1\n    title: T\n", encoding="utf-8")
    (root / LESSON).write_text("# Training\n\n" + body, encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    return root / LESSON


def _line(text: str, part: str) -> int:
    """The 1-based line of ``text`` that holds ``part`` first."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if part in line)


def _drift(root: Path, capsys: pytest.CaptureFixture[str], *options: str
           ) -> tuple[int, str, str]:
    code = main(["fix", "drift", "--root", str(root), "--no-verify", *options])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("body", "why", "remedy"), DRIFT.values(), ids=DRIFT.keys())
def test_a_drift_fix_left_for_its_fence_says_why_and_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, why: str, remedy: str
        ) -> None:
    lesson = _course(tmp_path, body)
    before = lesson.read_bytes()
    use = _line(before.decode("utf-8"), "evaluation_strategy")
    said = (f"{LESSON}:{use}: EXE106 left `TrainingArguments(evaluation_strategy=...)`: "
            f"its fence cannot be placed in the file exactly: {why}; left as it was: "
            f"{remedy}, and `coursekit fix drift` fixes it then")
    for options in (["--dry-run"], ["--check"], []):
        code, _, err = _drift(tmp_path, capsys, *options)
        assert code == 1, err
        assert said in err.splitlines(), err
    assert lesson.read_bytes() == before
    code, out, _ = _drift(tmp_path, capsys, "--check", "--format", "json")
    [fix] = json.loads(out)["fixes"]
    assert (fix["fixed"], why in fix["why"], remedy in fix["why"]) == (False, True, True)


def test_a_fence_in_a_list_item_indented_with_spaces_is_fixed_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lesson = _course(tmp_path, PLACED)
    code, out, err = _drift(tmp_path, capsys, "--dry-run")
    assert code == 1  # a fix to write
    assert "cannot be placed" not in err
    assert '+       args = TrainingArguments("o", eval_strategy="no")' in out
    assert _drift(tmp_path, capsys)[0] == 0
    assert lesson.read_text("utf-8") == "# Training\n\n" + PLACED.replace(
        "evaluation_strategy", "eval_strategy")


DOCUMENTED = "TypeError: 'NoneType' object is not subscriptable"
RAISED = "KeyError: 'label'"
CODE = "```py\nd = {}\nd['label']\n```\n\n"
ERRORS = {
    # name: (the lesson after its title, what it says, what to do)
    "tab": ("1. Run it:\n\n   " + CODE.replace("\n", "\n   ").rstrip(" ")
            + "   ```python out\n   Traceback (most recent call last):\n"
            + f'\t   File "x.py", line 1\n   {DOCUMENTED}\n   ```\n', "line 12 is " + TAB,
            SPACES),
    "marker": (f"{CODE}- ```python out\n  {DOCUMENTED}\n  ```\n", ITEM, OWN_LINE),
    "unclosed": (f"{CODE}```python out\n{DOCUMENTED}\n", UNCLOSED, CLOSE),
}
"""Each lesson documents an error in an output fence that cannot be placed."""


def _errors(root: Path, body: str, capsys: pytest.CaptureFixture[str], *options: str,
            raised: str = RAISED) -> tuple[int, list[str]]:
    """``fix errors`` on a course whose lesson, ``body`` after its title, documents an
    error that verify proved drifted: its exit code and the lines saying what it left."""
    lesson = _course(root, body) if not (root / LESSON).exists() else root / LESSON
    [code] = parse_lesson(lesson.read_text("utf-8"), path=str(LESSON),
                          language="en").code_blocks()
    cells = [CellResult(index=0, source=f"{LESSON}:{code.line}", verdict=Verdict.ERROR_DRIFT,
                        documented=DOCUMENTED, raised=raised)]
    report = write_report(root / "report.json", VerifyReport(notebooks=[NotebookResult(
        str(LESSON), "en", "pt", "en/chapter1/1.ipynb", cells=cells)]))
    exit_code = main(["fix", "errors", "--root", str(root), "--from", str(report), *options])
    return exit_code, [line for line in capsys.readouterr().err.splitlines()
                       if "EXE102 left" in line]


@pytest.mark.parametrize(("body", "why", "remedy"), ERRORS.values(), ids=ERRORS.keys())
def test_an_error_left_for_its_output_fence_says_why_and_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, why: str,
        remedy: str) -> None:
    before = "# Training\n\n" + body
    said = [f"{LESSON}:{_line(before, DOCUMENTED)}: EXE102 left `{DOCUMENTED}`: its "
            f"output fence cannot be placed in the file exactly: {why}; left as it "
            f"was: {remedy}, and `coursekit fix errors` updates it then"]
    for options in (["--dry-run"], ["--check"], []):
        # an update left to a person fails the run, as fix drift's fixes left do
        assert _errors(tmp_path, body, capsys, *options) == (1, said), options
    assert (tmp_path / LESSON).read_text("utf-8") == before


def test_an_error_in_an_output_fence_of_a_list_item_is_updated_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = ERRORS["tab"][0].replace("\t   ", "     ")
    code, left = _errors(tmp_path, body, capsys)
    assert (code, left) == (0, [])
    assert (tmp_path / LESSON).read_text("utf-8") == "# Training\n\n" + body.replace(
        DOCUMENTED, RAISED)


QUOTED = f"{CODE}```python out\n'{DOCUMENTED}'\n```\n"
"""The lesson quotes the error in single quotes."""


@pytest.mark.parametrize(("raised", "expected"), [
    (RAISED, 1),  # `KeyError: 'label'` holds the lesson's quote: left, and the run fails
    ("KeyError: label", 0),  # the clean counterpart: quoted as the lesson quotes it
])
def test_an_error_the_run_cannot_rewrite_fails_it_and_says_what_to_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], raised: str, expected: int
        ) -> None:
    code, left = _errors(tmp_path, QUOTED, capsys, raised=raised)
    text = (tmp_path / LESSON).read_text("utf-8")
    assert code == expected, left
    if expected:
        assert left == [f"{LESSON}:{_line(text, DOCUMENTED)}: EXE102 left `{DOCUMENTED}`: "
                        "the new message holds the quote (') the lesson writes around it: "
                        "update it by hand"]
        assert text == "# Training\n\n" + QUOTED
    else:
        assert (left, f"'{raised}'" in text) == ([], True)
