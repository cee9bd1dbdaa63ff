"""The install cell's tables: the lesson kernels' snapshot and the reviewed table."""

from __future__ import annotations

import re

import pytest

from coursekit.notebooks.distributions import PROVIDED, kernel_table, requirement_for, tables
from tests.kernel_skip import kernel_or_skip

_REQUIREMENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[a-z0-9,_-]+\])?")


@pytest.mark.kernel
@pytest.mark.parametrize("framework", ["pt", "tf"])
def test_the_kernel_snapshot_says_what_the_kernel_says(framework: str) -> None:
    python = kernel_or_skip(framework)
    live = kernel_table(python)
    shipped = tables().kernels
    differ = {m: (d, shipped.get(m)) for m, d in live.items() if shipped.get(m) != d}
    assert differ == {}, (
        "the lesson kernel's packages changed: remake coursekit/notebooks/"
        "kernel_distributions.json with kernel_table() of both kernels")


def test_every_reviewed_requirement_is_one_requirement() -> None:
    reviewed = tables()
    values = [*reviewed.modules.values(), *reviewed.attributes.values()]
    assert values
    assert [v for v in values if v != PROVIDED and not _REQUIREMENT.fullmatch(v)] == []


def test_the_longest_reviewed_prefix_wins() -> None:
    assert requirement_for("llama_index.core.agent.workflow") == "llama-index-core"
    assert requirement_for("llama_index") == "llama-index"
    assert requirement_for("google.colab") == PROVIDED
    assert requirement_for("json.decoder") == PROVIDED
    assert requirement_for("Gradio_UI") is None
