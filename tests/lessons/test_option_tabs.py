"""The lesson model records where each ``<hfoption>`` tab begins and ends: its option, the
line of its group's ``<hfoptions>``, the lines of its opening and closing tags, and
whether it lies in another tab. A tab never closed has no end (and is ``LES116``)."""

from __future__ import annotations

from coursekit.lessons.model import Code, Lesson
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.tabs import OptionTab

TWO_TABS = """\
# T

```py
shared = 1
```

<hfoptions id="libs">
<hfoption id="first">

```py
x = "first"
```

</hfoption>
<hfoption id="second">Only text.</hfoption>
</hfoptions>
"""


def _lesson(text: str) -> Lesson:
    return parse_lesson(text, path="case.mdx", language="en")


def test_each_tab_spans_its_tags_lines() -> None:
    lesson = _lesson(TWO_TABS)
    assert lesson.tabs == (
        OptionTab("first", 7, 8, 14),
        OptionTab("second", 7, 15, 15),
    )
    assert lesson.diagnostics == ()
    code = [block for block in lesson.blocks if isinstance(block, Code)]
    assert [[tab.option for tab in lesson.tabs if tab.holds(c.line)] for c in code] == [
        [], ["first"]]


def test_a_closing_tag_ending_a_paragraph_ends_the_tab_on_that_line() -> None:
    lesson = _lesson('# T\n\n<hfoptions id="g">\n<hfoption id="a">\n\nSome\ntext.</hfoption>\n'
                     '</hfoptions>\n')
    assert lesson.tabs == (OptionTab("a", 3, 4, 7),)


def test_a_tab_never_closed_has_no_end_and_holds_nothing() -> None:
    lesson = _lesson('# T\n\n<hfoptions id="g">\n<hfoption id="a">\n\n```py\nx = 1\n```\n\n'
                     '<hfoption id="b">\n\n```py\nx = 2\n```\n\n</hfoption>\n</hfoptions>\n')
    first, second = lesson.tabs
    assert (first.option, first.end, second.option, second.end) == ("a", None, "b", 16)
    assert not first.holds(6)
    assert [d.rule for d in lesson.diagnostics] == ["LES116"]


def test_a_tab_inside_another_is_nested() -> None:
    lesson = _lesson('# T\n\n<hfoptions id="g">\n<hfoption id="a">\n<hfoptions id="h">\n'
                     '<hfoption id="x">\n\nText.\n\n</hfoption>\n</hfoptions>\n</hfoption>\n'
                     '</hfoptions>\n')
    assert lesson.tabs == (OptionTab("a", 3, 4, 12), OptionTab("x", 5, 6, 10, nested=True))


def test_a_lesson_without_tabs_has_none() -> None:
    assert _lesson("# T\n\n<Tip>\n\nText.\n\n</Tip>\n\n```py\nx = 1\n```\n").tabs == ()


def test_a_tab_quoted_in_a_fence_is_no_tab() -> None:
    assert _lesson('# T\n\n```html\n<hfoption id="a">\n</hfoption>\n```\n').tabs == ()
