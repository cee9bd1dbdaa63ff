"""The ``[tool.coursekit.format]`` table.

Keys (dashes or underscores):

- ``formatter``: ``"ruff"`` (the default; fast) or ``"black"`` (the public courses'
  choice; needs the ``black`` extra);
- ``line-length``: the longest line the formatter aims for (default 88, the
  formatters' own; the public courses use 90);
- ``target-version``: the oldest Python the code must run on (``"py310"``); by
  default each formatter's own choice.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coursekit.config import Course
from coursekit.config.unknown import unknown_key

SECTION = "format"
_KEYS = {"formatter", "line_length", "target_version"}
_TARGET = re.compile(r"py3(\d{1,2})")
OLDEST_MINOR, NEWEST_MINOR = 7, 14
"""The Python 3 minor versions both formatters accept as a target."""


class Formatter(enum.StrEnum):
    RUFF = "ruff"
    BLACK = "black"


@dataclass(frozen=True, slots=True)
class FormatSettings:
    formatter: Formatter = Formatter.RUFF
    line_length: int = 88
    target_version: str | None = None
    """``py3N``, or ``None`` for the formatter's default."""

    def describe(self) -> str:
        """What formats the code, in words: ``ruff (line length 88)``."""
        target = f", {self.target_version}" if self.target_version else ""
        return f"{self.formatter} (line length {self.line_length}{target})"


Problem = tuple[tuple[str, ...], str]


def read_settings(section: Mapping[str, Any]) -> tuple[FormatSettings, list[Problem]]:
    """The settings, and each value that was left at its default with why."""
    table = {k.replace("-", "_"): (k, v) for k, v in section.items()}
    problems: list[Problem] = [
        ((SECTION, table[k][0]), unknown_key(table[k][0], _KEYS))
        for k in sorted(set(table) - _KEYS)
    ]
    values: dict[str, Any] = {}
    if "formatter" in table:
        raw, value = table["formatter"]
        if value in {f.value for f in Formatter}:
            values["formatter"] = Formatter(value)
        else:
            problems.append(((SECTION, raw), f"`{raw}` must be \"ruff\" or \"black\"; "
                                             f"got {value!r}"))
    if "line_length" in table:
        raw, value = table["line_length"]
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 320:
            values["line_length"] = value
        else:
            problems.append(((SECTION, raw), f"`{raw}` must be a whole number from 1 to 320; "
                                             f"got {value!r}"))
    if "target_version" in table:
        raw, value = table["target_version"]
        match = _TARGET.fullmatch(value) if isinstance(value, str) else None
        if match is not None and OLDEST_MINOR <= int(match[1]) <= NEWEST_MINOR:
            values["target_version"] = value
        else:
            problems.append(((SECTION, raw), f"`{raw}` must name a Python version from "
                                             f"py3{OLDEST_MINOR} to py3{NEWEST_MINOR}; "
                                             f"got {value!r}"))
    return FormatSettings(**values), problems


def load_settings(course: Course) -> FormatSettings:
    """The course's settings; bad values are reported once, as ``CFG001``, by the
    configuration check."""
    return read_settings(course.config.section(SECTION))[0]
