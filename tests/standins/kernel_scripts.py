"""The scripts the family tests run in a lesson kernel, in one process per kernel (an
interpreter start and the framework's import cost seconds): each fills its part of
``RESULTS``, printed as one JSON line at the end."""

from __future__ import annotations

FAMILIES = '''
import json, tempfile
import numpy as np
import transformers
FW = {fw!r}
SAMPLES = {samples!r}
SPEECH = ("whisper", "wav2vec2", "hubert")
GENERATIVE = ("gpt2", "gpt_neo", "t5", "mt5", "bart", "llama", "qwen2", "qwen3", "whisper",
              "xlnet", "marian")
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
RESULTS['families'] = out
'''

AUDIO_PT = '''
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
RESULTS['audio'] = out
'''

AUDIO_TF = '''
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
RESULTS['audio'] = out
'''


def kernel_script(framework: str, families: dict[str, str], audio: dict[str, str]) -> str:
    """Every family sample of ``families`` and ``audio``, tested in ``framework``'s kernel."""
    audio_part = (AUDIO_PT if framework == "pt" else AUDIO_TF).format(samples=audio)
    return ("RESULTS = {}\n" + FAMILIES.format(fw=framework, samples=families) + audio_part
            + "print(json.dumps(RESULTS))\n")
