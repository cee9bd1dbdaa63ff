"""Thresholds, policies and severities per language, from ``[tool.coursekit.subtitles]``.

Values are looked up, later winning: built-in defaults for the language's primary
subtag, the ``subtitles`` table, its primary-subtag table (``[...subtitles.zh]``),
its full-tag table (``[...subtitles."zh-CN"]``, or ``zh_CN``, ``zh-cn``: a table's name
is read as a tag, as a folder's is; a table that applies to no language of the course is
``CFG001``, as its settings would reach nothing). Bad values are reported as
``CFG001`` and replaced by the default, so a typo never stops a check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from coursekit.config.rules import BAD_CONFIG
from coursekit.config.unknown import unknown_key
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.languages import is_cjk, normalise, primary_subtag
from coursekit.rules import all_rules
from coursekit.selection import SEVERITY_NAMES
from coursekit.shown import shown

SECTION = "subtitles"

_CPS = {"en": 20.0, "fr": 17.0, "it": 17.0, "de": 17.0, "es": 17.0, "pt": 17.0}
_CJK_LIMITS = {"ja": (4.0, 13), "ko": (12.0, 16)}
"""Reading speed and line length of Japanese and Korean, as Netflix's timed-text style
guides for each language give them for adult programmes (Japanese: 4 characters a second,
13 full-width characters a horizontal line; Korean: 12 a second, 16 a line); Chinese and
Cantonese keep 9 and 16, those of the Chinese guides."""


@dataclass(frozen=True, slots=True)
class Settings:
    max_cps: float = 17.0
    max_chars_per_line: int = 42
    max_lines: int = 2
    min_duration: float = 5 / 6
    """Seconds."""
    max_duration: float = 7.0
    min_gap_frames: int = 2
    frame_rate: float = 24.0
    allow_contiguous: bool = True
    """A gap of exactly zero does not flicker; only 0 < gap < minimum is reported."""
    bom: str = "any"
    """``any``, ``forbid`` or ``require``."""
    line_endings: str = "any"
    """``any`` (but not mixed), ``lf`` or ``crlf``."""
    bilingual: str = "auto"
    """``auto``, ``yes`` or ``no``: whether cues hold a translated line then the source line."""
    max_uncovered: float = 3.0
    """Seconds of source speech without any translated cue before SUB403 fires."""
    min_length_ratio: float = 0.3
    """A translation shorter than this fraction of its source span is likely truncated."""
    offset_tolerance: float = 0.25
    """Seconds of spread allowed when detecting a systematic offset."""
    max_duration_difference: float = 5.0
    """Seconds between the ends of source and translation before SUB406 fires."""
    disabled: frozenset[str] = frozenset()
    severities: Mapping[str, Severity] = field(default_factory=dict)

    @property
    def min_gap_ms(self) -> int:
        return round(self.min_gap_frames * 1000 / self.frame_rate)

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Drop disabled rules and apply configured severities."""
        out = []
        for diag in diagnostics:
            if diag.rule in self.disabled:
                continue
            severity = self.severities.get(diag.rule)
            out.append(diag if severity is None else diag.with_severity(severity))
        return out


def defaults_for(language: str) -> Settings:
    """The built-in thresholds of ``language``, by its primary subtag."""
    primary = primary_subtag(language)
    if primary in _CJK_LIMITS:
        cps, chars = _CJK_LIMITS[primary]
        return Settings(max_cps=cps, max_chars_per_line=chars)
    if is_cjk(language):
        return Settings(max_cps=9.0, max_chars_per_line=16)
    return Settings(max_cps=_CPS.get(primary, 17.0))


_CHOICES = {
    "bom": ("any", "forbid", "require"),
    "line_endings": ("any", "lf", "crlf"),
    "bilingual": ("auto", "yes", "no"),
}


_POSITIVE = {"max_cps", "max_chars_per_line", "max_lines", "max_duration", "frame_rate"}
"""Keys where zero makes no sense (a frame rate of 0 has no frame length)."""
_DAY = 86_400.0
_LIMITS: dict[str, tuple[float, float]] = {
    "max_cps": (0, 1_000), "max_chars_per_line": (0, 10_000), "max_lines": (0, 1_000),
    "min_duration": (0, _DAY), "max_duration": (0, _DAY), "min_gap_frames": (0, 10_000),
    "frame_rate": (1, 1_000), "max_uncovered": (0, _DAY), "min_length_ratio": (0, 100),
    "offset_tolerance": (0, _DAY), "max_duration_difference": (0, _DAY),
}
"""The range of each number, so that every value in it is a real threshold: no
infinite duration, no subnormal frame rate whose frame lasts longer than any float."""
_LANGUAGE_TABLE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")

_KEYS = (*(f.name for f in fields(Settings) if f.name not in ("disabled", "severities")),
         "disable", "severity")
"""Every setting of a subtitle table, offered for a near miss of one."""

Problem = tuple[tuple[str, ...], str]
"""Where a bad value is (TOML keys below the coursekit table) and what is wrong."""


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self._seen: set[Problem] = set()
        self.table: tuple[str, ...] = (SECTION,)
        self.codes = {r.code: r.code for r in all_rules() if r.code.startswith("SUB")}
        self.codes.update({r.name: r.code for r in all_rules() if r.code.startswith("SUB")})

    def bad(self, key: str | tuple[str, ...], message: str) -> None:
        keys = (key,) if isinstance(key, str) else key
        problem = ((*self.table, *keys), message)
        if problem not in self._seen:  # a set: a table of thousands of typos stays linear
            self._seen.add(problem)
            self.problems.append(problem)

    def merge(self, settings: Settings, table: Mapping[str, Any],
              where: tuple[str, ...] = ()) -> Settings:
        self.table = (SECTION, *where)
        names = {f.name: f for f in fields(Settings)}
        changes: dict[str, Any] = {}
        for raw_key, value in table.items():
            key = raw_key.replace("-", "_")
            if isinstance(value, Mapping) and key not in ("severity", "severities"):
                if where or not _LANGUAGE_TABLE.match(raw_key):
                    self.bad(raw_key, f"`{raw_key}` is neither a setting nor a language table")
                continue
            if key == "disable":
                changes["disabled"] = settings.disabled | self._codes(value)
            elif key in ("severity", "severities"):
                changes["severities"] = {**settings.severities, **self._severities(raw_key, value)}
            elif key in _CHOICES:
                if value is True or value is False:
                    value = "yes" if value else "no"
                if value not in _CHOICES[key]:
                    self.bad(raw_key, f"`{raw_key}` must be one of {', '.join(_CHOICES[key])}, "
                                      f"got {shown(value)}")
                else:
                    changes[key] = value
            elif key in names and key not in ("disabled", "severities"):
                default = getattr(settings, key)
                if isinstance(default, bool):
                    ok = isinstance(value, bool)
                elif isinstance(default, int):
                    ok = isinstance(value, int) and not isinstance(value, bool)
                else:
                    ok = isinstance(value, int | float) and not isinstance(value, bool)
                low, high = _LIMITS.get(key, (0, 0))
                ok = ok and (isinstance(value, bool) or (
                    (value > 0 or (value == 0 and key not in _POSITIVE))
                    and low <= value <= high))
                if not ok:
                    kind = ("true or false" if isinstance(default, bool)
                            else "a positive whole number" if isinstance(default, int)
                            else "a positive number")
                    limit = "" if isinstance(default, bool) else f" up to {high:g}" + (
                        f", at least {low:g}" if low else "")
                    self.bad(raw_key, f"`{raw_key}` must be {kind}{limit}, got {shown(value)}")
                else:
                    changes[key] = type(default)(value)
            else:
                self.bad(raw_key, unknown_key(raw_key, _KEYS))
        return replace(settings, **changes)

    def _codes(self, value: Any) -> frozenset[str]:
        if not isinstance(value, list):
            self.bad("disable", f"`disable` must be a list of rule codes, got {shown(value)}")
            return frozenset()
        found = set()
        for item in value:
            if isinstance(item, str) and item in self.codes:
                found.add(self.codes[item])
            else:
                self.bad("disable", f"`disable` names an unknown rule {shown(item)}")
        return frozenset(found)

    def _severities(self, raw_key: str, value: Any) -> dict[str, Severity]:
        if not isinstance(value, Mapping):
            self.bad(raw_key, f"`{raw_key}` must map rule codes to severities, got {shown(value)}")
            return {}
        out = {}
        for name, level in value.items():
            if name not in self.codes:
                self.bad((raw_key, name), f"`{raw_key}` names an unknown rule {shown(name)}")
            elif not isinstance(level, str) or level not in SEVERITY_NAMES:
                self.bad((raw_key, name), f"`{raw_key}` of {name} must be error, warning or "
                                          f"note, got {shown(level)}")
            else:
                out[self.codes[name]] = SEVERITY_NAMES[level]
        return out


def settings_for(
    section: Mapping[str, Any], language: str, config_path: str = "pyproject.toml",
) -> tuple[Settings, list[Diagnostic]]:
    """The settings of ``language`` and any problems found in the configuration
    (bad values are left at their defaults)."""
    reader = _Reader()
    settings = reader.merge(defaults_for(language), section)
    for key, table in _language_tables(section, language):
        settings = reader.merge(settings, table, (key,))
    return settings, [
        BAD_CONFIG.at(config_path, None, f"[tool.coursekit.{'.'.join(keys[:-1])}] {message}")
        for keys, message in reader.problems
    ]


def language_tables(section: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The language tables of ``section`` (``[subtitles.fr]``), by their names."""
    return [(key, table) for key, table in section.items()
            if isinstance(table, Mapping) and _LANGUAGE_TABLE.match(key)
            and key not in ("severity", "severities")]


def applies_to(table: str, language: str) -> bool:
    """Whether the language table named ``table`` applies to ``language``: it names its
    primary subtag or its whole tag, read as a tag as a folder name is (``zh_CN`` and
    ``zh-cn`` name ``zh-CN``)."""
    tag = normalise(language)
    return normalise(table) in (tag, primary_subtag(tag))


def _language_tables(
    section: Mapping[str, Any], language: str,
) -> list[tuple[str, Mapping[str, Any]]]:
    """The tables of ``section`` that apply to ``language``, the later winning: those of
    its primary subtag, then those of its whole tag."""
    tag = normalise(language)
    tables = language_tables(section)
    return ([(key, table) for key, table in tables if normalise(key) == primary_subtag(tag)]
            + [(key, table) for key, table in tables
               if normalise(key) == tag != primary_subtag(tag)])


def table_problems(section: Mapping[str, Any]) -> list[Problem]:
    """Every bad value of the ``subtitles`` table and of its language tables, and each
    language table that names a language another one names already (``zh-cn`` beside
    ``zh-CN``)."""
    reader = _Reader()
    settings = reader.merge(defaults_for("en"), section)
    named: dict[str, str] = {}
    for key, table in section.items():
        if isinstance(table, Mapping) and _LANGUAGE_TABLE.match(key) and \
                key not in ("severity", "severities"):
            reader.merge(settings, table, (key,))
            first = named.setdefault(normalise(key), key)
            if first != key:
                reader.table = (SECTION,)
                reader.bad(key, f"`{key}` names the language of `{first}` again: write "
                                "its settings in one table")
    return reader.problems
