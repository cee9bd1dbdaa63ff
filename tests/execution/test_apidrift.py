"""Errors read against the stale-API table, and the renames ``--shim-drift`` applies."""

from __future__ import annotations

import pytest

from coursekit.execution.apidrift import drift_of, shim
from coursekit.stale_apis import StaleApiError, bundled, entry_from_table


@pytest.mark.parametrize(("ename", "evalue", "label"), [
    ("TypeError", "TrainingArguments.__init__() got an unexpected keyword argument "
                  "'evaluation_strategy'", "`transformers.TrainingArguments(...)`"),
    ("TypeError", "Seq2SeqTrainingArguments.__init__() got an unexpected keyword argument "
                  "'evaluation_strategy'", "`transformers.Seq2SeqTrainingArguments(...)`"),
    ("TypeError", "from_pretrained() got an unexpected keyword argument 'use_auth_token'",
     "any call"),
    ("ImportError", "cannot import name 'load_metric' from 'datasets' "
                    "(/venv/lib/python3.11/site-packages/datasets/__init__.py)",
     "`datasets.load_metric`"),
    ("AttributeError", "module 'numpy' has no attribute 'float'", "`numpy.float`"),
    ("AttributeError", "'BertTokenizerFast' object has no attribute 'as_target_tokenizer'",
     "`.as_target_tokenizer()`"),
])
def test_known_removals_are_drift(ename: str, evalue: str, label: str) -> None:
    drift = drift_of(bundled(), ename, evalue)
    assert drift is not None
    assert label in drift.api.label
    assert drift.hint.startswith("use ")


@pytest.mark.parametrize(("ename", "evalue"), [
    ("TypeError", "Trainer.__init__() got an unexpected keyword argument 'evaluation_strategy'"),
    ("TypeError", "f() got an unexpected keyword argument 'labels'"),
    ("ImportError", "cannot import name 'pipeline' from 'transformers'"),
    ("AttributeError", "'list' object has no attribute 'shape'"),
    ("KeyError", "'evaluation_strategy'"),
])
def test_other_errors_are_not_drift(ename: str, evalue: str) -> None:
    assert drift_of(bundled(), ename, evalue) is None


def test_a_shim_renames_the_keyword_only() -> None:
    api = next(a for a in bundled() if a.keyword == "evaluation_strategy")
    code = ("args = TrainingArguments('out', evaluation_strategy='epoch')\n"
            "print(args.evaluation_strategy == 'epoch')")
    assert shim(code, api) == ("args = TrainingArguments('out', eval_strategy='epoch')\n"
                               "print(args.evaluation_strategy == 'epoch')")
    assert shim("x = 1", api) is None


def test_a_rename_needs_a_keyword_or_method() -> None:
    with pytest.raises(StaleApiError, match="`rename` goes with"):
        entry_from_table({"name": "a.b", "reason": "r", "use": "u", "rename": "c"})
    with pytest.raises(StaleApiError, match="must be a Python name"):
        entry_from_table({"call": "*", "keyword": "k", "reason": "r", "use": "u",
                          "rename": "not a name"})
