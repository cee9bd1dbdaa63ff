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


# A list item's code: one fence at the left edge with its body indented as a whole, as
# if in the item, and one fence indented with its item (CommonMark takes that off).
INDENTED_BODIES = """\
# Title

1. **Open a client**

```py
    client = dict(host="localhost")
    if client:
        print(client["host"])
```

2. **Close it**

   ```py
   client.clear()
   ```
"""


def test_a_body_indented_as_a_whole_is_python_in_the_script(tmp_path: Path) -> None:
    document = _document(INDENTED_BODIES, tmp_path)
    code = [source for kind, source in _cells(document) if kind == "code"]
    assert code[-2:] == ['client = dict(host="localhost")\nif client:\n    print(client["host"])',
                         "client.clear()"]
    _, data = paired_text("en/chapter1/2.ipynb", document, "py:percent")
    compile(data.decode(), "2.py", "exec")  # no line keeps the list item's indentation
    _, cells = _read_back(document, "py:percent")
    assert cells == _cells(document)


def test_indentation_inside_code_at_the_left_edge_stays(tmp_path: Path) -> None:
    lesson = "# Title\n\n```py\nfor n in range(2):\n    print(n)\n```\n"
    document = _document(lesson, tmp_path)
    assert ("code", "for n in range(2):\n    print(n)") in _cells(document)
