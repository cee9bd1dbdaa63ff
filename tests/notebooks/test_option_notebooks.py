"""A lesson whose ``<hfoption>`` tabs hold code yields one notebook per option: the code
outside any tab, and that option's tabs only, so that a later tab reads the names the
same option's earlier tabs bound, never another option's. A lesson without tabs, or
whose tabs hold no code, yields its notebooks as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from nbformat import NotebookNode

from coursekit.config import Course
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import lesson_to_notebooks

OPTIONS = ("alpha", "beta", "gamma")


def _tab(option: str, code: str, prose: str = "") -> str:
    text = f"{prose}\n\n" if prose else ""
    return f'<hfoption id="{option}">\n\n{text}```py\n{code}\n```\n\n</hfoption>\n'


def _group(code: str, prose: str = "") -> str:
    """A group of three tabs; ``{o}`` in ``code``/``prose`` is each tab's option."""
    tabs = "".join(_tab(o, code.format(o=o), prose.format(o=o)) for o in OPTIONS)
    return f'<hfoptions id="frameworks">\n{tabs}</hfoptions>\n'


AGENTS = (
    '# Agents\n\nShared intro.\n\n```py\nshared = "setup"\n```\n\n'
    + _group('agent = "{o}"', "Build it with {o}-lib.")
    + '\nBetween the groups.\n\n```py\nprint(shared)\n```\n\n'
    + _group('assert agent == "{o}", agent')
)
"""Two groups of three options; the second group's tabs read what the first bound."""


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def _notebooks(text: str, course: Course, **kwargs: bool) -> dict[str, NotebookNode]:
    lesson = parse_lesson(text.encode(), path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    return {path: notebook for _, path, notebook in lesson_to_notebooks(lesson, course,
                                                                         **kwargs)}


def _code(notebook: NotebookNode) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def _markdown(notebook: NotebookNode) -> str:
    return "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def test_one_notebook_per_option_in_the_order_they_first_appear(course: Course) -> None:
    notebooks = _notebooks(AGENTS, course)
    assert list(notebooks) == [f"en/chapter1/2_{o}.ipynb" for o in OPTIONS]
    for option, notebook in zip(OPTIONS, notebooks.values(), strict=True):
        assert notebook.cells[0].source == f"# Agents ({option})"
        assert notebook.metadata.coursekit.option == option
        assert notebook.metadata.colab.name == f"2_{option}.ipynb"


def test_each_holds_the_shared_code_and_its_options_tabs_in_order(course: Course) -> None:
    for option, notebook in zip(OPTIONS, _notebooks(AGENTS, course).values(), strict=True):
        assert _code(notebook) == [
            'shared = "setup"', f'agent = "{option}"', "print(shared)",
            f'assert agent == "{option}", agent',
        ]


def test_each_notebook_runs_top_to_bottom(course: Course) -> None:
    for notebook in _notebooks(AGENTS, course).values():
        namespace: dict[str, object] = {}
        for source in _code(notebook):
            exec(source, namespace)  # the later tab reads its own option's name


def test_with_prose_the_other_options_text_and_the_tab_names_are_left_out(
    course: Course,
) -> None:
    notebooks = _notebooks(AGENTS, course, with_prose=True)
    alpha = _markdown(notebooks["en/chapter1/2_alpha.ipynb"])
    assert "Shared intro." in alpha and "Between the groups." in alpha
    assert "Build it with alpha-lib." in alpha
    assert "beta" not in alpha and "gamma" not in alpha
    assert "**alpha**" not in alpha  # the title names the option


def test_a_lesson_without_tabs_keeps_its_one_notebook(course: Course) -> None:
    (path, notebook), = _notebooks("# Plain\n\n```py\nx = 1\n```\n", course).items()
    assert path == "en/chapter1/2.ipynb"
    assert notebook.cells[0].source == "# Plain"
    assert "option" not in notebook.metadata.coursekit


PROSE_TABS = (
    '<hfoptions id="os">\n<hfoption id="linux">\n\nOn Linux.\n\n</hfoption>\n'
    '<hfoption id="mac">\n\nOn a Mac.\n\n</hfoption>\n</hfoptions>\n'
)


def test_tabs_of_prose_only_keep_one_notebook_naming_each_tab(course: Course) -> None:
    text = f"# Setup\n\n{PROSE_TABS}\n```py\nx = 1\n```\n"
    (path, notebook), = _notebooks(text, course, with_prose=True).items()
    assert path == "en/chapter1/2.ipynb"
    markdown = _markdown(notebook)
    assert markdown.index("**linux**") < markdown.index("On Linux.") < markdown.index(
        "**mac**") < markdown.index("On a Mac.")
    assert _code(notebook) == ["x = 1"]


def test_a_group_of_prose_beside_groups_of_code_is_in_every_notebook(course: Course) -> None:
    notebooks = _notebooks(f"{AGENTS}\n{PROSE_TABS}", course, with_prose=True)
    assert len(notebooks) == 3
    for notebook in notebooks.values():
        markdown = _markdown(notebook)
        assert "**linux**" in markdown and "On a Mac." in markdown


def _unclosed(text: str, code: str) -> str:
    """``text`` with the tab holding ``code`` left open."""
    tab = f"```py\n{code}\n```\n\n</hfoption>\n"
    assert tab in text
    return text.replace(tab, tab.removesuffix("</hfoption>\n"), 1)


def test_a_tab_never_closed_in_the_last_group_leaves_that_group_whole(course: Course) -> None:
    text = _unclosed(AGENTS, 'assert agent == "beta", agent')
    lesson = parse_lesson(text, path="content/en/chapter1/2.mdx", language="en")
    assert [d.rule for d in lesson.diagnostics] == ["LES116"]
    # the first group still splits; the broken one is in every notebook: no code is lost
    for option, notebook in zip(OPTIONS, _notebooks(text, course).values(), strict=True):
        assert _code(notebook) == [
            'shared = "setup"', f'agent = "{option}"', "print(shared)",
            *(f'assert agent == "{o}", agent' for o in OPTIONS),
        ]


def test_a_tab_never_closed_holds_the_tabs_after_it_so_none_splits(course: Course) -> None:
    # Pairing reads each later tab as inside the open one: no group is known to split.
    notebooks = _notebooks(_unclosed(AGENTS, 'agent = "beta"'), course)
    (path, notebook), = notebooks.items()
    assert path == "en/chapter1/2.ipynb"
    assert len(_code(notebook)) == 8


def test_a_group_inside_a_tab_goes_whole_with_that_tab(course: Course) -> None:
    inner = ('<hfoptions id="where">\n' + _tab("local", "place = 'here'")
             + _tab("remote", "place = 'there'") + "</hfoptions>\n")
    text = ('# Nested\n\n<hfoptions id="libs">\n<hfoption id="one">\n\n' + inner
            + '\n</hfoption>\n' + _tab("two", "place = 'two'") + "</hfoptions>\n")
    notebooks = _notebooks(text, course)
    assert {path: _code(nb) for path, nb in notebooks.items()} == {
        "en/chapter1/2_one.ipynb": ["place = 'here'", "place = 'there'"],
        "en/chapter1/2_two.ipynb": ["place = 'two'"],
    }


def test_an_option_id_unfit_for_a_file_name_splits_under_an_escaped_name(
    course: Course,
) -> None:
    text = ('# Odd\n\n<hfoptions id="g">\n' + _tab("a b", "x = 1") + _tab("c/d", "x = 2")
            + "</hfoptions>\n")
    notebooks = _notebooks(text, course)
    assert list(notebooks) == ["en/chapter1/2_+a+20b.ipynb", "en/chapter1/2_+c+2Fd.ipynb"]
    assert [_code(notebook) for notebook in notebooks.values()] == [["x = 1"], ["x = 2"]]


def test_an_option_id_too_long_for_a_file_name_does_not_split(course: Course) -> None:
    text = ('# Odd\n\n<hfoptions id="g">\n' + _tab("a" * 300, "x = 1") + _tab("b", "x = 2")
            + "</hfoptions>\n")
    (path, notebook), = _notebooks(text, course).items()
    assert path == "en/chapter1/2.ipynb"
    assert _code(notebook) == ["x = 1", "x = 2"]


def test_frameworks_and_options_give_a_notebook_per_pair(course: Course) -> None:
    text = ("# Both\n\n{#if fw === 'pt'}\n\n```py\nfw = 'pt'\n```\n\n{:else}\n\n"
            "```py\nfw = 'tf'\n```\n\n{/if}\n\n" + _group('agent = "{o}"'))
    notebooks = _notebooks(text, course)
    assert list(notebooks) == [f"en/chapter1/2_{fw}_{o}.ipynb"
                               for fw in ("pt", "tf") for o in OPTIONS]
    pt_beta = notebooks["en/chapter1/2_pt_beta.ipynb"]
    assert pt_beta.cells[0].source == "# Both (PyTorch, beta)"
    assert _code(pt_beta) == ["fw = 'pt'", 'agent = "beta"']
