"""In a kernel switched to real widths, a stand-in loads as its real architecture (the
configuration's widths set back, random weights), in PyTorch and in TensorFlow; one
over the size limit stays the stand-in and is said to."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from coursekit.execution.run.network import offline_env
from coursekit.kernels import FRAMEWORKS
from coursekit.standins import StandinEnv

from ..kernel_skip import kernel_or_skip

SCRIPT = '''
import json
import coursekit_realwidths as widths
from transformers import {auto} as Auto
shrunk = Auto.from_pretrained("bert-base-uncased")
widths.switch_on()
real = Auto.from_pretrained("bert-base-uncased")
large = Auto.from_pretrained("Qwen/Qwen2.5-0.5B-Instruct")
print(json.dumps({{"shrunk": shrunk.config.hidden_size, "real": real.config.hidden_size,
                   "layers": len(real.{layers}), "vocabulary": real.config.vocab_size,
                   "large": large.config.hidden_size, "widened": widths.widened(),
                   "too_large": widths.too_large()}}))
'''
LAYERS = {"pt": "encoder.layer", "tf": "bert.encoder.layer"}


def _run(framework: str, standins: StandinEnv, folder: Path) -> dict[str, object]:
    script = SCRIPT.format(auto="AutoModel" if framework == "pt" else "TFAutoModel",
                           layers=LAYERS[framework])
    env = {**os.environ, **FRAMEWORKS[framework].env, **standins.env, **offline_env({})}
    done = subprocess.run([str(kernel_or_skip(framework)), "-c", script], cwd=folder,
                          capture_output=True, text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _check(found: dict[str, object]) -> None:
    assert found["shrunk"] == 384  # the MiniLM-backed stand-in
    assert (found["real"], found["layers"], found["vocabulary"]) == (768, 12, 30522)
    assert found["widened"] == ["bert-base-uncased"]
    # Qwen2's configuration defaults are a 7B model: over the limit, left shrunk.
    assert found["large"] == 32
    assert found["too_large"] == ["Qwen/Qwen2.5-0.5B-Instruct"]


@pytest.mark.torch
@pytest.mark.slow
def test_pytorch_standins_load_at_real_widths(pt_standins: StandinEnv, tmp_path: Path) -> None:
    _check(_run("pt", pt_standins, tmp_path))


@pytest.mark.tensorflow
@pytest.mark.slow
def test_tensorflow_standins_load_at_real_widths(tf_standins: StandinEnv,
                                                 tmp_path: Path) -> None:
    _check(_run("tf", tf_standins, tmp_path))
