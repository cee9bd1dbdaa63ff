"""The install cell's requirements, from what code blocks import."""

from __future__ import annotations

from coursekit.lessons.python import LastStatement, code_facts
from coursekit.notebooks.requirements import (
    distribution_for,
    install_needs,
    own_requirements,
    requirements,
)


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


def test_import_names_that_are_not_pip_names() -> None:
    code = code_facts("import llama_cpp\nimport faiss\nfrom dotenv import load_dotenv\n"
                      "import google.protobuf\nfrom google.colab import userdata")
    assert requirements([code]) == ["faiss-cpu", "llama-cpp-python", "protobuf", "python-dotenv"]


def test_a_namespace_package_gives_the_part_imported() -> None:
    code = code_facts("from llama_index.llms.huggingface_api import HuggingFaceInferenceAPI\n"
                      "from llama_index.core import Document\nimport llama_index\n"
                      "from opentelemetry.sdk.trace import TracerProvider")
    assert requirements([code]) == [
        "llama-index", "llama-index-core", "llama-index-llms-huggingface-api",
        "opentelemetry-sdk",
    ]


def test_a_package_used_through_a_method_is_installed() -> None:
    code = code_facts("from datasets import load_dataset\nds = load_dataset('x')\n"
                      "ds.add_faiss_index(column='embeddings')")
    assert requirements([code]) == ["datasets", "faiss-cpu"]
    assert requirements([code_facts("ds = load()\nds.map(f)")]) == []


def test_the_lessons_own_lines_come_first() -> None:
    own = own_requirements([
        "!pip install datasets[audio] 'smolagents[litellm]' -U",
        "!pip install git+https://github.com/huggingface/speechbox.git@main",
    ])
    assert own == ["datasets[audio]", "smolagents[litellm]",
                   "git+https://github.com/huggingface/speechbox.git@main"]
    code = code_facts("import datasets, smolagents, speechbox, librosa")
    needs = install_needs([code], own)
    assert needs.requirements == ("librosa",)
    assert needs.unknown == ()


def test_unknown_modules_are_named_not_guessed() -> None:
    needs = install_needs([code_facts("from tools import FinalAnswerTool\nimport torch")])
    assert needs.requirements == ("torch",)
    assert needs.unknown == ("tools",)


def test_programs_pip_does_not_install_are_found_in_the_fences() -> None:
    needs = install_needs([code_facts("import torch")], texts=["!git lfs install", "x = 1"])
    assert [n.name for n in needs.system] == ["git-lfs"]
    assert install_needs([code_facts("import torch")], texts=["git status"]).system == ()
    for line in ("apt-get install -y ffmpeg", "sudo apt-get -qq install ffmpeg",
                 "!apt install --yes ffmpeg"):
        needs = install_needs([code_facts("import torch")], texts=[line])
        assert [n.name for n in needs.system] == ["FFmpeg"], line
    assert install_needs([], texts=["apt-get install -y sox"]).system == ()
