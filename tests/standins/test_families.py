"""Each model family, through one of its hub ids, in the real kernels: the tokenizer of
its kind loads and tokenizes, the model runs forward, generative heads generate, and
a save/load round trip keeps every weight."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.standins import StandinEnv

from .conftest import FAMILY_SAMPLES

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

SCRIPT = '''
import json, tempfile
import numpy as np
import transformers
FW = {fw!r}
SAMPLES = {samples!r}
SPEECH = ("whisper", "wav2vec2", "hubert")
GENERATIVE = ("gpt2", "t5", "mt5", "bart", "llama", "qwen2", "whisper", "xlnet", "marian")
audio = np.random.default_rng(0).normal(0, 0.1, 16000).astype("float32")
tensors = "pt" if FW == "pt" else "tf"
out = {{}}
for family, hub_id in SAMPLES.items():
    result = {{}}
    try:
        config = transformers.AutoConfig.from_pretrained(hub_id)
        result["model_type"] = config.model_type
        name = config.architectures[0]
        cls = getattr(transformers, name if FW == "pt" else "TF" + name, None)
        if cls is None:
            result["no_model_class"] = True
            out[family] = result
            continue
        model = cls.from_pretrained(hub_id)
        if config.model_type in SPEECH:
            processor = transformers.AutoFeatureExtractor.from_pretrained(hub_id)
            inputs = dict(processor(audio, sampling_rate=16000, return_tensors=tensors))
        else:
            processor = transformers.AutoTokenizer.from_pretrained(hub_id)
            result["tokenizer"] = type(processor).__name__
            result["vocab_size"] = len(processor)
            result["tokens"] = processor.tokenize("Hello world, this is a test.")
            result["decoded"] = processor.decode(processor("Hello world")["input_ids"],
                                                 skip_special_tokens=True)
            inputs = dict(processor("Hello world, this is a test.", return_tensors=tensors))
        forward = dict(inputs)
        if config.is_encoder_decoder:
            start = config.decoder_start_token_id or 0
            forward["decoder_input_ids"] = (np.array([[start]]) if FW == "tf" else
                                            __import__("torch").tensor([[start]]))
        outputs = model(**forward)
        result["forward"] = list(outputs[0].shape)
        if config.model_type in GENERATIVE:
            generated = model.generate(**inputs, max_new_tokens=3, do_sample=False)
            result["generated"] = int(generated.shape[-1])
        with tempfile.TemporaryDirectory() as folder:
            model.save_pretrained(folder)
            again = cls.from_pretrained(folder)
            if FW == "pt":
                a, b = model.state_dict(), again.state_dict()
                result["round_trip"] = sorted(a) == sorted(b) and all(
                    bool((a[k] == b[k]).all()) for k in a)
            else:
                result["round_trip"] = all(
                    np.array_equal(x, y) for x, y in zip(model.get_weights(), again.get_weights()))
    except Exception as exc:
        result["error"] = repr(exc)[:600]
    out[family] = result
print(json.dumps(out))
'''
TOKENIZER_KIND = {
    "bert-uncased-pretrained": "BertTokenizer", "bert-cased": "BertTokenizer",
    "distilbert-uncased": "DistilBertTokenizer", "distilbert-cased": "DistilBertTokenizer",
    "roberta": "RobertaTokenizer", "xlm-roberta": "XLMRobertaTokenizer",
    "camembert": "CamembertTokenizer", "albert": "AlbertTokenizer", "xlnet": "XLNetTokenizer",
    "gpt2": "GPT2Tokenizer", "t5": "T5Tokenizer", "mt5": "T5Tokenizer",
    "bart": "BartTokenizer|RobertaTokenizer", "qwen2-chat": "Qwen2Tokenizer",
    "electra": "ElectraTokenizer|BertTokenizer", "deberta-v2": "DebertaV2Tokenizer",
    "marian": "MarianTokenizer",
}
"""The class ``AutoTokenizer`` gives (transformers 5 serves BART and ELECTRA with the
RoBERTa and BERT classes, which they always were underneath)."""
NO_TENSORFLOW = {"llama-chat", "qwen2-chat", "vits"}


def _results(framework: str, standins: StandinEnv, run: Runner) -> dict[str, dict[str, object]]:
    script = SCRIPT.format(fw=framework, samples=FAMILY_SAMPLES)
    return run(framework, standins, script)  # type: ignore[return-value]


def _check(family: str, result: dict[str, object], framework: str) -> None:
    assert "error" not in result, result.get("error")
    if framework == "tf" and family in NO_TENSORFLOW:
        assert result.get("no_model_class") is True
        return
    forward = result["forward"]
    assert isinstance(forward, list) and forward[0] == 1
    assert result["round_trip"] is True
    if family in TOKENIZER_KIND:
        kinds = TOKENIZER_KIND[family].split("|")
        assert str(result["tokenizer"]).removesuffix("Fast") in kinds
        assert result["tokens"], family
        assert str(result["decoded"]).lower().replace(" ", "") == "helloworld"
    if result["model_type"] in ("gpt2", "t5", "mt5", "bart", "llama", "qwen2", "marian"):
        assert int(str(result["generated"])) >= 2
    if result["model_type"] == "whisper":
        # Whisper's generate() returns the transcript alone (no prompt, no end token):
        # the stand-in transcribes one token, then ends (see processors).
        assert int(str(result["generated"])) >= 1


@pytest.fixture(scope="module")
def pt_results(pt_standins: StandinEnv, run_in_kernel: Runner) -> dict[str, dict[str, object]]:
    return _results("pt", pt_standins, run_in_kernel)


@pytest.fixture(scope="module")
def tf_results(tf_standins: StandinEnv, run_in_kernel: Runner) -> dict[str, dict[str, object]]:
    return _results("tf", tf_standins, run_in_kernel)


@pytest.mark.torch
@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILY_SAMPLES))
def test_family_in_the_pytorch_kernel(family: str, pt_results: dict[str, dict[str, object]],
                                      ) -> None:
    _check(family, pt_results[family], "pt")


@pytest.mark.tensorflow
@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILY_SAMPLES))
def test_family_in_the_tensorflow_kernel(family: str, tf_results: dict[str, dict[str, object]],
                                         ) -> None:
    _check(family, tf_results[family], "tf")


@pytest.mark.torch
@pytest.mark.slow
def test_cased_vocabulary_has_the_real_size(pt_results: dict[str, dict[str, object]]) -> None:
    assert pt_results["bert-cased"]["vocab_size"] == 28996
    assert pt_results["bert-uncased-pretrained"]["vocab_size"] == 30522
