"""Reading a configuration file: its coursekit table, the line of each key, and what
kept the file from being read, each problem with its location as data.

The TOML reader is :mod:`tomllib` from Python 3.14 on, and its backport ``tomli``
before: the same parser, whose errors carry their line (``lineno``) only in those
versions, so that no line is ever read back out of an error's text.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from coursekit.config.key_lines import key_lines
from coursekit.config.model import ConfigProblem
from coursekit.shown import shown

if sys.version_info >= (3, 14):
    import tomllib
else:
    import tomli as tomllib


class Problems(list[ConfigProblem]):
    """The problems found so far, in the order of the file."""

    def add(self, keys: Sequence[str], message: str, line: int | None = None) -> None:
        self.append(ConfigProblem(tuple(keys), message, line))


@dataclass(frozen=True, slots=True)
class ConfigFile:
    """A configuration file as read, before any value is checked."""

    path: Path
    table: dict[str, Any]
    """The coursekit table (``[tool.coursekit]``, or the whole of ``coursekit.toml``)."""
    lines: Mapping[tuple[str, ...], int] = field(default_factory=lambda: MappingProxyType({}))
    """The line of each table and key, keys from the document's top."""
    problems: Problems = field(default_factory=Problems)
    """What is wrong with the file or the shape of its tables."""


def read_file(path: Path) -> ConfigFile:
    """The file at ``path``; never raises."""
    problems = Problems()
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
        if text.startswith("\ufeff"):  # what the TOML reader would call an invalid statement
            problems.add((), f"cannot read {path.name}: it starts with a byte order mark "
                             "(U+FEFF), which TOML does not allow; save it as UTF-8 without "
                             "one", 1)
            return ConfigFile(path, {}, problems=problems)
        data = tomllib.loads(text)
    except OSError as exc:
        problems.add((), f"cannot read {path.name}: {exc}")
        return ConfigFile(path, {}, problems=problems)
    except UnicodeDecodeError as exc:
        at = raw.count(b"\n", 0, exc.start) + 1
        problems.add((), f"cannot read {path.name}: it is not UTF-8 (byte "
                         f"{raw[exc.start]:#04x} at line {at})", at)
        return ConfigFile(path, {}, problems=problems)
    except tomllib.TOMLDecodeError as exc:
        # At the end of the document the reader's line is past the last one that holds
        # text (an array or table left open, a key with no value): name that one.
        line = exc.lineno if exc.pos < len(exc.doc) else _last_line(text)
        problems.add((), f"cannot read {path.name}: {exc}", line)
        return ConfigFile(path, {}, problems=problems)
    except RecursionError:
        deepest = max(enumerate(text.splitlines(), 1),
                      key=lambda line: line[1].count("[") + line[1].count("{"))[0]
        problems.add((), f"cannot read {path.name}: values nested too deeply "
                         f"(at line {deepest})", deepest)
        return ConfigFile(path, {}, problems=problems)
    except ValueError:  # a whole number longer than Python converts (4,300 digits)
        at = longest_number_line(text)
        problems.add((), f"cannot read {path.name}: a number too long to be read "
                         f"(at line {at})", at)
        return ConfigFile(path, {}, problems=problems)
    lines = MappingProxyType(key_lines(text))
    if path.name == "pyproject.toml":
        return ConfigFile(path, _tool_table(data, problems, required=False), lines, problems)
    if "tool" in data:
        nested = _tool_table(data, problems, required=True)
        data = {k: v for k, v in data.items() if k != "tool"}
        for key, value in nested.items():
            if key in data:
                problems.add((key,), f"`{key}` is set both at the top and under [tool.coursekit]")
            data[key] = value
    return ConfigFile(path, data, lines, problems)


def longest_number_line(text: str) -> int:
    """The number of the line of ``text`` that holds the longest run of digits (a TOML
    or JSON number too long to convert is there)."""
    runs = ((max(map(len, re.findall(r"[0-9_]+", line)), default=0), n)
            for n, line in enumerate(text.splitlines(), 1))
    return max(runs, default=(0, 1))[1]


def _last_line(text: str) -> int:
    """The number of the last line of ``text`` that holds more than spaces (1 if none)."""
    lines = text.splitlines()
    return next((n for n in range(len(lines), 0, -1) if lines[n - 1].strip()), 1)


def _tool_table(data: Mapping[str, Any], problems: Problems, *, required: bool) -> dict[str, Any]:
    tool = data.get("tool")
    if tool is None:
        return {}
    if not isinstance(tool, dict):
        problems.add((), f"`tool` must be a table, got {shown(tool)}")
        return {}
    table = tool.get("coursekit")
    if table is None:
        if required:
            problems.add((), "a [tool] table without [tool.coursekit]")
        return {}
    if not isinstance(table, dict):
        problems.add((), f"`tool.coursekit` must be a table, got {shown(table)}")
        return {}
    return table
