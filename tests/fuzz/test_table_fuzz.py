"""Fuzzing what a course declares in tables: its configuration and its metadata.csv files.

Oracles: any configuration, whatever its keys, values and types, gives findings and
an exit code, never an internal error; a bad value is a CFG finding with its file and
line. Any metadata.csv is read into rows and findings whose lines are in the file.
"""

from __future__ import annotations

import atexit
import json
import math
import shutil
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.subtitles.metadata import read_metadata

from .support import (
    GENERIC_LINE_OPS,
    METADATA_SEEDS,
    SRT_SEEDS,
    LineOp,
    Mutant,
    budget,
    check,
    example,
    mutants,
    mutate,
    text_lines,
)

KEYS = ["source-language", "languages", "content-dir", "subtitles-dir", "build-dir",
        "frameworks", "kernels", "select", "ignore", "extend-select", "per-file-ignores",
        "severity", "subtitles", "translations", "verify", "standins", "unknown-key"]
SUBTITLE_KEYS = ["max-cps", "max-chars-per-line", "max-lines", "min-duration", "max-duration",
                 "min-gap-frames", "frame-rate", "allow-contiguous", "bom", "line-endings",
                 "bilingual", "max-uncovered", "disable", "severity", "languages", "fr", "zh-CN"]

EDGE_NUMBERS = [0, -1, 1, 10**18, 2**63 - 1, -(2**63), float("inf"), float("-inf"),
                float("nan"), 5e-324, 1e-320, 2.2250738585072014e-308, 1.7976931348623157e308,
                -0.0]
"""Numbers at the edges of their types: infinities, NaN, subnormals, the largest."""
EDGE_PATHS = ["..", "../x", "../../etc", "/etc", "/", "a/../../b", "C:/x", "\\\\server\\x",
              "EN", "Zh-cn", "zh_CN", "a" * 256, "x/" + "b" * 300, "a\x00b", " ", "./"]
"""Folder and language values that leave the course, change case, or are too long."""

scalars = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.sampled_from(EDGE_NUMBERS),
    st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=True), st.booleans(),
    st.text(max_size=12), st.sampled_from(["en", "fr", "pt", "tf", "SUB104", "LES", "x/y",
                                           "", "error", "warning", "lf", "crlf", "forbid"]),
    st.sampled_from(EDGE_PATHS), st.text(min_size=250, max_size=400),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(SUBTITLE_KEYS + KEYS), inner,
                                            max_size=4)),
    max_leaves=12,
)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"


@st.composite
def configurations(draw: st.DrawFn) -> tuple[str, str]:
    """(file name, text) of a configuration: good keys with any values, odd shapes."""
    name = draw(st.sampled_from(["pyproject.toml", "coursekit.toml"]))
    prefix = "tool.coursekit" if name == "pyproject.toml" else ""
    table = draw(st.dictionaries(st.sampled_from(KEYS), values, max_size=5))
    lines = [f"[{prefix}]"] if prefix else []
    lines += [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in table.items()]
    if draw(st.booleans()):
        section = draw(st.dictionaries(st.sampled_from(SUBTITLE_KEYS), values, max_size=4))
        lines.append(f"[{prefix + '.' if prefix else ''}subtitles]")
        lines += [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in section.items()]
    odd = draw(st.sampled_from(["", "tool = 5", "[tool]\ncoursekit = [\"en\"]", "[tool",
                                "tool.coursekit = 1", "x = \"\\ud800\"", "\x00",
                                "x = " + "[" * 5000 + "]" * 5000,
                                "severity = " + "{a = " * 2000 + "1" + "}" * 2000]))
    if odd and name == "pyproject.toml" and not table:
        lines = [odd]
    return name, "\n".join(lines) + "\n"


_ROOT = Path(tempfile.mkdtemp(prefix="coursekit-fuzz-"))
atexit.register(shutil.rmtree, _ROOT, True)  # module-wide, for Hypothesis; gone at exit


def _course(name: str, text: str) -> Path:
    root = _ROOT / "course"
    (root / "subtitles" / "en").mkdir(parents=True, exist_ok=True)
    (root / "subtitles" / "en" / "01_a.srt").write_bytes(SRT_SEEDS[0])
    for stale in ("pyproject.toml", "coursekit.toml"):
        (root / stale).unlink(missing_ok=True)
    (root / name).write_text(text, encoding="utf-8", errors="surrogatepass")
    return root


@budget(ci=50, soak=3_000)
@given(configurations())
def test_any_configuration_gives_findings_never_an_internal_error(config: tuple[str, str]) -> None:
    name, text = config
    with example("configuration", config):
        root = _course(name, text)
        result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(root)])
        out = result.output
        check("internal error" not in out and "Traceback" not in out,
              f"internal error: {out[-300:]}")
        check(result.exit_code in (0, 1, 2), f"exit code {result.exit_code}")
        check("SUB020" not in out, f"a configured value failed a file: {out[-300:]}")
        if "CFG001" in out:
            check(name in out, "a configuration finding that does not name its file")
            check(result.exit_code == 2, "a configuration finding without exit 2")


metadata_ops: dict[str, LineOp] = {
    **GENERIC_LINE_OPS,
    "quote": lambda ls, n: [line.replace(",", ',"', 1) if k % 3 == n % 3 else line
                            for k, line in enumerate(ls)],
    "columns": lambda ls, n: ["id;title;link;srt_filename", *ls[1:]],
    "short_row": lambda ls, n: [*ls, "onlyid"],
    "long_row": lambda ls, n: [*ls, "a,b,c,d,e,f,g"],
    "empty_name": lambda ls, n: [*ls, "vid,Title,https://x,"],
    "header_only": lambda ls, n: ls[:1],
    "big_field": lambda ls, n: [*ls, "v,\"" + "x" * (200_000 + n % 10) + "\",l,f.srt"],
}

metadata_files = mutants("METADATA_SEEDS", len(METADATA_SEEDS), sorted(metadata_ops))


@budget(ci=100, soak=5_000)
@given(metadata_files)
def test_metadata_reader_reads_rows_and_findings_on_the_file_lines(case: Mutant) -> None:
    data = mutate(METADATA_SEEDS[case.seed], case.line_ops, case.byte_ops, metadata_ops)
    with example("metadata", case):
        root = _ROOT / "meta"
        (root / "subtitles" / "en").mkdir(parents=True, exist_ok=True)
        (root / "subtitles" / "en" / "metadata.csv").write_bytes(data)
        meta = read_metadata(Course.open(root), "en")
        check(meta is not None, "an existing metadata.csv was not read")
        assert meta is not None
        count = len(text_lines(data, utf16=False)) + 1
        for row in meta.rows:
            check(1 <= row.line <= count, f"row line {row.line} outside the file")
        for d in meta.problems:
            check(d.line is None or 1 <= d.line <= count, f"finding line {d.line}")
