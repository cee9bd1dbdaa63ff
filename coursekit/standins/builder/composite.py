"""Models made of several sub-models, each with its own configuration: Bark (three
GPT-style stages and an EnCodec codec), MusicGen (a T5 text encoder, a decoder over
EnCodec codebooks and the codec) and CLAP (a RoBERTa text tower and an HTSAT audio
tower). Tiny sizes throughout; the token layouts, codebook counts and sampling
rates are the real checkpoints' own, so processors, pipelines and ``generate``
treat them as they treat the real ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

COMPOSITE = ("bark", "musicgen", "clap")
TINY_CODEC = {"hidden_size": 16, "num_filters": 4, "num_lstm_layers": 1, "codebook_dim": 16}
BARK_STAGE = {"hidden_size": 32, "num_layers": 2, "num_heads": 2, "block_size": 1024}
BARK_TEXT_OFFSET = 10_048
"""Bark's semantic model reads text token ids shifted past its 10,048 semantic ids."""
BARK_SEMANTIC_TOKENS = 32
"""New semantic tokens a Bark stand-in generates at most: well under a second of audio
(the real default, 768, makes about 15 s; random weights seldom stop early, and a
lesson's batch of three then takes minutes on a loaded CPU)."""
BARK_LANGUAGES = ("en", "de", "es", "fr", "hi", "it", "ja", "ko", "pl", "pt", "ru", "tr", "zh")
BARK_PROMPT_LENGTH = 24
MUSICGEN_CODEBOOKS = 4
MUSICGEN_CODEBOOK_SIZE = 2048
MUSICGEN_MAX_LENGTH = 256
"""Decoder steps a MusicGen stand-in generates by default (5 s of audio; the real
checkpoint's 1,500 take long on a CPU even at this size)."""


def _bark_text_ids(tokenizer: Any) -> dict[str, int]:
    pad = BARK_TEXT_OFFSET + len(tokenizer)
    return {"text_encoding_offset": BARK_TEXT_OFFSET, "text_pad_token": pad,
            "semantic_infer_token": pad + 4}


def text_config(architecture: str, **options: Any) -> Any:
    """The configuration class of the text model inside ``architecture``, with ``options``
    over its defaults (Bark's text goes through a BERT tokenizer only)."""
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    name = {"bark": "BertConfig", "musicgen": "T5Config", "clap": "ClapTextConfig"}[architecture]
    return getattr(transformers, name)(**options)


def config(architecture: str, spec: dict[str, Any], tokenizer: Any) -> Any:
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    if architecture == "bark":
        ids = _bark_text_ids(tokenizer)
        return transformers.BarkConfig(
            semantic_config={**BARK_STAGE, "input_vocab_size": ids["semantic_infer_token"] + 1,
                             "output_vocab_size": BARK_TEXT_OFFSET},
            coarse_acoustics_config={**BARK_STAGE, "input_vocab_size": 12_096,
                                     "output_vocab_size": 12_096},
            fine_acoustics_config={**BARK_STAGE, "input_vocab_size": 1_056,
                                   "output_vocab_size": 1_056, "n_codes_total": 8,
                                   "n_codes_given": 1},
            codec_config={**TINY_CODEC, "sampling_rate": 24_000,
                          "target_bandwidths": [1.5, 3.0, 6.0, 12.0, 24.0]},
        )
    if architecture == "musicgen":
        text = text_config(architecture, **spec.get("config", {}), d_model=32, d_ff=37,
                           d_kv=16, num_layers=2, num_heads=2)
        codec = transformers.EncodecConfig(
            **TINY_CODEC, sampling_rate=32_000, audio_channels=1, target_bandwidths=[2.2],
            upsampling_ratios=[8, 5, 4, 4], codebook_size=MUSICGEN_CODEBOOK_SIZE)
        decoder = transformers.MusicgenDecoderConfig(
            vocab_size=MUSICGEN_CODEBOOK_SIZE, hidden_size=32, num_hidden_layers=2,
            num_attention_heads=2, ffn_dim=37, num_codebooks=MUSICGEN_CODEBOOKS,
            max_position_embeddings=2048, pad_token_id=MUSICGEN_CODEBOOK_SIZE,
            bos_token_id=MUSICGEN_CODEBOOK_SIZE)
        return transformers.MusicgenConfig(text_encoder=text.to_dict(),
                                           audio_encoder=codec.to_dict(),
                                           decoder=decoder.to_dict())
    if architecture == "clap":
        text = text_config(architecture, **spec.get("config", {}), hidden_size=32,
                           num_hidden_layers=2, num_attention_heads=2, intermediate_size=37,
                           projection_dim=32)
        audio_config = {"hidden_size": 32, "patch_embeds_hidden_size": 16, "depths": [1, 1],
                        "num_attention_heads": [2, 2], "window_size": 8, "num_mel_bins": 64,
                        "spec_size": 256, "projection_dim": 32, "num_hidden_layers": 2,
                        "enable_fusion": spec.get("variant") == "fused"}
        return transformers.ClapConfig(text_config=text.to_dict(), audio_config=audio_config,
                                       projection_dim=32)
    raise ValueError(f"{architecture} is not a composite architecture")


def generation_setup(model: Any, architecture: str, tokenizer: Any) -> None:
    import transformers

    if architecture == "bark":
        from transformers.models.bark import generation_configuration_bark as bark  # type: ignore[import-not-found, import-untyped, unused-ignore]

        # As the hub's generation_config.json holds them: one plain generation config
        # with the three stages' settings as tables (BarkModel.generate reads them so).
        stages = {
            "semantic_config": bark.BarkSemanticGenerationConfig(
                **_bark_text_ids(tokenizer), max_new_tokens=BARK_SEMANTIC_TOKENS),
            "coarse_acoustics_config": bark.BarkCoarseGenerationConfig(),
            "fine_acoustics_config": bark.BarkFineGenerationConfig(),
        }
        model.generation_config = transformers.GenerationConfig(
            **{name: stage.to_diff_dict() for name, stage in stages.items()},
            sample_rate=24_000, codebook_size=1024)
    elif architecture == "musicgen":
        gen = model.generation_config
        gen.decoder_start_token_id = MUSICGEN_CODEBOOK_SIZE
        gen.pad_token_id = MUSICGEN_CODEBOOK_SIZE
        gen.bos_token_id = MUSICGEN_CODEBOOK_SIZE
        gen.do_sample = True
        gen.guidance_scale = 3.0
        gen.max_length = MUSICGEN_MAX_LENGTH
        gen._from_model_config = False


def save_bark_voices(folder: Path, seed: int) -> None:
    """Bark's voice presets (``v2/en_speaker_0`` ...): short semantic, coarse and fine
    prompts of valid token ids, listed in ``speaker_embeddings_path.json``."""
    import json

    import numpy as np  # type: ignore[import-not-found, unused-ignore]

    rng = np.random.default_rng(seed)
    table: dict[str, Any] = {"repo_or_path": "."}
    names = ["announcer"] + [f"v2/{lang}_speaker_{i}" for lang in BARK_LANGUAGES
                             for i in range(10)]
    for name in names:
        paths = {}
        shapes = {"semantic_prompt": (BARK_PROMPT_LENGTH,),
                  "coarse_prompt": (2, BARK_PROMPT_LENGTH * 3 // 2),
                  "fine_prompt": (8, BARK_PROMPT_LENGTH * 3 // 2)}
        for key, shape in shapes.items():
            high = 10_000 if key == "semantic_prompt" else 1024
            relative = f"speaker_embeddings/{name}_{key}.npy"
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as handle:
                np.save(handle, rng.integers(0, high, size=shape, dtype=np.int64))
            paths[key] = relative
        table[name] = paths
    (folder / "speaker_embeddings_path.json").write_text(
        json.dumps(table, indent=2, sort_keys=True) + "\n", encoding="utf-8")
