"""What lesson findings say and where: planted defects with their clean counterparts."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Prose
from coursekit.lessons.parse import parse_lesson


def _findings(text: str) -> list[Diagnostic]:
    return list(parse_lesson(text, path="case.mdx", language="en").diagnostics)


def test_fence_findings_show_fence_lines_as_written() -> None:
    """A fence line is shown bare, as the translation findings show it: in single
    backquotes ```` ``` ```` reads as an empty code span and a stray backquote."""
    swallowed = _findings("# T\n\n```\nx\n\nSo:\n\n```python\ny = 1\n```\n")
    assert [(d.rule, d.line) for d in swallowed] == [("LES103", 3)]
    assert swallowed[0].message.startswith(
        "code fence ``` holds the line ```python (line 8), which is its content")
    assert swallowed[0].hint == (
        "add a closing ``` line where the code ends, or delete this line if it opens no "
        "code (a stray ```)")
    never = _findings("# T\n\n~~~py\nx = 1\n")
    assert [d.message for d in never] == ["code fence ~~~py is never closed"]
    assert never[0].hint == "add a closing ~~~ line where the code ends"
    # a bare marker that opens nothing closable may be a stray closing line
    [stray] = _findings("# T\n\n```py\nx = 1\n```\n```\n\nText.\n")
    assert stray.line == 6 and stray.hint == (
        "delete this line if it opens no code (a stray ```), as the blank line after it "
        "suggests; or add a closing ``` line where the code ends")
    # a stray closing line after prose swallows the text up to the next fence
    [swallowing] = _findings("# T\n\nIt says:\n```\n\n<img src=\"a.png\"/>\n\nThen:\n\n"
                             "```python\ny = 1\n```\n")
    assert swallowing.line == 4
    assert (swallowing.hint or "").startswith(
        "delete this line if it opens no code (a stray ```), as the blank line")
    # a fence with a language is code: only its closing line mends it
    [named] = _findings("# T\n\n```python\n\nx = 1\n\nSo:\n\n```python\ny = 1\n```\n")
    assert named.hint == "add a closing ``` line where the code ends"
    with_text = _findings("# T\n\n````py\nx = 1\n````done\n")
    by_rule = {d.rule: d.message for d in with_text}
    assert by_rule["LES104"].startswith("the line ````done has text after the marker")
    assert by_rule["LES103"] == "code fence ````py is never closed"
    assert _findings("# T\n\n```\nx\n```\n\nSo:\n\n```python\ny = 1\n```\n") == []


def _frameworks(text: str) -> list[tuple[int, str]]:
    lesson = parse_lesson(text, path="case.mdx", language="en")
    return [(b.line, b.framework.value) for b in lesson.blocks if isinstance(b, Prose)]


def test_nested_framework_block_is_one_finding_and_its_outer_block_resumes() -> None:
    """The outer block's ``{/if}`` closes it: no second finding calls it stray, and the
    text between the two ``{/if}`` stays in the outer block's framework."""
    nested = ("# T\n\n{#if fw === 'pt'}\n\nA\n\n{#if fw === 'tf'}\n\nB\n\n{/if}\n\nC\n\n"
              "{/if}\n\nD\n")
    assert [(d.rule, d.line) for d in _findings(nested)] == [("LES111", 3)]
    assert _frameworks(nested) == [(5, "pt"), (9, "tf"), (13, "pt"), (17, "both")]
    forgotten = "# T\n\n{#if fw === 'pt'}\n\nA\n\n{#if fw === 'tf'}\n\nB\n\n{/if}\n\nC\n"
    assert [(d.rule, d.line) for d in _findings(forgotten)] == [("LES111", 3)]
    stray = "# T\n\n{#if fw === 'pt'}\n\nA\n\n{/if}\n\n{/if}\n"
    assert [(d.rule, d.line) for d in _findings(stray)] == [("LES109", 9)]
    clean = "# T\n\n{#if fw === 'pt'}\n\nA\n\n{:else}\n\nB\n\n{/if}\n\nC\n"
    assert _findings(clean) == []
    assert _frameworks(clean) == [(5, "pt"), (9, "tf"), (13, "both")]


def test_an_anchor_repeated_in_the_other_framework_branch_is_no_duplicate() -> None:
    """A page shows one branch of a framework block: its PyTorch and TensorFlow headings
    may share an anchor; one that the other branch or shared text also has may not."""
    branches = ("# T\n\n{#if fw === 'pt'}\n\n## Train[[train]]\n\n{:else}\n\n"
                "## Train[[train]]\n\n{/if}\n")
    assert _findings(branches) == []
    shared = f"{branches}\n## Again[[train]]\n"
    assert [(d.rule, d.line) for d in _findings(shared)] == [("LES118", 13)]
    same_branch = "# T\n\n{#if fw === 'pt'}\n\n## A[[a]]\n\n## B[[a]]\n\n{/if}\n"
    duplicate = _findings(same_branch)
    assert [(d.rule, d.line) for d in duplicate] == [("LES118", 7)]
    assert "already used on line 5" in duplicate[0].message


def _prose(text: str) -> list[tuple[int, str]]:
    lesson = parse_lesson(text, path="case.mdx", language="en")
    return [(b.line, b.text) for b in lesson.blocks if isinstance(b, Prose)]


def test_text_after_a_comment_on_its_line_is_prose() -> None:
    """The page shows the text after ``-->``: the notebook's prose keeps it too."""
    assert _prose("# T\n\n<!-- to do --> Read this first.\n") == [(3, "Read this first.")]
    assert _prose("# T\n\n{/* to do\n  later */} Read this.\n\nMore.\n") == [
        (4, "Read this."), (6, "More.")]
    assert _prose("# T\n\n<!-- to do -->\nRead this.\n") == [(4, "Read this.")]


def test_a_comment_after_a_framework_marker_loses_nothing() -> None:
    """Only text the marker line would lose is ``LES108``: a comment shows on no page."""
    for comment in ("<!-- PyTorch -->", "{/* PyTorch */}"):
        assert _findings(f"# T\n\n{{#if fw === 'pt'}} {comment}\n\na\n\n{{/if}}\n") == []
    junk = _findings("# T\n\n{#if fw === 'pt'}\n\na\n\n{/if} and more\n")
    assert [(d.rule, d.line) for d in junk] == [("LES108", 7)]
    hidden = _findings("# T\n\n{#if fw === 'pt'} <!-- coursekit: skip -->\n\n"
                       "```py\nx\n```\n\n{/if}\n")
    assert [(d.rule, d.line) for d in hidden] == [("LES108", 3)]


def test_an_output_with_no_code_before_it_says_so() -> None:
    first = _findings("# T\n\n```python out\n1\n```\n\n```py\nprint(1)\n```\n")
    assert [(d.rule, d.line) for d in first] == [("LES106", 3)]
    assert first[0].message == ("output fence `python out` belongs to no code fence: "
                                "no code fence comes before it")
    # The counterpart: code before it, and a heading between.
    cut = _findings("# T\n\n```py\nprint(1)\n```\n\n## H\n\n```python out\n1\n```\n")
    assert [d.message for d in cut] == [
        "output fence `python out` belongs to no code fence: a heading, a code fence or a "
        "framework marker comes between it and the code before it"]
