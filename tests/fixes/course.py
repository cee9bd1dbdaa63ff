"""A course planted for ``fix drift``: one lesson that uses stale APIs of every tier,
in English and four translations (the code byte for byte, with its comments
translated, with its strings translated), a translation that drifted on its own, and
a clean lesson in every language that no fix may touch."""

from __future__ import annotations

from pathlib import Path

TOCTREE = """- title: Chapter 1
  sections:
  - local: chapter1/1
    title: Training
  - local: chapter1/2
    title: Evaluation
"""

STALE = """# {title}

{prose}

```py
from transformers import AdamW, TrainingArguments
from transformers import Trainer as T
import numpy as np
```

> {quote}
>
> ```py
> args = TrainingArguments({out}, evaluation_strategy="epoch")  # {comment}
> ```

```py
%time trainer = T(model, args, tokenizer=tokenizer)
x = np.zeros(3, dtype=np.float)
ner = pipeline("ner", grouped_entities=True)
```

```python out
{out}
```

```py
summarizer = pipeline("summarization")
```
"""
"""Safe fixes: the moved import (split from a name that stays), the renamed keyword in
a blockquote, the keyword of an aliased class on a ``%time`` line, the builtin alias.
Unsafe: ``grouped_entities=True``. Manual: the removed pipeline task."""

CLEAN = """# {title}

{prose}

```py
from transformers import TrainingArguments
args = TrainingArguments({out}, eval_strategy="epoch")  # {comment}
```
"""

DRIFTED = CLEAN.replace("eval_strategy", "evaluation_strategy")
"""The clean lesson as a translation that kept the old keyword by itself (TRN401)."""

LANGUAGES = {
    # language: (prose, quote, comment, the string of the output folder)
    "en": ("We train a model.", "Arguments:", "evaluate each epoch", '"out"'),
    "fr": ("Nous entraînons un modèle.", "Les arguments :", "evaluate each epoch", '"out"'),
    "it": ("Addestriamo un modello.", "Gli argomenti:", "valuta a ogni epoca", '"out"'),
    "zh-CN": ("我们训练一个模型。", "参数：", "每个周期评估一次", '"输出"'),
    "es": ("Entrenamos un modelo.", "Los argumentos:", "evaluate each epoch", '"out"'),
}
DRIFTED_LANGUAGE = "es"


def lesson_text(template: str, language: str) -> str:
    prose, quote, comment, out = LANGUAGES[language]
    return template.format(title="Lesson", prose=prose, quote=quote, comment=comment, out=out)


def fixed(text: str, unsafe: bool = False) -> str:
    """What the fixes should make of a planted lesson: only the changed tokens."""
    text = (text.replace("from transformers import AdamW, TrainingArguments\n",
                         "from transformers import TrainingArguments\n"
                         "from torch.optim import AdamW\n")
            .replace("evaluation_strategy=", "eval_strategy=")
            .replace("tokenizer=tokenizer", "processing_class=tokenizer")
            .replace("dtype=np.float)", "dtype=float)"))
    if unsafe:
        text = text.replace("grouped_entities=True", 'aggregation_strategy="simple"')
    return text


def lesson_path(language: str, number: int) -> Path:
    return Path("content", language, "chapter1", f"{number}.mdx")


def write_course(root: Path, config: str = "") -> Path:
    """The course under ``root``, with ``config`` added to its ``coursekit.toml``."""
    for language in LANGUAGES:
        folder = root / "content" / language
        (folder / "chapter1").mkdir(parents=True)
        (folder / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
        (root / lesson_path(language, 1)).write_text(lesson_text(STALE, language),
                                                     encoding="utf-8")
        second = DRIFTED if language == DRIFTED_LANGUAGE else CLEAN
        (root / lesson_path(language, 2)).write_text(lesson_text(second, language),
                                                     encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n' + config, encoding="utf-8")
    return root
