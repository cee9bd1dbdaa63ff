"""A stand-in builder that fails is named by its last line, wherever it is reported."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coursekit.standins.build import StandinError, _run_builder


def test_a_failed_build_names_the_builders_exception(tmp_path: Path) -> None:
    job = tmp_path / "job.json"
    job.write_text("{}", encoding="utf-8")  # no HF_HOME, nothing to build: the builder raises
    with pytest.raises(StandinError) as caught:
        _run_builder(Path(sys.executable), job, tmp_path / "hf-home", None)
    last = caught.value.output.strip().splitlines()[-1]
    assert "Error" in last, caught.value.output
    assert str(caught.value) == f"the stand-in builder exited with 1: {last}"


def test_an_error_without_output_is_its_message() -> None:
    assert str(StandinError("the pt kernel `coursekit-pt` is missing")) == (
        "the pt kernel `coursekit-pt` is missing")
    assert str(StandinError("exited with 2", "model gpt2\n\n")) == "exited with 2: model gpt2"
