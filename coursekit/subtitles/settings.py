"""Thresholds, policies and severities per language, from ``[tool.coursekit.subtitles]``.

Values are looked up, later winning: built-in defaults for the language's primary
subtag, the ``subtitles`` table, its primary-subtag table (``[...subtitles.zh]``),
its full-tag table (``[...subtitles."zh-CN"]``). Bad values are reported as
``CFG001`` and replaced by the default, so a typo never stops a check.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from coursekit.config_rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.languages import is_cjk, primary_subtag
from coursekit.rules import all_rules

_CPS = {"en": 20.0, "fr": 17.0, "it": 17.0, "de": 17.0, "es": 17.0, "pt": 17.0}


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
    if is_cjk(language):
        return Settings(max_cps=9.0, max_chars_per_line=16)
    return Settings(max_cps=_CPS.get(primary_subtag(language), 17.0))


_CHOICES = {
    "bom": ("any", "forbid", "require"),
    "line_endings": ("any", "lf", "crlf"),
    "bilingual": ("auto", "yes", "no"),
}


class _Reader:
    def __init__(self, config_path: str) -> None:
        self.config_path = config_path
        self.problems: list[Diagnostic] = []
        self.codes = {r.code: r.code for r in all_rules() if r.code.startswith("SUB")}
        self.codes.update({r.name: r.code for r in all_rules() if r.code.startswith("SUB")})

    def bad(self, message: str) -> None:
        self.problems.append(BAD_CONFIG.at(self.config_path, None,
                                           f"[tool.coursekit.subtitles] {message}"))

    def merge(self, settings: Settings, table: Mapping[str, Any]) -> Settings:
        names = {f.name: f for f in fields(Settings)}
        changes: dict[str, Any] = {}
        for raw_key, value in table.items():
            key = raw_key.replace("-", "_")
            if isinstance(value, Mapping) and key not in ("severity", "severities"):
                continue
            if key == "disable":
                changes["disabled"] = settings.disabled | self._codes(value)
            elif key in ("severity", "severities"):
                changes["severities"] = {**settings.severities, **self._severities(value)}
            elif key in _CHOICES:
                if value is True or value is False:
                    value = "yes" if value else "no"
                if value not in _CHOICES[key]:
                    self.bad(f"`{raw_key}` must be one of {', '.join(_CHOICES[key])}, "
                             f"got {value!r}")
                else:
                    changes[key] = value
            elif key in names and key not in ("disabled", "severities"):
                default = getattr(settings, key)
                ok = (isinstance(value, bool) if isinstance(default, bool)
                      else isinstance(value, int | float) and not isinstance(value, bool)
                      and value >= 0)
                if not ok:
                    self.bad(f"`{raw_key}` has a bad value {value!r}")
                else:
                    changes[key] = type(default)(value)
            else:
                self.bad(f"unknown key `{raw_key}`")
        return replace(settings, **changes)

    def _codes(self, value: Any) -> frozenset[str]:
        if not isinstance(value, list):
            self.bad(f"`disable` must be a list of rule codes, got {value!r}")
            return frozenset()
        found = set()
        for item in value:
            if item in self.codes:
                found.add(self.codes[item])
            else:
                self.bad(f"`disable` names an unknown rule {item!r}")
        return frozenset(found)

    def _severities(self, value: Any) -> dict[str, Severity]:
        if not isinstance(value, Mapping):
            self.bad(f"`severity` must map rule codes to severities, got {value!r}")
            return {}
        out = {}
        for name, level in value.items():
            if name not in self.codes:
                self.bad(f"`severity` names an unknown rule {name!r}")
            elif level not in {s.value for s in Severity}:
                self.bad(f"`severity` of {name} must be error, warning or info, got {level!r}")
            else:
                out[self.codes[name]] = Severity(level)
        return out


def settings_for(
    section: Mapping[str, Any], language: str, config_path: str = "pyproject.toml",
) -> tuple[Settings, list[Diagnostic]]:
    """The settings of ``language`` and any problems found in the configuration."""
    reader = _Reader(config_path)
    settings = reader.merge(defaults_for(language), section)
    primary = primary_subtag(language)
    for key in dict.fromkeys((primary, language)):
        table = section.get(key)
        if isinstance(table, Mapping):
            settings = reader.merge(settings, table)
    return settings, reader.problems
