"""Errors read against the stale-API table, and the renames ``--shim-drift`` applies."""

from __future__ import annotations

import pytest

from coursekit.execution.judge.apidrift import drift_of, given_drift_of, shim
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
    # As the installed huggingface_hub and transformers raise them.
    ("ImportError", "cannot import name 'HfFolder' from 'huggingface_hub' "
                    "(/k/site-packages/huggingface_hub/__init__.py)", "`huggingface_hub.HfFolder`"),
    ("ImportError", "cannot import name 'InferenceApi' from 'huggingface_hub'",
     "`huggingface_hub.InferenceApi`"),
    ("AttributeError", "'InferenceClient' object has no attribute 'post'",
     "`InferenceClient.post()`"),
    ("AttributeError", "'InferenceClient' object has no attribute 'conversational'",
     "`.conversational()`"),
    ("TypeError", "InferenceClient.text_generation() got an unexpected keyword argument "
                  "'stop_sequences'", "`huggingface_hub.InferenceClient.text_generation(...)`"),
    ("TypeError", "InferenceClient.summarization() got an unexpected keyword argument "
                  "'parameters'", "`huggingface_hub.InferenceClient.summarization(...)`"),
    ("TypeError", "HfApi.create_repo() got an unexpected keyword argument 'organization'",
     "`huggingface_hub.create_repo(...)`"),
    ("TypeError", "PushToHubMixin.push_to_hub() got an unexpected keyword argument "
                  "'organization'", "`transformers.utils.PushToHubMixin.push_to_hub(...)`"),
    ("AttributeError", "module 'gradio' has no attribute 'outputs'", "`gradio.outputs`"),
    ("AttributeError", "'AudioDecoder' object has no attribute 'copy'",
     "`AudioDecoder.copy()`"),
    ("ImportError", "cannot import name 'Conversation' from 'transformers'",
     "`transformers.Conversation`"),
    ("KeyError", "\"Unknown task conversational, available tasks are ['any-to-any']\"",
     "the `conversational` pipeline"),
    ("KeyError", "'The task summarization has been removed from transformers. Use the "
                 "`text-generation` pipeline with a chat model instead.'",
     "the `summarization` pipeline"),
    ("KeyError", "'The task translation_en_to_fr has been removed from transformers.'",
     "the `translation` pipeline"),
    ("TypeError", "TrainingArguments.__init__() got an unexpected keyword argument 'no_cuda'",
     "`transformers.TrainingArguments(...)`"),
    ("TypeError", "Seq2SeqTrainingArguments.__init__() got an unexpected keyword argument "
                  "'no_cuda'", "`transformers.TrainingArguments(...)`"),
    ("TypeError", "TrainingArguments.__init__() got an unexpected keyword argument "
                  "'push_to_hub_organization'", "`transformers.TrainingArguments(...)`"),
    ("ImportError", "cannot import name 'HfAgent' from 'transformers' "
                    "(/env/lib/python3.11/site-packages/transformers/__init__.py)",
     "`transformers.HfAgent`"),
    ("TypeError", "Audio.__init__() got an unexpected keyword argument 'source'",
     "`gradio.Audio(...)`"),
    ("TypeError", "TokenClassificationPipeline._sanitize_parameters() got an unexpected "
                  "keyword argument 'grouped_entities'", "the `grouped_entities=` argument"),
    ("AttributeError", "'float' object has no attribute 'mid'", "`.mid()`"),
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
    ("AttributeError", "'Response' object has no attribute 'post'"),
    ("AttributeError", "'Tensor' object has no attribute 'copy'"),
    ("KeyError", "\"Unknown task text-classifier, available tasks are ['any-to-any']\""),
    ("TypeError", "InferenceClient.chat_completion() got an unexpected keyword argument "
                  "'stop_sequences'"),
    ("TypeError", "Trainer.__init__() got an unexpected keyword argument 'no_cuda'"),
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


def test_a_drifted_type_handed_to_the_library_that_raised_is_drift() -> None:
    given = ["transformers.pipelines.Pipeline", "torchcodec.decoders.AudioDecoder"]
    drift = given_drift_of(bundled(), "TypeError", "We expect a numpy ndarray", given,
                           "transformers/pipelines/audio_classification.py:228")
    assert drift is not None and drift.api.type == "AudioDecoder"
    assert drift.detail.endswith(
        "(raises `TypeError: We expect a numpy ndarray` inside "
        "`transformers/pipelines/audio_classification.py:228`, given one)")


@pytest.mark.parametrize(("given", "inside"), [
    (["builtins.object"], "transformers/pipelines/audio_classification.py:228"),
    (["torchcodec.decoders.AudioDecoder"], None),
])
def test_another_type_or_the_lessons_own_raise_is_not(given: list[str], inside: str | None) -> None:
    assert given_drift_of(bundled(), "TypeError", "bad input", given, inside) is None
