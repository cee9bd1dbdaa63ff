"""Formatting lesson code on fixture lessons, one per lesson-aware case: each holds
the trap a naive formatter (the fence's text handed to black as it is) falls into."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from black import format_str
from black.mode import Mode

from coursekit.formatting.settings import FormatSettings, Formatter
from tests.formatting.support import FORMATTERS, format_file, outside_code

FIXTURES = Path(__file__).parent.parent / "fixtures" / "formatting"
CHANGED = ["ipython", "frameworks", "blockquote", "indented"]
UNCHANGED = ["left-alone", "unclosed"]


def _copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / f"{name}.mdx"
    shutil.copyfile(FIXTURES / f"{name}.mdx", target)
    return target


@pytest.mark.parametrize("formatter", FORMATTERS)
@pytest.mark.parametrize("name", CHANGED)
def test_fences_are_formatted_as_expected(name: str, formatter: Formatter,
                                          tmp_path: Path) -> None:
    result = format_file(_copy(name, tmp_path), FormatSettings(formatter))
    assert result.after == (FIXTURES / f"{name}.formatted.mdx").read_bytes()
    assert outside_code(result.after) == outside_code(result.before)


@pytest.mark.parametrize("formatter", FORMATTERS)
@pytest.mark.parametrize("name", CHANGED)
def test_formatted_fences_stay_as_they_are(name: str, formatter: Formatter,
                                           tmp_path: Path) -> None:
    file = tmp_path / f"{name}.mdx"
    shutil.copyfile(FIXTURES / f"{name}.formatted.mdx", file)
    result = format_file(file, FormatSettings(formatter))
    assert not result.changed
    assert result.after == result.before


@pytest.mark.parametrize("formatter", FORMATTERS)
@pytest.mark.parametrize("name", UNCHANGED)
def test_fences_that_are_not_python_to_format_are_left_alone(
        name: str, formatter: Formatter, tmp_path: Path) -> None:
    result = format_file(_copy(name, tmp_path), FormatSettings(formatter))
    assert not result.changed
    assert result.after == (FIXTURES / f"{name}.mdx").read_bytes()


def _naive(code: str) -> str | None:
    try:
        return format_str(code, mode=Mode()).removesuffix("\n")
    except Exception:
        return None


def _fence(text: str, opening: str) -> str:
    """The lines after ``opening`` up to the closing fence, as written (a quote's or
    list item's markers included)."""
    after = text.split(opening + "\n", 1)[1]
    return after[: after.index("```")].rstrip(" >\n")


def test_the_fixtures_hold_what_a_naive_formatter_gets_wrong() -> None:
    ipython = (FIXTURES / "ipython.mdx").read_text(encoding="utf-8")
    assert _naive(_fence(ipython, "```py")) is None  # `!pip` and `%time` stop black
    left_alone = (FIXTURES / "left-alone.mdx").read_text(encoding="utf-8")
    for opening in ("```py no-format", "```python out"):
        code = _fence(left_alone, opening)
        assert _naive(code) not in (None, code)  # valid Python black would rewrite
    quoted = (FIXTURES / "blockquote.mdx").read_text(encoding="utf-8")
    assert _naive(_fence(quoted, "> ```py")) is None  # the `> ` markers are no Python
    listed = (FIXTURES / "indented.mdx").read_text(encoding="utf-8")
    assert _naive(_fence(listed, "   ```py")) is None  # the list item's indentation


def test_ipython_lines_are_kept_byte_for_byte(tmp_path: Path) -> None:
    result = format_file(_copy("ipython", tmp_path), FormatSettings())
    after = result.after.decode("utf-8")
    for line in ('!pip install   datasets  "transformers[torch]"', "%load_ext   autoreload",
                 "%time result = train( model )", "files = !ls   data/", "model?",
                 "    !echo   {name}", "%%time", "%%writefile   app.py", "import  gradio as gr"):
        assert f"\n{line}\n" in after
    assert 'answer = await client.ask("hello")' in after


@pytest.mark.parametrize("formatter", FORMATTERS)
def test_line_endings_and_byte_order_mark_are_kept(formatter: Formatter,
                                                   tmp_path: Path) -> None:
    source = (FIXTURES / "frameworks.mdx").read_bytes()
    expected = (FIXTURES / "frameworks.formatted.mdx").read_bytes()
    file = tmp_path / "crlf.mdx"
    file.write_bytes(b"\xef\xbb\xbf" + source.replace(b"\n", b"\r\n"))
    result = format_file(file, FormatSettings(formatter))
    assert result.after == b"\xef\xbb\xbf" + expected.replace(b"\n", b"\r\n")


def test_line_length_is_the_configured_one(tmp_path: Path) -> None:
    file = _copy("blockquote", tmp_path)
    assert format_file(file, FormatSettings(line_length=88)).changed
    wide = format_file(file, FormatSettings(line_length=120))
    assert b"raw_datasets = load_dataset(\n" not in wide.after
    assert b'> raw_datasets = load_dataset("glue", "mrpc", split="train",' in wide.after
