"""Compare a cell's output with the output the lesson documents.

Text is compared token by token, ignoring whitespace between tokens and masking
addresses; numbers are compared with a relative tolerance, so a loss of 0.6931
documented as 0.6930 is no drift. A documented output ending in ``...`` only has
to start the real one. What follows the data rather than the code is not
compared: the numbers of shapes (``torch.Size([8, 65])``, ``shape=(8, 62)``,
``num_rows: 3668``), every number of a cell that shows only sizes, and the
device a tensor or model is on. A drift is shown as the lines the reader wrote
and saw, cut around the first difference.

A notebook that runs on stand-ins (random weights, synthetic data) is compared only on
what a stand-in preserves: the output's form, its types (a number, a quoted string),
dict keys, and lengths (how many numbers and strings). Every number and every quoted
value then matches any other of its kind, and a line of plain prose (words and
sentence punctuation only: a decoded example, a generated text, a label name) matches
any other such line, so a documented loss, metric, prediction or example text is never
reported as drift there; words of structured lines (reprs, keys, messages with brackets
or ``=``) are still compared. A set of strings (the distinct values found in the data,
such as the characters of a dataset's transcripts) matches any other set of strings:
how many distinct values synthetic data holds is a fact of that data, where the length
of a list follows the code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from coursekit.execution.judge.apidrift import OutputDrift, output_drift_of
from coursekit.execution.judge.matching import strip_ansi
from coursekit.execution.plan.model import CellPlan
from coursekit.execution.results import CellRun, Verdict
from coursekit.notebooks.metadata import DocumentedOutput
from coursekit.stale_apis import StaleApi

_TOKEN = re.compile(
    # A timing in a progress bar is one token, whatever its units: Keras `3s 17ms/step`,
    # `ETA: 1:43`; tqdm `[00:12<00:00, 3.2it/s]`.
    r"(?P<timing>\b\d+(?:\.\d+)?(?:s|ms|us)\b(?:/(?:step|it|sample))?|ETA: [\d:]+s?"
    r"|\d+(?:\.\d+)?(?:it|s)/(?:s|it)\b|\[\d+:\d+(?::\d+)?<[^\]]*\])"
    r"|(?P<address>0x[0-9a-fA-F]+)|(?P<number>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\w+|\S"
)
_SHAPE = re.compile(r"(?:Size|TensorShape)\(\[[^\]]*\]\)|shape=\([^)]*\)|num_rows:\s*\d+")
_ERASED_CHARACTER = re.compile(r"[^\n\x08]\x08")
_OVERWRITTEN_LINE = re.compile(r"^[^\n]*\r(?!\n)", re.MULTILINE)
_DEVICE = re.compile(r"device\(type='(?:cpu|cuda|mps)'(?:, index=\d+)?\)|"
                     r"device='(?:cpu|cuda|mps)(?::\d+)?'")
_DEVICE_WORD = re.compile(r"cpu|cuda|mps")
_EXCERPT = 40
"""Longest excerpt of a line shown in a message, and how much of it comes before
the difference."""
_BEFORE = 16
_DEFAULT_REPR = re.compile(r"\s*(?:<[\w.]+(?: object)? at 0x[0-9a-fA-F]+>\s*)+")
_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")
_KEY_AFTER = re.compile(r"\s*:")
_PROSE_LINE = re.compile(r"^[^\W\d_][\w \t.,;!?'’-]*$", re.MULTILINE)
_PROSE = "<prose>"
_STRING_SET = re.compile(
    r"\{\s*(?:'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\")"
    r"(?:\s*,\s*(?:'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"))*\s*,?\s*\}")
_SET = "<set of strings>"


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    kind: str
    """``number``, ``varying`` (a number that follows the data), ``timing``, ``device``,
    ``address`` or ``text``."""


@dataclass(frozen=True, slots=True)
class Drift:
    """The first difference between a documented output and the real one."""

    documented: str
    """The documented line, cut around the difference (empty when nothing is documented
    there)."""
    actual: str
    """The real line, likewise (empty when the output ends before)."""
    line: int
    """0-based line of the documented output where the difference is."""

    def describe(self, lesson_line: int | None = None) -> str:
        """The sentence for a diagnostic; ``lesson_line`` is where the difference is in
        the lesson, when known."""
        where = f" at line {lesson_line}" if lesson_line else ""
        if not self.actual:
            return f"output ends early{where}: documented {_quoted(self.documented)} is missing"
        if not self.documented:
            return f"output goes on{where}: {_quoted(self.actual)} is not documented"
        return (f"output differs{where}: documented {_quoted(self.documented)}, "
                f"got {_quoted(self.actual)}")


def _quoted(text: str) -> str:
    return f'"{text}"'


def output_text(outputs: Iterable[dict[str, Any]]) -> str:
    """What a reader sees: standard output, results and displayed text (not stderr).

    Consecutive stream outputs are one text (a progress bar redraws itself across
    them); a result starts on a line of its own.
    """
    text = ""
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream" and out.get("name") == "stdout":
            text += _joined(out.get("text", ""))
        elif kind in ("execute_result", "display_data"):
            if text and not text.endswith("\n"):
                text += "\n"
            text += _joined(out.get("data", {}).get("text/plain", "")) + "\n"
    return as_displayed(strip_ansi(text)).rstrip("\n")


def as_displayed(text: str) -> str:
    """``text`` as a notebook shows it: a backspace erases the character before it, and
    a carriage return starts its line again (progress bars redraw themselves so)."""
    previous = None
    while previous != text:
        previous, text = text, _ERASED_CHARACTER.sub("", text)
    text = text.replace("\x08", "").replace("\r\n", "\n")
    return _OVERWRITTEN_LINE.sub("", text)


def _joined(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _string_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the quoted strings of ``text`` (dict keys and values)."""
    return [(m.start(), m.end()) for m in _QUOTED.finditer(text)]


def _tokens(text: str, *, sizes: bool, standins: bool = False) -> list[_Token]:
    shapes, devices = _spans(_SHAPE, text), _spans(_DEVICE, text)
    strings = _string_spans(text) if standins else []
    found: list[_Token] = []
    position = 0
    for start, end in [*strings, (len(text), len(text))]:
        found.extend(_plain_tokens(text, position, start, sizes or standins, shapes, devices))
        if start < end:
            # A key is compared by its text, whichever quote shows it (Python picks `"`
            # for a text holding `'`); a value by its kind only.
            key = _KEY_AFTER.match(text, end) is not None
            found.append(_Token(text[start + 1:end - 1] if key else text[start:end], start,
                                "text" if key else "quoted"))
        position = end
    return found


def _plain_tokens(text: str, begin: int, end: int, sizes: bool,
                  shapes: list[tuple[int, int]], devices: list[tuple[int, int]]) -> list[_Token]:
    found: list[_Token] = []
    for match in _TOKEN.finditer(text, begin, end):
        start, value = match.start(), match.group()
        kind = match.lastgroup or "text"
        if kind == "number" and (sizes or _inside(start, shapes)):
            kind = "varying"
        elif _inside(start, devices) and _DEVICE_WORD.fullmatch(value):
            kind = "device"
        found.append(_Token(value, start, kind))
    return found


def _same(want: _Token, got: _Token, tolerance: float) -> bool:
    if want.text == got.text:
        return True
    if want.kind in ("varying", "timing", "device", "address", "quoted"):
        return got.kind == want.kind
    if want.kind == "number" and got.kind in ("number", "varying"):
        a, b = float(want.text), float(got.text)
        return math.isclose(a, b, rel_tol=tolerance, abs_tol=tolerance * 1e-3)
    return False


def _excerpt(text: str, position: int) -> str:
    """The line of ``text`` holding ``position``, cut to a window around that position."""
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    line = text[start:] if end < 0 else text[start:end]
    column = position - start
    stripped = line.lstrip()
    column -= len(line) - len(stripped)
    line = stripped.rstrip()
    if len(line) <= _EXCERPT:
        return line
    low = max(0, column - _BEFORE)
    if low:  # start at a word, when one starts shortly before the difference
        space = line.find(" ", low, column)
        low = space + 1 if space >= 0 else low
    high = min(len(line), low + _EXCERPT)
    return ("…" if low else "") + line[low:high] + ("…" if high < len(line) else "")


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position)


def compare_output(documented: str, actual: str, tolerance: float, *,
                   sizes: bool = False, standins: bool = False) -> Drift | None:
    """``None`` when ``actual`` matches ``documented``, else where they first differ.

    ``sizes``: every number is a size that follows the data (any number matches it).
    ``standins``: the output comes from stand-ins; only its form, types, keys and
    lengths are compared (see the module's docstring).
    """
    documented = documented.strip()
    truncated = documented.endswith(("...", "…"))
    if truncated:
        documented = documented.rstrip(".…").rstrip()
    if standins:
        documented, actual = _PROSE_LINE.sub(_PROSE, documented), _PROSE_LINE.sub(_PROSE, actual)
        documented, actual = _STRING_SET.sub(_SET, documented), _STRING_SET.sub(_SET, actual)
    want = _tokens(documented, sizes=sizes, standins=standins)
    got = _tokens(actual, sizes=sizes, standins=standins)
    for position, token in enumerate(want):
        line = _line_of(documented, token.start)
        if position >= len(got):
            return Drift(_excerpt(documented, token.start), "", line)
        if not _same(token, got[position], tolerance):
            return Drift(_excerpt(documented, token.start),
                         _excerpt(actual, got[position].start), line)
    if not truncated and len(got) > len(want):
        extra = got[len(want)].start
        if _DEFAULT_REPR.fullmatch(actual[extra:]):
            return None  # lessons leave out values shown as `<History at 0x...>`
        return Drift("", _excerpt(actual, extra), _line_of(documented, len(documented)))
    return None


def output_drift(
    documented: list[DocumentedOutput], outputs: list[dict[str, Any]], tolerance: float,
    *, sizes: bool = False, standins: bool = False,
) -> str | None:
    """The first difference between a cell's documented outputs and its real ones,
    located at its lesson line."""
    shown = [d for d in documented if d.get("kind", "result") == "result"]
    if not shown:
        return None
    text = "\n".join(d["text"].strip() for d in shown)
    drift = compare_output(text, output_text(outputs), tolerance, sizes=sizes,
                           standins=standins)
    if drift is None:
        return None
    return drift.describe(_lesson_line(shown, drift.line))


def _lesson_line(shown: list[DocumentedOutput], line: int) -> int | None:
    """The lesson line of line ``line`` of the joined outputs (each fence's text starts
    on the line after the fence)."""
    offset = 0
    for block in shown:
        text = block["text"]
        count = text.strip().count("\n") + 1
        if line < offset + count:
            fence = block.get("line") or 0
            skipped = text[: len(text) - len(text.lstrip())].count("\n")
            return fence + 1 + skipped + line - offset if fence else None
        offset += count
    return None


def checked_output(
    cell: CellPlan, run: CellRun, verdict: Verdict, tolerance: float,
    apis: Sequence[StaleApi], *, sizes: bool, standins: bool,
) -> tuple[str | None, OutputDrift | None]:
    """How a clean cell's output differs from the documented one; when the output shows
    an object of a type the library now gives in place of the documented one, that
    drift of the library instead."""
    if verdict is not Verdict.OK or not cell.outputs:
        return None, None
    drift = output_drift(list(cell.outputs), run.outputs, tolerance, sizes=sizes,
                         standins=standins)
    if drift is None:
        return None, None
    documented = "\n".join(d["text"] for d in cell.outputs)
    changed = output_drift_of(apis, documented, output_text(run.outputs))
    return (None, changed) if changed is not None else (drift, None)
