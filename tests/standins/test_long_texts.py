"""Texts as long as the real datasets' where lessons truncate or stride.

A question-answering lesson splits each long context into overlapping windows
(``stride=``, ``return_overflowing_tokens=``) and indexes the features of the later
windows. On contexts of a few sentences (the planted case: a schema like SQuAD's with
short paragraphs) every example fits in one window; SQuAD's stand-in gives several."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins import StandinEnv, prepare

from ..kernel_skip import kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

WINDOWS = '''
import json
from datasets import load_dataset
from transformers import AutoTokenizer
tok = AutoTokenizer.from_pretrained("bert-base-cased")
out = {}
for name in ("squad", "short/squad"):
    rows = load_dataset(name, split="train")[2:6]
    inputs = tok(rows["question"], rows["context"], max_length=100, truncation="only_second",
                 stride=50, return_overflowing_tokens=True, return_offsets_mapping=True)
    mapping = inputs["overflow_to_sample_mapping"]
    later = 0
    for feature, sample in enumerate(mapping):
        start = rows["answers"][sample]["answer_start"][0]
        context = [o for o, s in zip(inputs["offset_mapping"][feature],
                                     inputs.sequence_ids(feature)) if s == 1]
        if feature and mapping[feature - 1] == sample and context[0][0] <= start < context[-1][1]:
            later += 1
    out[name] = {"features": len(inputs["input_ids"]), "examples": len(set(mapping)),
                 "answers_in_later_windows": later}
print(json.dumps(out))
'''

SHORT = """
[tool.coursekit.standins.schemas.short_squad]
splits = { train = 16 }
configs = ["plain_text"]
[tool.coursekit.standins.schemas.short_squad.features]
id = "string:id"
title = "string:title"
context = "string:paragraph"
question = "string:question"
answers = { squad_answers = "context" }
[tool.coursekit.standins.datasets]
"short/squad" = "short_squad"
"""


@pytest.mark.torch
@pytest.mark.slow
def test_question_answering_contexts_overflow_into_several_windows(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    kernel_or_skip("pt")
    (tmp_path / "pyproject.toml").write_text(SHORT, encoding="utf-8")
    env = prepare(Course.open(tmp_path), "pt", ids={
        ("datasets", "squad"), ("datasets", "short/squad"), ("models", "bert-base-cased")})
    out = run_in_kernel("pt", env, WINDOWS)
    short, real = out["short/squad"], out["squad"]
    assert isinstance(short, dict) and isinstance(real, dict)
    assert short["features"] == short["examples"] == 4
    assert short["answers_in_later_windows"] == 0
    assert real["examples"] == 4
    assert real["features"] >= 8
    assert real["answers_in_later_windows"] >= 1
