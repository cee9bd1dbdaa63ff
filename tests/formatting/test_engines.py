"""The formatters called in one batch, and IPython lines kept out of their reach."""

from __future__ import annotations

import pytest

from coursekit.formatting.engines import format_texts
from coursekit.formatting.ipython import protect
from coursekit.formatting.lessons import CodeFormatter
from coursekit.formatting.settings import FormatSettings, Formatter
from coursekit.lessons.python import CodeFacts
from tests.formatting.support import FORMATTERS


@pytest.mark.parametrize("formatter", FORMATTERS)
def test_a_batch_formats_each_text_and_refuses_only_what_does_not_parse(
        formatter: Formatter) -> None:
    # A text ruff cannot read fails the one-notebook run: the batch is formatted again
    # file by file, and only that text goes unformatted.
    texts = ["x=1", "def broken(:\n    pass", "y = f( a,b )\n", ""]
    assert format_texts(texts, FormatSettings(formatter)) == [
        "x = 1\n", None, "y = f(a, b)\n", ""]


@pytest.mark.parametrize("formatter", FORMATTERS)
def test_the_target_version_reaches_the_formatter(formatter: Formatter) -> None:
    # Parenthesized context managers: split over lines only from Python 3.9 on.
    text = ("with open('a_rather_long_file_name.txt') as first, "
            "open('another_long_file_name.txt') as second:\n    pass\n")
    [old] = format_texts([text], FormatSettings(formatter, 60, "py38"))
    [new] = format_texts([text], FormatSettings(formatter, 60, "py39"))
    assert old is not None and new is not None
    assert not old.startswith("with (\n")
    assert new.startswith("with (\n")


@pytest.mark.parametrize("source", [
    "%%writefile app.py\nimport  os",          # the body is a file, not Python
    "!pip install \\\n    datasets\nx=1",     # a shell line continued on the next
    "def broken(:\n    pass",                 # no Python at all
    "__coursekit_ipython_0__ = 1",            # holds the placeholder itself
])
def test_code_that_cannot_be_protected_is_not_formatted(source: str) -> None:
    assert protect(CodeFacts(source)) is None


def test_a_batch_with_code_indented_as_a_whole_is_formatted_in_one_ruff_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from coursekit.formatting import engines

    def one_file_per_text(*args: object, **kwargs: object) -> object:
        raise AssertionError("ruff refused the batch: one file per text")

    monkeypatch.setattr(engines, "_with_ruff_files", one_file_per_text)
    formatter = CodeFormatter(FormatSettings(Formatter.RUFF))
    facts = [CodeFacts("import  os\n"), CodeFacts("    x=1\n    y=2\n")]
    for each in facts:
        formatter.add(each)
    assert formatter.formatted(facts[0]) == "import os"
    # Formatted as IPython runs it: its indentation taken off, as the courses' script does.
    assert formatter.formatted(facts[1]) == "x = 1\ny = 2"


def test_a_placeholder_the_formatter_lost_leaves_the_code_alone() -> None:
    protected = protect(CodeFacts("!pip install x\nimport  os"))
    assert protected is not None
    assert protected.restore(protected.text) == "!pip install x\nimport  os"
    assert protected.restore("import os") is None
    assert protected.restore(protected.text + "\n" + protected.text) is None
