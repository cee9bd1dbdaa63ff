"""What a lesson's Python says: one rule for IPython lines, then one parse."""

from __future__ import annotations

import tokenize
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.python import (
    CodeFacts,
    CodeFactsTable,
    IPythonKind,
    LastStatement,
    code_facts,
    defined_names,
    shared_code_facts,
)
from coursekit.notebooks.build import build_course
from coursekit.notebooks.rules import INVALID_PYTHON


def test_shell_lines_do_not_hide_the_names_of_a_cell() -> None:
    assert defined_names("!pip install x\nmodel = 1") == {"model"}


@pytest.mark.parametrize(("source", "names"), [
    ("%time model = train()", {"model"}),
    ("%%time\nmodel = train()", {"model"}),
    ("%%capture\n!pip install x\nimport torch", {"torch"}),
    ("files = !ls\nx = %env HOME", {"files", "x"}),
    ("for i in range(2):\n    !echo hi", {"i"}),
    ("model?\n??model\nmodel = 1", {"model"}),
    ("%timeit -n 3 f()\ny = 2", {"y"}),
])
def test_ipython_lines_follow_one_rule(source: str, names: set[str]) -> None:
    facts = code_facts(source)
    assert facts.error is None
    assert facts.defined_names == names


def test_a_cell_magic_that_does_not_run_python_hides_its_body() -> None:
    facts = code_facts("%%writefile helper.py\nimport torch\ndef f(:")
    assert (facts.error, facts.imports, facts.defined_names) == (None, (), frozenset())
    assert [(line.kind, line.name) for line in facts.ipython] == [
        (IPythonKind.CELL_MAGIC, "writefile")]


def test_ipython_lines_are_listed_with_their_line_and_kind() -> None:
    facts = code_facts("import os\n!pip install -q x\n%env A=1\nos?")
    assert [(line.line, line.kind, line.name) for line in facts.ipython] == [
        (2, IPythonKind.SHELL, "pip"), (3, IPythonKind.LINE_MAGIC, "env"),
        (4, IPythonKind.HELP, "")]


def test_line_numbers_stay_those_of_the_source() -> None:
    facts = code_facts("!pip install x\n%time y = 1\nz = (\n")
    assert facts.error is not None
    assert facts.error.lineno == 3
    assert facts.runnable.count("\n") == 3


@pytest.mark.parametrize(("source", "parses"), [
    ("    import os\n    print(os.sep)\n", True),  # indented as a whole: IPython runs it
    ("\n  \n    x = 1\n    if x:\n        y = x\n", True),  # after blank lines too
    ("\t!pip install x\n\tx = 1\n", True),
    ("x = 1\n    y = 2\n", False),  # a later line indented alone: IPython refuses it too
    ("    x = 1\n  y = 2\n", False),  # less indented than the first: left as it is
])
def test_code_indented_as_a_whole_parses_as_ipython_runs_it(source: str, parses: bool) -> None:
    facts = code_facts(source)
    assert (facts.error is None) is parses
    assert facts.runnable.count("\n") == source.count("\n")  # line numbers kept


def test_top_level_await_parses_as_in_a_notebook() -> None:
    assert code_facts("import asyncio\nawait asyncio.sleep(0)").error is None


def test_nul_bytes_are_a_syntax_error_not_a_crash() -> None:
    assert code_facts("x = 1\0").error is not None


@pytest.mark.parametrize("source", [
    "x = " + "-" * 100_000 + "1",          # MemoryError in CPython's parser
    "x = " + "not " * 100_000 + "y",
    "f = " + "lambda: " * 100_000 + "1",
    "x = y" + ".a" * 1_000_000,             # RecursionError
    "x = " + "(" * 100_000 + ")" * 100_000,  # a SyntaxError of its own
])
def test_code_nested_too_deeply_is_a_syntax_error_not_a_crash(source: str) -> None:
    facts = code_facts(source)
    assert facts.error is not None and facts.tree is None
    assert facts.imports == ()


def test_deep_code_in_a_lesson_is_one_finding_and_the_rest_is_built(tmp_path: Path) -> None:
    deep = "```py\nx = " + "-" * 100_000 + "1\n```\n"
    lesson = tmp_path / "content/en/chapter1/1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text("# T\n\n" + deep + "\n```py\nimport torch\n```\n", encoding="utf-8")
    result = build_course(Course.open(tmp_path))
    assert [d.rule for d in result.diagnostics] == [INVALID_PYTHON.code]
    assert result.written == ["en/chapter1/1.ipynb"]


def test_a_fence_indented_as_a_whole_builds_without_a_finding(tmp_path: Path) -> None:
    lesson = tmp_path / "content/en/chapter1/1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text("# T\n\n```py\n  import os\n  print(os.sep)\n```\n\n"
                      "```py\nx = 1\n  y = 2\n```\n", encoding="utf-8")
    result = build_course(Course.open(tmp_path))
    assert [(d.rule, d.line) for d in result.diagnostics] == [(INVALID_PYTHON.code, 10)]


@pytest.mark.parametrize(("source", "read"), [
    ("ds.add_faiss_index(column='x')", True),
    ("add_faiss_index = 1\nprint(add_faiss_index)", False),  # a name, not an attribute
    ("# ds.add_faiss_index()\nx = 1", False),  # only in a comment
    ("ds.\uff41dd_faiss_index()", True),  # a full-width a: Python reads the NFKC form
    ("# 建立索引\nds.add_faiss_index()", True),  # a translated comment beside it
    ("# 建立索引\nds.add_\uff46aiss_index()", True),
    ("# 建立索引\nds.add_faiss_index", True),
    ("# 建立索引 add_faiss_index\nx = 1", False),
    ("%timeit ds.add_faiss_index()", True),  # the runnable text of an IPython line
    ("ds.add_faiss_index(", False),  # no tree
])
def test_an_attribute_is_read_as_the_tree_has_it(source: str, read: bool) -> None:
    facts = code_facts(source)
    assert facts.reads_attribute("add_faiss_index") is read
    assert ("add_faiss_index" in facts.attribute_names) is read


def test_a_translated_text_without_the_attribute_is_not_walked() -> None:
    facts = code_facts("# 建立索引\nds.add_index(column='x')")
    assert facts.tree is not None
    assert not facts.reads_attribute("add_faiss_index")
    assert "attribute_names" not in vars(facts)  # answered by the text alone


def test_names_with_their_first_line() -> None:
    names = code_facts("import numpy as np\nx = np.zeros(2)\ndef f(a):\n    return a + x").names
    assert names.defined == (("np", 1), ("x", 2), ("a", 3), ("f", 3))
    assert names.used == (("np", 2), ("a", 4), ("x", 4))
    assert not names.star_import
    assert code_facts("from torch import *").names.star_import


def test_imports_in_source_order_without_relative_ones() -> None:
    source = ("if True:\n    import torch.nn as nn\nimport numpy\nfrom .local import x\n"
              "from transformers.models import bert")
    facts = code_facts(source)
    assert facts.imports == ("torch", "numpy", "transformers")
    assert facts.import_bindings == (("nn", "torch.nn"), ("numpy", "numpy"),
                                     ("bert", "transformers.models.bert"))


def test_last_statement_and_expression() -> None:
    assert code_facts("x = 1\nx").last_statement is LastStatement.RESULT
    assert code_facts("x\n!ls").last_statement is LastStatement.STREAM
    assert code_facts("x;").last_expression is not None
    assert code_facts("x = 1").last_expression is None


def test_a_table_keeps_one_instance_per_source_text_and_nothing_outlives_it() -> None:
    table = CodeFactsTable()
    assert table("a = 1") is table("a = 1")
    assert table("a = 1") is not table("a = 2")
    assert CodeFactsTable()("a = 1") is not table("a = 1")
    assert code_facts("a = 1") is not code_facts("a = 1")


def test_a_run_shares_the_facts_of_each_text_and_nothing_outlives_it() -> None:
    with shared_code_facts() as table:
        assert code_facts("a = 1") is code_facts("a = 1") is table("a = 1")
        assert code_facts("a = 1") is not code_facts("a = 2")
        alone = parse_lesson(LESSON, path="content/it/c/1.mdx", language="it")
        assert alone.code_blocks()[0].facts is code_facts(alone.code_blocks()[0].source)
    assert code_facts("a = 1") is not table("a = 1")
    assert code_facts("a = 1") is not code_facts("a = 1")


LESSON = "# T\n\n```py\nimport torch\nx = 1\n```\n"


def test_lessons_read_with_one_table_share_the_facts_of_equal_code() -> None:
    table = CodeFactsTable()
    en = parse_lesson(LESSON, path="content/en/c/1.mdx", language="en", facts=table)
    fr = parse_lesson(LESSON, path="content/fr/c/1.mdx", language="fr", facts=table)
    alone = parse_lesson(LESSON, path="content/it/c/1.mdx", language="it")
    (en_code,), (fr_code,), (alone_code,) = (x.code_blocks() for x in (en, fr, alone))
    assert en_code.facts is fr_code.facts
    assert alone_code.facts is not en_code.facts
    assert alone_code.facts is alone_code.facts  # read once, then kept on the block
    assert alone_code.facts.imports == en_code.facts.imports == ("torch",)
    assert alone_code == en_code  # the facts are a cache: they take no part in equality


@given(st.text())
def test_reading_any_text_never_raises(source: str) -> None:
    facts = CodeFacts(source)
    assert facts.runnable.count("\n") == source.count("\n")
    assert isinstance(facts.names.defined, tuple)
    assert isinstance(facts.imports, tuple)
    assert isinstance(facts.last_statement, LastStatement)


NESTED_IMPORTS = '''\
import a
def f(x=lambda: 0):
    import b
    class C:
        from c import d
    async def g():
        async with x as y:
            import e
try:
    import f1
except ImportError:
    import f2
else:
    import f3
finally:
    from f4 import g as h
match x:
    case 1:
        import m1
    case _:
        import m2
for i in y:
    import l1
else:
    import l2
while x:
    import w
with open(x) as z:
    import v
if x:
    import i1
elif y:
    import i2
else:
    import i3
import a.b.c as abc
'''


def test_imports_in_every_kind_of_statement_in_source_order() -> None:
    assert code_facts(NESTED_IMPORTS).import_bindings == (
        ("a", "a"), ("b", "b"), ("d", "c.d"), ("e", "e"), ("f1", "f1"), ("f2", "f2"),
        ("f3", "f3"), ("h", "f4.g"), ("m1", "m1"), ("m2", "m2"), ("l1", "l1"), ("l2", "l2"),
        ("w", "w"), ("v", "v"), ("i1", "i1"), ("i2", "i2"), ("i3", "i3"), ("abc", "a.b.c"),
    )


def test_the_token_views_of_a_block() -> None:
    facts = code_facts('x = f("a" "b")  # note\nif x:\n    y = 1\n')
    assert facts.tokens is not None and facts.tokens_without_comments is not None
    assert (tokenize.COMMENT, "# note") in facts.tokens
    assert (tokenize.COMMENT, "# note") not in facts.tokens_without_comments
    assert facts.skeleton is not None
    assert facts.skeleton.count((tokenize.STRING, "")) == 1  # adjacent literals read as one
    assert (tokenize.INDENT, "") in facts.skeleton  # indentation kept as structure
    assert facts.code_lines is None  # a "#" after code: only the tokenizer can tell
    assert code_facts("x = 1\n# a comment\n  y(2,   3)\n").code_lines == ("x = 1", "  y(2, 3)")
    assert code_facts('s = """\n# not a comment\n"""').code_lines is None
    assert code_facts("x = 1  # after code").code_lines is None
    assert code_facts('print("unclosed\n').tokens is None
    assert code_facts('print("unclosed\n').skeleton is None


def test_a_syntax_error_is_kept_without_the_frames_that_read_it() -> None:
    facts = code_facts("def f(:\n    pass")
    assert facts.error is not None
    assert facts.error.__traceback__ is None


def test_a_syntax_error_names_its_line_in_the_lesson_file() -> None:
    from coursekit.lessons.python import error_in_file

    unterminated = CodeFacts('x = 1\nprompt = """Answer\nin two lines\n').error
    assert unterminated is not None
    assert "(detected at line 3)" in (unterminated.msg or "")
    # The block's fence is line 40 of its lesson: its third line is the file's 43rd.
    assert error_in_file(unterminated, 40).endswith("(detected at line 43)")
    # A message that names no line is left as it is.
    plain = CodeFacts("x = = 1\n").error
    assert plain is not None and error_in_file(plain, 40) == plain.msg
