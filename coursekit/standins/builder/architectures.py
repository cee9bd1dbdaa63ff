"""Tiny configurations, one per architecture, and the model class of each head.

Sizes are the smallest that keep the library's own shape checks happy: hidden size
32, two layers. Special token ids follow each architecture's real layout.
"""

from __future__ import annotations

from typing import Any

ENCODER = {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2,
           "intermediate_size": 37}
SPEECH = {**ENCODER, "conv_dim": [16] * 7, "num_conv_pos_embeddings": 16,
          "num_conv_pos_embedding_groups": 2, "vocab_size": 32, "pad_token_id": 0,
          "do_stable_layer_norm": False, "feat_extract_norm": "group"}
CONFIGS: dict[str, dict[str, Any]] = {
    "bert": {**ENCODER, "max_position_embeddings": 512},
    "electra": {**ENCODER, "embedding_size": 32, "max_position_embeddings": 512},
    "distilbert": {"dim": 32, "n_layers": 2, "n_heads": 2, "hidden_dim": 37,
                   "max_position_embeddings": 512},
    "roberta": {**ENCODER, "max_position_embeddings": 514, "type_vocab_size": 1,
                "pad_token_id": 1, "bos_token_id": 0, "eos_token_id": 2},
    "xlm-roberta": {**ENCODER, "max_position_embeddings": 514, "type_vocab_size": 1,
                    "pad_token_id": 1, "bos_token_id": 0, "eos_token_id": 2},
    "camembert": {**ENCODER, "max_position_embeddings": 514, "type_vocab_size": 1,
                  "pad_token_id": 1, "bos_token_id": 0, "eos_token_id": 2},
    "albert": {**ENCODER, "embedding_size": 16, "max_position_embeddings": 512,
               "pad_token_id": 0, "bos_token_id": 2, "eos_token_id": 3},
    "xlnet": {"d_model": 32, "n_layer": 2, "n_head": 2, "d_inner": 37, "pad_token_id": 5,
              "bos_token_id": 1, "eos_token_id": 2},
    "gpt2": {"n_embd": 32, "n_layer": 2, "n_head": 2, "n_positions": 1024},
    "t5": {"d_model": 32, "d_ff": 37, "d_kv": 16, "num_layers": 2, "num_decoder_layers": 2,
           "num_heads": 2, "pad_token_id": 0, "eos_token_id": 1, "decoder_start_token_id": 0},
    "mt5": {"d_model": 32, "d_ff": 37, "d_kv": 16, "num_layers": 2, "num_decoder_layers": 2,
            "num_heads": 2, "pad_token_id": 0, "eos_token_id": 1, "decoder_start_token_id": 0},
    "bart": {"d_model": 32, "encoder_layers": 2, "decoder_layers": 2,
             "encoder_attention_heads": 2, "decoder_attention_heads": 2,
             "encoder_ffn_dim": 37, "decoder_ffn_dim": 37, "max_position_embeddings": 1024,
             "pad_token_id": 1, "bos_token_id": 0, "eos_token_id": 2,
             "decoder_start_token_id": 2, "forced_eos_token_id": 2},
    "llama": {"hidden_size": 32, "intermediate_size": 37, "num_hidden_layers": 2,
              "num_attention_heads": 2, "num_key_value_heads": 1,
              "max_position_embeddings": 2048, "tie_word_embeddings": True},
    "qwen2": {"hidden_size": 32, "intermediate_size": 37, "num_hidden_layers": 2,
              "num_attention_heads": 2, "num_key_value_heads": 1,
              "max_position_embeddings": 2048, "tie_word_embeddings": True},
    "whisper": {"d_model": 32, "encoder_layers": 1, "decoder_layers": 1,
                "encoder_attention_heads": 2, "decoder_attention_heads": 2,
                "encoder_ffn_dim": 37, "decoder_ffn_dim": 37, "num_mel_bins": 80,
                "max_source_positions": 1500, "max_target_positions": 448},
    "wav2vec2": dict(SPEECH),
    "hubert": dict(SPEECH),
    "vit": {**ENCODER, "image_size": 224, "patch_size": 16},
    "vits": {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2, "ffn_dim": 37,
             "flow_size": 32, "spectrogram_bins": 65, "upsample_initial_channel": 32,
             "duration_predictor_filter_channels": 32, "prior_encoder_num_wavenet_layers": 2,
             "posterior_encoder_num_wavenet_layers": 2, "depth_separable_channels": 2},
    "deberta-v2": {**ENCODER, "max_position_embeddings": 512, "relative_attention": True,
                   "pos_att_type": ["p2c", "c2p"], "position_buckets": 256,
                   "position_biased_input": False, "norm_rel_ebd": "layer_norm",
                   "share_att_key": True, "type_vocab_size": 0, "pad_token_id": 0},
    "marian": {"d_model": 32, "encoder_layers": 2, "decoder_layers": 2,
               "encoder_attention_heads": 2, "decoder_attention_heads": 2,
               "encoder_ffn_dim": 37, "decoder_ffn_dim": 37, "max_position_embeddings": 512,
               "scale_embedding": True},
    "speecht5": {"hidden_size": 32, "encoder_layers": 2, "decoder_layers": 2,
                 "encoder_attention_heads": 2, "decoder_attention_heads": 2,
                 "encoder_ffn_dim": 37, "decoder_ffn_dim": 37, "conv_dim": [16] * 7,
                 "num_conv_pos_embeddings": 16, "num_conv_pos_embedding_groups": 2,
                 "speech_decoder_prenet_units": 32, "speech_decoder_postnet_units": 32,
                 "speech_decoder_postnet_layers": 2, "num_mel_bins": 80,
                 "speaker_embedding_dim": 512, "reduction_factor": 2},
    "speecht5_hifigan": {"model_in_dim": 80, "sampling_rate": 16000,
                         "upsample_initial_channel": 32, "upsample_rates": [4, 4, 4, 4],
                         "upsample_kernel_sizes": [8, 8, 8, 8]},
}
MAX_LENGTH = {"gpt2": 1024, "llama": 2048, "qwen2": 2048, "whisper": 448, "xlnet": 1000000,
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
