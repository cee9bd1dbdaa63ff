"""Tokenizers of each kind, made with the ``tokenizers`` library and saved by transformers.

``wordpiece-uncased`` uses the real bert-base-uncased vocabulary (from the MiniLM
wheel) and ``wordpiece-cased`` a cased one of bert-base-cased's size; the others
(byte-level BPE, Unigram from a SentencePiece model, CTC characters) are trained
offline on generated text. Each is padded to the real tokenizer's length, with the
special tokens where the real one has them (see ``layouts``), saved through
``PreTrainedTokenizerFast``, and names the architecture's own tokenizer class, which is
what ``AutoTokenizer`` then loads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import corpus, sentencepiece_files
from .layouts import Layout, bpe_layout, fillers, unigram_layout
from .vocab import cased_vocab, uncased_vocab

CLASS = {
    "bert": "BertTokenizer", "distilbert": "DistilBertTokenizer", "electra": "ElectraTokenizer",
    "roberta": "RobertaTokenizer", "bart": "BartTokenizer", "gpt2": "GPT2Tokenizer",
    "gpt_neo": "GPT2Tokenizer",
    "t5": "T5Tokenizer", "mt5": "T5Tokenizer", "xlm-roberta": "XLMRobertaTokenizer",
    "camembert": "CamembertTokenizer", "albert": "AlbertTokenizer", "xlnet": "XLNetTokenizer",
    "llama": "PreTrainedTokenizerFast", "qwen2": "Qwen2Tokenizer", "qwen3": "Qwen2Tokenizer",
    "whisper": "WhisperTokenizer", "wav2vec2": "Wav2Vec2CTCTokenizer",
    "hubert": "Wav2Vec2CTCTokenizer", "vits": "VitsTokenizer",
    "deberta-v2": "DebertaV2Tokenizer", "bark": "BertTokenizer", "musicgen": "T5Tokenizer",
    "clap": "RobertaTokenizer",
}
BPE_SIZE = 2000
CTC_LETTERS = ["'", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
VITS_CHARACTERS = [*" '-.,!?", *"abcdefghijklmnopqrstuvwxyz"]


def _lines() -> list[str]:
    return corpus.training_text()


def _wordpiece(vocab: list[str], lowercase: bool) -> Any:
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors  # type: ignore[import-not-found, import-untyped, unused-ignore]

    ids = {tok: i for i, tok in enumerate(vocab)}
    tok = Tokenizer(models.WordPiece(ids, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=lowercase)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(prefix="##")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])])
    return tok


def _padding(layout: Layout, trained: int, size: int) -> list[str]:
    """Filler pieces between the ``trained`` ones and the layout's tail."""
    missing = size - trained - len(layout.tail)
    if missing < 0:
        raise ValueError(f"{trained} trained pieces and {len(layout.tail)} special tokens "
                         f"do not fit a vocabulary of {size}")
    return fillers(missing)


def _bpe(layout: Layout, size: int) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    trainer = trainers.BpeTrainer(
        vocab_size=BPE_SIZE, special_tokens=list(layout.head), show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(_lines(), trainer)
    data = json.loads(tok.to_str())
    vocab: dict[str, int] = data["model"]["vocab"]
    for piece in _padding(layout, len(vocab), size) + list(layout.tail):
        vocab[piece] = len(vocab)
    tok = Tokenizer.from_str(json.dumps(data))
    tok.decoder = decoders.ByteLevel()
    return tok


def _unigram(layout: Layout, size: int) -> Any:
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    lines = [line.lower() for line in _lines()] if layout.lowercase else _lines()
    specials = set(layout.head) | set(layout.tail)
    pieces = [(piece, score) for piece, score in sentencepiece_files.unigram_pieces(lines)
              if piece not in specials]
    low = min(score for _, score in pieces) - 1.0
    vocab = [(token, 0.0) for token in layout.head] + pieces
    vocab += [(piece, low) for piece in _padding(layout, len(vocab), size)]
    vocab += [(token, 0.0) for token in layout.tail]
    unk = next(t for t in layout.head if t.lower() in ("<unk>", "[unk]"))
    tok = Tokenizer(models.Unigram(vocab, unk_id=layout.head.index(unk)))
    steps = [normalizers.NFKC(), normalizers.Replace("``", '"')]
    if layout.lowercase:
        steps.append(normalizers.Lowercase())
    tok.normalizer = normalizers.Sequence(steps)
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    return tok


def _frame(tok: Any, layout: Layout) -> None:
    """Mark the layout's special tokens, and add them around a sequence as it does."""
    from tokenizers import AddedToken, processors  # type: ignore[import-not-found, import-untyped, unused-ignore]

    plain = layout.tail[len(layout.tail) - layout.plain_tail:] if layout.plain_tail else ()
    tok.add_special_tokens([t for t in (*layout.head, *layout.tail) if t not in plain])
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in plain])
    if layout.template is not None:
        single, pair = layout.template
        names = {t.split(":")[0] for t in f"{single} {pair}".split() if not t.startswith("$")}
        tok.post_processor = processors.TemplateProcessing(
            single=single, pair=pair,
            special_tokens=[(n, tok.token_to_id(n)) for n in sorted(names)])
    elif layout.head[:1] == ("<s>",):
        tok.post_processor = processors.RobertaProcessing(
            ("</s>", tok.token_to_id("</s>")), ("<s>", tok.token_to_id("<s>")), trim_offsets=True)


def _make(architecture: str, kind: str, wheel: Path, size: int) -> tuple[Any, dict[str, Any]]:
    """The ``tokenizers`` object and the keyword arguments of the transformers wrapper."""
    if kind in ("wordpiece-uncased", "wordpiece-cased"):
        cased = kind == "wordpiece-cased"
        vocab = cased_vocab(wheel) if cased else uncased_vocab(wheel)
        tok = _wordpiece(vocab + fillers(size - len(vocab)), not cased)
        return tok, {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]",
                     "cls_token": "[CLS]", "mask_token": "[MASK]", "do_lower_case": not cased}
    if kind == "bpe":
        layout = bpe_layout(architecture)
        tok = _bpe(layout, size)
    elif kind == "unigram":
        layout = unigram_layout(architecture)
        tok = _unigram(layout, size)
    else:
        raise ValueError(f"unknown tokenizer kind {kind!r} for {architecture}")
    _frame(tok, layout)
    return tok, dict(layout.options)


def _save_ctc(folder: Path) -> Any:
    import transformers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    vocab = {"<pad>": 0, "<s>": 1, "</s>": 2, "<unk>": 3, "|": 4}
    for letter in CTC_LETTERS:
        vocab[letter] = len(vocab)
    path = folder / "vocab.json"
    path.write_text(json.dumps(vocab, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tokenizer = transformers.Wav2Vec2CTCTokenizer(
        str(path), unk_token="<unk>", pad_token="<pad>", word_delimiter_token="|",
        do_lower_case=False)
    tokenizer.save_pretrained(str(folder))
    return tokenizer


def _save_vits(folder: Path, size: int) -> Any:
    """A character vocabulary as MMS text-to-speech checkpoints have (no phonemizer)."""
    import transformers

    vocab = {"<pad>": 0, "<unk>": 1}
    for char in VITS_CHARACTERS + fillers(size - len(VITS_CHARACTERS) - len(vocab)):
        vocab[char] = len(vocab)
    path = folder / "vocab.json"
    path.write_text(json.dumps(vocab, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    tokenizer = transformers.VitsTokenizer(str(path), phonemize=False, normalize=True,
                                           add_blank=True)
    tokenizer.save_pretrained(str(folder))
    return tokenizer


def save_tokenizer(architecture: str, kind: str, folder: Path, wheel: Path,
                   max_length: int, size: int) -> Any:
    """Write the tokenizer files into ``folder``; return the loaded tokenizer, of ``size``
    tokens (a CTC vocabulary has its real size already)."""
    import transformers

    if kind == "chars":
        return _save_ctc(folder)
    if kind == "vits-chars":
        return _save_vits(folder, size)
    if kind == "spm-unigram":
        return sentencepiece_files.save_marian(folder, max_length, size)
    if kind == "spm-chars":
        return sentencepiece_files.save_speecht5(folder, max_length)
    tok, options = _make(architecture, kind, wheel, size)
    chat = options.pop("chat_template", None)
    wrapper = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, model_max_length=max_length,
        **{k: v for k, v in options.items() if v is not None})
    if chat:
        wrapper.chat_template = chat
    wrapper.save_pretrained(str(folder))
    config_file = folder / "tokenizer_config.json"
    config = json.loads(config_file.read_text(encoding="utf-8"))
    config["tokenizer_class"] = CLASS[architecture]
    config.update({k: v for k, v in options.items() if k in ("do_lower_case", "extra_ids")})
    config_file.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if kind.startswith("wordpiece"):
        vocab = [t for t, _ in sorted(tok.get_vocab().items(), key=lambda item: item[1])]
        (folder / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    return transformers.AutoTokenizer.from_pretrained(str(folder))
