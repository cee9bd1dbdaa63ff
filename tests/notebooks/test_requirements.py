"""The install cell's requirements, from what code blocks import."""

from __future__ import annotations

from coursekit.lessons.python import LastStatement, code_facts
from coursekit.notebooks.requirements import distribution_for, requirements


def test_import_names_map_to_distributions() -> None:
    assert distribution_for("sklearn") == "scikit-learn"
    assert distribution_for("PIL") == "Pillow"
    assert distribution_for("transformers") == "transformers[sentencepiece]"
    assert distribution_for("datasets") == "datasets"
    assert distribution_for("accelerate") == "accelerate"
    assert requirements([code_facts("from pyannote.audio import Pipeline")]) == ["pyannote.audio"]


def test_standard_library_and_relative_imports_need_nothing() -> None:
    sources = ["import os, sys\nfrom collections import Counter", "from . import utils",
               "import __future__\nimport json"]
    assert requirements(map(code_facts, sources)) == []


def test_nested_imports_are_found_and_sorted() -> None:
    source = """\
def train():
    import torch
    try:
        import evaluate
    except ImportError:
        from accelerate import Accelerator
    else:
        pass
with context():
    from datasets import load_dataset
"""
    found = requirements([code_facts(source), code_facts("import torch")])
    assert found == ["accelerate", "datasets", "evaluate", "torch"]


def test_broken_code_imports_nothing_and_says_why() -> None:
    facts = code_facts("import torch\ndef f(:")
    assert facts.imports == ()
    assert facts.error is not None


def test_ipython_lines_do_not_hide_imports() -> None:
    facts = code_facts("!pip install evaluate\n%load_ext autoreload\nimport evaluate")
    assert (facts.imports, facts.error) == (("evaluate",), None)


def test_last_statement() -> None:
    assert code_facts("x = 1\nx").last_statement == LastStatement.RESULT
    assert code_facts("print(1)").last_statement == LastStatement.STREAM
    assert code_facts("x = 1").last_statement == LastStatement.STREAM
    assert code_facts("display(x)").last_statement == LastStatement.DISPLAY
    assert code_facts("x;").last_statement == LastStatement.STREAM
