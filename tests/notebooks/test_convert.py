"""Lesson model to notebooks, on hand-built lessons."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.lessons.model import Code, Component, Directive, Framework, Lesson
from coursekit.lessons.parse import parse_lesson
from coursekit.notebooks.convert import convert_lesson, lesson_to_notebooks
from coursekit.notebooks.metadata import INSTALL_TAG, RAISES_TAG
from coursekit.notebooks.rules import INVALID_PYTHON

from .handmade import error, heading, lesson, markers, prose, py, result


@pytest.fixture
def course(tmp_path: Path) -> Course:
    return Course.open(tmp_path)


def only(lesson_: object, course: Course, **kwargs: bool) -> nbformat.NotebookNode:
    notebooks = lesson_to_notebooks(lesson_, course, **kwargs)  # type: ignore[arg-type]
    assert len(notebooks) == 1
    notebook = notebooks[0][2]
    nbformat.validate(notebook)
    return notebook


def code_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in notebook.cells if c.cell_type == "code" and "coursekit" in c.metadata]


def test_title_install_and_code_cells_in_order(course: Course) -> None:
    notebook = only(lesson(
        py(5, "from transformers import pipeline\nimport os"),
        py(12, "from sklearn.metrics import f1_score\nimport torch.nn as nn"),
    ), course)
    title, install, first, second = notebook.cells
    assert title.cell_type == "markdown"
    assert title.source.startswith("# Using the pipeline")
    assert title.source == "# Using the pipeline"  # no repository path for a learner
    assert notebook.metadata["coursekit"]["lesson"] == "content/en/chapter1/3.mdx"
    assert install.source == "!pip install scikit-learn torch transformers[sentencepiece]"
    assert install.metadata["tags"] == [INSTALL_TAG]
    assert first.source == "from transformers import pipeline\nimport os"
    assert second.metadata["coursekit"]["line"] == 12
    # Keys at their defaults are left out: a clean cell says only where it comes from.
    assert first.metadata["coursekit"] == {"line": 5}


def test_no_install_cell_for_standard_library_only(course: Course) -> None:
    notebook = only(lesson(py(5, "import json, collections\nprint(json.dumps([]))")), course)
    assert [c.cell_type for c in notebook.cells] == ["markdown", "code"]


def test_result_of_an_expression_is_an_execute_result(course: Course) -> None:
    notebook = only(lesson(py(5, "x = 2\nx + 1", result(8, "3"))), course)
    (cell,) = code_cells(notebook)
    (out,) = cell.outputs
    assert out.output_type == "execute_result"
    assert out.data["text/plain"] == "3"
    assert cell.metadata["coursekit"]["outputs"] == [8]


def test_printed_output_is_a_stream(course: Course) -> None:
    notebook = only(lesson(py(5, "print(3)", result(8, "3"))), course)
    (out,) = code_cells(notebook)[0].outputs
    assert (out.output_type, out.name, out.text) == ("stream", "stdout", "3\n")


def test_documented_error_becomes_error_output_and_expectation(course: Course) -> None:
    trace = "Traceback (most recent call last):\n  File ...\nValueError: bad shape"
    notebook = only(lesson(py(5, "f()", error(8, "ValueError", "bad shape", trace=trace))), course)
    (cell,) = code_cells(notebook)
    (out,) = cell.outputs
    assert out.output_type == "error"
    assert (out.ename, out.evalue) == ("ValueError", "bad shape")
    assert out.traceback[-1] == "ValueError: bad shape"
    assert cell.metadata["tags"] == [RAISES_TAG]
    assert cell.metadata["coursekit"]["expect_errors"] == [{
        "name": "ValueError", "message": "bad shape", "device": None,
        "origin": "output", "line": 9,
    }]


def test_qualified_exception_name_keeps_short_ename(course: Course) -> None:
    name = "tensorflow.python.framework.errors_impl.InvalidArgumentError"
    notebook = only(lesson(py(5, "g()", error(8, name, "oops"))), course)
    (cell,) = code_cells(notebook)
    assert cell.outputs[0].ename == "InvalidArgumentError"
    assert cell.metadata["coursekit"]["expect_errors"][0]["name"] == name


def test_device_directive_replaces_output_and_drops_the_tag(course: Course) -> None:
    cuda = Directive(line=4, kind="expect-error",
                     args={"name": "RuntimeError", "message": "CUDA error", "device": "cuda"})
    code = py(5, "loss(x)", error(8, "RuntimeError", "CUDA error"), directives=(cuda,))
    notebook = only(lesson(cuda, code), course)
    (cell,) = code_cells(notebook)
    assert "tags" not in cell.metadata
    (expected,) = cell.metadata["coursekit"]["expect_errors"]
    assert (expected["origin"], expected["device"]) == ("directive", "cuda")


def test_skip_and_timeout_directives(course: Course) -> None:
    directives = (
        Directive(line=3, kind="skip", args={"reason": "needs a GPU"}),
        Directive(line=4, kind="timeout", args={"seconds": "90"}),
    )
    notebook = only(lesson(py(5, "train()", directives=directives)), course)
    meta = code_cells(notebook)[0].metadata["coursekit"]
    assert (meta["skip"], meta["timeout"]) == ("needs a GPU", 90.0)


def test_pip_lines_of_a_shell_fence_become_a_bang_cell(course: Course) -> None:
    shell = Code(line=3, language="bash", info="bash",
                 source="$ pip install datasets evaluate\nhuggingface-cli login")
    text = Code(line=9, language="text", info="text", source="some output")
    notebook = only(lesson(shell, text, py(12, "import datasets")), course)
    sources = [c.source for c in notebook.cells]
    assert "!pip install datasets evaluate" in sources
    pip = notebook.cells[sources.index("!pip install datasets evaluate")]
    assert pip.metadata["coursekit"]["line"] == 3
    assert pip.metadata["coursekit"]["skip"]
    assert pip.metadata["tags"] == [INSTALL_TAG]
    assert not any("huggingface-cli" in s or "some output" in s for s in sources)



def test_with_prose_a_shell_fences_other_commands_stay_text(course: Course) -> None:
    shell = Code(line=3, language="bash", info="bash", source=(
        "# set up\n$ pip install datasets \\\n    evaluate\nhuggingface-cli login"))
    notebook = only(lesson(shell, py(12, "import datasets")), course, with_prose=True)
    sources = [c.source for c in notebook.cells]
    assert "!pip install datasets evaluate" in sources
    assert "```bash\n# set up\nhuggingface-cli login\n```" in sources
    assert not any("evaluate" in s for s in sources if s.startswith("```"))
    # A fence of installs and comments alone is its cell, shown no further.
    installs = Code(line=3, language="bash", info="bash",
                    source="# the libraries\npip install datasets\n")
    notebook = only(lesson(installs, py(12, "import datasets")), course, with_prose=True)
    assert not any(c.source.startswith("```") for c in notebook.cells)

def test_a_fence_with_no_language_that_only_installs_is_an_install_cell(
        course: Course) -> None:
    plain = Code(line=3, language="", info="", source="pip install --upgrade evaluate jiwer")
    notebook = only(lesson(plain, py(7, "import evaluate")), course)
    sources = [c.source for c in notebook.cells]
    assert "!pip install --upgrade evaluate jiwer" in sources
    # Its counterparts: a plain fence that shows more than installs, and a text fence
    # quoting an install, are prose.
    shown = Code(line=3, language="", info="", source="pip install evaluate\nDone.")
    quoted = Code(line=3, language="text", info="text", source="pip install evaluate")
    for fence in (shown, quoted):
        cells = [c.source for c in only(lesson(fence, py(7, "x = 1")), course).cells]
        assert not any(s.startswith("!pip install evaluate") for s in cells)


def test_a_python_fence_of_bare_installs_is_an_install_cell_not_broken_code(
        course: Course) -> None:
    bare = Code(line=3, language="python", info="python",
                source="# the tools\npip install llama-index-tools-google\n")
    notebook = only(lesson(bare, py(7, "from llama_index.tools.google import x")), course)
    [install] = [c for c in notebook.cells if "llama-index-tools-google" in c.source]
    assert install.source == "!pip install llama-index-tools-google"
    assert INSTALL_TAG in install.metadata["tags"]  # and not repeated by the head cell
    assert not [d for d in convert_lesson(lesson(bare), course).diagnostics
                if d.rule == INVALID_PYTHON.code]
    # Its counterparts stay Python: an IPython ``!pip`` line, and installs with code.
    for source in ("!pip install evaluate", "pip install evaluate\nimport evaluate"):
        fence = Code(line=3, language="python", info="python", source=source)
        cells = [c for c in only(lesson(fence), course).cells if c.source == source]
        assert len(cells) == 1 and INSTALL_TAG not in cells[0].metadata.get("tags", [])


def test_notebook_install_lines_of_a_shell_fence_are_kept(course: Course) -> None:
    shell = Code(line=3, language="bash", info="bash",
                 source="!pip install evaluate\npip install jiwer\n%pip install -q datasets")
    sources = [c.source for c in only(lesson(shell, py(9, "x = 1")), course).cells]
    assert "!pip install evaluate\n!pip install jiwer\n!pip install -q datasets" in sources
    plain = Code(line=3, language="", info="", source="!pip install evaluate")
    sources = [c.source for c in only(lesson(plain, py(7, "x = 1")), course).cells]
    assert "!pip install evaluate" in sources


def test_an_install_template_with_placeholders_is_no_cell(course: Course) -> None:
    template = Code(line=3, language="bash", info="bash",
                    source="pip install llama-index-{component-type}-{framework-name}")
    sources = [c.source for c in only(lesson(template, py(7, "x = 1")), course).cells]
    assert not any("{component-type}" in s for s in sources)
    real = Code(line=3, language="bash", info="bash", source="pip install llama-index-core")
    sources = [c.source for c in only(lesson(real, py(7, "x = 1")), course).cells]
    assert "!pip install llama-index-core" in sources


def test_framework_blocks_give_two_notebooks(course: Course) -> None:
    if_, else_, end = markers(10)
    pt_code = py(12, "import torch", framework=Framework.PT)
    tf_code = py(22, "import tensorflow as tf", framework=Framework.TF)
    both = py(40, "print('shared')")
    built = lesson_to_notebooks(lesson(if_, pt_code, else_, tf_code, end, both), course)
    assert [(fw, path) for fw, path, _ in built] == [
        (Framework.PT, "en/chapter1/3_pt.ipynb"), (Framework.TF, "en/chapter1/3_tf.ipynb"),
    ]
    pt, tf = (nb for _, _, nb in built)
    assert [c.source for c in code_cells(pt)] == ["import torch", "print('shared')"]
    assert [c.source for c in code_cells(tf)] == ["import tensorflow as tf", "print('shared')"]
    assert pt.metadata["kernelspec"]["name"] == tf.metadata["kernelspec"]["name"] == "python3"
    assert tf.metadata["coursekit"]["framework"] == "tf"
    assert (pt.metadata["coursekit"]["environment"], tf.metadata["coursekit"]["environment"]) \
        == ("pt", "tf")


def test_split_file_keeps_its_name(course: Course) -> None:
    pt = lesson(py(3, "import torch"), path="content/en/chapter8/4.mdx", framework=Framework.PT)
    tf = lesson(py(3, "import tensorflow"), path="content/en/chapter8/4_tf.mdx",
                framework=Framework.TF)
    assert [p for _, p, _ in lesson_to_notebooks(pt, course)] == ["en/chapter1/4.ipynb"]
    assert [p for _, p, _ in lesson_to_notebooks(tf, course)] == ["en/chapter1/4_tf.ipynb"]


def test_environment_of_a_notebook_for_both_follows_its_imports(course: Course) -> None:
    notebook = only(lesson(py(3, "import tensorflow as tf")), course)
    assert notebook.metadata["kernelspec"] == {
        "display_name": "Python 3", "language": "python", "name": "python3"}
    assert notebook.metadata["coursekit"]["framework"] == "both"
    assert notebook.metadata["coursekit"]["environment"] == "tf"
    assert only(lesson(py(3, "x = 1")), course).metadata["coursekit"]["environment"] == "pt"


@pytest.mark.parametrize(("setting", "expected"), [
    ("framework", "coursekit-tf"), ("my-kernel", "my-kernel"), ("", "python3"),
    ("my-kernel_3.11", "my-kernel_3.11"), ("../../etc", "python3"),
])
def test_kernelspec_is_configurable(tmp_path: Path, setting: str, expected: str) -> None:
    (tmp_path / "coursekit.toml").write_text(
        f'[notebooks]\nkernel = "{setting}"\n', encoding="utf-8")
    configured = Course.open(tmp_path)
    notebook = only(lesson(py(3, "import tensorflow as tf")), configured)
    assert notebook.metadata["kernelspec"]["name"] == expected


def test_code_free_lessons_yield_nothing(course: Course) -> None:
    quiz = Component(line=3, name="Question", raw="<Question choices={[]} />")
    assert lesson_to_notebooks(lesson(quiz), course) == []
    assert lesson_to_notebooks(lesson(prose(3, "Only words.")), course) == []


def test_lesson_with_code_and_an_inline_quiz_builds_its_code(course: Course) -> None:
    quiz = Component(line=12, name="Question", raw="<Question choices={[]} />")
    notebook = only(lesson(py(3, "print(1)"), prose(7, "Check yourself:"), quiz), course)
    assert [c.source for c in code_cells(notebook)] == ["print(1)"]


def test_prose_only_with_the_option(course: Course) -> None:
    blocks = (heading(1, "Using the pipeline", level=1), prose(3, "Intro."),
              heading(5, "Setup"), prose(7, "Words."), py(9, "x = 1"))
    plain = only(lesson(*blocks), course)
    assert [c.cell_type for c in plain.cells] == ["markdown", "code"]
    rich = only(lesson(*blocks), course, with_prose=True)
    assert [c.source for c in rich.cells if c.cell_type == "markdown"][1:] == [
        "Intro.", "## Setup\n\nWords.",
    ]


def test_cell_ids_are_stable_and_unique(course: Course) -> None:
    blocks = (py(3, "a = 1"), py(3, "a = 1"), py(9, "b = 2"))
    first = only(lesson(*blocks), course)
    second = only(lesson(*blocks), course)
    ids = [c.id for c in first.cells]
    assert ids == [c.id for c in second.cells]
    assert len(set(ids)) == len(ids)


def test_unparsable_python_is_reported(course: Course) -> None:
    broken = convert_lesson(lesson(py(5, "def f(:\n    pass")), course)
    assert [(d.rule, d.line) for d in broken.diagnostics] == [(INVALID_PYTHON.code, 6)]
    ipython = convert_lesson(lesson(py(5, "!pip install x\n%time f()\nprint(1)")), course)
    assert ipython.diagnostics == []


def test_a_fence_left_open_is_reported_once_not_also_as_unparsable(course: Course) -> None:
    text = "# T\n\n```py\nx = 1\n\nSome prose the fence took in.\n\n```py\ny = 2\n```\n"
    parsed = parse_lesson(text, path="content/en/chapter1/1.mdx", language="en", chapter=1)
    rules = [d.rule for d in convert_lesson(parsed, course).diagnostics]
    assert "NBK105" not in rules
    assert [d.rule for d in parsed.diagnostics] == ["LES103"]
    closed = parse_lesson(text.replace("x = 1\n", "x = 1\n```\n", 1),
                          path="content/en/chapter1/1.mdx", language="en", chapter=1)
    assert closed.diagnostics == () and convert_lesson(closed, course).diagnostics == []


def test_a_lesson_whose_code_yields_no_notebook_is_an_error(course: Course) -> None:
    # A PyTorch split file whose only code sits in a TensorFlow block.
    stray = py(5, "import tensorflow", framework=Framework.TF)
    conversion = convert_lesson(lesson(stray, framework=Framework.PT), course)
    assert conversion.notebooks == []
    assert [d.rule for d in conversion.diagnostics] == ["NBK106"]
    clean = convert_lesson(lesson(py(5, "import torch"), framework=Framework.PT), course)
    assert clean.diagnostics == []


SHARED_OUTPUT = b"""\
# Shapes

{#if fw === 'pt'}

```py
pt_batch().shape
```

{:else}

```py
tf_batch().shape
```

{/if}

Both frameworks print:

```python out
(2, 8)
```
"""


def test_a_shared_output_after_a_framework_block_shows_in_both_notebooks(
    course: Course,
) -> None:
    parsed = parse_lesson(SHARED_OUTPUT, path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    assert parsed.diagnostics == ()
    notebooks = {fw: nb for fw, _, nb in lesson_to_notebooks(parsed, course)}
    assert set(notebooks) == {Framework.PT, Framework.TF}
    for framework, call in ((Framework.PT, "pt_batch"), (Framework.TF, "tf_batch")):
        (cell,) = code_cells(notebooks[framework])
        assert cell.source.startswith(call)
        assert [o.data["text/plain"] for o in cell.outputs] == ["(2, 8)"]


def test_an_output_after_a_block_with_one_code_branch_stays_unattached(
    course: Course,
) -> None:
    text = SHARED_OUTPUT.replace(b"```py\ntf_batch().shape\n```", b"TensorFlow prose.")
    parsed = parse_lesson(text, path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    assert [d.rule for d in parsed.diagnostics] == ["LES106"]
    notebooks = {fw: nb for fw, _, nb in lesson_to_notebooks(parsed, course)}
    assert [cell.outputs for cell in code_cells(notebooks[Framework.PT])] == [[]]


QUOTED_TRACE = b'''\
# Errors

```py
trainer.train()
```

```python trace
"""
Traceback (most recent call last):
  File "train.py", line 3, in <module>
KeyError: 'labels'
"""
```

```py
print("x")
```

```python out
x
"""
```
'''


def test_no_stray_triple_quotes_in_an_error_output(course: Course) -> None:
    parsed = parse_lesson(QUOTED_TRACE, path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    trace, printed = code_cells(only(parsed, course))
    (error_output,) = trace.outputs
    assert error_output.output_type == "error"
    assert error_output.evalue == "'labels'"
    assert error_output.traceback[0].startswith("Traceback")
    assert error_output.traceback[-1] == "KeyError: 'labels'"
    # A result is the lesson's text as written.
    assert printed.outputs[0].text == 'x\n"""\n'


EXPLAINED = b"""\
# Tokens

```py
tokens
```

```python out
['una', '##ff', '##able']
```

The alignment of each token with its word looks like this.

```python out
una ##ff ##able
0   0    0
```

**Output**

```out
['word']
```
"""


def test_an_explanation_is_prose_not_the_cells_output(course: Course) -> None:
    parsed = parse_lesson(EXPLAINED, path="content/en/chapter1/2.mdx", language="en",
                          chapter=1, section="2")
    assert [d.rule for d in parsed.diagnostics] == ["LES125"]
    (cell,) = code_cells(only(parsed, course))
    assert [o.data["text/plain"] if "data" in o else o.text for o in cell.outputs] == [
        "['una', '##ff', '##able']\n", "['word']",
    ]
    with_prose = only(parsed, course, with_prose=True)
    markdown = "\n".join(c.source for c in with_prose.cells if c.cell_type == "markdown")
    assert "```\nuna ##ff ##able\n0   0    0\n```" in markdown
    assert "['una'" not in markdown


QUIZ_PAGE = b"""\
# Quiz

### 1. Which call loads a dataset?

A.
```python
load_dataset("minds14")
```

B.
```python
librosa.load_dataset("minds14")
```

<Question
  choices={[
    { text: "A", explain: "", correct: true },
  ]}
/>
"""


def _parsed(text: bytes, section: str = "2") -> Lesson:
    return parse_lesson(text, path=f"content/en/chapter1/{section}.mdx", language="en",
                        chapter=1, section=section)


def test_a_quiz_page_yields_a_notebook_only_when_asked(tmp_path: Path, course: Course) -> None:
    quiz = _parsed(QUIZ_PAGE, "quiz")
    conversion = convert_lesson(quiz, course)
    assert (conversion.notebooks, conversion.diagnostics) == ([], [])
    asked = only(quiz, course, quizzes=True)
    assert len(code_cells(asked)) == 2
    (tmp_path / "coursekit.toml").write_text("[notebooks]\nquizzes = true\n", encoding="utf-8")
    assert len(code_cells(only(quiz, Course.open(tmp_path)))) == 2


def test_code_before_an_inline_quiz_is_no_quiz_page(course: Course) -> None:
    lesson_text = b"# Loading\n\n```py\nds = load()\n```\n\n## Quiz\n\n" + QUIZ_PAGE.split(
        b"\n", 2)[2]
    notebook = only(_parsed(lesson_text), course)
    assert [c.source for c in code_cells(notebook)] == ["ds = load()"]


def test_an_inline_quizs_choices_are_shown_not_run(course: Course) -> None:
    lesson_text = (b"# Loading\n\n```py\nds = load()\n```\n\n## Quiz\n\n"
                   + QUIZ_PAGE.split(b"\n", 2)[2].replace(b"librosa.", b"import librosa\nlibrosa."))
    plain = only(_parsed(lesson_text), course)
    assert "librosa" not in "".join(c.source for c in plain.cells)  # nor installed
    rich = only(_parsed(lesson_text), course, with_prose=True)
    markdown = "\n".join(c.source for c in rich.cells if c.cell_type == "markdown")
    assert '```python\nload_dataset("minds14")\n```' in markdown
    assert [c.source for c in code_cells(rich)] == ["ds = load()"]
    # asked for, as a quiz page is, the choices are cells
    asked = only(_parsed(lesson_text), course, quizzes=True)
    assert len(code_cells(asked)) == 3
    # code after the question of its section makes the section the lesson's code
    more = lesson_text + b"\n```py\nprint(ds)\n```\n"
    assert len(code_cells(only(_parsed(more), course))) == 4
    # a section of unlabelled code that ends in a check question is the lesson's
    check = b"# Loading\n\n```py\nds = load()\n```\n\n## More\n\n```py\na = 1\n```\n\n" \
        b"```py\nb = 2\n```\n\n<Question choices={[]} />\n"
    assert len(code_cells(only(_parsed(check), course))) == 3
    # code in a new section after the quiz is the lesson's; the choices stay text
    after = lesson_text + b"\n## Next\n\n```py\nprint(ds)\n```\n"
    assert [c.source for c in code_cells(only(_parsed(after), course))] == [
        "ds = load()", "print(ds)"]


OPENING_CODE_THEN_QUESTION = b"""\
# Loading a dataset

```py
ds = load_dataset("minds14")
```

```py
print(ds[0])
```

Check yourself:

<Question
  choices={[
    { text: "A row", explain: "", correct: true },
  ]}
/>
"""


def test_code_under_the_title_then_a_check_question_is_no_quiz_page(course: Course) -> None:
    notebook = only(_parsed(OPENING_CODE_THEN_QUESTION), course)
    assert [c.source for c in code_cells(notebook)] == [
        'ds = load_dataset("minds14")', "print(ds[0])",
    ]
    # the same snippets under a numbered question of their own are a quiz's choices
    numbered = OPENING_CODE_THEN_QUESTION.replace(b"\n\n```py", b"\n\n### 1. Which?\n\n```py", 1)
    assert convert_lesson(_parsed(numbered, "quiz"), course).notebooks == []
    # unless the section goes on with code after its question: the lesson's code
    going_on = numbered + b"\n```py\nprint(len(ds))\n```\n"
    assert len(code_cells(only(_parsed(going_on), course))) == 3


def test_a_framework_notebook_says_its_framework_in_its_title(course: Course) -> None:
    notebooks = {fw: nb for fw, _, nb in lesson_to_notebooks(_parsed(SHARED_OUTPUT), course)}
    assert notebooks[Framework.PT].cells[0].source == "# Shapes (PyTorch)"
    assert notebooks[Framework.TF].cells[0].source == "# Shapes (TensorFlow)"
    assert only(lesson(py(3, "x = 1")), course).cells[0].source == "# Using the pipeline"


def test_the_first_cell_links_the_course_page_and_colab(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text(
        '[notebooks]\npage-url = "https://example.org/learn/{language}/{local}?fw={framework}"\n'
        'colab-url = "https://colab.research.google.com/github/org/nb/blob/main/{path}"\n',
        encoding="utf-8")
    configured = Course.open(tmp_path)
    notebooks = {path: nb for _, path, nb in lesson_to_notebooks(_parsed(SHARED_OUTPUT),
                                                                configured)}
    first = notebooks["en/chapter1/2_pt.ipynb"].cells[0].source
    assert first.startswith("# Shapes (PyTorch)\n\n[![Open In Colab](")
    assert "(https://colab.research.google.com/github/org/nb/blob/main/en/chapter1/2_pt.ipynb)" \
        in first
    assert "(https://example.org/learn/en/chapter1/2?fw=pt)" in first
    assert "content/" not in first


def test_metadata_opens_on_colab(course: Course) -> None:
    notebook = only(lesson(py(3, "x = 1")), course)
    assert notebook.metadata["colab"] == {"name": "3.ipynb", "provenance": []}
    assert notebook.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize(("table", "message"), [
    ('quizzes = "yes"', "`quizzes` must be true or false"),
    ('page-url = "https://x/{chapter}"', "`page-url` names {chapter}"),
    ('colab-url = "https://x/{path"', "`colab-url` is not a template"),
    ("badge = true", "unknown key `badge`"),
    ('kernel = "../../etc"', "`kernel` must be a kernel name"),
    ('kernel = "a\\u0000b"', "`kernel` must be a kernel name"),
    ('kernel = "my kernel"', "at most 100 letters, digits"),
    (f'kernel = "{"k" * 5000}"', "`kernel` must be a kernel name"),
])
def test_bad_notebook_settings_are_reported(tmp_path: Path, table: str, message: str) -> None:
    (tmp_path / "coursekit.toml").write_text(f"[notebooks]\n{table}\n", encoding="utf-8")
    (finding,) = config_findings(Course.open(tmp_path))
    assert finding.rule == "CFG001"
    assert message in finding.message
    assert finding.line == 2
    assert len(finding.message) < 300  # a long value is quoted, not copied


NEEDS_GIT_LFS = b"""\
# Pushing

```bash
pip install datasets[audio]
git lfs install
```

```py
from datasets import load_dataset
from tools import my_tool
import faiss
```
"""


def test_install_cell_then_a_note_on_what_pip_cannot_install(course: Course) -> None:
    notebook = only(_parsed(NEEDS_GIT_LFS), course)
    _title, install, note, own, code = notebook.cells
    assert install.source == "!pip install faiss-cpu"  # datasets: the lesson's own line
    assert note.cell_type == "markdown"
    assert "git-lfs: `apt-get install git-lfs`" in note.source
    assert "`tools`" in note.source
    assert own.source == "!pip install datasets[audio]"
    assert code.source.startswith("from datasets")
    clean = only(_parsed(b"# Clean\n\n```py\nimport torch\n```\n"), course)
    assert [c.cell_type for c in clean.cells] == ["markdown", "code", "code"]


def test_pip_lines_inside_python_code_are_the_lessons_own(course: Course) -> None:
    text = (b"# Agents\n\n```py\n%pip install smolagents[litellm] -q\n"
            b"import smolagents\nimport gradio\n```\n")
    install, code = [c for c in only(_parsed(text), course).cells if c.cell_type == "code"]
    assert install.source == "!pip install gradio"  # smolagents: the lesson's own line
    assert code.source.startswith("%pip install smolagents[litellm]")
