"""One output fence brought up to date: only the exception line (and its message's
lines) changes, in the shape the lesson shows; and which errors a report proves drifted."""

from __future__ import annotations

import pytest

from coursekit.fixes.outputs import Raised, Unchanged, updated_output
from coursekit.fixes.proven import blames_standins, proven_drifts
from coursekit.judgement.model import CellResult, NotebookJudgement, NotebookStatus, Verdict
from coursekit.lessons.model import Output
from coursekit.lessons.parse import parse_lesson


def _output(text: str) -> Output:
    lesson = parse_lesson(f"```py\nf()\n```\n\n```python out\n{text}\n```\n",
                          path="content/en/1.mdx", language="en")
    output = lesson.code_blocks()[0].outputs[0]
    assert output.exception is not None, text
    return output


@pytest.mark.parametrize(("documented", "raised", "expected"), [
    pytest.param("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                 "    f()\nKeyError: 'label'",
                 "KeyError: 'labels'",
                 "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                 "    f()\nKeyError: 'labels'", id="traceback"),
    pytest.param("Cell In[3], line 1\n----> 1 f()\nValueError: old",
                 "TypeError: new", "Cell In[3], line 1\n----> 1 f()\nTypeError: new",
                 id="frames fragment"),
    pytest.param("ValueError: old message\n  with a second line",
                 "ValueError: the new message", "ValueError: the new message",
                 id="message lines replaced"),
    pytest.param("ValueError: old message\n...", "ValueError: the new message",
                 "ValueError: the new message\n...", id="elision line kept"),
    pytest.param("ValueError: cut short ...", "ValueError: a new message that is longer",
                 "ValueError: a new ...", id="cut as short, mark as written"),
    pytest.param("ValueError: shapes [1, 2, 3] and…",
                 "ValueError: shapes [10, 20, 30, 40] and [50, 60] do not match",
                 "ValueError: shapes…", id="never inside brackets"),
    pytest.param("'KeyError: \"label\"'", "KeyError: 'labels'", None, id="quote clash"),
    pytest.param("\"KeyError: 'label'\"", "KeyError: 'labels'", "\"KeyError: 'labels'\"",
                 id="quoted"),
    pytest.param("torch.cuda.OutOfMemoryError: CUDA out of memory",
                 "OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB",
                 "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB",
                 id="qualified name kept"),
    pytest.param("  ValueError: old", "RuntimeError: new", "  RuntimeError: new",
                 id="indentation kept"),
    pytest.param("ValueError: old\"\"\"", "RuntimeError: new", "RuntimeError: new\"\"\"",
                 id="closing quotes kept"),
    pytest.param("ValueError: old", "Interrupted: stop", None, id="not an exception name"),
])
def test_the_exception_line_gets_what_is_raised_in_the_lesson_s_shape(
        documented: str, raised: str, expected: str | None) -> None:
    output = _output(documented)
    if expected is None:
        with pytest.raises(Unchanged):
            updated_output(output, Raised.parse(raised))
    else:
        assert updated_output(output, Raised.parse(raised)) == expected


def _judged(*cells: CellResult, framework: str = "pt") -> NotebookJudgement:
    return NotebookJudgement(notebook=f"en/1_{framework}.ipynb", lesson="content/en/1.mdx",
                             language="en", framework=framework,
                             status=NotebookStatus.ERROR_DRIFT, verdict="error-drift",
                             severity=None, cells=cells)


def _cell(line: int, verdict: Verdict, raised: str = "TypeError: new", note: str = "",
          cause: int | None = None) -> CellResult:
    return CellResult(index=line, source=f"content/en/1.mdx:{line}", verdict=verdict,
                      documented="ValueError: old", raised=raised, note=note, cause=cause)


def test_only_a_drift_the_run_proved_is_proven() -> None:
    standins = ("the notebook runs on stand-ins (`x`: the real architectures, shrunk in "
                "width and depth); a documented error ... cannot show on them")
    proven, left = proven_drifts([_judged(
        _cell(1, Verdict.ERROR_DRIFT),
        _cell(2, Verdict.NOT_REACHED, "NameError: name 'x' is not defined", cause=1),
        _cell(3, Verdict.ERROR_DRIFT, note=standins),
        _cell(4, Verdict.ERROR_DRIFT, note="the real architecture (...) raises the same: "
              "the libraries changed, not only the stand-in"),
        _cell(5, Verdict.REPRODUCED, ""),
        _cell(6, Verdict.MESSAGE_DRIFT, "ValueError: reworded"),
    )])
    assert [(p.line, p.raised) for p in proven] == [(1, "TypeError: new"), (4, "TypeError: new")]
    assert [(n.line, n.why.split(":")[0]) for n in left] == [
        (2, "not reached"), (3, "the stand-ins may be the cause")]


def test_a_cell_shared_by_notebooks_is_proven_only_when_they_agree() -> None:
    proven, left = proven_drifts([
        _judged(_cell(1, Verdict.ERROR_DRIFT), _cell(2, Verdict.ERROR_DRIFT),
                _cell(3, Verdict.ERROR_DRIFT)),
        _judged(_cell(1, Verdict.REPRODUCED, ""), _cell(2, Verdict.ERROR_DRIFT, "KeyError: x"),
                _cell(3, Verdict.ERROR_DRIFT), framework="tf"),
    ])
    assert [p.line for p in proven] == [3]
    assert [(n.line, n.why.split(":")[0]) for n in left] == [
        (1, "another notebook of the lesson reproduces it"),
        (2, "its notebooks raise different errors")]


def test_a_stand_in_note_blames_them_unless_the_real_model_raised_the_same() -> None:
    assert blames_standins("the notebook runs on stand-ins, shrunk; it raises `X` instead")
    assert not blames_standins("the real architecture raises the same: the libraries "
                               "changed, not only the stand-in")
    assert not blames_standins("")
