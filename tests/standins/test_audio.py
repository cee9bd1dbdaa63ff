"""Audio stand-ins decode as the real datasets do in the PyTorch kernel (torchcodec on the
system's FFmpeg): float32 sample arrays, resampling by ``cast_column``, and samples that
the speech pipelines take as they are."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coursekit.standins import StandinEnv

from ..kernel_skip import ffmpeg_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]

AUDIO = '''
import json
import numpy as np
from datasets import Audio, load_dataset
from transformers import pipeline

def peak(audio):
    samples = audio["array"]
    spectrum = np.abs(np.fft.rfft(samples))
    return float(np.fft.rfftfreq(len(samples), 1 / audio["sampling_rate"])[spectrum.argmax()])

out = {}
minds = load_dataset("PolyAI/minds14", name="en-US", split="train")
out["feature"] = repr(minds.features["audio"])
sample = minds[0]["audio"]
out["decoded"] = [type(sample["array"]).__name__, str(sample["array"].dtype),
                  sample["array"].ndim, sample["sampling_rate"], sample.metadata.path]
minds16 = minds.cast_column("audio", Audio(sampling_rate=16000))
resampled = minds16[0]["audio"]
out["resampled"] = [resampled["sampling_rate"], len(resampled["array"]) / len(sample["array"]),
                    abs(peak(resampled) - peak(sample))]
lengths = minds16.select(range(3)).map(
    lambda row: {"seconds": len(row["audio"]["array"]) / row["audio"]["sampling_rate"]})
out["mapped"] = [round(s, 2) for s in lengths["seconds"]] == [
    round(len(minds[i]["audio"]["array"]) / 8000, 2) for i in range(3)]
whisper = pipeline("automatic-speech-recognition", model="openai/whisper-tiny")
out["whisper"] = sorted(whisper(minds16[0]["audio"], generate_kwargs={"max_new_tokens": 4}))
out["whisper_array"] = sorted(whisper(resampled["array"], generate_kwargs={"max_new_tokens": 4}))
features = whisper.feature_extractor(resampled["array"], sampling_rate=16000,
                                     return_tensors="pt").input_features
out["whisper_tokens"] = int(whisper.model.generate(features, max_new_tokens=64).shape[-1])
ctc = pipeline("automatic-speech-recognition", model="facebook/wav2vec2-base-960h")
out["ctc"] = type(ctc(minds16[1]["audio"])["text"]).__name__
try:
    ctc(minds[0]["audio"])
    out["not_resampled"] = "ran"
except ImportError as exc:
    out["not_resampled"] = str(exc).split(".")[0]
print(json.dumps(out))
'''


@pytest.mark.torch
@pytest.mark.slow
def test_audio_standins_decode_resample_and_feed_pipelines(
        pt_standins: StandinEnv, run_in_kernel: Runner) -> None:
    ffmpeg_or_skip()
    out = run_in_kernel("pt", pt_standins, AUDIO)
    assert out["feature"] == ("Audio(sampling_rate=8000, decode=True, num_channels=None, "
                              "stream_index=None)")
    assert out["decoded"] == ["ndarray", "float32", 1, 8000, "00000.wav"]
    resampled = out["resampled"]
    assert isinstance(resampled, list)
    rate, ratio, shift = resampled
    assert rate == 16000
    assert ratio == pytest.approx(2.0, abs=0.01)
    assert shift < 5  # the tone keeps its pitch: resampled, not stretched
    assert out["mapped"] is True
    assert out["whisper"] == out["whisper_array"] == ["text"]
    # A random decoder ends its transcript early (the real one would on a short clip)
    # rather than generate 64 tokens: lessons that transcribe stay fast.
    assert int(str(out["whisper_tokens"])) <= 8
    assert out["ctc"] == "str"
    # Like the real 8 kHz dataset: a pipeline of a 16 kHz model resamples with torchaudio,
    # which the kernel does not have; cast_column is the way.
    assert out["not_resampled"] == ("torchaudio is required to resample audio samples in "
                                    "AutomaticSpeechRecognitionPipeline")
