"""Links to course pages, reduced to comparable targets."""

from __future__ import annotations

import pytest

from coursekit.lessons.parse import parse_lesson
from coursekit.translations.digest import digest
from coursekit.translations.links import _parsed_hrefs, course_links, course_pages, course_target

LOCAL = "chapter3/4"


@pytest.mark.parametrize(("href", "target"), [
    ("/course/chapter5/2", "chapter5/2"),
    ("/course/fr/chapter5/2?fw=pt#the-data", "chapter5/2#the-data"),
    ("https://huggingface.co/learn/nlp-course/it/chapter5/2", "chapter5/2"),
    ("https://huggingface.co/course/chapter1", "chapter1"),
    ("../chapter2/3", "chapter2/3"),
    ("./5", "chapter3/5"),
    ("5.mdx", "chapter3/5"),
    ("#debugging", "chapter3/4#debugging"),
    ("https://github.com/org/repo/chapter1", None),
    ("https://huggingface.co/docs/transformers/chapter1", None),
    ("mailto:someone@example.org", None),
    ("/docs/datasets", None),
])
def test_course_target(href: str, target: str | None) -> None:
    assert course_target(href, LOCAL) == target


def test_links_are_read_from_markdown_not_from_code_spans() -> None:
    text = "See [x](/course/chapter1/2) and `[y](/course/chapter9/9)`, and <https://hf.co/course/chapter2>."
    assert list(course_links(text, LOCAL)) == ["chapter1/2", "chapter2"]


def test_links_inside_emphasis_across_lines_or_beside_entities_are_read_as_commonmark_reads_them(
) -> None:
    text = ("*Read [the\nsummary](/course/chapter1/2)* &amp; __[more](../chapter2/3 \"t\")__,\n"
            "not ![a figure](/course/chapter4/1) nor \\[escaped](/course/chapter5/1), "
            "and [an &amp; entity](/course/chapter6/1?a=1&amp;b=2).")
    assert list(course_links(text, LOCAL)) == ["chapter1/2", "chapter2/3", "chapter6/1"]


@pytest.mark.parametrize(("href", "target"), [
    ("../chapter2/3", "chapter2/3"),
    ("https://huggingface.co/learn/agents-course/unit1/tools", None),
    ("./tools", None),
    ("#tools", None),
])
def test_a_lesson_outside_the_chapters_links_to_chapters_by_name(
        href: str, target: str | None) -> None:
    assert course_target(href, "unit1/introduction") == target


def test_an_html_anchor_is_a_link_as_markdown_writes_one() -> None:
    text = ('Read <a href="/course/chapter1/2" target="_blank">the summary</a>, '
            "<A HREF='../chapter2/3'>more</A> and [the end](/course/chapter4/1); "
            "not `<a href=\"/course/chapter9/9\">`, nor <img src=\"/course/chapter5/1\">.")
    assert list(course_links(text, LOCAL)) == ["chapter1/2", "chapter2/3", "chapter4/1"]


def test_links_of_a_lesson_outside_the_chapters_are_read_only_where_one_may_name_a_chapter(
) -> None:
    local = "unit1/introduction"
    _parsed_hrefs.cache_clear()
    assert list(course_links("See [the tools](./tools) and <https://hf.co/learn/x>.", local)) == []
    assert _parsed_hrefs.cache_info().misses == 0  # nothing to read: no target is a page
    text = "Read [this](../chapter2/3), [that](../&#99;hapter4/1) and [more](./tools)."
    assert list(course_links(text, local)) == ["chapter2/3", "chapter4/1"]
    assert list(course_links("[that](../&#x63;hapter4/1)", local)) == ["chapter4/1"]


def test_each_link_is_read_with_the_line_it_starts_on() -> None:
    text = ("* [one](/course/chapter1): a\n* [two\nwraps](/course/chapter2) and `[no](x)`\n"
            "  <a href=\"/course/chapter3\">three</a> <https://hf.co/course/chapter4>")
    assert [(target, line) for target, _, line in course_pages(text, LOCAL)] == [
        ("chapter1", 0), ("chapter2", 1), ("chapter3", 3), ("chapter4", 3)]


@pytest.mark.parametrize("text", [
    "Intro.\n\n* [a](/course/chapter1)\n* [b](/course/chapter2)\n",
    "<Tip>\n\n\n[a](/course/chapter1) and\n[b](/course/chapter2).\n\n</Tip>\n",
    "<Tip>[a](/course/chapter1) and\n[b](/course/chapter2).\n</Tip>\n",
    "> [!TIP]\n>\n> [a](/course/chapter1) and\n> [b](/course/chapter2).\n",
    "<Tip>\n\n[a](/course/chapter1)\n\n```py\nx = 1\n```\n\n[b](/course/chapter2)\n\n</Tip>\n",
])
def test_a_link_of_a_lesson_has_its_own_line_in_a_list_a_tip_or_an_alert(text: str) -> None:
    """The line of each link is the line it is written on, past a tip's tag and the
    blank lines after it."""
    lines = text.split("\n")
    expected = [n + 1 for n, line in enumerate(lines) if "](/course/" in line]
    lesson = parse_lesson(text, path="content/en/chapter3/4.mdx", language="en", chapter=3,
                          section="4")
    assert [link.line for link in digest(lesson).links] == expected
