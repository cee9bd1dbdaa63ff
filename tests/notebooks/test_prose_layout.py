"""Lesson text in markdown cells (``build --with-prose``) renders as the lesson does:
MDX has no indented code, a notebook's Markdown has, so text the lesson indents must
not turn into a code block in the notebook."""

from __future__ import annotations

from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import lesson_to_notebooks

# An image in an HTML block, its tag indented as authors lay it out.
FIGURE = """\
# Title

Some text.

<div class="flex justify-center">
    <img src="figure.png" alt="A figure">
</div>

```py
print(1)
```
"""

# A list whose items hold fences, each followed by text indented to the item.
STEPS = """\
# Title

1. **Pull a model**

```bash
tool pull small-model
```

    Here, we pull a small model.

2. **Run it**

    It starts in the background.

```py
print(2)
```
"""


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def _html(text: str, course: Course) -> str:
    lesson = parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    ((_, _, notebook),) = lesson_to_notebooks(lesson, course, with_prose=True)
    markdown = "\n\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    html: str = MarkdownIt("commonmark").render(markdown)
    return html


def _in_code_block(html: str, text: str) -> bool:
    return any(text in part.split("</code></pre>")[0] for part in html.split("<pre><code")[1:])


def test_an_indented_tag_in_an_html_block_stays_html(course: Course) -> None:
    html = _html(FIGURE, course)
    assert '<img src="figure.png" alt="A figure">' in html
    assert not _in_code_block(html, "figure.png")


def test_text_indented_after_a_fence_in_a_list_stays_text(course: Course) -> None:
    html = _html(STEPS, course)
    assert not _in_code_block(html, "Here, we pull a small model.")
    assert "<p>Here, we pull a small model.</p>" in html
    assert _in_code_block(html, "tool pull small-model")  # the shown fence is code


def test_an_indented_paragraph_of_a_list_item_stays_in_its_item(course: Course) -> None:
    html = _html(STEPS, course)
    assert not _in_code_block(html, "It starts in the background.")
    item = html.split("<strong>Run it</strong>")[1].split("</li>")[0]
    assert "It starts in the background." in item


def test_paragraphs_apart_in_the_lesson_stay_apart(course: Course) -> None:
    html = _html("# Title\n\nOne paragraph.\n\nAnother one.\n\n```py\nx = 1\n```\n", course)
    assert "<p>One paragraph.</p>\n<p>Another one.</p>" in html


# A tip that holds runnable code and its output, between two sentences and a shown fence.
TIP_WITH_CODE = """\
# Title

<Tip>

Try this:

```py
print("from the tip")
```

```python out
from the tip
```

It prints one line; in a terminal:

```bash
echo shown
```

</Tip>

> [!TIP]
> Or this:
>
> ```py
> print("from the alert")
> ```
"""


def _cells(text: str, course: Course) -> list[tuple[str, str]]:
    lesson = parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    ((_, _, notebook),) = lesson_to_notebooks(lesson, course, with_prose=True)
    return [(c.cell_type, c.source) for c in notebook.cells]


def test_a_tips_code_is_its_cell_alone_and_its_text_stays(course: Course) -> None:
    cells = _cells(TIP_WITH_CODE, course)
    markdown = "\n\n".join(source for kind, source in cells if kind == "markdown")
    code = [source for kind, source in cells if kind == "code"]
    assert code == ['print("from the tip")', 'print("from the alert")']
    assert 'print("from the' not in markdown
    assert "from the tip\n" not in markdown  # the output is the cell's
    for kept in ("Try this:", "It prints one line; in a terminal:", "Or this:"):
        assert kept in markdown
    assert markdown.count("echo shown") == 1  # a shown fence, once


# A shown fence of four backticks that holds a fence of three, as a model's reply
# quoting JSON is shown; and an output fence of no code that holds one too.
NESTED_FENCES = """\
# Title

````
Thought: look it up
```
{"action": "search"}
```
Final Answer: found
````

````python out
Reply:
```
{"a": 1}
```
end of reply
````

```py
print(1)
```
"""


def _code_blocks(html: str) -> list[str]:
    return [part.split("</code></pre>")[0] for part in html.split("<pre><code")[1:]]


def test_a_fence_inside_a_shown_fence_stays_inside_it(course: Course) -> None:
    blocks = _code_blocks(_html(NESTED_FENCES, course))
    assert len(blocks) == 2
    assert "Thought: look it up" in blocks[0] and "Final Answer: found" in blocks[0]
    assert "Reply:" in blocks[1] and "end of reply" in blocks[1]


def test_a_shown_fence_without_backticks_keeps_three(course: Course) -> None:
    lesson = "# Title\n\n```text\nplain\n```\n\n```py\nprint(1)\n```\n"
    cells = _cells(lesson, course)
    assert ("markdown", "```text\nplain\n```") in cells


# Tabs of alternatives, one per library, each with its code.
OPTIONS = """\
# Title

<hfoptions id="libraries">
<hfoption id="first-lib">

Load it with the first library:

```py
print("first")
```

</hfoption>
<hfoption id="second-lib">

Load it with the second library:

```py
print("second")
```

</hfoption>
</hfoptions>
"""


def test_each_tab_of_alternatives_is_a_notebook_with_its_text_before_its_code(
    course: Course,
) -> None:
    lesson = parse_lesson(OPTIONS.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    texts = ["\n".join(f"[{c.cell_type}] {c.source}" for c in notebook.cells)
             for _, _, notebook in lesson_to_notebooks(lesson, course, with_prose=True)]
    assert [text.index("library:") < text.index("print(") for text in texts] == [True, True]
    assert 'print("first")' in texts[0] and "second" not in texts[0]
    assert 'print("second")' in texts[1] and "first" not in texts[1]
    assert not any("libraries" in text for text in texts)  # the group has no name to show


def test_a_component_without_text_shows_nothing(course: Course) -> None:
    cells = _cells("# Title\n\n<hfoption>\n\n```py\nx = 1\n```\n\n</hfoption>\n", course)
    assert cells[1:] == [("code", "x = 1")]


# Outputs introduced by a bold label, as the audio course labels each of them.
LABELLED_OUTPUT = """\
# Title

**Step 1:**

```py
print("hello")
```

**Output:**

```out
hello
```

The greeting is printed.
"""


def test_the_label_of_a_cells_output_is_not_left_below_it(course: Course) -> None:
    markdown = [source for kind, source in _cells(LABELLED_OUTPUT, course) if kind == "markdown"]
    assert "**Output:**" not in "\n".join(markdown)
    assert markdown[-1] == "The greeting is printed."
    assert "**Step 1:**" in markdown  # a label of code, not of an output


def test_the_label_of_an_output_shown_as_text_stays(course: Course) -> None:
    lesson = "# Title\n\n**Sortie :**\n\n```out\nno code before\n```\n\n```py\nprint(1)\n```\n"
    markdown = "\n".join(source for kind, source in _cells(lesson, course) if kind == "markdown")
    assert "**Sortie :**" in markdown and "no code before" in markdown


# A folded section that holds code, and one that holds text alone.
FOLDED = """\
# Title

<details>
<summary>Install the <i>extra</i> package</summary>

As the previous section said, install it with:

```py
print("install")
```

</details>

Then:

<details>
<summary>Why?</summary>

Because it is needed.

</details>

```py
print("next")
```
"""


def test_a_folded_section_that_code_splits_is_unfolded(course: Course) -> None:
    cells = _cells(FOLDED, course)
    first = cells[1]
    assert first == ("markdown", "**Install the <i>extra</i> package**\n\n"
                                 "As the previous section said, install it with:")
    after = cells[3]
    assert after[0] == "markdown" and after[1].startswith("Then:")
    # the folded section without code stays folded, in one cell
    assert "<details>\n<summary>Why?</summary>" in after[1] and after[1].endswith("</details>")
    assert sum(source.count("</details>") for _, source in cells) == 1


def test_an_unfolded_summary_is_a_paragraph_of_its_own_when_text_follows_it_at_once(
        course: Course) -> None:
    tight = FOLDED.replace("package</summary>\n\n", "package</summary>\n")
    assert tight != FOLDED
    assert _cells(tight, course)[1] == (
        "markdown", "**Install the <i>extra</i> package**\n\n"
                    "As the previous section said, install it with:")
