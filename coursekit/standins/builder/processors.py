"""What a model reads besides text: feature extractors, image processors, and the
generation settings some architectures need (Whisper's language and task tokens)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import composite

VIT_PROCESSOR = {
    "image_processor_type": "ViTImageProcessor", "do_resize": True, "do_rescale": True,
    "do_normalize": True, "size": {"height": 224, "width": 224}, "resample": 2,
    "rescale_factor": 1 / 255, "image_mean": [0.5, 0.5, 0.5], "image_std": [0.5, 0.5, 0.5],
}

CLAP_PROCESSOR = {
    "feature_extractor_type": "ClapFeatureExtractor", "feature_size": 64,
    "fft_window_size": 1024, "frequency_max": 14000, "frequency_min": 50, "hop_length": 480,
    "max_length_s": 10, "nb_frequency_bins": 513, "nb_max_samples": 480000,
    "padding": "repeatpad", "padding_side": "right", "padding_value": 0.0,
    "return_attention_mask": False, "sampling_rate": 48000, "top_db": None,
}


def save(architecture: str, spec: dict[str, Any], folder: Path) -> None:
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if architecture == "whisper":
        transformers.WhisperFeatureExtractor(feature_size=80).save_pretrained(str(folder))
    elif architecture in ("wav2vec2", "hubert"):
        transformers.Wav2Vec2FeatureExtractor(
            feature_size=1, sampling_rate=16000, padding_value=0.0, do_normalize=True,
            return_attention_mask=architecture == "wav2vec2",
        ).save_pretrained(str(folder))
    elif architecture == "speecht5":
        transformers.SpeechT5FeatureExtractor().save_pretrained(str(folder))
    elif architecture == "musicgen":
        transformers.EncodecFeatureExtractor(
            feature_size=1, sampling_rate=32000, padding_value=0.0).save_pretrained(str(folder))
    elif architecture == "clap":
        # Written as the hub's file: the class needs PyTorch to be constructed.
        import json

        truncation = "fusion" if spec.get("variant") == "fused" else "rand_trunc"
        (folder / "preprocessor_config.json").write_text(json.dumps(
            {**CLAP_PROCESSOR, "truncation": truncation}, indent=2, sort_keys=True) + "\n")
    elif architecture == "bark":
        from .composite import save_bark_voices

        save_bark_voices(folder, int(spec["seed"]))
    elif architecture == "vit":
        # Written as the hub's file: the processor class itself needs Pillow (and
        # torchvision in transformers 5) just to be constructed.
        import json

        (folder / "preprocessor_config.json").write_text(json.dumps(VIT_PROCESSOR, indent=2,
                                                                    sort_keys=True) + "\n")
    else:
        return
    if spec["tokenizer"] != "none":
        _name_processor(architecture, folder)


def _name_processor(architecture: str, folder: Path) -> None:
    """Tell ``AutoProcessor`` which processor pairs the tokenizer and feature extractor."""
    import json

    name = {"whisper": "WhisperProcessor", "wav2vec2": "Wav2Vec2Processor",
            "hubert": "Wav2Vec2Processor", "speecht5": "SpeechT5Processor",
            "musicgen": "MusicgenProcessor", "clap": "ClapProcessor",
            "bark": "BarkProcessor"}.get(architecture)
    if name is None:
        return
    for file in ("preprocessor_config.json", "tokenizer_config.json"):
        path = folder / file
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            data["processor_class"] = name
            path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def generation_setup(model: Any, architecture: str, tokenizer: Any) -> None:
    """Whisper's generate() needs its language and task tokens in the generation config;
    Bark and MusicGen their own settings (see ``composite``)."""
    if architecture in composite.COMPOSITE:
        composite.generation_setup(model, architecture, tokenizer)
        return
    if architecture != "whisper" or tokenizer is None or getattr(
            model, "generation_config", None) is None:
        return
    from transformers.models.whisper.tokenization_whisper import LANGUAGES  # type: ignore[import-not-found, import-untyped, unused-ignore]

    ids = tokenizer.convert_tokens_to_ids
    gen = model.generation_config
    gen.lang_to_id = {f"<|{code}|>": ids(f"<|{code}|>") for code in LANGUAGES}
    gen.task_to_id = {"transcribe": ids("<|transcribe|>"), "translate": ids("<|translate|>")}
    gen.no_timestamps_token_id = ids("<|notimestamps|>")
    gen.prev_sot_token_id = ids("<|startofprev|>")
    gen.is_multilingual = True
    gen.max_initial_timestamp_index = 50
    gen.max_length = 448
    gen.decoder_start_token_id = ids("<|startoftranscript|>")
    gen.forced_decoder_ids = None
    gen.begin_suppress_tokens = [ids("<|endoftext|>")]
    gen.suppress_tokens = []
    # A config marked as derived from the model's would be rebuilt on loading,
    # without the tokens above.
    gen._from_model_config = False
    _end_transcripts_early(model, ids("<|endoftext|>"))


def _end_transcripts_early(model: Any, eos: int) -> None:
    """Make a random Whisper decoder end its transcript after a token, as the real one
    does on a short clip, instead of running to ``max_length`` (448 tokens), clip by clip
    (generate() reads random tokens as timestamps and seeks through the audio).

    ``<|endoftext|>`` is also the padding token, whose embedding row starts at zero (so
    its logit is always 0): it gets a random row like the others, and the decoder's last
    layer norm is set to output a vector along it, so that its logit leads every other by
    a wide margin; the norm still trains. PyTorch models only (no TensorFlow lesson
    transcribes)."""
    try:
        import torch  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return
    decoder = getattr(getattr(model, "model", None), "decoder", None)
    output = model.get_output_embeddings() if isinstance(model, torch.nn.Module) else None
    if decoder is None or output is None:
        return
    with torch.no_grad():
        weight = output.weight
        generator = torch.Generator().manual_seed(eos)
        direction = torch.randn(weight.shape[1], generator=generator) * float(weight.std())
        weight[eos] = direction
        decoder.layer_norm.weight.zero_()
        decoder.layer_norm.bias.copy_(direction * (40.0 / float(direction.dot(direction))))
