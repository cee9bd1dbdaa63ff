"""Speech and audio generation families (SpeechT5 and its vocoder, Bark, MusicGen,
CLAP), each with the inputs it really takes: the processor of its kind loads and
tokenizes, the model runs forward or generates audio, the task's pipeline runs, and
a save/load round trip keeps every weight. In the TensorFlow kernel, which has no
model class for them, the tokenizer and processor still load."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.standins import StandinEnv

from .conftest import AUDIO_SAMPLES

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

PT_SCRIPT = '''
import json, tempfile
import numpy as np, torch, transformers
from transformers import pipeline
S = {samples!r}
audio = np.random.default_rng(0).normal(0, 0.1, 16000).astype("float32")
speaker = torch.zeros((1, 512))
text = "Hello world, this is a test."

def round_trip(model):
    with tempfile.TemporaryDirectory() as folder:
        model.save_pretrained(folder)
        again = type(model).from_pretrained(folder)
    a, b = model.state_dict(), again.state_dict()
    return sorted(a) == sorted(b) and all(bool((a[k] == b[k]).all()) for k in a)

def speecht5_tts():
    processor = transformers.AutoProcessor.from_pretrained(S["speecht5-tts"])
    model = transformers.SpeechT5ForTextToSpeech.from_pretrained(S["speecht5-tts"])
    vocoder = transformers.SpeechT5HifiGan.from_pretrained(S["speecht5-hifigan"])
    batch = processor(text=text, audio_target=audio, sampling_rate=16000, return_tensors="pt")
    labels = batch["labels"][:, : batch["labels"].shape[1] // 2 * 2]  # reduction factor 2
    loss = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"],
                 speaker_embeddings=speaker, labels=labels).loss
    speech = model.generate_speech(batch["input_ids"], speaker, vocoder=vocoder)
    spoken = pipeline("text-to-speech", model=S["speecht5-tts"])(
        text, forward_params={{"speaker_embeddings": speaker}})
    return {{"processor": type(processor).__name__,
            "tokenizer": type(processor.tokenizer).__name__,
            "decoded": processor.tokenizer.decode(batch["input_ids"][0], skip_special_tokens=True),
            "mel_bins": int(labels.shape[-1]), "loss": float(loss),
            "waveform": int(speech.shape[-1]), "pipeline_rate": spoken["sampling_rate"],
            "pipeline_samples": int(spoken["audio"].shape[-1]), "round_trip": round_trip(model)}}

def speecht5_asr():
    processor = transformers.AutoProcessor.from_pretrained(S["speecht5-asr"])
    model = transformers.AutoModelForSpeechSeq2Seq.from_pretrained(S["speecht5-asr"])
    inputs = processor(audio=audio, sampling_rate=16000, return_tensors="pt")
    labels = processor(text_target=text, return_tensors="pt")["input_ids"]
    loss = model(**inputs, labels=labels).loss
    generated = model.generate(**inputs, max_new_tokens=4)
    return {{"model": type(model).__name__, "loss": float(loss),
            "generated": int(generated.shape[-1]), "round_trip": round_trip(model)}}

def speecht5_vc():
    processor = transformers.AutoProcessor.from_pretrained(S["speecht5-vc"])
    model = transformers.SpeechT5ForSpeechToSpeech.from_pretrained(S["speecht5-vc"])
    vocoder = transformers.SpeechT5HifiGan.from_pretrained(S["speecht5-hifigan"])
    values = processor(audio=audio, sampling_rate=16000, return_tensors="pt")["input_values"]
    speech = model.generate_speech(values, speaker, vocoder=vocoder)
    return {{"waveform": int(speech.shape[-1]), "round_trip": round_trip(model)}}

def speecht5_hifigan():
    vocoder = transformers.SpeechT5HifiGan.from_pretrained(S["speecht5-hifigan"])
    wave = vocoder(torch.zeros((1, 10, 80)))
    return {{"waveform": list(wave.shape), "rate": vocoder.config.sampling_rate,
            "round_trip": round_trip(vocoder)}}

def bark():
    processor = transformers.AutoProcessor.from_pretrained(S["bark"])
    model = transformers.BarkModel.from_pretrained(S["bark"])
    inputs = processor(text, voice_preset="v2/en_speaker_3")
    speech = model.generate(**inputs, semantic_max_new_tokens=8)
    spoken = pipeline("text-to-speech", model=S["bark"])(
        text, forward_params={{"semantic_max_new_tokens": 8}})
    return {{"processor": type(processor).__name__,
            "tokenizer": type(processor.tokenizer).__name__,
            "decoded": processor.tokenizer.decode(inputs["input_ids"][0],
                                                  skip_special_tokens=True),
            "waveform": list(speech.shape), "rate": model.generation_config.sample_rate,
            "pipeline_rate": spoken["sampling_rate"], "round_trip": round_trip(model)}}

def musicgen():
    processor = transformers.AutoProcessor.from_pretrained(S["musicgen"])
    model = transformers.MusicgenForConditionalGeneration.from_pretrained(S["musicgen"])
    inputs = processor(text=["90s rock song", "lo-fi beat"], padding=True, return_tensors="pt")
    values = model.generate(**inputs, max_new_tokens=8)
    made = pipeline("text-to-audio", model=S["musicgen"])(
        "90s rock song", forward_params={{"max_new_tokens": 8}})
    return {{"processor": type(processor).__name__,
            "tokenizer": type(processor.tokenizer).__name__,
            "waveform": list(values.shape), "rate": model.config.audio_encoder.sampling_rate,
            "pipeline_rate": made["sampling_rate"], "round_trip": round_trip(model)}}

def clap(name):
    def run():
        processor = transformers.AutoProcessor.from_pretrained(S[name])
        model = transformers.ClapModel.from_pretrained(S[name])
        features = processor.feature_extractor(audio, sampling_rate=48000, return_tensors="pt")
        tokens = processor.tokenizer(["Sound of a dog", "Sound of rain"], padding=True,
                                     return_tensors="pt")
        logits = model(**tokens, **features).logits_per_audio
        scores = pipeline("zero-shot-audio-classification", model=S[name])(
            audio, candidate_labels=["Sound of a dog", "Sound of rain"])
        return {{"processor": type(processor).__name__, "logits": list(logits.shape),
                "fusion": model.config.audio_config.enable_fusion,
                "labels": sorted(s["label"] for s in scores),
                "total": round(sum(s["score"] for s in scores), 4),
                "round_trip": round_trip(model)}}
    return run

out = {{}}
for name, run in [("speecht5-tts", speecht5_tts), ("speecht5-asr", speecht5_asr),
                  ("speecht5-vc", speecht5_vc), ("speecht5-hifigan", speecht5_hifigan),
                  ("bark", bark), ("musicgen", musicgen), ("clap", clap("clap")),
                  ("clap-fused", clap("clap-fused"))]:
    try:
        out[name] = run()
    except Exception as exc:
        out[name] = {{"error": repr(exc)[:600]}}
print(json.dumps(out))
'''
TF_SCRIPT = '''
import json
import transformers
S = {samples!r}
out = {{}}
for name, hub_id in S.items():
    result = {{}}
    try:
        # the vocoder's model type is not in AutoConfig's table, as with the real one
        config_class = (transformers.SpeechT5HifiGanConfig if name == "speecht5-hifigan"
                        else transformers.AutoConfig)
        config = config_class.from_pretrained(hub_id)
        result["class"] = config.architectures[0]
        result["tf_class"] = hasattr(transformers, "TF" + config.architectures[0])
        if name != "speecht5-hifigan":
            tokenizer = transformers.AutoTokenizer.from_pretrained(hub_id)
            result["decoded"] = tokenizer.decode(tokenizer("Hello world")["input_ids"],
                                                 skip_special_tokens=True)
        if not name.startswith("clap") and name != "speecht5-hifigan":
            # CLAP's feature extractor needs PyTorch, in this kernel as with the real one
            result["processor"] = type(transformers.AutoProcessor.from_pretrained(hub_id)).__name__
    except Exception as exc:
        result["error"] = repr(exc)[:600]
    out[name] = result
print(json.dumps(out))
'''
PROCESSORS = {"speecht5-tts": "SpeechT5Processor", "speecht5-asr": "SpeechT5Processor",
              "speecht5-vc": "SpeechT5Processor", "bark": "BarkProcessor",
              "musicgen": "MusicgenProcessor", "clap": "ClapProcessor",
              "clap-fused": "ClapProcessor"}


@pytest.fixture(scope="module")
def pt_audio(pt_standins: StandinEnv, run_in_kernel: Runner) -> dict[str, dict[str, object]]:
    return run_in_kernel("pt", pt_standins, PT_SCRIPT.format(samples=AUDIO_SAMPLES))  # type: ignore[return-value]


@pytest.fixture(scope="module")
def tf_audio(tf_standins: StandinEnv, run_in_kernel: Runner) -> dict[str, dict[str, object]]:
    return run_in_kernel("tf", tf_standins, TF_SCRIPT.format(samples=AUDIO_SAMPLES))  # type: ignore[return-value]


def _ok(result: dict[str, object]) -> dict[str, object]:
    assert "error" not in result, result.get("error")
    assert result.get("round_trip", True) is True
    if "processor" in result:
        assert result["processor"] in PROCESSORS.values()
    return result


@pytest.mark.torch
@pytest.mark.slow
def test_speecht5_text_to_speech(pt_audio: dict[str, dict[str, object]]) -> None:
    result = _ok(pt_audio["speecht5-tts"])
    assert result["processor"] == "SpeechT5Processor"
    assert str(result["tokenizer"]) == "SpeechT5Tokenizer"
    assert str(result["decoded"]) == "Hello world, this is a test."
    assert result["mel_bins"] == 80
    assert isinstance(result["loss"], float)
    assert int(str(result["waveform"])) > 0
    assert result["pipeline_rate"] == 16000  # the default vocoder's rate
    assert int(str(result["pipeline_samples"])) > 0


@pytest.mark.torch
@pytest.mark.slow
def test_speecht5_speech_to_text_and_voice_conversion(pt_audio: dict[str, dict[str, object]],
                                                       ) -> None:
    asr = _ok(pt_audio["speecht5-asr"])
    assert asr["model"] == "SpeechT5ForSpeechToText"
    assert int(str(asr["generated"])) >= 2
    assert int(str(_ok(pt_audio["speecht5-vc"])["waveform"])) > 0
    vocoder = _ok(pt_audio["speecht5-hifigan"])
    assert vocoder["waveform"] == [1, 10 * 256]  # 10 frames, upsampled 4 x 4 x 4 x 4
    assert vocoder["rate"] == 16000


@pytest.mark.torch
@pytest.mark.slow
def test_bark_speaks_with_a_voice_preset(pt_audio: dict[str, dict[str, object]]) -> None:
    result = _ok(pt_audio["bark"])
    assert result["processor"] == "BarkProcessor"
    assert str(result["tokenizer"]).removesuffix("Fast") == "BertTokenizer"
    assert str(result["decoded"]) == "Hello world, this is a test."
    waveform = result["waveform"]
    assert isinstance(waveform, list) and waveform[0] == 1 and waveform[1] > 0
    assert result["rate"] == result["pipeline_rate"] == 24000


@pytest.mark.torch
@pytest.mark.slow
def test_musicgen_generates_audio(pt_audio: dict[str, dict[str, object]]) -> None:
    result = _ok(pt_audio["musicgen"])
    assert result["processor"] == "MusicgenProcessor"
    assert str(result["tokenizer"]).removesuffix("Fast") == "T5Tokenizer"
    waveform = result["waveform"]
    assert isinstance(waveform, list) and waveform[:2] == [2, 1] and waveform[2] > 0
    assert result["rate"] == result["pipeline_rate"] == 32000


@pytest.mark.torch
@pytest.mark.slow
@pytest.mark.parametrize("family", ["clap", "clap-fused"])
def test_clap_classifies_audio_zero_shot(family: str, pt_audio: dict[str, dict[str, object]],
                                         ) -> None:
    result = _ok(pt_audio[family])
    assert result["processor"] == "ClapProcessor"
    assert result["logits"] == [1, 2]
    assert result["fusion"] is (family == "clap-fused")
    assert result["labels"] == ["Sound of a dog", "Sound of rain"]
    assert result["total"] == pytest.approx(1.0, abs=1e-3)


@pytest.mark.tensorflow
@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(AUDIO_SAMPLES))
def test_audio_family_in_the_tensorflow_kernel(family: str,
                                               tf_audio: dict[str, dict[str, object]]) -> None:
    result = tf_audio[family]
    assert "error" not in result, result.get("error")
    assert result["tf_class"] is False  # loading the model fails, as with the real checkpoint
    if family != "speecht5-hifigan":
        assert str(result["decoded"]) == "Hello world"
    if family in PROCESSORS and not family.startswith("clap"):
        assert result["processor"] == PROCESSORS[family]
