"""A small course written for the formatting tests: an English lesson and its French
translation, each with a Python fence to format and one already formatted."""

from __future__ import annotations

from pathlib import Path

TOCTREE = """- title: Chapter 1
  sections:
  - local: chapter1/1
    title: {title}
"""

LESSON = """# {title}

{sentence}

```py
from transformers import AutoModelForSequenceClassification
model = AutoModelForSequenceClassification.from_pretrained( "gpt2",num_labels=2 )
```

```py
print(model.config.num_labels)
```

```python out
2
```
"""

FORMATTED = """from transformers import AutoModelForSequenceClassification

model = AutoModelForSequenceClassification.from_pretrained("gpt2", num_labels=2)"""

UNFORMATTED_LINE = 5
"""The line of the opening fence of the unformatted code, in both lessons."""


def write_course(root: Path, config: str = "") -> Path:
    """The course under ``root``, with ``config`` as its ``coursekit.toml``; returns root."""
    for lang, title, sentence in (("en", "Models", "Load a model:"),
                                  ("fr", "Modèles", "Chargez un modèle :")):
        folder = root / "content" / lang
        (folder / "chapter1").mkdir(parents=True)
        (folder / "_toctree.yml").write_text(TOCTREE.format(title=title), encoding="utf-8")
        (folder / "chapter1" / "1.mdx").write_text(
            LESSON.format(title=title, sentence=sentence), encoding="utf-8")
    (root / "coursekit.toml").write_text(
        'source-language = "en"\n' + config, encoding="utf-8")
    return root
