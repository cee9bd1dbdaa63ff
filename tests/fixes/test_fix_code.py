"""Fixes of one code text: each kind of edit with its clean counterpart, what is left
and why, and the table's tiers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.fixes.code import CodeFix, fix_code
from coursekit.lessons.model import Code
from coursekit.lessons.python import CodeFacts
from coursekit.stale_apis import StaleApi, StaleApiError, Tier, bundled, entry_from_table
from coursekit.translations.stale import StaleApiScan, Use, aliases


def fix(source: str, unsafe: bool = False, apis: tuple[StaleApi, ...] | None = None
        ) -> CodeFix:
    scan = StaleApiScan(apis or bundled())
    names = aliases([Code(1, "python", "py", source)])

    def find(facts: CodeFacts) -> tuple[Use, ...]:
        return scan.uses(Code(0, "python", "py", facts.source, known_facts=facts), names)

    return fix_code(source, find, unsafe)


@pytest.mark.parametrize(("stale", "repaired"), [
    ("from transformers import AdamW\nopt = AdamW(params)\n",
     "from torch.optim import AdamW\nopt = AdamW(params)\n"),
    ("from transformers import AdamW as Opt  # the optimizer\n",
     "from torch.optim import AdamW as Opt  # the optimizer\n"),
    ("from transformers import (\n    AdamW,\n    get_scheduler,\n)\n",
     "from transformers import (\n    get_scheduler,\n)\nfrom torch.optim import AdamW\n"),
    ("from transformers import (\n    Trainer,  # the trainer\n    AdamW,\n)\n",
     "from transformers import (\n    Trainer,  # the trainer\n)\nfrom torch.optim import AdamW\n"),
    ("from transformers import (\n    Trainer,\n    AdamW,  # the optimizer\n)\n",
     "from transformers import (\n    Trainer,\n)\n"
     "from torch.optim import AdamW  # the optimizer\n"),
    ("from transformers import (\n    AdamW as Opt,  # the optimizer\n"
     "    Trainer,  # the trainer\n)\n",
     "from transformers import (\n    Trainer,  # the trainer\n)\n"
     "from torch.optim import AdamW as Opt  # the optimizer\n"),
    ("if True:\n    from transformers import pipeline, AdamW\n",
     "if True:\n    from transformers import pipeline\n    from torch.optim import AdamW\n"),
    ("import transformers as tf\nargs = tf.TrainingArguments('o', evaluation_strategy='no')\n",
     "import transformers as tf\nargs = tf.TrainingArguments('o', eval_strategy='no')\n"),
    ("from transformers import Seq2SeqTrainer\nt = Seq2SeqTrainer(m, tokenizer = tok)\n",
     "from transformers import Seq2SeqTrainer\nt = Seq2SeqTrainer(m, processing_class = tok)\n"),
    ("import numpy as np\nx = np.ones(2, dtype=np . float)\n",
     "import numpy as np\nx = np.ones(2, dtype=float)\n"),
    ("from transformers import TrainingArguments\n"
     "a = TrainingArguments('café', no_cuda=True)  # ünïcode before the keyword\n",
     "from transformers import TrainingArguments\n"
     "a = TrainingArguments('café', use_cpu=True)  # ünïcode before the keyword\n"),
    ("from transformers import TrainingArguments\n!pip install x\n"
     "%time a = TrainingArguments('o', per_gpu_train_batch_size=8)\n",
     "from transformers import TrainingArguments\n!pip install x\n"
     "%time a = TrainingArguments('o', per_device_train_batch_size=8)\n"),
])
def test_a_safe_fix_edits_only_the_changed_tokens(stale: str, repaired: str) -> None:
    result = fix(stale)
    assert result.source == repaired
    assert result.left == []
    assert fix(repaired).outcomes == ()  # its clean counterpart: nothing to do


@pytest.mark.parametrize("clean", [
    "from torch.optim import AdamW\n",
    "from mylib import Trainer\nt = Trainer(m, tokenizer=tok)\n",
    "import numpy as np\nx = np.float64(1)\n",
    "args = dict(evaluation_strategy='epoch')\n",
])
def test_code_that_only_looks_stale_is_not_touched(clean: str) -> None:
    assert fix(clean, unsafe=True).outcomes == ()


def test_a_moved_name_written_beside_a_comment_it_would_take_is_left() -> None:
    stale = "from transformers import (AdamW,  # the optimizer\n    Trainer)\n"
    result = fix(stale)
    assert result.source == stale
    [left] = result.left
    assert left.why == "a comment is written between the names it would take out"


def test_unsafe_fixes_wait_for_the_flag_and_a_value_without_replacement_is_left() -> None:
    stale = ("import gradio as gr\nmic = gr.Audio(source='microphone')\n"
             "ner = pipeline('ner', grouped_entities=True)\n"
             "ner = pipeline('ner', grouped_entities=flag)\n")
    safe = fix(stale)
    assert safe.source == stale
    assert {o.why for o in safe.left} == {
        "an unsafe fix (it may change behaviour): --unsafe-fixes applies it"}
    unsafe = fix(stale, unsafe=True)
    assert unsafe.source == ("import gradio as gr\nmic = gr.Audio(sources=[\"microphone\"])\n"
                             "ner = pipeline('ner', aggregation_strategy=\"simple\")\n"
                             "ner = pipeline('ner', grouped_entities=flag)\n")
    [left] = unsafe.left
    assert left.why == "the table has no replacement for `grouped_entities=flag`"


def test_a_keyword_of_any_call_is_renamed_only_as_unsafe() -> None:
    stale = "p = Pipeline.from_pretrained('x', use_auth_token=True)\n"
    assert fix(stale).source == stale
    assert fix(stale, unsafe=True).source == "p = Pipeline.from_pretrained('x', token=True)\n"


def test_a_fix_that_does_not_compile_is_undone_and_said() -> None:
    stale = ("from transformers import TrainingArguments\n"
             "a = TrainingArguments('o', evaluation_strategy='no', eval_strategy='no')\n")
    result = fix(stale)
    assert result.source == stale
    [left] = result.left
    assert left.why == ("the fixed code does not compile (keyword argument repeated: "
                        "eval_strategy): left as it was")


def test_manual_entries_and_unplaceable_fixes_are_left_with_why() -> None:
    stale = ("import transformers\nopt = transformers.AdamW(params)\n"
             "summarizer = pipeline('summarization')\n")
    result = fix(stale, unsafe=True)
    assert result.source == stale
    assert [o.why for o in result.left] == [
        "`transformers.AdamW` becomes `torch.optim.AdamW`, which needs an import of "
        "`torch.optim`",
        'no automatic fix: use pipeline("text-generation") with a chat model',
    ]


STALE_LINES = [
    "from transformers import AdamW, Trainer",
    "args = TrainingArguments('o', evaluation_strategy='epoch')  # é",
    "t = Trainer(m, args, tokenizer=tok)",
    "x = np.zeros(1, dtype=np.float)",
    "ner = pipeline('ner', grouped_entities=True)",
    "%time t.train()",
    "summarizer = pipeline('summarization')",
    "import numpy as np",
    "from transformers import TrainingArguments",
]


@given(st.lists(st.sampled_from(STALE_LINES), max_size=8), st.booleans())
def test_fixing_again_changes_nothing(lines: list[str], unsafe: bool) -> None:
    once = fix("\n".join(lines) + "\n", unsafe)
    assert CodeFacts(once.source).error is None
    again = fix(once.source, unsafe)
    assert again.source == once.source
    assert again.applied == []


def test_the_table_says_each_tier_and_a_course_entry_may_choose_one() -> None:
    tiers = {api.label: api.fix for api in bundled()}
    assert tiers["`transformers.AdamW`"] is Tier.SAFE
    assert tiers["the `grouped_entities=` argument of any call"] is Tier.UNSAFE
    assert tiers["the `summarization` pipeline"] is Tier.MANUAL
    renamed = {"method": "old_step", "rename": "new_step", "reason": "r", "use": "u"}
    assert entry_from_table(renamed).fix is Tier.SAFE
    assert entry_from_table({**renamed, "fix": "manual"}).fix is Tier.MANUAL
    assert entry_from_table({"method": "gone", "reason": "r", "use": "u"}).fix is Tier.MANUAL


@pytest.mark.parametrize(("table", "message"), [
    ({"method": "m", "reason": "r", "use": "u", "fix": "safe"}, "needs `rename`"),
    ({"method": "m", "rename": "n", "reason": "r", "use": "u", "fix": "always"}, "`fix` must"),
    ({"keyword": "k", "call": "*", "moved-to": "a.b", "reason": "r", "use": "u"},
     "`moved-to` goes with `name`"),
    ({"name": "a.b", "moved-to": "c", "reason": "r", "use": "u"}, "`module.attribute`"),
    ({"keyword": "k", "call": "*", "values": {"1": "x"}, "reason": "r", "use": "u"},
     "one keyword argument"),
    ({"keyword": "k", "call": "*", "values": {"1 +": "x=1"}, "reason": "r", "use": "u"},
     "is not a value"),
    ({"method": "m", "values": {"1": "x=1"}, "reason": "r", "use": "u"}, "goes with `keyword`"),
])
def test_a_malformed_fix_is_refused(table: dict[str, object], message: str) -> None:
    with pytest.raises(StaleApiError, match=message):
        entry_from_table(table)


def test_a_shim_that_assigns_the_removed_alias_is_not_a_use() -> None:
    shim = "import numpy as np\nif not hasattr(np, 'float'):\n    np.float = float\n"
    assert fix(shim, unsafe=True).outcomes == ()
    read = "import numpy as np\nnp.float = float\nx = np.float(1)\n"  # clean counterpart
    assert fix(read).source == "import numpy as np\nnp.float = float\nx = float(1)\n"


def test_a_deleted_alias_is_left_as_it_was() -> None:
    stale = "import numpy as np\ndel np.float\n"
    result = fix(stale)
    assert result.source == stale  # `del float` would raise NameError
    [left] = result.left
    assert left.why == "`np.float` is deleted, not read: left as it was"


@pytest.mark.parametrize("stale", [
    "from transformers import AdamW, pipeline; opt = AdamW(p)\n",
    "if ready: from transformers import AdamW, pipeline\n",
])
def test_a_moved_name_whose_import_shares_its_line_is_left(stale: str) -> None:
    result = fix(stale)  # a line of its own after it would run later, or outside the `if`
    assert result.source == stale
    [left] = result.left
    assert left.why == "the import shares its line with other code: left as it was"


def test_a_moved_name_beside_a_comment_alone_on_its_line_gets_its_own_import() -> None:
    stale = "from transformers import AdamW, pipeline  # both\nopt = AdamW(p)\n"
    assert fix(stale).source == ("from transformers import pipeline  # both\n"
                                 "from torch.optim import AdamW\nopt = AdamW(p)\n")


def test_the_tiers_table_of_the_docs_puts_each_removed_name_in_its_tier() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "drift-fixes.md").read_text("utf-8")
    rows = {tier: re.search(rf"^\| {tier.value} \|.*$", doc, re.MULTILINE)
            for tier in Tier}
    named = {tier: {word for span in re.findall(r"`([^`]+)`", row[0])
                    for word in re.findall(r"\w+", span)}
             for tier, row in rows.items() if row is not None}
    assert set(named) == set(Tier)
    said = [(api.name, tier) for api in bundled() for tier, words in named.items()
            if api.name is not None and api.name.rsplit(".", 1)[-1] in words]
    assert len(said) >= 5  # AdamW, np.float, load_metric, Repository, HfFolder...
    assert [(name, tier) for name, tier in said
            if next(a for a in bundled() if a.name == name).fix is not tier] == []


@pytest.mark.parametrize(("stale", "repaired"), [
    ("from transformers import Trainer\n%timeit -n1 trainer = Trainer(tokenizer=tok)\n",
     "from transformers import Trainer\n%timeit -n1 trainer = Trainer(processing_class=tok)\n"),
    ("from transformers import Trainer\n%timeit -n 1 -r2 -q t = Trainer(m, tokenizer=tok)\n",
     "from transformers import Trainer\n"
     "%timeit -n 1 -r2 -q t = Trainer(m, processing_class=tok)\n"),
])
def test_a_use_after_the_options_of_a_timeit_magic_is_found_and_fixed_in_place(
        stale: str, repaired: str) -> None:
    result = fix(stale)
    assert (result.source, result.left) == (repaired, [])
    assert fix(repaired).outcomes == ()  # its clean counterpart: nothing to do


UNKNOWN_RECEIVER = "`client` is not known from the lesson's imports and assignments to be " \
    "`huggingface_hub.InferenceClient`"
OWN_TRAINER = "`Trainer` is not imported from `transformers` in the lesson: it may be " \
    "another callable of that name"


@pytest.mark.parametrize(("stale", "why"), [
    ("client = OpenAI()\nout = client.text_generation('hi', stop_sequences=['x'])\n",
     UNKNOWN_RECEIVER),
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "client = make()\nout = client.text_generation('hi', stop_sequences=['x'])\n",
     UNKNOWN_RECEIVER),
    ("class Trainer:\n    def __init__(self, tokenizer):\n        self.tokenizer = tokenizer\n"
     "trainer = Trainer(tokenizer=tok)\n", OWN_TRAINER),
    # The module's client is the library's, the helper's parameter whatever it is given.
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "def ask(client):\n    return client.text_generation('hi', stop_sequences=['x'])\n",
     UNKNOWN_RECEIVER),
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "for client in clients:\n    client.text_generation('hi', stop_sequences=['x'])\n",
     UNKNOWN_RECEIVER),
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "with open_client() as client:\n"
     "    client.text_generation('hi', stop_sequences=['x'])\n", UNKNOWN_RECEIVER),
])
def test_a_use_whose_receiver_or_origin_the_lesson_cannot_tell_is_fixed_only_as_unsafe(
        stale: str, why: str) -> None:
    safe = fix(stale)
    assert safe.source == stale
    [left] = safe.left
    assert (left.why, left.tier) == (f"an unsafe fix ({why}): --unsafe-fixes applies it",
                                     Tier.UNSAFE)
    unsafe = fix(stale, unsafe=True)
    assert unsafe.left == [] and unsafe.source != stale


@pytest.mark.parametrize(("stale", "repaired"), [
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient(model)\n"
     "out = client.text_generation('hi', stop_sequences=['x'])\n",
     "from huggingface_hub import InferenceClient\nclient = InferenceClient(model)\n"
     "out = client.text_generation('hi', stop=['x'])\n"),
    ("import huggingface_hub as hf\nout = hf.InferenceClient().text_generation('hi', "
     "stop_sequences=['x'])\n",
     "import huggingface_hub as hf\nout = hf.InferenceClient().text_generation('hi', "
     "stop=['x'])\n"),
    # A helper that uses the module's client, and binds other names: still the library's.
    ("from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "def ask(prompt):\n    return client.text_generation(prompt, stop_sequences=['x'])\n",
     "from huggingface_hub import InferenceClient\nclient = InferenceClient()\n"
     "def ask(prompt):\n    return client.text_generation(prompt, stop=['x'])\n"),
])
def test_a_use_whose_receiver_the_lesson_tells_is_the_library_s_stays_safe(
        stale: str, repaired: str) -> None:
    result = fix(stale)
    assert (result.source, result.left) == (repaired, [])
    assert {outcome.tier for outcome in result.outcomes} == {Tier.SAFE}


def test_a_method_of_another_library_s_object_is_no_use() -> None:
    assert fix("from openai import OpenAI\nclient = OpenAI()\n"
               "out = client.text_generation('hi', stop_sequences=['x'])\n").outcomes == ()
