"""Tokenizers of each kind, made with the ``tokenizers`` library and saved by transformers.

``wordpiece-uncased`` uses the real bert-base-uncased vocabulary (from the MiniLM
wheel) and ``wordpiece-cased`` a cased one of bert-base-cased's size; the others
(byte-level BPE, Unigram from a SentencePiece model, CTC characters) are trained
offline on generated text. Each is saved through ``PreTrainedTokenizerFast`` and names the
architecture's own tokenizer class, which is what ``AutoTokenizer`` then loads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import corpus, sentencepiece_files
from .vocab import cased_vocab, uncased_vocab

CLASS = {
    "bert": "BertTokenizer", "distilbert": "DistilBertTokenizer", "electra": "ElectraTokenizer",
    "roberta": "RobertaTokenizer", "bart": "BartTokenizer", "gpt2": "GPT2Tokenizer",
    "t5": "T5Tokenizer", "mt5": "T5Tokenizer", "xlm-roberta": "XLMRobertaTokenizer",
    "camembert": "CamembertTokenizer", "albert": "AlbertTokenizer", "xlnet": "XLNetTokenizer",
    "llama": "PreTrainedTokenizerFast", "qwen2": "Qwen2Tokenizer",
    "whisper": "WhisperTokenizer", "wav2vec2": "Wav2Vec2CTCTokenizer",
    "hubert": "Wav2Vec2CTCTokenizer", "vits": "VitsTokenizer",
    "deberta-v2": "DebertaV2Tokenizer", "bark": "BertTokenizer", "musicgen": "T5Tokenizer",
    "clap": "RobertaTokenizer",
}
CHAT_TEMPLATE = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + "
    "message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}"
    "{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
BPE_SIZE = 2000
CTC_LETTERS = ["'", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
VITS_CHARACTERS = [*" '-.,!?", *"abcdefghijklmnopqrstuvwxyz", *"äöüßéèàçñ"]


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


def _bpe(specials: list[str]) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=BPE_SIZE, special_tokens=specials, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(_lines(), trainer)
    return tok


def _unigram(specials: list[str], unk: str, lowercase: bool = False) -> Any:
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers  # type: ignore[import-not-found, import-untyped, unused-ignore]

    lines = [line.lower() for line in _lines()] if lowercase else _lines()
    vocab = [(token, 0.0) for token in specials]
    vocab += [(piece, score) for piece, score in sentencepiece_files.unigram_pieces(lines)
              if piece not in specials]
    tok = Tokenizer(models.Unigram(vocab, unk_id=specials.index(unk)))
    steps = [normalizers.NFKC(), normalizers.Replace("``", '"')]
    if lowercase:
        steps.append(normalizers.Lowercase())
    tok.normalizer = normalizers.Sequence(steps)
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    tok.add_special_tokens(specials)
    return tok


def _template(tok: Any, single: str, pair: str) -> None:
    from tokenizers import processors  # type: ignore[import-not-found, import-untyped, unused-ignore]

    names = {t for t in (single + " " + pair).split() if not t.startswith("$")}
    names = {n.split(":")[0] for n in names}
    tok.post_processor = processors.TemplateProcessing(
        single=single, pair=pair, special_tokens=[(n, tok.token_to_id(n)) for n in sorted(names)])


def _whisper_specials() -> list[str]:
    from transformers.models.whisper.tokenization_whisper import LANGUAGES  # type: ignore[import-not-found, import-untyped, unused-ignore]

    specials = ["<|endoftext|>", "<|startoftranscript|>"]
    specials += [f"<|{code}|>" for code in LANGUAGES]
    specials += ["<|translate|>", "<|transcribe|>", "<|startoflm|>", "<|startofprev|>",
                 "<|nocaptions|>", "<|notimestamps|>"]
    return specials


def _make(architecture: str, kind: str, wheel: Path) -> tuple[Any, dict[str, Any]]:
    """The ``tokenizers`` object and the keyword arguments of the transformers wrapper."""
    if kind in ("wordpiece-uncased", "wordpiece-cased"):
        cased = kind == "wordpiece-cased"
        tok = _wordpiece(cased_vocab(wheel) if cased else uncased_vocab(wheel), not cased)
        return tok, {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]",
                     "cls_token": "[CLS]", "mask_token": "[MASK]", "do_lower_case": not cased}
    if kind == "bpe":
        if architecture in ("roberta", "bart", "clap"):
            from tokenizers import processors

            tok = _bpe(["<s>", "<pad>", "</s>", "<unk>", "<mask>"])
            tok.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0),
                                                              trim_offsets=True)
            return tok, {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>",
                         "cls_token": "<s>", "unk_token": "<unk>", "pad_token": "<pad>",
                         "mask_token": "<mask>"}
        if architecture in ("llama", "qwen2"):
            tok = _bpe(["<|endoftext|>", "<|im_start|>", "<|im_end|>"])
            return tok, {"bos_token": None, "eos_token": "<|im_end|>",
                         "pad_token": "<|endoftext|>", "unk_token": None,
                         "chat_template": CHAT_TEMPLATE}
        if architecture == "whisper":
            specials = _whisper_specials()
            tok = _bpe(specials)
            stamps = [f"<|{i * 0.02:.2f}|>" for i in range(1501)]
            from tokenizers import AddedToken

            tok.add_tokens([AddedToken(s, special=False, normalized=False) for s in stamps])
            return tok, {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>",
                         "unk_token": "<|endoftext|>", "pad_token": "<|endoftext|>",
                         "additional_special_tokens": specials[1:]}
        tok = _bpe(["<|endoftext|>"])
        return tok, {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>",
                     "unk_token": "<|endoftext|>"}
    if kind == "unigram":
        if architecture in ("t5", "mt5", "musicgen"):
            extra = [f"<extra_id_{i}>" for i in range(100)]
            tok = _unigram(["<pad>", "</s>", "<unk>"], "<unk>")
            tok.add_special_tokens(list(reversed(extra)))
            _template(tok, "$A </s>", "$A </s> $B </s>")
            return tok, {"eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>",
                         "additional_special_tokens": extra, "extra_ids": 100}
        if architecture == "albert":
            tok = _unigram(["<pad>", "<unk>", "[CLS]", "[SEP]", "[MASK]"], "<unk>",
                           lowercase=True)
            _template(tok, "[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1")
            return tok, {"bos_token": "[CLS]", "eos_token": "[SEP]", "unk_token": "<unk>",
                         "sep_token": "[SEP]", "pad_token": "<pad>", "cls_token": "[CLS]",
                         "mask_token": "[MASK]", "do_lower_case": True}
        if architecture == "deberta-v2":
            tok = _unigram(["[PAD]", "[CLS]", "[SEP]", "[UNK]"], "[UNK]")
            tok.add_special_tokens(["[MASK]"])
            _template(tok, "[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1")
            return tok, {"bos_token": "[CLS]", "eos_token": "[SEP]", "unk_token": "[UNK]",
                         "sep_token": "[SEP]", "pad_token": "[PAD]", "cls_token": "[CLS]",
                         "mask_token": "[MASK]"}
        if architecture == "xlnet":
            tok = _unigram(["<unk>", "<s>", "</s>", "<cls>", "<sep>", "<pad>", "<mask>"], "<unk>")
            _template(tok, "$A:0 <sep>:0 <cls>:2", "$A:0 <sep>:0 $B:1 <sep>:1 <cls>:2")
            return tok, {"bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>",
                         "sep_token": "<sep>", "pad_token": "<pad>", "cls_token": "<cls>",
                         "mask_token": "<mask>", "padding_side": "left"}
        tok = _unigram(["<s>", "<pad>", "</s>", "<unk>"], "<unk>")
        tok.add_special_tokens(["<mask>"])
        _template(tok, "<s> $A </s>", "<s> $A </s> </s> $B </s>")
        return tok, {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>",
                     "cls_token": "<s>", "unk_token": "<unk>", "pad_token": "<pad>",
                     "mask_token": "<mask>"}
    raise ValueError(f"unknown tokenizer kind {kind!r} for {architecture}")


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


def _save_vits(folder: Path) -> Any:
    """A character vocabulary as MMS text-to-speech checkpoints have (no phonemizer)."""
    import transformers

    vocab = {"<pad>": 0, "<unk>": 1}
    for char in VITS_CHARACTERS:
        vocab[char] = len(vocab)
    path = folder / "vocab.json"
    path.write_text(json.dumps(vocab, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    tokenizer = transformers.VitsTokenizer(str(path), phonemize=False, normalize=True,
                                           add_blank=True)
    tokenizer.save_pretrained(str(folder))
    return tokenizer


def save_tokenizer(architecture: str, kind: str, folder: Path, wheel: Path,
                   max_length: int) -> Any:
    """Write the tokenizer files into ``folder``; return the loaded tokenizer."""
    import transformers

    if kind == "chars":
        return _save_ctc(folder)
    if kind == "vits-chars":
        return _save_vits(folder)
    if kind == "spm-unigram":
        return sentencepiece_files.save_marian(folder, max_length)
    if kind == "spm-chars":
        return sentencepiece_files.save_speecht5(folder, max_length)
    tok, options = _make(architecture, kind, wheel)
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
