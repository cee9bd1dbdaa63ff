"""The real architecture of a stand-in's family, without a download: its configuration,
the widths a stand-in shrinks, and its vocabulary's size. Both the builder
(:mod:`.models`) and the fidelity check (:mod:`.fidelity`) compare against it."""

from __future__ import annotations

from typing import Any

from . import composite
from .architectures import SIZES

CONFIG_CLASSES = {"speecht5_hifigan": "SpeechT5HifiGanConfig"}


def real_config(spec: dict[str, Any], **overrides: Any) -> Any:
    """The real architecture's configuration, no download: its class defaults with the
    family's ``config`` facts (where the real checkpoint differs from them), and
    ``overrides``. A composite model's is that of its text model."""
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    arch = str(spec["architecture"])
    options = {**spec.get("config", {}), **overrides}
    if arch in composite.COMPOSITE:
        return composite.text_config(arch, **options)
    if arch in CONFIG_CLASSES:  # not in every version's AutoConfig table
        return getattr(transformers, CONFIG_CLASSES[arch])(**options)
    return transformers.AutoConfig.for_model(arch, **options)


def real_widths(spec: dict[str, Any]) -> dict[str, Any]:
    """The real values of the keys the stand-in shrinks, for verification to build the
    real architecture when it must tell a stand-in's error from the real model's (none
    for a composite model, whose parts shrink in nested configurations)."""
    arch = str(spec["architecture"])
    if arch in composite.COMPOSITE or arch not in SIZES:
        return {}
    config = real_config(spec)
    return {key: getattr(config, key) for key in SIZES[arch] if hasattr(config, key)}


def vocabulary_size(spec: dict[str, Any]) -> int:
    """The length of the real tokenizer: the family's ``vocabulary`` fact, or the
    model's vocabulary size."""
    return int(spec.get("vocabulary") or real_config(spec).vocab_size)
