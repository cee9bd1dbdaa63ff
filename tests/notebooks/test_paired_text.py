"""The paired text file (``build --jupytext``) reads back as the notebook it pairs."""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.cells import JsonDict
from coursekit.notebooks.convert import convert_lesson
from coursekit.notebooks.paired_text import paired_text

# A model's reply quoting JSON in a fence of its own, then more code.
QUOTED_FENCE = """\
# Title

```py
print("ask")
```

The reply:

````
Thought: look it up
```
{"action": "search"}
```
Final Answer: found
````

```py
print("after")
```
"""


def _document(text: str, tmp_path: Path) -> JsonDict:
    lesson = parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    ((_, _, document),) = convert_lesson(lesson, Course.open(tmp_path), with_prose=True).notebooks
    return document


def _read_back(document: JsonDict, name: str) -> tuple[str, list[tuple[str, str]]]:
    _, data = paired_text("en/chapter1/2.ipynb", document, name)
    text = data.decode()
    fmt = "md" if name == "md" else "py:percent"
    cells = [(c.cell_type, c.source.strip()) for c in jupytext.reads(text, fmt=fmt).cells]
    return text, cells


def _cells(document: JsonDict) -> list[tuple[str, str]]:
    return [(c["cell_type"], c["source"].strip()) for c in document["cells"]]


@pytest.mark.parametrize("name", ["md", "py:percent"])
def test_a_fence_quoting_a_fence_reads_back_as_written(tmp_path: Path, name: str) -> None:
    document = _document(QUOTED_FENCE, tmp_path)
    text, cells = _read_back(document, name)
    assert cells == _cells(document)
    assert "[region]" not in text  # the percent format keeps its markdown cells


def test_plain_text_needs_no_region(tmp_path: Path) -> None:
    plain = QUOTED_FENCE.replace("````", "```text", 1).replace("````", "```")
    plain = plain.replace('```\n{"action": "search"}\n```\n', "")
    document = _document(plain, tmp_path)
    text, cells = _read_back(document, "md")
    assert cells == _cells(document)
    assert "#region" not in text
