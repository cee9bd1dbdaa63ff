"""SentencePiece models trained on the generated text of ``corpus``: the files that
Marian (``source.spm``, ``target.spm`` and its own ``vocab.json``) and SpeechT5 (a
character model, ``spm_char.model``) ship, and the pieces and scores of every other
Unigram tokenizer.

The ``sentencepiece`` trainer runs on one thread, so the same text gives the same
bytes (the ``tokenizers`` Unigram trainer does not: its result varies from run to run).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from . import corpus
from .layouts import fillers

UNIGRAM_SIZE = 1000
"""Asked for; the generated text yields fewer pieces, and the trainer keeps what it finds."""


def train(model_type: str, special_ids: dict[str, int], lines: list[str] | None = None,
          normalization: str = "nmt_nfkc") -> bytes:
    """A serialised SentencePiece model (``unigram`` or ``char``)."""
    import sentencepiece  # type: ignore[import-not-found, import-untyped, unused-ignore]

    out = io.BytesIO()
    ids = {"bos_id": -1, "eos_id": -1, "pad_id": -1, **special_ids}
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines or corpus.training_text()), model_writer=out,
        model_type=model_type, vocab_size=UNIGRAM_SIZE if model_type == "unigram" else 100,
        hard_vocab_limit=False, num_threads=1, character_coverage=1.0, minloglevel=2,
        normalization_rule_name=normalization, **ids)
    return out.getvalue()


def unigram_pieces(lines: list[str]) -> list[tuple[str, float]]:
    """The pieces of a Unigram model trained on ``lines``, with their log probabilities
    (no special tokens; text is taken as it is, the tokenizer normalises it first)."""
    import sentencepiece

    processor = sentencepiece.SentencePieceProcessor(
        model_proto=train("unigram", {"unk_id": 0}, lines, normalization="identity"))
    return [(processor.id_to_piece(i), processor.get_score(i))
            for i in range(processor.get_piece_size())
            if not (processor.is_control(i) or processor.is_unknown(i))]


def save_marian(folder: Path, max_length: int, size: int) -> Any:
    """``source.spm`` = ``target.spm`` (one joint model, as most opus-mt pairs) and the
    id table of ``size`` entries: ``</s>`` 0, ``<unk>`` 1, the pieces, fillers, ``<pad>``
    last."""
    import sentencepiece
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    model = train("unigram", {"unk_id": 0, "eos_id": 1})
    for name in ("source.spm", "target.spm"):
        (folder / name).write_bytes(model)
    processor = sentencepiece.SentencePieceProcessor(model_proto=model)
    vocab = {"</s>": 0, "<unk>": 1}
    for i in range(processor.get_piece_size()):
        if not (processor.is_control(i) or processor.is_unknown(i)):
            vocab.setdefault(processor.id_to_piece(i), len(vocab))
    for filler in fillers(size - len(vocab) - 1):
        vocab[filler] = len(vocab)
    vocab["<pad>"] = len(vocab)
    (folder / "vocab.json").write_text(json.dumps(vocab, indent=2, ensure_ascii=False) + "\n",
                                       encoding="utf-8")
    tokenizer = transformers.MarianTokenizer(
        str(folder / "source.spm"), str(folder / "target.spm"), str(folder / "vocab.json"),
        source_lang="en", target_lang="fr", model_max_length=max_length)
    tokenizer.save_pretrained(str(folder))
    return transformers.AutoTokenizer.from_pretrained(str(folder))


def save_speecht5(folder: Path, max_length: int) -> Any:
    """A character model with SpeechT5's ids (``<s>`` 0, ``<pad>`` 1, ``</s>`` 2,
    ``<unk>`` 3), then ``<mask>`` and ``<ctc_blank>`` as added tokens: 81 in all, as the
    real one, from the 75 characters of ``corpus.CHARS`` (others are read as unknown)."""
    import transformers

    path = folder / "spm_char.model"
    known = set(corpus.CHARS)
    lines = ["".join(c if c in known else " " for c in line) for line in corpus.training_text()]
    path.write_bytes(train("char", {"bos_id": 0, "pad_id": 1, "eos_id": 2, "unk_id": 3}, lines))
    tokenizer = transformers.SpeechT5Tokenizer(str(path), model_max_length=max_length)
    tokenizer.add_special_tokens({"mask_token": transformers.AddedToken(
        "<mask>", lstrip=True, rstrip=False)})
    tokenizer.add_tokens(["<ctc_blank>"])
    tokenizer.save_pretrained(str(folder))
    return transformers.AutoTokenizer.from_pretrained(str(folder))
