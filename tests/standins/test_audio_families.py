"""Speech and audio generation families (SpeechT5 and its vocoder, Bark, MusicGen,
CLAP), each with the inputs it really takes: the processor of its kind loads and
tokenizes, the model runs forward or generates audio, the task's pipeline runs, and
a save/load round trip keeps every weight. In the TensorFlow kernel, which has no
model class for them, the tokenizer and processor still load."""

from __future__ import annotations

import pytest

from .conftest import AUDIO_SAMPLES, KernelResults

PROCESSORS = {"speecht5-tts": "SpeechT5Processor", "speecht5-asr": "SpeechT5Processor",
              "speecht5-vc": "SpeechT5Processor", "bark": "BarkProcessor",
              "musicgen": "MusicgenProcessor", "clap": "ClapProcessor",
              "clap-fused": "ClapProcessor"}


@pytest.fixture(scope="module")
def pt_audio(pt_kernel_results: KernelResults) -> dict[str, dict[str, object]]:
    return pt_kernel_results["audio"]


@pytest.fixture(scope="module")
def tf_audio(tf_kernel_results: KernelResults) -> dict[str, dict[str, object]]:
    return tf_kernel_results["audio"]


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
