"""The notebook of an option of a lesson's tabs is named by the option's id when the id
is plain; an id that would take a framework notebook's name (``pt``, ``tf_x``), one
equal but for case to an earlier id, and one that cannot name a file as written (``a/b``,
``llama index``, ``..``) is escaped, so that every notebook has its own path inside the
notebooks folder, and the reports read the option back from it."""

from __future__ import annotations

from pathlib import Path

import nbformat
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.execution.output.summary import lesson_summaries
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.naming import notebook_option, option_name

from .sample_course import write

TOCTREE = """\
- title: 1. One
  sections:
  - local: chapter1/tools
    title: Tools
  - local: chapter1/fw
    title: Frameworks
  - local_fw: { pt: chapter1/split, tf: chapter1/split_tf }
    title: Split
"""
FRAMEWORK_BLOCKS = (
    "{#if fw === 'pt'}\n\n```py\nfw = 'pt'\n```\n\n{:else}\n\n```py\nfw = 'tf'\n```\n\n{/if}\n\n"
)


def _group(*options: str) -> str:
    tabs = "".join(f'<hfoption id="{o}">\n\n```py\nagent = {o!r}\n```\n\n</hfoption>\n'
                   for o in options)
    return f'<hfoptions id="x">\n{tabs}</hfoptions>\n'


def _course(root: Path, tools: tuple[str, ...], fw: tuple[str, ...],
            split: tuple[str, ...]) -> Course:
    write(root, "content/en/_toctree.yml", TOCTREE)
    write(root, "content/en/chapter1/tools.mdx", "# Tools\n\n" + _group(*tools))
    write(root, "content/en/chapter1/fw.mdx", "# Fw\n\n" + FRAMEWORK_BLOCKS + _group(*fw))
    write(root, "content/en/chapter1/split.mdx", "# Split\n\n" + _group(*split))
    write(root, "content/en/chapter1/split_tf.mdx", "# Split TF\n\n```py\nx = 1\n```\n")
    return Course.open(root)


def _options(root: Path, result: BuildResult) -> dict[str, str | None]:
    """Each notebook's option as the reports read it back, checked against the
    option its metadata and its code name."""
    found: dict[str, str | None] = {}
    for path in result.notebooks:
        notebook = nbformat.read(root / "build/notebooks" / path, as_version=4)
        code = [c.source for c in notebook.cells if c.cell_type == "code"]
        meta = notebook.metadata.coursekit
        option = notebook_option(meta["lesson"], path, meta["framework"])
        assert option == meta.get("option"), path
        assert option is None or code[-1] == f"agent = {option!r}", path
        found[path] = option
    return found


def test_colliding_and_unsafe_ids_get_distinct_safe_paths(tmp_path: Path) -> None:
    course = _course(tmp_path, ("pt", "tf", "Alpha", "alpha", "a/b", "llama index", "../up",
                                ".."),
                     ("pt", "tf_x", "x"), ("tf", "pt_y", "other"))
    result = build_course(course)
    assert result.diagnostics == []  # no clash with split_tf.mdx's notebook
    options = _options(tmp_path, result)
    assert options["en/chapter1/split_tf.ipynb"] is None  # the TF lesson keeps its name
    for path in options:
        assert (tmp_path / "build/notebooks" / path).resolve().parent \
            == (tmp_path / "build/notebooks/en/chapter1").resolve(), path
    assert len({path.casefold() for path in options}) == len(options) == 18
    assert sorted(o for o in options.values() if o) == sorted(
        ["pt", "tf", "Alpha", "alpha", "a/b", "llama index", "../up", "..",
         "pt", "tf_x", "x", "pt", "tf_x", "x", "tf", "pt_y", "other"])
    assert "en/chapter1/tools_Alpha.ipynb" in options  # the first of the two keeps its id


def test_plain_ids_keep_their_names(tmp_path: Path) -> None:
    course = _course(tmp_path, ("smolagents", "llama-index", "LangGraph"), ("v1.0", "b_c"),
                     ("ptx", "tfjs"))
    result = build_course(course)
    assert result.diagnostics == []
    assert sorted(_options(tmp_path, result).items()) == [
        ("en/chapter1/fw_pt_b_c.ipynb", "b_c"), ("en/chapter1/fw_pt_v1.0.ipynb", "v1.0"),
        ("en/chapter1/fw_tf_b_c.ipynb", "b_c"), ("en/chapter1/fw_tf_v1.0.ipynb", "v1.0"),
        ("en/chapter1/split_ptx.ipynb", "ptx"), ("en/chapter1/split_tf.ipynb", None),
        ("en/chapter1/split_tfjs.ipynb", "tfjs"),
        ("en/chapter1/tools_LangGraph.ipynb", "LangGraph"),
        ("en/chapter1/tools_llama-index.ipynb", "llama-index"),
        ("en/chapter1/tools_smolagents.ipynb", "smolagents"),
    ]


def test_the_verify_summary_names_an_escaped_option() -> None:
    report = VerifyReport(notebooks=[
        NotebookResult(lesson="content/en/chapter1/split.mdx", language="en", framework=fw,
                       notebook=f"en/chapter1/{name}.ipynb")
        for fw, name in (("pt", "split_+tf"), ("pt", "split_+pt_y"), ("tf", "split_tf"),
                         ("pt", "split_other"))
    ])
    assert [s.option for s in lesson_summaries(report)] == ["other", "pt_y", "tf", None]


@given(st.text(min_size=1, max_size=60), st.lists(st.text(max_size=8), max_size=3),
       st.sampled_from(["both", "pt", "tf"]), st.booleans())
def test_any_id_reads_back_from_its_name(option: str, earlier: list[str], framework: str,
                                         split: bool) -> None:
    name = option_name(option, tuple(earlier))
    assert "/" not in name and "\0" not in name and name not in (".", "..")
    prefix = f"{framework}_" if split and framework != "both" else ""
    assert notebook_option("c/en/ch/tools.mdx", f"en/ch/tools_{prefix}{name}.ipynb",
                           framework) == option
