"""Classifying how a translated code block differs from its source block."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.lessons.python import code_facts
from coursekit.translations import code_blocks
from coursekit.translations.check import compare_lessons
from coursekit.translations.code_changes import Change, classify, short_diff
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, lesson

SOURCE = 'x = load("glue")  # load the data\nprint(x["train"])\n'


def changed(source: str, translation: str, python: bool = True) -> Change:
    return classify(code_facts(source), code_facts(translation), python)


@pytest.mark.parametrize(("translation", "expected"), [
    (SOURCE, Change.IDENTICAL),
    ('x = load( "glue" )   # load the data\n\nprint(x["train"])\n', Change.WHITESPACE),
    ('x = load("glue")  # charger les données\nprint(x["train"])\n', Change.COMMENTS),
    ('x = load("glue")\nprint(x["train"])\n', Change.COMMENTS),
    ('x = load("glue")  # charger\nprint(x["entraînement"])\n', Change.STRINGS),
    ('y = load("glue")  # load the data\nprint(y["train"])\n', Change.CODE),
    ('x = load("glue")\nif x:\nprint(x["train"])\n', Change.CODE),
])
def test_classify_python(translation: str, expected: Change) -> None:
    assert changed(SOURCE, translation) is expected


@pytest.mark.parametrize(("source", "translation", "expected"), [
    # a translated string made longer, which a formatter wrapped in parentheses
    ('msg = f"AI: {x}"\nprint(msg)\n', 'msg = (\n    f"IA, una decisión: {x}"\n)\nprint(msg)\n',
     Change.STRINGS),
    ('print("Done")\n', 'print(\n    ("Terminé, tout est prêt")\n)\n', Change.STRINGS),
    # parentheses after a name are a call, after a value a call of it: code
    ('msg = "AI"\n', 'msg = f("IA")\n', Change.CODE),
    ('msg = ["AI"]\n', 'msg = ["IA"]("x")\n', Change.CODE),
    ('msg = "AI"\n', 'msg = ("IA",)\n', Change.CODE),  # a tuple
    # a formatter's trailing comma, and the lines it splits a call over: the same code
    ("a = CodeAgent(model=m, tools=[t])\n", "a = CodeAgent(\n    model=m,\n    tools=[t],\n)\n",
     Change.FORMATTING),
    ('d = {"a": [1, 2]}\n', 'd = {\n    "a": [\n        1,\n        2,\n    ],\n}\n',
     Change.FORMATTING),
    # the comma of a one-item tuple and of a subscript is code
    ("x = (1,)\n", "x = (1)\n", Change.CODE),
    ("y = x[a]\n", "y = x[a,]\n", Change.CODE),
])
def test_parentheses_around_a_lone_string_are_no_code_change(
        source: str, translation: str, expected: Change) -> None:
    assert changed(source, translation) is expected


def test_indentation_that_changes_blocks_is_code() -> None:
    source = "for b in data:\n    step(b)\n    log(b)\n"
    moved = "for b in data:\n    step(b)\nlog(b)\n"
    wider = "for b in data:\n        step(b)\n        log(b)\n"
    assert changed(source, moved) is Change.CODE
    assert changed(source, wider) is Change.WHITESPACE


def test_untokenizable_python_falls_back_to_words() -> None:
    source = 'print("unclosed\n'
    assert changed(source, 'print("unclosed   \n\n') is Change.WHITESPACE
    assert changed(source, 'print("ouvert\n') is Change.CODE


def test_shell_blocks_compare_words() -> None:
    assert changed("pip install  datasets", "pip install datasets", False) is Change.WHITESPACE
    assert changed("pip install datasets", "pip install evaluate", False) is Change.CODE


def test_short_diff_shows_changed_lines_and_caps_them() -> None:
    diff = short_diff("a = 1\nb = 2\n", "a = 1\nc = 2\n")
    assert diff == "- b = 2\n+ c = 2"
    many = short_diff("\n".join(f"x{i}" for i in range(10)), "\n".join(f"y{i}" for i in range(10)))
    assert many.splitlines()[-1] == "... 14 more changed lines"


def test_a_short_diff_near_a_line_shows_that_line_and_what_it_was_first() -> None:
    source = ("# load the data\nrows = load('a')\n# keep the long ones\n"
              "kept = [r for r in rows if len(r) > 3]\nreturn kept\n")
    translation = ("# charger les données\nrows = load('a')\n# garder les longues\n"
                   "kept = [r for r in rows if len(r) > 3]\nreturn keptCopy code\n")
    near = short_diff(source, translation, limit=2, near=5)
    assert near.splitlines()[:2] == ["- return kept", "+ return keptCopy code"]
    assert near.splitlines()[-1] == "... 4 more changed lines"
    # Without a line, or with one that did not change, the changes come in their order.
    plain = short_diff(source, translation, limit=2)
    assert plain.splitlines()[:2] == ["- # load the data", "+ # charger les données"]
    assert short_diff(source, translation, limit=2, near=2) == plain
    # A line unlike every removed one is shown alone, first.
    alone = short_diff("x = 1\n", "y = compute(2)\n", near=1)
    assert alone.splitlines() == ["+ y = compute(2)", "- x = 1"]


@given(st.text(max_size=200))
def test_a_block_is_identical_to_itself_and_never_raises(text: str) -> None:
    assert changed(text, text) is Change.IDENTICAL
    assert isinstance(changed(text, text + "\n# note"), Change)


@given(st.from_regex(r"[a-z_]{1,8} = [0-9]{1,4}", fullmatch=True),
       st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=30))
def test_a_changed_comment_is_only_a_comment_change(statement: str, comment: str) -> None:
    translated = f"{statement}  # {comment}\n"
    change = changed(f"{statement}  # original\n", translated)
    assert change in (Change.COMMENTS, Change.WHITESPACE)


def test_adjacent_string_literals_written_as_one_are_a_string_change() -> None:
    src = 'prompt = (\n    "Extract all the text. "\n    "Return only the text."\n)\n'
    merged = 'prompt = (\n    "Extrayez tout le texte et ne renvoyez que lui."\n)\n'
    assert changed(src, merged) is Change.STRINGS
    assert changed(src, 'prompt = (\n    "Extrayez."\n) + suffix\n') is Change.CODE


def test_a_change_the_course_does_not_report_has_no_diff_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Most translated blocks differ in their comments alone, which is not reported by
    default: the diff a finding would show is made only for a change that is."""
    source = digest(lesson("chapters/en/chapter1/1.mdx", code(3, SOURCE)))
    translation = digest(lesson("chapters/fr/chapter1/1.mdx",
                                code(3, 'x = load("glue")  # charger\nprint(x["train"])\n')))
    diffs: list[str] = []

    def counted(old: str, new: str, **options: Any) -> str:
        diffs.append(new)
        return short_diff(old, new, **options)

    monkeypatch.setattr(code_blocks, "short_diff", counted)
    assert compare_lessons(source, translation, Settings()) == []
    assert diffs == []
    [finding] = compare_lessons(source, translation, Settings(ignored=frozenset()))
    assert finding.rule == "TRN202" and "- x = load" in finding.message and len(diffs) == 1
