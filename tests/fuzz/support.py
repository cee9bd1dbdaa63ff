"""What every fuzz property shares: example budgets per profile, seeds, mutations, and the
soak tally.

Two profiles: ``ci`` (the default: a few hundred derandomized examples per property, a
red run always reproduces) and ``soak`` (``COURSEKIT_FUZZ=soak``: 10⁵ examples for the
subtitle loader and 5·10⁴ for the lesson parser, which ``COURSEKIT_FUZZ_PARTS=n``
splits over n processes). In a soak, an exception or a broken oracle is tallied with
its input and the run goes on, so one soak counts every failure; the tally is written
to ``COURSEKIT_FUZZ_REPORT`` (JSON) and the session fails if anything was found.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
SOAK = os.environ.get("COURSEKIT_FUZZ", "ci") == "soak"
PARTS = max(1, int(os.environ.get("COURSEKIT_FUZZ_PARTS", "1") or 1))
"""A soak split over this many processes (each runs its share of every property's
examples, with its own random seed and report)."""
F = TypeVar("F", bound=Callable[..., Any])


def budget(ci: int, soak: int) -> Callable[[F], F]:
    """Hypothesis settings with ``ci`` examples, or ``soak`` in a soak."""
    return settings(
        max_examples=-(-soak // PARTS) if SOAK else ci,
        deadline=None,
        derandomize=not SOAK,
        database=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much, HealthCheck.large_base_example],
    )


# --- the soak tally -----------------------------------------------------------------

@dataclass
class Tally:
    tried: int = 0
    exceptions: int = 0
    violations: int = 0
    slowest_s: float = 0.0
    slowest_input: str = ""
    failures: list[dict[str, str]] = field(default_factory=list)


TALLIES: dict[str, Tally] = {}
_KEPT_FAILURES = 20


def _show(value: object, limit: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


class OracleViolation(AssertionError):
    """An input on which a property's oracle does not hold."""


@contextmanager
def example(name: str, value: object) -> Iterator[None]:
    """Run one example of property ``name`` on input ``value``: timed and, in a soak,
    tallied instead of raised."""
    tally = TALLIES.setdefault(name, Tally())
    tally.tried += 1
    start = time.process_time()  # CPU time: a soak runs at low priority on a busy machine
    try:
        yield
    except Exception as exc:
        if not SOAK:
            raise
        violation = isinstance(exc, AssertionError)
        if violation:
            tally.violations += 1
        else:
            tally.exceptions += 1
        if len(tally.failures) < _KEPT_FAILURES:
            tally.failures.append({
                "kind": "violation" if violation else "exception",
                "error": "".join(traceback.format_exception_only(exc)).strip()[:2000],
                "input": _show(value, 4000),
            })
    finally:
        elapsed = time.process_time() - start
        if elapsed > tally.slowest_s:
            tally.slowest_s, tally.slowest_input = elapsed, _show(value)
        if SOAK and tally.tried % 1000 == 0:
            write_report()


def write_report() -> None:
    """Write the tally where ``COURSEKIT_FUZZ_REPORT`` says (a long soak writes it as it
    goes, so that a run cut short still counts)."""
    report = os.environ.get("COURSEKIT_FUZZ_REPORT")
    if report:
        Path(report).write_text(json.dumps(
            {name: dataclasses.asdict(t) for name, t in sorted(TALLIES.items())}, indent=2),
            encoding="utf-8")


def check(condition: bool, message: str) -> None:
    if not condition:
        raise OracleViolation(message)


# --- seeds --------------------------------------------------------------------------

def _read_all(pattern: str) -> list[bytes]:
    return [p.read_bytes() for p in sorted(REPO.glob(pattern))]


SRT_SEEDS = _read_all("subtitles/*/*.srt")
LESSON_SEEDS = _read_all("content/*/chapter*/*.mdx")
TOCTREE_SEEDS = _read_all("content/*/_toctree.yml")
METADATA_SEEDS = _read_all("subtitles/*/metadata.csv")


# --- mutations ------------------------------------------------------------------------

Op = tuple[str, int]
"""A mutation and the number that picks where (and how much) it applies."""

LineOp = Callable[[list[str], int], list[str]]


def _pick(items: list[int], n: int) -> int | None:
    return items[n % len(items)] if items else None


def blank_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if not line.strip()]


def _del_blank(lines: list[str], n: int) -> list[str]:
    i = _pick(blank_lines(lines), n)
    return lines if i is None else lines[:i] + lines[i + 1:]


def _dup_blank(lines: list[str], n: int) -> list[str]:
    i = _pick(blank_lines(lines), n)
    return lines if i is None else lines[:i] + [""] * (1 + n % 3) + lines[i:]


def _del_line(lines: list[str], n: int) -> list[str]:
    if not lines:
        return lines
    i = n % len(lines)
    return lines[:i] + lines[i + 1:]


def _dup_line(lines: list[str], n: int) -> list[str]:
    if not lines:
        return lines
    i = n % len(lines)
    return lines[:i + 1] + lines[i:]


def _huge_number(lines: list[str], n: int) -> list[str]:
    i = n % (len(lines) + 1)
    return [*lines[:i], "9" * (4290 + n % 40), *lines[i:]]


def _long_line(lines: list[str], n: int) -> list[str]:
    i = n % (len(lines) + 1)
    return [*lines[:i], ("word " * (1 + n % 40000)).strip(), *lines[i:]]


def _tabs(lines: list[str], n: int) -> list[str]:
    if not lines:
        return lines
    i = n % len(lines)
    return [*lines[:i], "\t" + lines[i].replace("  ", "\t").replace(" ", "\t", 1), *lines[i + 1:]]


def _odd_text(lines: list[str], n: int) -> list[str]:
    odd = ["\u2028x", "\x0b", "\x85", "\u3000", "\u200f\u05e9", "\x00", "\ufeff", "\\", "<i>",
           "-->", " --> ", "1", "0", "00:00:01,000", "a" * 13, "\udcff".encode(
               "utf-8", "surrogatepass").decode("utf-8", "replace")]
    i = n % (len(lines) + 1)
    return [*lines[:i], odd[n % len(odd)], *lines[i:]]


GENERIC_LINE_OPS: dict[str, LineOp] = {
    "del_blank": _del_blank, "dup_blank": _dup_blank, "del_line": _del_line,
    "dup_line": _dup_line, "huge_number": _huge_number, "long_line": _long_line,
    "tabs": _tabs, "odd_text": _odd_text,
}


def _bom(data: bytes, n: int) -> bytes:
    return b"\xef\xbb\xbf" + data


def _crlf(data: bytes, n: int) -> bytes:
    return data.replace(b"\n", b"\r\n")


def _cr(data: bytes, n: int) -> bytes:
    return data.replace(b"\n", b"\r")


def _mixed_eol(data: bytes, n: int) -> bytes:
    parts = data.split(b"\n")
    eols = (b"\n", b"\r\n", b"\r")
    out = bytearray()
    for k, part in enumerate(parts):
        out += part
        if k + 1 < len(parts):
            out += eols[(n + k * 7) % 3]
    return bytes(out)


def _nul(data: bytes, n: int) -> bytes:
    i = n % (len(data) + 1)
    return data[:i] + b"\x00" + data[i:]


def _latin1(data: bytes, n: int) -> bytes:
    return data.decode("utf-8", "replace").encode("latin-1", "replace")


def _latin1_bytes(data: bytes, n: int) -> bytes:
    i = n % (len(data) + 1)
    return data[:i] + "Café à côté".encode("latin-1") + data[i:]


def _utf16(data: bytes, n: int) -> bytes:
    codec = ("utf-16", "utf-16-le", "utf-16-be")[n % 3]
    return data.decode("utf-8", "replace").encode(codec)


def _truncate(data: bytes, n: int) -> bytes:
    return data[: n % (len(data) + 1)]


def _flip(data: bytes, n: int) -> bytes:
    if not data:
        return data
    i = n % len(data)
    return data[:i] + bytes([(n >> 8) % 256]) + data[i + 1:]


BYTE_OPS: dict[str, Callable[[bytes, int], bytes]] = {
    "bom": _bom, "crlf": _crlf, "cr": _cr, "mixed_eol": _mixed_eol, "nul": _nul,
    "latin1": _latin1, "latin1_bytes": _latin1_bytes, "utf16": _utf16, "truncate": _truncate,
    "flip": _flip,
}


def ops(names: list[str], max_size: int) -> st.SearchStrategy[list[Op]]:
    return st.lists(st.tuples(st.sampled_from(names), st.integers(0, 2**20)), max_size=max_size)


@dataclass(frozen=True)
class Mutant:
    """A seed file and the mutations made to it: shown as such, built on demand."""

    seeds: str
    seed: int
    line_ops: tuple[Op, ...]
    byte_ops: tuple[Op, ...]

    def __repr__(self) -> str:
        return f"Mutant({self.seeds}[{self.seed}], {list(self.line_ops)}, {list(self.byte_ops)})"


def mutants(seeds: str, count: int, line_ops: list[str], max_ops: int = 4) -> st.SearchStrategy[
        Mutant]:
    return st.builds(Mutant, st.just(seeds), st.integers(0, count - 1),
                     ops(line_ops, max_ops).map(tuple), ops(sorted(BYTE_OPS), 2).map(tuple))


def mutate(seed: bytes, line_ops: tuple[Op, ...] | list[Op], byte_ops: tuple[Op, ...] | list[Op],
           table: dict[str, LineOp]) -> bytes:
    """``seed`` with ``line_ops`` applied to its lines, then ``byte_ops`` to its bytes."""
    lines = seed.decode("utf-8").split("\n")
    for name, n in line_ops:
        lines = table[name](lines, n)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    for name, n in byte_ops:
        data = BYTE_OPS[name](data, n)
    return data


_EOL = re.compile(r"\r\n|\r|\n")


def encoding_of(data: bytes) -> tuple[bytes, str]:
    """The byte order mark ``data`` starts with and the codec it calls for; without one,
    UTF-16 when a NUL is in most bytes of one parity and in none of the other (of the
    first 4 KiB, as a player sniffs it), else UTF-8."""
    for mark, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"),
                        (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"),
                        (b"\xfe\xff", "utf-16-be")):
        if data.startswith(mark):
            return mark, codec
    head = data[:4096]
    if len(head) >= 4:
        even, odd, half = head[0::2].count(0), head[1::2].count(0), len(head) // 2
        if odd >= half * 0.6 and even == 0:
            return b"", "utf-16-le"
        if even >= half * 0.6 and odd == 0:
            return b"", "utf-16-be"
    return b"", "utf-8"


def text_lines(data: bytes, *, utf16: bool = True) -> list[str]:
    """The lines of ``data`` as a reader should see them: UTF-8, or UTF-16 after its byte
    order mark where the reader reads UTF-16 (invalid bytes as U+FFFD), split at CRLF, LF
    or CR."""
    mark, codec = encoding_of(data)
    if codec != "utf-8" and not utf16:
        mark, codec = b"", "utf-8"
    return _EOL.split(data[len(mark):].decode(codec, "replace"))
