"""Properties of the conversion over generated lessons."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import nbformat
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.lessons.model import Code, Framework, FrameworkMarker, Lesson, Prose
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import lesson_to_notebooks
from coursekit.notebooks.metadata import cell_source

_COURSE = Course.open(Path(__file__).parent)

sources = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
frameworks = st.sampled_from(list(Framework))


@st.composite
def lessons(draw: st.DrawFn) -> Lesson:
    blocks: list[Code | Prose | FrameworkMarker] = []
    for line, (source, framework, python) in enumerate(
        draw(st.lists(st.tuples(sources, frameworks, st.booleans()), max_size=12)), start=1
    ):
        language = "python" if python else "text"
        blocks.append(Code(line=line * 3, language=language, info=language, source=source,
                           framework=framework))
        if draw(st.booleans()):
            blocks.append(Prose(line=line * 3 + 1, text=source, framework=framework))
    split = draw(st.sampled_from([Framework.BOTH, Framework.PT, Framework.TF]))
    if split is Framework.BOTH and draw(st.booleans()):
        blocks.append(FrameworkMarker(line=999, marker="end", framework=Framework.BOTH))
    return Lesson(path="content/en/chapter1/1.mdx", language="en", chapter=1, section="1",
                  title="T", blocks=tuple(blocks), framework=split)


def _lesson_cells(notebook: nbformat.NotebookNode) -> Counter[str | None]:
    lesson = notebook.metadata["coursekit"]["lesson"]
    return Counter(
        cell_source(lesson, c.metadata["coursekit"])
        for c in notebook.cells if "coursekit" in c.metadata
    )


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(lessons(), st.booleans())
def test_each_python_block_once_per_notebook_of_its_framework(
    lesson: Lesson, with_prose: bool
) -> None:
    built = {fw: nb for fw, _, nb in _notebooks(lesson, with_prose)}
    for framework in lesson.frameworks:
        expected = Counter(
            f"{lesson.path}:{b.line}" for b in lesson.code_blocks(framework)
            if b.language == "python" and b.source.strip()  # an empty fence runs nothing
        )
        if framework not in built:
            assert not expected
            continue
        assert _lesson_cells(built[framework]) == expected


@settings(max_examples=60)
@given(lessons())
def test_every_notebook_is_valid_and_conversion_is_deterministic(lesson: Lesson) -> None:
    first = _notebooks(lesson, True)
    for _, _, notebook in first:
        nbformat.validate(notebook)
    assert first == _notebooks(lesson, True)


def _notebooks(
    lesson: Lesson, with_prose: bool
) -> list[tuple[Framework, str, nbformat.NotebookNode]]:
    return lesson_to_notebooks(lesson, _COURSE, with_prose=with_prose)


code_lines = st.lists(
    st.from_regex(r"[a-z_]{1,8} = [0-9]{1,4}", fullmatch=True), min_size=1, max_size=3
)


@st.composite
def lesson_texts(draw: st.DrawFn) -> tuple[str, dict[str, set[str]]]:
    """MDX text with Python fences in and out of framework blocks, and the sources
    each framework's notebook must hold."""
    parts = ["# Generated"]
    expected: dict[str, set[str]] = {"pt": set(), "tf": set()}
    for index, (lines, where) in enumerate(
        draw(st.lists(st.tuples(code_lines, st.sampled_from(["both", "pt", "tf"])), max_size=8))
    ):
        source = "\n".join([f"block_{index} = {index}", *lines])
        fence = f"```py\n{source}\n```"
        if where == "both":
            parts.append(fence)
            expected["pt"].add(source)
            expected["tf"].add(source)
        else:
            parts.append(f"{{#if fw === '{where}'}}\n\n{fence}\n\n{{/if}}")
            expected[where].add(source)
    return "\n\n".join(parts) + "\n", expected


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(lesson_texts())
def test_parsed_lesson_blocks_land_once_in_their_framework_notebooks(
    case: tuple[str, dict[str, set[str]]]
) -> None:
    text, expected = case
    lesson = parse_lesson(text, path="content/en/chapter1/1.mdx", language="en", chapter=1,
                          section="1")
    built = {fw.value: nb for fw, _, nb in _notebooks(lesson, with_prose=True)}
    for framework in ("pt", "tf"):
        notebook = built.get(framework, built.get("both"))
        sources = Counter(
            c.source for c in notebook.cells if "coursekit" in c.metadata
        ) if notebook is not None else Counter()
        assert sources == Counter(expected[framework])
