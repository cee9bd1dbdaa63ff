"""A library that fails on a value of a type it now gives in place of another is API
drift, even when its message names no type: a pipeline handed datasets 4's
``AudioDecoder`` raises the same ``TypeError`` as one handed any other object, and
only the value handed to it tells the two apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import CellResult, CellRun, RunStatus, Verdict

from ..kernel_skip import ffmpeg_or_skip, kernel_or_skip
from .conftest import cell, notebook, verify_in_pt_kernel

pytestmark = [pytest.mark.torch, pytest.mark.kernel]

LESSON = "content/en/chapter4/2.mdx"
LOAD = ('from datasets import Audio, load_dataset\nfrom transformers import pipeline\n'
        'minds = load_dataset("PolyAI/minds14", name="en-US", split="train")\n'
        'minds = minds.cast_column("audio", Audio(sampling_rate=16_000))\n'
        'classifier = pipeline("audio-classification", '
        'model="anton-l/xtreme_s_xlsr_300m_minds14")')


def _verify(root: Path) -> list[CellResult]:
    kernel_or_skip("pt")
    ffmpeg_or_skip()
    return verify_in_pt_kernel(root, [
        cell(LOAD, 10, LESSON),
        cell('classifier(minds[0]["audio"])', 20, LESSON),
        cell("classifier(object())", 30, LESSON),
    ], LESSON, scanned=LOAD)


def test_a_library_handed_a_drifted_type_is_api_drift(tmp_path: Path) -> None:
    load, decoder, other = _verify(tmp_path / "course")
    assert load.verdict is Verdict.OK
    # Planted: the decoded column handed on as the lesson wrote it.
    assert decoder.verdict is Verdict.API_DRIFT
    assert decoder.detail.startswith("a `AudioDecoder` is what datasets 4 gives")
    assert "inside `transformers/pipelines/audio_classification.py" in decoder.detail
    assert decoder.hint.startswith("use audio[\"array\"]")
    # Clean counterpart: the same error from the same line, for another object.
    assert other.verdict is Verdict.UNEXPECTED_ERROR
    assert other.raised == decoder.raised


def test_a_package_the_library_asks_for_comes_first() -> None:
    """A pipeline that must resample asks for torchaudio whatever it was given."""
    node = notebook([cell('classifier(minds[0]["audio"])', 10, LESSON)], lesson=LESSON)
    plan = plan_notebook(node, "cpu", notebook="en/chapter4/2.ipynb")
    run = CellRun(RunStatus.ERROR, ename="ImportError",
                  evalue="torchaudio is required to resample audio samples in "
                         "AudioClassificationPipeline.",
                  traceback=["File /venv/lib/python3.12/site-packages/transformers/pipelines/"
                             "audio_classification.py:216, in preprocess()"],
                  given=["torchcodec.decoders.AudioDecoder"])
    [result] = judge_cells(plan, [run], 0.01)
    assert result.verdict is Verdict.NEEDS_PACKAGES
