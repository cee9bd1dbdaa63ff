"""Where each architecture's tokenizer keeps its special tokens, as the real one does.

A synthetic vocabulary is trained on a little generated text, far smaller than the
real one; it is padded with filler pieces up to the real size, so that the special
tokens sit at their real ids (``<|endoftext|>`` at 50,256 in GPT-2, ``<mask>`` last in
RoBERTa) and ids from the real tokenizer never overflow the stand-in's embeddings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHAT_TEMPLATE = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + "
    "message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}"
    "{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
WHISPER_LANGUAGES = 99
"""Languages of the multilingual Whisper checkpoints before large-v3 (which adds Cantonese
and a vocabulary one longer)."""
QWEN_TAIL = ("<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>",
             "<|object_ref_end|>", "<|box_start|>", "<|box_end|>", "<|quad_start|>",
             "<|quad_end|>", "<|vision_start|>", "<|vision_end|>", "<|vision_pad|>",
             "<|image_pad|>", "<|video_pad|>", "<tool_call>", "</tool_call>", "<|fim_prefix|>",
             "<|fim_middle|>", "<|fim_suffix|>", "<|fim_pad|>", "<|repo_name|>", "<|file_sep|>")
QWEN3_TAIL = ("<tool_response>", "</tool_response>", "<think>", "</think>")
"""Qwen3's tokenizer adds these after Qwen2.5's, as ordinary (not special) tokens."""
ROBERTA_OPTIONS = {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>",
                   "cls_token": "<s>", "unk_token": "<unk>", "pad_token": "<pad>",
                   "mask_token": "<mask>"}
EXTRA_IDS = tuple(f"<extra_id_{i}>" for i in range(100))


@dataclass(frozen=True, slots=True)
class Layout:
    """A tokenizer's special tokens and how it frames a sequence."""

    head: tuple[str, ...]
    """Special tokens at ids 0, 1, ..., before the trained pieces."""
    tail: tuple[str, ...] = ()
    """Special tokens that end the vocabulary (after the filler pieces)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Keyword arguments of the transformers wrapper (the special tokens by role)."""
    template: tuple[str, str] | None = None
    """The post-processor's single and pair templates; ``None``: RoBERTa's for a
    layout whose head starts with ``<s>``, none otherwise."""
    plain_tail: int = 0
    """How many of the tail's last tokens are ordinary added tokens (Whisper's timestamps)."""
    lowercase: bool = False


def _whisper() -> Layout:
    from transformers.models.whisper.tokenization_whisper import LANGUAGES  # type: ignore[import-not-found, import-untyped, unused-ignore]

    specials = ("<|endoftext|>", "<|startoftranscript|>",
                *(f"<|{code}|>" for code in list(LANGUAGES)[:WHISPER_LANGUAGES]),
                "<|translate|>", "<|transcribe|>", "<|startoflm|>", "<|startofprev|>",
                "<|nocaptions|>", "<|notimestamps|>")
    stamps = tuple(f"<|{i * 0.02:.2f}|>" for i in range(1501))
    end = "<|endoftext|>"
    return Layout((), specials + stamps, {
        "bos_token": end, "eos_token": end, "unk_token": end, "pad_token": end,
        "additional_special_tokens": list(specials[1:])}, plain_tail=len(stamps))


def bpe_layout(architecture: str) -> Layout:
    if architecture in ("roberta", "bart", "clap"):
        return Layout(("<s>", "<pad>", "</s>", "<unk>"), ("<mask>",), ROBERTA_OPTIONS)
    if architecture == "llama":
        return Layout(("<|endoftext|>", "<|im_start|>", "<|im_end|>"), (), {
            "bos_token": "<|im_start|>", "eos_token": "<|im_end|>", "pad_token": "<|im_end|>",
            "unk_token": "<|endoftext|>", "chat_template": CHAT_TEMPLATE})
    if architecture in ("qwen2", "qwen3"):
        plain = QWEN3_TAIL if architecture == "qwen3" else ()
        return Layout((), QWEN_TAIL + plain, {
            "eos_token": "<|im_end|>", "pad_token": "<|endoftext|>",
            "additional_special_tokens": list(QWEN_TAIL[1:]), "chat_template": CHAT_TEMPLATE},
            plain_tail=len(plain))
    if architecture == "whisper":
        return _whisper()
    end = "<|endoftext|>"
    return Layout((), (end,), {"bos_token": end, "eos_token": end, "unk_token": end})


def unigram_layout(architecture: str) -> Layout:
    if architecture in ("t5", "mt5", "musicgen"):
        return Layout(("<pad>", "</s>", "<unk>"), tuple(reversed(EXTRA_IDS)), {
            "eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>",
            "additional_special_tokens": list(EXTRA_IDS), "extra_ids": 100},
            ("$A </s>", "$A </s> $B </s>"))
    bert_like = {"bos_token": "[CLS]", "eos_token": "[SEP]", "sep_token": "[SEP]",
                 "cls_token": "[CLS]", "mask_token": "[MASK]"}
    bert_template = ("[CLS] $A [SEP]", "[CLS] $A [SEP] $B:1 [SEP]:1")
    if architecture == "albert":
        return Layout(("<pad>", "<unk>", "[CLS]", "[SEP]", "[MASK]"), (), {
            **bert_like, "unk_token": "<unk>", "pad_token": "<pad>", "do_lower_case": True},
            bert_template, lowercase=True)
    if architecture == "deberta-v2":
        return Layout(("[PAD]", "[CLS]", "[SEP]", "[UNK]"), ("[MASK]",), {
            **bert_like, "unk_token": "[UNK]", "pad_token": "[PAD]"}, bert_template)
    if architecture == "xlnet":
        return Layout(("<unk>", "<s>", "</s>", "<cls>", "<sep>", "<pad>", "<mask>", "<eod>",
                       "<eop>"), (), {
            "bos_token": "<s>", "eos_token": "</s>", "unk_token": "<unk>", "sep_token": "<sep>",
            "pad_token": "<pad>", "cls_token": "<cls>", "mask_token": "<mask>",
            "padding_side": "left"}, ("$A:0 <sep>:0 <cls>:2", "$A:0 <sep>:0 $B:1 <sep>:1 <cls>:2"))
    template = ("<s> $A </s>", "<s> $A </s> </s> $B </s>")
    if architecture == "camembert":
        # fairseq's four tokens first, then SentencePiece's own three
        head = ("<s>NOTUSED", "<pad>", "</s>NOTUSED", "<unk>", "<unk>NOTUSED", "<s>", "</s>")
        return Layout(head, ("<mask>",), ROBERTA_OPTIONS, template)
    return Layout(("<s>", "<pad>", "</s>", "<unk>"), ("<mask>",), ROBERTA_OPTIONS, template)


def fillers(count: int) -> list[str]:
    """Pieces no text is split into: they only hold ids between the trained pieces and
    the special tokens at the end."""
    return [f"<unused{i}>" for i in range(count)]
