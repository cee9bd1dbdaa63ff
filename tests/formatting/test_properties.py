"""Properties of formatting any lesson made of prose, quotes, list items and fences:
it never raises, changes nothing outside the code of Python fences, and a second pass
changes nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from coursekit.formatting.settings import FormatSettings, Formatter
from tests.formatting.support import format_file, outside_code

CODE_LINES = [
    "x=1", "y = [ 1,2 ]", "def f(a,b):", "    return a+b", "  return a", "!pip install  x",
    "%timeit f( 1 )", "model?", "for i in range( 3 ):", "    !echo {i}", "print( 'hi' )",
    "answer = await ask( 'q' )", "", "import  os", "{'a':1}", "def broken(:", "\tz = 2",
    "```", "> quoted", "s = '''", "'''",
]
PROSE = st.sampled_from(["Some prose.", "Trailing spaces  ", "", "{#if fw === 'pt'}",
                         "{:else}", "{/if}", "- a list item", "> a quote", "<Tip>", "</Tip>"])


@st.composite
def fences(draw: st.DrawFn) -> str:
    prefix = draw(st.sampled_from(["", "> ", "   ", ">", "  > "]))
    info = draw(st.sampled_from(["py", "python", "py no-format", "bash", "python out", ""]))
    code = draw(st.lists(st.sampled_from(CODE_LINES), max_size=6))
    closed = draw(st.booleans()) or draw(st.booleans())
    lines = [f"{prefix}```{info}", *(f"{prefix}{line}" for line in code)]
    if closed:
        lines.append(f"{prefix}```")
    return "\n".join(lines)


@st.composite
def lessons(draw: st.DrawFn) -> bytes:
    blocks = draw(st.lists(st.one_of(PROSE, fences()), max_size=6))
    text = "\n\n".join(["# Title", *blocks]) + draw(st.sampled_from(["", "\n", "\n\n"]))
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text.encode("utf-8")


def _formats_once(data: bytes, formatter: Formatter) -> None:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "lesson.mdx"
        file.write_bytes(data)
        first = format_file(file, FormatSettings(formatter))
        assert first.before == data
        assert outside_code(first.after) == outside_code(data)
        file.write_bytes(first.after)
        second = format_file(file, FormatSettings(formatter))
        assert not second.changed, second.diff()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lessons())
# A quoted block whose code, once indented, reads as if quoted with "> ": the same text.
@example(b"# Title\n\n>```py\n>for i in range( 3 ):\n>\tz = 2\n>```")
def test_formatting_keeps_what_is_not_code_and_settles_at_once(data: bytes) -> None:
    _formats_once(data, Formatter.BLACK)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lessons())
def test_so_does_formatting_with_ruff(data: bytes) -> None:
    _formats_once(data, Formatter.RUFF)
