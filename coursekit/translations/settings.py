"""The ``[tool.coursekit.translations]`` table.

Keys (dashes or underscores):

- ``ignore-changes``: kinds of code change not reported, among ``whitespace``,
  ``comments``, ``strings`` and ``formatting`` (default: the first three);
- ``stale-apis``: extra stale-API entries, tables shaped like those of the
  bundled ``stale_apis.toml``;
- ``bundled-stale-apis``: ``false`` to check only the course's own entries;
- ``history``: whether to judge translations by the git history of the lessons
  (:mod:`coursekit.translations.freshness`): ``true``, ``false``, or unset for "when the
  course root is the top folder of a git checkout" (a course kept in a subfolder of
  another project's repository says ``true`` to be judged by that history).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from coursekit.config import Course
from coursekit.config.unknown import unknown_key
from coursekit.diagnostics import Diagnostic
from coursekit.translations.code_changes import CHOOSABLE, IGNORABLE, Change, Formatted
from coursekit.translations.stale import (
    StaleApi,
    StaleApiError,
    StaleApiScan,
    bundled,
    entry_from_table,
)

SECTION = "translations"
_KEYS = {"ignore_changes", "stale_apis", "bundled_stale_apis", "history"}


@dataclass(frozen=True, slots=True)
class Settings:
    ignored: frozenset[Change] = IGNORABLE
    """Kinds of code change that are not reported."""
    stale_apis: tuple[StaleApi, ...] = ()
    history: bool | None = None
    """Judge by git history: always, never, or (None) when the course root is the top
    of a git checkout."""
    formatted: Formatted | None = field(default=None, repr=False, compare=False)
    """The run's formatted code, by which a change of formatting is told from drift."""
    pages: frozenset[str] | None = field(default=None, repr=False, compare=False)
    """The source language's lessons (``chapter1/introduction``), by which a link to
    another course's page is told from one to this course's; ``None``: every link to a
    course page is this course's."""
    stale_scan: StaleApiScan = field(init=False, repr=False, compare=False)
    """The table ready to search: made with the settings, so once per run."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "stale_scan", StaleApiScan(self.stale_apis))


Problem = tuple[tuple[str, ...], str]


def _ignored(value: Any) -> frozenset[Change]:
    names = {c.value for c in CHOOSABLE}
    if not (isinstance(value, list) and all(isinstance(v, str) and v in names for v in value)):
        raise ValueError(
            f"`ignore-changes` must be a list of {', '.join(sorted(names))}; got {value!r}"
        )
    return frozenset(Change(v) for v in value)


def _stale_apis(value: Any) -> tuple[list[StaleApi], list[Problem]]:
    if not isinstance(value, list):
        return [], [((SECTION, "stale-apis"),
                     f"`stale-apis` must be a list of tables; got {value!r}")]
    entries: list[StaleApi] = []
    problems: list[Problem] = []
    for index, table in enumerate(value, 1):
        if not isinstance(table, Mapping):
            problems.append(((SECTION, "stale-apis"),
                             f"`stale-apis` entry {index} is not a table: {table!r}"))
            continue
        try:
            entries.append(entry_from_table(table))
        except StaleApiError as exc:
            problems.append(((SECTION, "stale-apis"), f"`stale-apis` entry {index}: {exc}"))
    return entries, problems


def read_settings(section: Mapping[str, Any]) -> tuple[Settings, list[Problem]]:
    """The settings, and each value that was left at its default with why."""
    table = {k.replace("-", "_"): (k, v) for k, v in section.items()}
    problems: list[Problem] = [
        ((SECTION, table[k][0]), unknown_key(table[k][0], _KEYS))
        for k in sorted(set(table) - _KEYS)
    ]
    ignored = IGNORABLE
    if "ignore_changes" in table:
        try:
            ignored = _ignored(table["ignore_changes"][1])
        except ValueError as exc:
            problems.append(((SECTION, table["ignore_changes"][0]), str(exc)))
    use_bundled = table.get("bundled_stale_apis", ("", True))[1]
    if not isinstance(use_bundled, bool):
        problems.append(((SECTION, table["bundled_stale_apis"][0]),
                         f"`bundled-stale-apis` must be true or false; got {use_bundled!r}"))
        use_bundled = True
    history = table.get("history", ("", None))[1]
    if history is not None and not isinstance(history, bool):
        problems.append(((SECTION, table["history"][0]),
                         f"`history` must be true or false; got {history!r}"))
        history = None
    extra, stale_problems = _stale_apis(table.get("stale_apis", ("", []))[1])
    problems.extend(stale_problems)
    apis = (bundled() if use_bundled else ()) + tuple(extra)
    return Settings(ignored=ignored, stale_apis=apis, history=history), problems


def load_settings(course: Course) -> tuple[Settings, list[Diagnostic]]:
    """The course's settings, and a ``CFG001`` finding for each value left at its default."""
    settings, problems = read_settings(course.config.section(SECTION))
    return settings, [course.config.finding(keys, message) for keys, message in problems]
