"""Stale APIs, found with ``ast`` in the code of any lesson."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.stale_apis import search_pattern
from coursekit.translations.stale import (
    StaleApi,
    StaleApiError,
    StaleApiScan,
    bundled,
    check_lesson,
    entry_from_table,
)

from .trn_lessons import code

PATH = "content/en/chapter3/3.mdx"


def found(*sources: str, apis: tuple[StaleApi, ...] | None = None) -> list[tuple[int | None, str]]:
    blocks = [code(10 * (i + 1), s) for i, s in enumerate(sources)]
    return [(d.line, d.message) for d in check_lesson(blocks, PATH, apis or bundled())]


@pytest.mark.parametrize(("stale", "clean"), [
    ("from datasets import load_metric\nmetric = load_metric('glue', 'mrpc')\n",
     "import evaluate\nmetric = evaluate.load('glue', 'mrpc')\n"),
    ("import datasets\nm = datasets.load_metric('glue')\n",
     "import datasets\nd = datasets.load_dataset('glue')\n"),
    ("from transformers import AdamW\nopt = AdamW(params, lr=5e-5)\n",
     "from torch.optim import AdamW\nopt = AdamW(params, lr=5e-5)\n"),
    ("from transformers import TrainingArguments\n"
     "args = TrainingArguments('out', evaluation_strategy='epoch')\n",
     "from transformers import TrainingArguments\n"
     "args = TrainingArguments('out', eval_strategy='epoch')\n"),
    ("trainer = Trainer(model, args, tokenizer=tokenizer)\n",
     "trainer = Trainer(model, args, processing_class=tokenizer)\n"),
    ("with tokenizer.as_target_tokenizer():\n    labels = tokenizer(targets)\n",
     "labels = tokenizer(inputs, text_target=targets)\n"),
    ("model = AutoModel.from_pretrained(name, use_auth_token=True)\n",
     "model = AutoModel.from_pretrained(name, token=True)\n"),
    ("import numpy as np\nx = np.zeros(3, dtype=np.float)\n",
     "import numpy as np\nx = np.zeros(3, dtype=float)\n"),
    ("from huggingface_hub import Repository\nrepo = Repository('dir')\n",
     "from huggingface_hub import HfApi\napi = HfApi()\n"),
    ("from transformers import pipeline\nsummarizer = pipeline('summarization')\n",
     "from transformers import pipeline\nchat = pipeline('text-generation')\n"),
    ("translator = pipeline(task='translation_en_to_fr', model=name)\n",
     "translator = pipeline(task='text-generation', model=name)\n"),
    ("from huggingface_hub import create_repo\ncreate_repo('demo', organization='org')\n",
     "from huggingface_hub import create_repo\ncreate_repo('org/demo')\n"),
    ("import gradio as gr\nlabel = gr.outputs.Label()\n",
     "import gradio as gr\nlabel = gr.Label()\n"),
    ("client.text_generation(prompt, stop_sequences=['.'])\n",
     "client.text_generation(prompt, stop=['.'])\n"),
])
def test_stale_api_and_its_clean_counterpart(stale: str, clean: str) -> None:
    assert len(found(stale)) == 1
    assert found(clean) == []


def test_line_is_the_file_line_and_the_message_names_the_api() -> None:
    [(line, message)] = found("import torch\n", "x = 1\nfrom datasets import load_metric\n")
    assert line == 22
    assert message.startswith("`from datasets import load_metric`: `datasets.load_metric`")


def test_imports_of_earlier_blocks_resolve_later_calls() -> None:
    hits = found("from transformers import Trainer as T\n", "t = T(m, tokenizer=tok)\n")
    assert [line for line, _ in hits] == [21]


def test_a_keyword_on_another_library_is_not_stale() -> None:
    assert found("from mylib import Trainer\nt = Trainer(tokenizer=tok)\n") == []


def test_code_that_does_not_parse_is_skipped_without_error() -> None:
    assert found("from datasets import load_metric(\n") == []


def test_course_entries_extend_the_list() -> None:
    extra = entry_from_table({"name": "transformers.file_utils", "reason": "moved",
                              "use": "transformers.utils"})
    hits = found("import transformers\ntransformers.file_utils.cached_path('x')\n",
                 apis=(extra,))
    assert len(hits) == 1


@pytest.mark.parametrize("table", [
    {"reason": "r", "use": "u"},
    {"name": "a.b", "method": "m", "reason": "r", "use": "u"},
    {"call": "a.B", "reason": "r", "use": "u"},
    {"name": "a.b", "reason": "r"},
    {"name": "a.b", "reason": "", "use": "u"},
    {"name": "a.b", "reason": "r", "use": "u", "colour": "red"},
])
def test_malformed_entries_are_refused(table: dict[str, str]) -> None:
    with pytest.raises(StaleApiError):
        entry_from_table(table)


def test_bundled_list_reads() -> None:
    labels = {api.label for api in bundled()}
    assert "`datasets.load_metric`" in labels
    assert "the `evaluation_strategy=` argument of `transformers.TrainingArguments(...)`" in labels


def test_a_method_of_one_class_is_left_to_verify() -> None:
    # `requests.post` is not InferenceClient.post: the code does not say the class.
    assert found("import requests\nrequests.post(url, json={})\n") == []


_PIECES = ["(", ",", ".", " ", "=", "==", "'", '"', "_x", "\n", "tokenizer", "post",
           "copy", "int", "translation", "evaluation_strategy", "HfFolder", "vqa", "a"]


@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
def test_the_table_search_matches_where_one_entry_does(text: str) -> None:
    apis = bundled()
    one = re.compile(search_pattern(apis))
    assert (one.search(text) is not None) == any(re.search(a.pattern, text) for a in apis)


def test_the_table_search_finds_each_kind_and_nothing_in_clean_code() -> None:
    one = re.compile(search_pattern(bundled()))
    for text in ("f(x, evaluation_strategy = 'epoch')", "tok.as_target_tokenizer()",
                 "pipeline('translation_en_to_fr')", "from x import HfFolder"):
        assert one.search(text), text
    for text in ("f(x, eval_strategy='epoch')", "if a.tokenizer == b:", "printer = 1",
                 "pipeline('text-generation')"):
        assert not one.search(text), text
    assert re.compile(search_pattern(())).search("anything") is None


def test_a_scan_keeps_its_findings_to_itself() -> None:
    source = "from transformers import AdamW\n"
    first = StaleApiScan(bundled())
    assert [u.text for u in first.uses(code(1, source), frozenset())] == [
        "from transformers import AdamW"]
    assert StaleApiScan(()).uses(code(1, source), frozenset()) == ()


def test_a_use_after_the_options_of_a_timeit_magic_is_found() -> None:
    stale = "from transformers import Trainer\n%timeit -n1 -r 2 trainer = Trainer(tokenizer=tok)\n"
    [(line, message)] = found(stale)
    assert line == 12 and "`Trainer(tokenizer=...)`" in message
    assert found(stale.replace("tokenizer=", "processing_class=")) == []  # clean counterpart


@pytest.mark.parametrize(("source", "fixable"), [
    ("client = OpenAI()\nclient.text_generation('hi', stop_sequences=['x'])\n", "unsafe"),
    ("class Trainer:\n    pass\nt = Trainer(tokenizer=tok)\n", "unsafe"),
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "client.text_generation('hi', stop_sequences=['x'])\n", "safe"),
    ("from transformers import Trainer\nt = Trainer(tokenizer=tok)\n", "safe"),
])
def test_check_marks_a_use_of_unknown_receiver_or_origin_as_unsafe(
        source: str, fixable: str) -> None:
    [finding] = check_lesson([code(10, source)], PATH, bundled())
    assert finding.fix == fixable
    assert ("--unsafe-fixes" in (finding.hint or "")) is (fixable == "unsafe")


@pytest.mark.parametrize(("source", "fixable"), [
    # the import shares its line with other code: fix drift leaves it
    ("import os; from transformers import pipeline, AdamW\n", None),
    ("from transformers import pipeline, AdamW\n", "safe"),  # clean counterpart
    # the renamed keyword is passed already: the fixed call would not compile
    ("from transformers import TrainingArguments\n"
     "a = TrainingArguments('o', evaluation_strategy='no', eval_strategy='no')\n", None),
    ("from transformers import TrainingArguments\n"
     "a = TrainingArguments('o', evaluation_strategy='no')\n", "safe"),
])
def test_check_marks_fixable_only_what_fix_drift_fixes(source: str, fixable: str | None) -> None:
    [finding] = check_lesson([code(10, source)], PATH, bundled())
    assert finding.fix == fixable
    assert ("coursekit fix drift" in (finding.hint or "")) is (fixable is not None)


@pytest.mark.parametrize(("stale", "clean"), [
    ("from transformers import TrainingArguments\n"
     "args = TrainingArguments(\n    'out',\n    evaluation_strategy='epoch',\n)\n",
     "from transformers import TrainingArguments\n"
     "args = TrainingArguments(\n    'out',\n    eval_strategy='epoch',\n)\n"),
    ("from transformers import pipeline\nsummarizer = pipeline(\n    model=name,\n"
     "    task='summarization',\n)\n",
     "from transformers import pipeline\nsummarizer = pipeline(\n    model=name,\n"
     "    task='text-generation',\n)\n"),
    ("from transformers import AutoTokenizer\nlabels = (\n    tokenizer\n"
     "    .as_target_tokenizer()\n)\n",
     "from transformers import AutoTokenizer\nlabels = (\n    tokenizer\n"
     "    .tokenize(targets)\n)\n"),
    ("from transformers import AutoTokenizer\nfrom transformers import (\n    pipeline,\n"
     "    AdamW,\n)\n",
     "from transformers import AutoTokenizer\nfrom transformers import (\n    pipeline,\n"
     "    Trainer,\n)\n"),
    ("import gradio as gr\nlabel = gr.Interface(\n    fn,\n    gr.outputs.Label(),\n)\n",
     "import gradio as gr\nlabel = gr.Interface(\n    fn,\n    gr.Label(),\n)\n"),
])
def test_a_use_spread_over_lines_is_found_on_the_line_of_the_stale_part(
        stale: str, clean: str) -> None:
    """The keyword, task, method or imported name itself, not the line its call or
    statement starts on: the block's line 4 is the file's 14."""
    assert [line for line, _ in found(stale)] == [14]
    assert found(clean) == []
