"""What a translation finding tells its reader to do: the fix it names, the diff it
shows. Each planted case beside the one it must not be confused with."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, lesson, prose

EN = "content/en/chapter3/2.mdx"
FR = "content/fr/chapter3/2.mdx"
LOAD = "tokenizer = load_tokenizer()\n"
MAP = "tokenized = dataset.map(tokenizer)\n"
USE = "print(tokenized[0])\n"


def _found(source: list[str], translation: list[str]) -> list[Diagnostic]:
    src = digest(lesson(EN, *(code(1 + 10 * i, text) for i, text in enumerate(source))))
    tgt = digest(lesson(FR, *(code(1 + 10 * i, text) for i, text in enumerate(translation))))
    return compare_lessons(src, tgt, Settings())


def _undefined(found: list[Diagnostic]) -> Diagnostic:
    (names,) = [d for d in found if d.rule == "TRN204"]
    return names


def test_a_dropped_definition_is_not_taken_for_a_rename_of_a_name_both_define() -> None:
    """``tokenizer`` is bound by the source too: the translation lost ``tokenized``
    with its block, it did not rename it ``tokenizer``."""
    dropped = _undefined(_found(["dataset = 1\n" + LOAD, MAP, USE],
                                ["dataset = 1\n" + LOAD, USE]))
    assert dropped.hint == f"define `tokenized` as the source does ({EN}:12)"


def test_a_name_only_the_translation_binds_is_offered_as_the_rename() -> None:
    renamed = _undefined(_found(["dataset = 1\n" + LOAD, MAP, USE],
                                ["dataset = 1\n" + LOAD, MAP.replace("tokenized", "tokenised"),
                                 USE]))
    assert renamed.hint == "this lesson defines `tokenised`: renamed?"


def _message(found: list[Diagnostic], rule: str) -> list[str]:
    (finding,) = [d for d in found if d.rule == rule]
    return finding.message.splitlines()[1:]


LOOP = ("# walk the data\nfor row in rows:\n    # count it\n    total += 1\n"
        "    # show it\n    print(row)\n    # and the next one\n    step(row)\n"
        "    # last\n    done = finish(row)\n")


def test_a_drift_shows_the_lines_whose_code_changed_before_translated_comments() -> None:
    """Four translated comments came first, and the one changed call was left among the
    ``... more changed lines``: the finding showed only what the hint says is fine."""
    translated = (LOOP.replace("# walk the data", "# parcourir les données")
                  .replace("# count it", "# compter").replace("# show it", "# montrer")
                  .replace("# and the next one", "# et la suivante")
                  .replace("finish(row)", "finish(row, early=True)"))
    shown = _message(_found([LOOP], [translated]), "TRN201")
    assert shown[:2] == ["-     done = finish(row)", "+     done = finish(row, early=True)"]
    assert "+ # parcourir les données" in shown


def test_a_comment_translated_above_a_changed_call_is_shown_after_the_call() -> None:
    """The comment, the blank line and the call are one change of the diff: its lines
    whose code changed come first, the source's line before the translation's, and the
    translated comments after them."""
    source = ("# read the rows\nrows = read(path)\n\n# keep the long ones\n"
              "# and count them\nlong = [r for r in rows if len(r) > 9]\n")
    translated = ("# lire les lignes\nrows = read(path)\n# garder les longues\n"
                  "# et les compter\nlong = [r for r in rows if len(r) > 12]\n")
    shown = _message(_found([source], [translated]), "TRN201")
    assert shown[:2] == ["- long = [r for r in rows if len(r) > 9]",
                         "+ long = [r for r in rows if len(r) > 12]"]
    assert shown[-1].startswith("... ")
    assert _found([source], [translated.replace("> 12", "> 9")]) == []


def test_a_drift_in_the_code_alone_shows_its_lines_in_order() -> None:
    shown = _message(_found([LOOP], [LOOP.replace("step(row)", "skip(row)")]), "TRN201")
    assert shown == ["- step(row)", "+ skip(row)"]


def test_a_line_moved_out_of_its_loop_shows_its_indentation() -> None:
    """The one difference is the indentation: stripped, both lines read the same."""
    moved = LOOP.replace("    done = finish(row)", "done = finish(row)")
    assert _message(_found([LOOP], [moved]), "TRN201") == [
        "-     done = finish(row)", "+ done = finish(row)"]


def test_an_unexpected_indent_shows_the_indent_in_its_fix() -> None:
    indented = "rows = load()\n    total = len(rows)\n"
    (broken,) = [d for d in _found(["rows = load()\ntotal = len(rows)\n"], [indented])
                 if d.rule == "TRN203"]
    assert broken.hint is not None
    assert broken.hint.splitlines()[1:] == ["- total = len(rows)", "+     total = len(rows)"]


def _links(source: str, translation: str) -> list[str]:
    src = digest(lesson(EN, prose(1, source)))
    tgt = digest(lesson(FR, prose(1, translation)))
    return [d.message for d in compare_lessons(src, tgt, Settings())]


def test_a_link_written_in_html_in_the_source_and_in_markdown_here_is_the_same_link() -> None:
    assert _links('See <a href="/course/chapter2/1">the data</a>.',
                  "Voir [les données](/course/chapter2/1).") == []


def test_an_html_link_of_the_source_the_translation_drops_is_missing() -> None:
    assert _links('See <a href="/course/chapter2/1">the data</a>.', "Voir les données.") == [
        f"no link to `chapter2/1` (the source {EN}:1 links to it)"]
