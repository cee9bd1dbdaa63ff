"""A synthetic course shaped like the large open ML courses, for benchmarks.

Each lesson has the parts a real one has: components (banner, video, framework
switch), headings with anchors, prose, ~30 Python fences with output fences (some
documenting errors), shell and text fences, tips, and in every other lesson
framework blocks. One section per chapter is split into ``N.mdx`` and ``N_tf.mdx``.
"""

from __future__ import annotations

import random
from pathlib import Path

LANGUAGES = (
    "en", "ar", "bn", "de", "es", "fa", "fr", "gj", "he", "hi", "id", "it", "ja", "ko",
    "ne", "pl", "pt", "ru", "rum", "te", "th", "tr", "vi", "zh-CN", "zh-TW", "uk",
)

_PROSE = (
    "The model reads the batch, computes the loss and returns it together with the logits. "
    "When a shape does not match, the error appears at the first layer that sees the data, "
    "which is rarely where the mistake was made, so it helps to look at the inputs first."
)

_CODE = '''from transformers import AutoTokenizer, AutoModelForSequenceClassification
import numpy as np

checkpoint = "bert-base-uncased"
tokenizer = AutoTokenizer.from_pretrained(checkpoint)
batch = tokenizer(["I love this course", "This is terrible"], padding=True)
lengths = [len(ids) for ids in batch["input_ids"]]
value_{n} = np.mean(lengths) + {n}
value_{n}'''

_TRACE = '''---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
<ipython-input-{n}-3e0f4e8f> in <module>
----> 1 trainer.train()

ValueError: expected sequence of length 43 at dim 1 (got {n})'''


def _banner(chapter: int) -> str:
    return (
        f'<CourseFloatingBanner chapter={{{chapter}}}\n  classNames="absolute z-10 right-0 top-0"\n'
        '  notebooks={[\n    {label: "Google Colab", value: "https://colab.example/x.ipynb"},\n'
        "]} />"
    )


def _code_block(rng: random.Random, n: int, language: str) -> str:
    code = _CODE.format(n=n)
    if language != "en" and rng.random() < 0.2:
        # About one block in five of a translation differs, by a translated comment.
        code = f"# ({language}) {n}\n{code}"
    block = f"```py\n{code}\n```"
    roll = rng.random()
    if roll < 0.45:
        block += f"\n\n```python out\n{n + 0.5}\n```"
    elif roll < 0.52:
        block += f"\n\n```python out\n{_TRACE.format(n=n)}\n```"
    elif roll < 0.55:
        block += f"\n\n```python out\nIndexError: Target {n} is out of bounds.\n```"
    return block


def _section(
    rng: random.Random, language: str, base: int, index: int, blocks: int
) -> list[str]:
    parts = [f"## Step {index}[[step-{index}]]", _PROSE]
    for k in range(blocks):
        # Code differs between lessons and stays the same across translations.
        parts.append(_code_block(rng, base + index * 100 + k, language))
        if rng.random() < 0.5:
            parts.append(_PROSE)
    if rng.random() < 0.3:
        parts.append(f"<Tip>\n\n{_PROSE}\n\n</Tip>")
    return parts


def lesson_text(
    rng: random.Random, language: str, chapter: int, section: int, *, framework_blocks: bool
) -> str:
    parts = [
        "<FrameworkSwitchCourse {fw} />" if framework_blocks else "",
        f"# Lesson {chapter}.{section}[[lesson-{chapter}-{section}]]",
        _banner(chapter),
        '<Youtube id="L-WSwUWde1U"/>',
        _PROSE,
        "```bash\npip install datasets evaluate transformers[sentencepiece]\n```",
        "```text\nEpoch 1: loss 0.42\n```",
    ]
    base = (chapter * 100 + section) * 1000
    for index in range(1, 4):
        parts.extend(_section(rng, language, base, index, 7))
    if framework_blocks:
        parts.append("{#if fw === 'pt'}")
        parts.extend(_section(rng, language, base, 4, 5))
        parts.append("{:else}")
        parts.extend(_section(rng, language, base, 5, 5))
        parts.append("{/if}")
    else:
        parts.extend(_section(rng, language, base, 4, 9))
    return "\n\n".join(p for p in parts if p) + "\n"


def write_course(root: Path, languages: int, lessons: int, seed: int = 0) -> Path:
    """Write a course of ``languages`` x ``lessons`` lesson files under ``root``; return root."""
    rng = random.Random(seed)
    chapters = max(1, (lessons + 9) // 10)
    for language in LANGUAGES[:languages]:
        written = 0
        for chapter in range(1, chapters + 1):
            folder = root / "content" / language / f"chapter{chapter}"
            folder.mkdir(parents=True, exist_ok=True)
            for section in range(1, 11):
                if written == lessons:
                    break
                name = f"{section}.mdx"
                if section == 10 and written + 1 < lessons:
                    # A split section: its TensorFlow half is a file of its own.
                    text = lesson_text(rng, language, chapter, section, framework_blocks=False)
                    (folder / f"{section}_tf.mdx").write_text(text, encoding="utf-8")
                    written += 1
                blocks = section % 2 == 0
                text = lesson_text(rng, language, chapter, section, framework_blocks=blocks)
                (folder / name).write_text(text, encoding="utf-8")
                written += 1
    return root
