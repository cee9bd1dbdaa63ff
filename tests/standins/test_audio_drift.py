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
from coursekit.execution.judge.apidrift import drift_of
from coursekit.stale_apis import StaleApiError, bundled, entry_from_table
from coursekit.standins import StandinEnv, prepare

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
