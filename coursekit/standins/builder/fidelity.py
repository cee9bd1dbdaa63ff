"""What a lesson can observe of a stand-in, compared with the real architecture.

The real architecture is its configuration class's defaults (no download) with the
family's ``config`` facts; a stand-in may differ from it in hidden sizes and depth
only. The builder checks every model it makes, and the tests check the built ones.
"""

from __future__ import annotations

from typing import Any

from .real import real_config, vocabulary_size

IDENTITY = ("vocab_size", "max_position_embeddings", "n_positions", "type_vocab_size",
            "max_source_positions", "max_target_positions", "max_text_positions",
            "pad_token_id", "bos_token_id", "eos_token_id", "decoder_start_token_id")
"""Configuration keys a lesson can observe (in shapes, ids and limits)."""
ROLES = ("pad", "bos", "eos")
BARK_SEMANTIC_INPUT = 129_600
"""The ids Bark's semantic model reads in the real checkpoints: its 10,048 semantic ids,
the 119,547 of the multilingual BERT tokenizer its text goes through, then its markers."""
TEXT_MODEL = {"musicgen": "text_encoder", "clap": "text_config"}
"""Composite architectures: the attribute that holds the text model's configuration."""


def _observed(config: Any) -> dict[str, Any]:
    return {key: getattr(config, key) for key in IDENTITY if hasattr(config, key)}


def config_differences(spec: dict[str, Any], config: Any, real: Any) -> list[str]:
    """The stand-in ``config``'s observable values that are not the ``real`` ones."""
    arch = str(spec["architecture"])
    if arch == "bark":  # no text model inside: what shows is the semantic model's input
        size = config.semantic_config.input_vocab_size
        return ([] if size == BARK_SEMANTIC_INPUT else
                [f"the semantic model reads {size} ids, the real one {BARK_SEMANTIC_INPUT}"])
    if arch in TEXT_MODEL:
        config = getattr(config, TEXT_MODEL[arch])
    found, expected = _observed(config), _observed(real)
    out = [f"{key} is {found.get(key)!r}, the real architecture's {value!r}"
           for key, value in expected.items() if found.get(key) != value]
    labels = spec.get("labels")
    if labels and [config.id2label[i] for i in sorted(config.id2label)] != list(labels):
        out.append(f"labels are {config.id2label!r}, the real ones {labels!r}")
    return out


def tokenizer_differences(tokenizer: Any, real: Any, size: int) -> list[str]:
    """The stand-in ``tokenizer``'s length and special token ids that are not the real ones
    (``size``: the real tokenizer's length)."""
    out = []
    if len(tokenizer) != size:
        out.append(f"the tokenizer has {len(tokenizer)} tokens, the real one {size}")
    for role in ROLES:
        mine, theirs = getattr(tokenizer, f"{role}_token_id", None), getattr(
            real, f"{role}_token_id", None)
        if mine is not None and theirs is not None and mine != theirs:
            out.append(f"the tokenizer's {role} token is id {mine}, the model's {theirs}")
    return out


def differences(spec: dict[str, Any], config: Any, tokenizer: Any) -> list[str]:
    """Every observable difference between a stand-in (``config``, ``tokenizer`` or
    ``None``) and the real architecture of its catalog ``spec``."""
    real = real_config(spec)
    out = config_differences(spec, config, real)
    if tokenizer is not None:
        out += tokenizer_differences(tokenizer, real, vocabulary_size(spec))
    return out
