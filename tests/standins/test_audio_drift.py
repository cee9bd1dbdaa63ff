"""An Audio column used as the dict it was before datasets 4 is API drift, as raised.

The errors come from the real ``datasets`` in the PyTorch kernel, on an audio stand-in:
a lesson that treats the decoded column as a dict (``.keys()``, ``json.dumps``) runs
into the stale-API table's ``AudioDecoder`` entry; the same calls' errors on an
ordinary object are not drift."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.judge.apidrift import drift_of, output_drift_of
from coursekit.execution.judge.verdicts import judge_cells
from coursekit.execution.plan.model import plan_notebook
from coursekit.execution.results import CellResult, CellRun, RunStatus, Verdict
from coursekit.stale_apis import StaleApiError, bundled, entry_from_table
from coursekit.standins import StandinEnv, prepare

from ..execution.conftest import cell, notebook
from ..kernel_skip import ffmpeg_or_skip, kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

RAISED = '''
import json
from datasets import load_dataset
minds = load_dataset("PolyAI/minds14", name="en-US", split="train")
audio = minds[0]["audio"]
other = object()
out = {}
for name, value in (("decoder", audio), ("other", other)):
    for action in ("keys", "json", "copy"):
        try:
            if action == "keys":
                value.keys()
            elif action == "json":
                json.dumps(value)
            else:
                value.copy()
        except Exception as exc:
            out[f"{name}:{action}"] = [type(exc).__name__, str(exc)]
print(json.dumps(out))
'''


@pytest.mark.torch
@pytest.mark.slow
def test_a_decoded_audio_column_used_as_a_dict_is_drift(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    kernel_or_skip("pt")
    ffmpeg_or_skip()
    env = prepare(Course.open(tmp_path), "pt", ids={("datasets", "PolyAI/minds14")})
    out = run_in_kernel("pt", env, RAISED)
    labels = {}
    for key, raised in out.items():
        assert isinstance(raised, list)
        drift = drift_of(bundled(), raised[0], raised[1])
        labels[key] = drift.api.label if drift is not None else None
    assert labels["decoder:keys"] == labels["decoder:json"] == "a `AudioDecoder`"
    assert labels["decoder:copy"] == "`AudioDecoder.copy()`"
    assert labels["other:keys"] is labels["other:json"] is labels["other:copy"] is None


def test_a_type_entry_is_found_by_verify_only() -> None:
    entry = entry_from_table({"type": "Decoder", "reason": "is new", "use": "x"})
    assert entry.searched == ("type", "Decoder")
    assert re.search(entry.pattern, "decoder = Decoder(path)\ndecoder.keys()") is None
    with pytest.raises(StaleApiError, match="`rename` goes with"):
        entry_from_table({"type": "Decoder", "reason": "r", "use": "u", "rename": "x"})


PRINTED = '''
from datasets import load_dataset
minds = load_dataset("PolyAI/minds14", name="en-US", split="train")
print(minds[0]["audio"])
'''
DOCUMENTED_DICT = ("{'path': '/root/.cache/huggingface/datasets/downloads/extracted/"
                   "en-US~JOINT_ACCOUNT/602ba55abb1e6d0fbce92065.wav',\n"
                   " 'array': array([ 0.        ,  0.00024414, -0.00024414, ...]),\n"
                   " 'sampling_rate': 8000}")


@pytest.mark.torch
@pytest.mark.slow
def test_a_decoded_audio_column_printed_where_a_dict_is_documented_is_drift(
        tmp_path: Path, run_in_kernel: Runner) -> None:
    kernel_or_skip("pt")
    ffmpeg_or_skip()
    env = prepare(Course.open(tmp_path), "pt", ids={("datasets", "PolyAI/minds14")})
    shown = run_in_kernel("pt", env, "import json, io, contextlib\nbuf = io.StringIO()\n"
                          "with contextlib.redirect_stdout(buf):\n"
                          + "".join(f"    {line}\n" for line in PRINTED.strip().splitlines())
                          + "print(json.dumps({'shown': buf.getvalue()}))\n")["shown"]
    assert isinstance(shown, str)
    drift = output_drift_of(bundled(), DOCUMENTED_DICT, shown)
    assert drift is not None and drift.api.label == "a `AudioDecoder`"
    # Clean counterparts: the lesson documents the decoder itself; a dict is printed.
    assert output_drift_of(bundled(), shown, shown) is None
    assert output_drift_of(bundled(), DOCUMENTED_DICT, DOCUMENTED_DICT) is None


def _judged(shown: str) -> CellResult:
    node = notebook([cell('print(minds[0]["audio"])', 10, outputs=[DOCUMENTED_DICT])])
    plan = plan_notebook(node, "cpu", notebook="en/chapter1/1.ipynb")
    run = CellRun(RunStatus.OK, outputs=[{"output_type": "stream", "name": "stdout",
                                          "text": shown}])
    [result] = judge_cells(plan, [run], 0.01, apis=bundled())
    return result


def test_an_output_of_the_new_type_is_api_drift_not_output_drift() -> None:
    result = _judged("<datasets.features._torchcodec.AudioDecoder object at 0x7f3a2c1d0b50>\n")
    assert result.verdict is Verdict.API_DRIFT and result.drift is None
    assert result.detail.startswith(
        "prints a `AudioDecoder` where the lesson's output shows none: a `AudioDecoder` is "
        "what datasets 4 gives for an Audio column")
    assert result.hint.startswith("use audio[")


def test_another_difference_stays_output_drift() -> None:
    result = _judged("{'path': 'x.wav', 'array': array([0.5]), 'rate': 16000}\n")
    assert result.verdict is Verdict.OK and result.drift is not None
