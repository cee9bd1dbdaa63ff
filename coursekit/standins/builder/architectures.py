"""What shrinks in each architecture's stand-in, and the model class of each head.

A stand-in's configuration is the real configuration class's defaults (or the real
checkpoint's values, recorded as ``config`` facts of its catalog family) with only the
keys below replaced: hidden sizes and depth, the smallest that keep the library's own
shape checks happy (hidden size 32, two layers). Everything a lesson can observe
(vocabulary size, positions, special token ids, label maps, output shapes) stays real.
"""

from __future__ import annotations

from typing import Any

ENCODER = {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2,
           "intermediate_size": 37}
SEQ2SEQ = {"d_model": 32, "encoder_layers": 2, "decoder_layers": 2,
           "encoder_attention_heads": 2, "decoder_attention_heads": 2,
           "encoder_ffn_dim": 37, "decoder_ffn_dim": 37}
T5 = {"d_model": 32, "d_ff": 37, "d_kv": 16, "num_layers": 2, "num_decoder_layers": 2,
      "num_heads": 2}
DECODER = {"hidden_size": 32, "intermediate_size": 37, "num_hidden_layers": 2,
           "num_attention_heads": 2, "num_key_value_heads": 1}
SPEECH = {**ENCODER, "conv_dim": [16] * 7, "num_conv_pos_embeddings": 16,
          "num_conv_pos_embedding_groups": 2}
SIZES: dict[str, dict[str, Any]] = {
    "bert": ENCODER,
    "electra": {**ENCODER, "embedding_size": 32},
    "distilbert": {"dim": 32, "n_layers": 2, "n_heads": 2, "hidden_dim": 37},
    "roberta": ENCODER,
    "xlm-roberta": ENCODER,
    "camembert": ENCODER,
    "albert": {**ENCODER, "embedding_size": 16},
    "xlnet": {"d_model": 32, "n_layer": 2, "n_head": 2, "d_inner": 37},
    "gpt2": {"n_embd": 32, "n_layer": 2, "n_head": 2},
    "gpt_neo": {"hidden_size": 32, "num_layers": 2, "num_heads": 2, "intermediate_size": 37,
                "attention_types": [[["global", "local"], 1]]},
    "t5": T5,
    "mt5": T5,
    "bart": SEQ2SEQ,
    "llama": DECODER,
    "qwen2": DECODER,
    "qwen3": {**DECODER, "head_dim": 16},
    "whisper": {**SEQ2SEQ, "encoder_layers": 1, "decoder_layers": 1},
    "wav2vec2": SPEECH,
    "hubert": SPEECH,
    "vit": ENCODER,
    "vits": {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2, "ffn_dim": 37,
             "flow_size": 32, "spectrogram_bins": 65, "upsample_initial_channel": 32,
             "duration_predictor_filter_channels": 32, "prior_encoder_num_wavenet_layers": 2,
             "posterior_encoder_num_wavenet_layers": 2, "depth_separable_channels": 2},
    "deberta-v2": ENCODER,
    "marian": SEQ2SEQ,
    "speecht5": {"hidden_size": 32, "encoder_layers": 2, "decoder_layers": 2,
                 "encoder_attention_heads": 2, "decoder_attention_heads": 2,
                 "encoder_ffn_dim": 37, "decoder_ffn_dim": 37, "conv_dim": [16] * 7,
                 "num_conv_pos_embeddings": 16, "num_conv_pos_embedding_groups": 2,
                 "speech_decoder_prenet_units": 32, "speech_decoder_postnet_units": 32,
                 "speech_decoder_postnet_layers": 2},
    "speecht5_hifigan": {"upsample_initial_channel": 32, "upsample_rates": [4, 4, 4, 4],
                         "upsample_kernel_sizes": [8, 8, 8, 8]},
}
"""Architecture -> the size and depth keys its stand-in replaces (nothing else)."""
MAX_LENGTH = {"gpt2": 1024, "gpt_neo": 2048, "llama": 2048, "qwen2": 2048, "qwen3": 2048,
              "whisper": 448, "xlnet": 1000000,
              "roberta": 512, "xlm-roberta": 512, "camembert": 512, "bart": 1024,
              "speecht5": 600, "clap": 512}
HEADS = {
    "base": "MODEL_MAPPING_NAMES",
    "masked-lm": "MODEL_FOR_MASKED_LM_MAPPING_NAMES",
    "causal-lm": "MODEL_FOR_CAUSAL_LM_MAPPING_NAMES",
    "seq2seq-lm": "MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES",
    "sequence-classification": "MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING_NAMES",
    "token-classification": "MODEL_FOR_TOKEN_CLASSIFICATION_MAPPING_NAMES",
    "question-answering": "MODEL_FOR_QUESTION_ANSWERING_MAPPING_NAMES",
    "speech-seq2seq": "MODEL_FOR_SPEECH_SEQ_2_SEQ_MAPPING_NAMES",
    "ctc": "MODEL_FOR_CTC_MAPPING_NAMES",
    "audio-classification": "MODEL_FOR_AUDIO_CLASSIFICATION_MAPPING_NAMES",
    "image-classification": "MODEL_FOR_IMAGE_CLASSIFICATION_MAPPING_NAMES",
    "text-to-waveform": "MODEL_FOR_TEXT_TO_WAVEFORM_MAPPING_NAMES",
    "text-to-spectrogram": "MODEL_FOR_TEXT_TO_SPECTROGRAM_MAPPING_NAMES",
}
"""Head -> the table of ``transformers.models.auto.modeling_auto`` naming its model class
per architecture (names only: readable without PyTorch, in the TensorFlow kernel)."""
UNMAPPED = {("speech-to-speech", "speecht5"): "SpeechT5ForSpeechToSpeech",
            ("vocoder", "speecht5_hifigan"): "SpeechT5HifiGan"}
"""Model classes no auto table names: SpeechT5's voice conversion and its HiFi-GAN vocoder."""


def model_class_name(head: str, model_type: str) -> str:
    if (head, model_type) in UNMAPPED:
        return UNMAPPED[head, model_type]
    from transformers.models.auto import modeling_auto  # type: ignore[import-not-found, import-untyped, unused-ignore]

    name = getattr(modeling_auto, HEADS[head])[model_type]
    return str(name[0] if isinstance(name, tuple | list) else name)
