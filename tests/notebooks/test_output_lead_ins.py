"""The sentence between a code block and its output ("This gives us:") with
``--with-prose``: the output shows in the cell, so the sentence reads before the cell,
not below it, where it would lead into the next section's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import lesson_to_notebooks

# Code, a sentence leading into its output, the output, then the next section.
LEAD_IN = """\
# Totals

We add up the prices of a basket.

```py
prices = [3, 4, 5]
print(sum(prices))
```

Running it gives us:

```python out
12
```

## Averages

The mean is the total over the count.
"""

# Code introduced before it, its output labelled, and a remark after the output.
INTRODUCED = """\
# Totals

Add up the prices of a basket:

```py
prices = [3, 4, 5]
print(sum(prices))
```

**Result:**

```python out
12
```

The total is twelve.
"""


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def _cells(text: str, course: Course, with_prose: bool = True) -> list[tuple[str, str]]:
    lesson = parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    built = lesson_to_notebooks(lesson, course, with_prose=with_prose)
    return [(c.cell_type, c.source) for _, _, notebook in built for c in notebook.cells[1:]]


def _after(cells: list[tuple[str, str]], code: str) -> str:
    """The source of the cell after the code cell that starts with ``code``."""
    at = next(i for i, (kind, source) in enumerate(cells)
              if kind == "code" and source.startswith(code))
    return cells[at + 1][1]


def test_a_lead_in_to_an_output_reads_before_the_cell(course: Course) -> None:
    cells = _cells(LEAD_IN, course)
    assert cells == [
        ("markdown", "We add up the prices of a basket.\n\nRunning it gives us:"),
        ("code", "prices = [3, 4, 5]\nprint(sum(prices))"),
        ("markdown", "## Averages\n\nThe mean is the total over the count."),
    ]


def test_text_around_a_code_cell_and_its_labelled_output_stays_in_place(
    course: Course,
) -> None:
    cells = _cells(INTRODUCED, course)
    assert cells == [
        ("markdown", "Add up the prices of a basket:"),
        ("code", "prices = [3, 4, 5]\nprint(sum(prices))"),
        ("markdown", "The total is twelve."),
    ]


def test_without_prose_a_lead_in_changes_no_cell(course: Course) -> None:
    assert _cells(LEAD_IN, course, with_prose=False) == [
        ("code", "prices = [3, 4, 5]\nprint(sum(prices))"),
    ]


def test_a_tip_between_code_and_its_output_stays_after_the_cell(course: Course) -> None:
    tip = "<Tip>\n\nLarge baskets take longer.\n\n</Tip>\n\n"
    tipped = LEAD_IN.replace("Running it gives us:", tip + "Running it gives us:")
    cells = _cells(tipped, course)
    assert cells[0] == ("markdown", "We add up the prices of a basket.\n\nRunning it gives us:")
    assert _after(cells, "prices") == "> **Tip**\n>\n> Large baskets take longer."


# Two framework branches ending in code, then a shared lead-in and output.
SHARED = """\
# Shapes

{#if fw === 'pt'}

```py
import torch
print(torch.zeros(2).shape)
```

{:else}

```py
import tensorflow as tf
print(tf.zeros(2).shape)
```

{/if}

The shape is printed as:

```python out
(2,)
```

That is all.
"""


@pytest.mark.parametrize("code", ["import torch", "import tensorflow as tf"])
def test_a_shared_lead_in_reads_before_each_frameworks_cell(course: Course, code: str) -> None:
    lesson = parse_lesson(SHARED.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    [notebook] = [nb for _, _, nb in lesson_to_notebooks(lesson, course, with_prose=True)
                  if any(c.source.startswith(code) for c in nb.cells)]
    cells = [(c.cell_type, c.source) for c in notebook.cells]
    at = next(i for i, (_, source) in enumerate(cells) if source.startswith(code))
    assert cells[at - 1] == ("markdown", "The shape is printed as:")
    assert cells[at + 1] == ("markdown", "That is all.")
    assert notebook.cells[at].outputs[0]["text"] == "(2,)\n"


# A paragraph, then code and its output indented as the paragraph's sequel would be.
INDENTED = """\
# Totals

A plain paragraph.

    ```py
    total = 12
    total
    ```

    We see:

    ```python out
    12
    ```
"""


def test_an_indented_lead_in_moved_after_text_is_no_code_block(course: Course) -> None:
    assert _cells(INDENTED, course)[0] == ("markdown", "A plain paragraph.\n\nWe see:")
