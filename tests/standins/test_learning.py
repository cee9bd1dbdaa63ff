"""MiniLM behind ``bert-base-uncased`` learns like a pretrained model; tiny stand-ins do not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.standins import StandinEnv

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

OVERFIT_ONE_BATCH = '''
import json
import torch
from datasets import load_dataset
from transformers import AutoModelForSequenceClassification, AutoTokenizer
raw = load_dataset("glue", "mrpc")["train"].select(range(8))
out = {}
for checkpoint in ["bert-base-uncased", "distilbert-base-uncased"]:
    torch.manual_seed(0)
    tokenizer = AutoTokenizer.from_pretrained(checkpoint)
    model = AutoModelForSequenceClassification.from_pretrained(checkpoint, num_labels=2)
    batch = tokenizer(list(raw["sentence1"]), list(raw["sentence2"]), padding=True,
                      return_tensors="pt")
    batch["labels"] = torch.tensor(list(raw["label"]))
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    for _ in range(30):
        loss = model(**batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    out[checkpoint] = loss.item()
print(json.dumps(out))
'''


@pytest.mark.torch
@pytest.mark.slow
def test_only_the_pretrained_stand_in_overfits_one_batch(
    pt_standins: StandinEnv, run_in_kernel: Runner,
) -> None:
    losses = run_in_kernel("pt", pt_standins, OVERFIT_ONE_BATCH)
    assert float(str(losses["bert-base-uncased"])) < 0.3
    assert float(str(losses["distilbert-base-uncased"])) > 0.6
