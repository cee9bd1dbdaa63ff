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
widths.LIMIT = 100_000_000  # below bert-base's 110 million parameters
large = Auto.from_pretrained("bert-base-uncased")
print(json.dumps({{"shrunk": shrunk.config.hidden_size, "real": real.config.hidden_size,
                   "layers": len(real.{layers}), "vocabulary": real.config.vocab_size,
                   "large": large.config.hidden_size, "widened": widths.widened(),
                   "too_large": widths.too_large(), "failed": widths.failed()}}))
'''
QWEN = '''
import json
import coursekit_realwidths as widths
from transformers import AutoModelForCausalLM
widths.switch_on()
qwen = AutoModelForCausalLM.from_pretrained("Qwen/Qwen2.5-0.5B-Instruct")
widths.LIMIT = 10_000_000_000
print(json.dumps({{"config": widths._config(type(qwen), "Qwen/Qwen2.5-0.5B-Instruct",
                                            {{"num_hidden_layers": 28}}, {{}}).to_dict(),
                   "hidden": qwen.config.hidden_size, "too_large": widths.too_large(),
                   "failed": widths.failed()}}, default=str))
'''
LAYERS = {"pt": "encoder.layer", "tf": "bert.encoder.layer"}


def _run(framework: str, standins: StandinEnv, folder: Path,
         script: str = "") -> dict[str, object]:
    script = script or SCRIPT.format(auto="AutoModel" if framework == "pt" else "TFAutoModel",
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
    # Over the limit: left as the stand-in, and said to be.
    assert found["large"] == 384
    assert found["too_large"] == ["bert-base-uncased"]
    assert found["failed"] == []


@pytest.mark.torch
@pytest.mark.slow
def test_pytorch_standins_load_at_real_widths(pt_standins: StandinEnv, tmp_path: Path) -> None:
    _check(_run("pt", pt_standins, tmp_path))


@pytest.mark.torch
@pytest.mark.slow
def test_what_a_configuration_derives_from_depth_is_derived_again(
        pt_standins: StandinEnv, tmp_path: Path) -> None:
    found = _run("pt", pt_standins, tmp_path, QWEN.format())
    # Qwen2's configuration defaults are a 7B model: over the limit, left shrunk, after
    # its per-layer attention types were made for the real depth rather than the two.
    assert found["hidden"] == 32
    assert found["too_large"] == ["Qwen/Qwen2.5-0.5B-Instruct"]
    assert found["failed"] == []
    config = found["config"]
    assert isinstance(config, dict) and len(config["layer_types"]) == 28


@pytest.mark.tensorflow
@pytest.mark.slow
def test_tensorflow_standins_load_at_real_widths(tf_standins: StandinEnv,
                                                 tmp_path: Path) -> None:
    _check(_run("tf", tf_standins, tmp_path))


OWN_WIDTHS = '''
import json
import coursekit_realwidths as widths
from transformers import AutoModelForCausalLM, AutoTokenizer, GPTNeoConfig
widths.switch_on()
if {planted}:  # the class's widths (GPT-Neo 1.3B) in place of the checkpoint's own
    recorded = widths._real_widths
    widths._real_widths = lambda name, revision: (
        {{key: getattr(GPTNeoConfig(), key) for key in recorded(name, revision)}}
        if name == "EleutherAI/gpt-neo-125M" else recorded(name, revision))
neo = AutoModelForCausalLM.from_pretrained("EleutherAI/gpt-neo-125M")
ids = AutoTokenizer.from_pretrained("EleutherAI/gpt-neo-125M")("Hello world", return_tensors="pt")
qwen3 = AutoModelForCausalLM.from_pretrained("Qwen/Qwen3-0.6B")
print(json.dumps({{"neo": [neo.config.hidden_size, neo.config.num_layers,
                           len(neo.transformer.h), neo(**ids).logits.shape[-1]],
                   "qwen3": qwen3.config.hidden_size, "too_large": widths.too_large(),
                   "failed": widths.failed()}}))
'''


@pytest.mark.torch
@pytest.mark.slow
def test_a_checkpoints_own_widths_are_built(pt_standins: StandinEnv, tmp_path: Path) -> None:
    """GPT-Neo 125M at its own widths, one attention kind per layer; Qwen3 0.6B's real
    architecture is over the limit and stays shrunk. Given its class's widths (the 1.3B
    model), GPT-Neo would be over the limit too (the planted case)."""
    clean = _run("pt", pt_standins, tmp_path, OWN_WIDTHS.format(planted=False))
    assert clean["neo"] == [768, 12, 12, 50257]
    assert (clean["qwen3"], clean["too_large"], clean["failed"]) == (
        32, ["Qwen/Qwen3-0.6B"], [])
    planted = _run("pt", pt_standins, tmp_path, OWN_WIDTHS.format(planted=True))
    assert planted["neo"] == [32, 2, 2, 50257]
    assert planted["too_large"] == ["EleutherAI/gpt-neo-125M", "Qwen/Qwen3-0.6B"]
