"""The lessons of the small course the build tests write to disk."""

from __future__ import annotations

from pathlib import Path

PIPELINE = """\
# Using the pipeline[[using-the-pipeline]]

<Youtube id="L-WSwUWde1U"/>

Install the libraries first.

```bash
pip install datasets transformers
```

```py
from transformers import pipeline
import numpy as np

scores = np.array([0.5, 0.25])
scores.sum()
```

```python out
0.75
```

```py
print("hello")
```

```python out
hello
```

```py
np.zeros((2, 3)) + np.zeros((4,))
```

```python out
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
ValueError: operands could not be broadcast together with shapes (2,3) (4,)
```

```text
not code
```
"""

FRAMEWORKS = """\
# Training[[training]]

<FrameworkSwitchCourse {fw} />

{#if fw === 'pt'}

```py
import torch
```

{:else}

```py
import tensorflow as tf
```

{/if}

```py
print("both")
```
"""

SPLIT_PT = "# Debugging\n\n```py\nimport torch\nprint(torch.__name__)\n```\n"
SPLIT_TF = "# Debugging\n\n```py\nimport tensorflow as tf\nprint(tf.__name__)\n```\n"

QUIZ = """\
# Quiz[[quiz]]

### 1. What does a pipeline do?

<Question
  choices={[
    { text: "It runs a model", explain: "", correct: true },
  ]}
/>
"""

TRANSLATION = PIPELINE.replace(
    "Install the libraries first.", "Installez d'abord les bibliothèques."
)


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
