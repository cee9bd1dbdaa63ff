"""A documented error that stand-ins did not reproduce is checked on the real
architecture (its configuration at full width, random weights, no download), and the
note blames the stand-ins only where that raises the documented error."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.results import CellResult, Verdict

from ..kernel_skip import kernel_or_skip
from .conftest import cell, expect, verify_in_pt_kernel

pytestmark = [pytest.mark.torch, pytest.mark.kernel]

LESSON = "content/en/chapter8/2.mdx"
LOAD = ("import torch\nfrom transformers import AutoModel\n"
        "model = AutoModel.from_pretrained('bert-base-uncased')\n"
        "head = torch.nn.Linear(384, 2)\nids = torch.tensor([[101, 7592, 102]])")
HIDDEN_BY_WIDTH = "head(model(ids).last_hidden_state)"
"""At the real width (768) the head's 384 inputs do not fit; at the stand-in's (MiniLM,
384) they do."""
GONE_WITH_THE_LIBRARY = "model(ids).last_hidden_state.shape"
"""Runs at every width: an error documented here is the libraries' change."""
SAME_AT_EVERY_WIDTH = "torch.zeros(3, 37) @ torch.zeros(32, 2)"
"""Names 37 and 32, two of the stand-ins' widths, yet has nothing to do with the model."""


def _verify(root: Path) -> list[CellResult]:
    kernel_or_skip("pt")
    return verify_in_pt_kernel(root, [
        cell(LOAD, 10, LESSON),
        cell(HIDDEN_BY_WIDTH, 20, LESSON, errors=[expect(
            "RuntimeError", "mat1 and mat2 shapes cannot be multiplied (3x768 and 384x2)")]),
        cell(GONE_WITH_THE_LIBRARY, 30, LESSON,
             errors=[expect("TypeError", "forward() got an unexpected keyword argument")]),
        cell(SAME_AT_EVERY_WIDTH, 40, LESSON,
             errors=[expect("IndexError", "index out of range in self")]),
    ], LESSON)


def test_the_real_architecture_tells_whose_error_it_is(tmp_path: Path) -> None:
    load, hidden, gone, same = _verify(tmp_path / "course")
    assert load.verdict is Verdict.OK
    # Planted: the stand-in's width hides the documented error; full width raises it.
    assert hidden.verdict is Verdict.MISSING
    assert "raises the documented `RuntimeError: mat1 and mat2" in hidden.note
    assert "the stand-in's width hides it" in hidden.note
    # Clean counterparts: the real architecture does what the stand-in did.
    assert gone.verdict is Verdict.MISSING
    assert "runs this cell without error too" in gone.note
    assert "stand-in" not in gone.note.replace("`bert-base-uncased`", "")
    assert same.verdict is Verdict.ERROR_DRIFT
    assert same.note.endswith("raises the same: the libraries changed, not only the stand-in")
