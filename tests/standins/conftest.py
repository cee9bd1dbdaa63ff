"""Stand-ins built once per test session in the real lesson kernels (skipped without them)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.kernels import FRAMEWORKS
from coursekit.standins import StandinEnv, prepare

from ..kernel_skip import kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]


FAMILY_SAMPLES = {
    "bert-uncased-pretrained": "bert-base-uncased", "bert-cased": "bert-base-cased",
    "bert-multilingual-cased": "bert-base-multilingual-cased",
    "distilbert-uncased": "distilbert-base-uncased",
    "distilbert-cased": "distilbert-base-cased", "roberta": "roberta-base",
    "xlm-roberta": "xlm-roberta-base", "camembert": "camembert-base", "albert": "albert-base-v2",
    "xlnet": "xlnet-base-cased", "gpt2": "gpt2", "t5": "t5-small", "mt5": "google/mt5-small",
    "bart": "facebook/bart-base", "llama-chat": "HuggingFaceTB/SmolLM2-135M-Instruct",
    "qwen2-chat": "Qwen/Qwen2.5-0.5B-Instruct", "whisper": "openai/whisper-tiny",
    "wav2vec2-ctc": "facebook/wav2vec2-base-960h", "hubert": "ntu-spml/distilhubert",
    "electra": "google/electra-small-discriminator", "vits": "facebook/mms-tts-eng",
    "deberta-v2": "microsoft/deberta-v3-base", "marian": "Helsinki-NLP/opus-mt-en-fr",
    "gpt-neo": "EleutherAI/gpt-neo-125M", "qwen3-chat": "Qwen/Qwen3-0.6B",
}
"""One hub id of each family: what the family tests load."""
FACT_SAMPLES = {"qwen2-chat 7B": "Qwen/Qwen2.5-7B-Instruct",
                "marian zh-en": "Helsinki-NLP/opus-mt-zh-en",
                "marian en-de": "Helsinki-NLP/opus-mt-en-de"}
"""Hub ids whose own facts differ from their family's sample (or, en-de, that keep the
family's beside a sample that has its own): what the fidelity tests load beside it."""
AUDIO_SAMPLES = {
    "speecht5-tts": "microsoft/speecht5_tts", "speecht5-asr": "microsoft/speecht5_asr",
    "speecht5-vc": "microsoft/speecht5_vc", "speecht5-hifigan": "microsoft/speecht5_hifigan",
    "bark": "suno/bark-small", "musicgen": "facebook/musicgen-small",
    "clap": "laion/clap-htsat-unfused", "clap-fused": "laion/clap-htsat-fused",
}
"""One hub id of each speech/audio generation family, tested with its own inputs."""
TEST_IDS = {("models", i) for i in (*FAMILY_SAMPLES.values(), *AUDIO_SAMPLES.values(),
                                    *FACT_SAMPLES.values())} | {
    ("models", "distilbert-base-uncased-finetuned-sst-2-english"),
    ("models", "distilbert/distilbert-base-uncased-finetuned-sst-2-english"),
    ("datasets", "glue"), ("datasets", "nyu-mll/glue"), ("datasets", "squad"),
    ("datasets", "conll2003"), ("datasets", "PolyAI/minds14"), ("datasets", "imdb"),
    ("datasets", "kde4"),
    *(("metrics", m) for m in ("glue", "accuracy", "f1", "seqeval", "sacrebleu", "bleu",
                               "rouge", "squad", "wer", "cer", "precision", "recall")),
}


def _prepared(framework: str, tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    kernel_or_skip(framework)
    return prepare(Course.open(tmp_path_factory.mktemp(f"course-{framework}")), framework,
                   ids=TEST_IDS)


@pytest.fixture(scope="session")
def pt_standins(tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    return _prepared("pt", tmp_path_factory)


@pytest.fixture(scope="session")
def tf_standins(tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    return _prepared("tf", tmp_path_factory)


KernelResults = dict[str, dict[str, dict[str, object]]]
"""``families`` and ``audio`` -> family -> what the kernel script found."""


def _kernel_results(framework: str, standins: StandinEnv) -> KernelResults:
    from .kernel_scripts import kernel_script

    script = kernel_script(framework, FAMILY_SAMPLES, AUDIO_SAMPLES)
    return _run_in_kernel(framework, standins, script)  # type: ignore[return-value]


@pytest.fixture(scope="session")
def pt_kernel_results(pt_standins: StandinEnv) -> KernelResults:
    return _kernel_results("pt", pt_standins)


@pytest.fixture(scope="session")
def tf_kernel_results(tf_standins: StandinEnv) -> KernelResults:
    return _kernel_results("tf", tf_standins)


@pytest.fixture(scope="session")
def pt_python() -> Path:
    return kernel_or_skip("pt")


@pytest.fixture(scope="session")
def run_in_kernel() -> Runner:
    return _run_in_kernel


def _run_in_kernel(framework: str, standins: StandinEnv, script: str) -> dict[str, object]:
    """Run ``script`` with the kernel's interpreter and environment; it prints one JSON line."""
    env = {**os.environ, **FRAMEWORKS[framework].env, **standins.env}
    done = subprocess.run(
        [str(kernel_or_skip(framework)), "-c", script], capture_output=True, text=True,
        env=env, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
