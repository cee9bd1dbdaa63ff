"""Course configuration and discovery.

Configuration comes from ``[tool.coursekit]`` in the course's ``pyproject.toml``
or from ``coursekit.toml`` at the course root; every key has a default, so a
course without configuration works. Keys are written with dashes in TOML
(``source-language``) and read here with underscores.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from coursekit.languages import normalise

CONTENT_DIRS = ("content", "chapters")
"""Lesson folders, in the order they are looked for: this project's, then the public courses'."""


class ConfigError(ValueError):
    """The configuration cannot be read or holds a bad value."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class Config:
    source_language: str = "en"
    languages: tuple[str, ...] = ()
    """Languages to work on; empty means every language folder found."""
    content_dir: str | None = None
    """Lesson folder relative to the root; ``None`` means detect."""
    subtitles_dir: str = "subtitles"
    build_dir: str = "build"
    frameworks: tuple[str, ...] = ("pt", "tf")
    kernels: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({"pt": "coursekit-pt", "tf": "coursekit-tf"})
    )
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Area tables (``[tool.coursekit.subtitles]``, ``.translations``, ``.verify``,
    ``.standins``), read by the area that owns them."""
    path: Path | None = None
    """Where the configuration was read from, if anywhere."""

    def section(self, name: str) -> Mapping[str, Any]:
        return self.sections.get(name, MappingProxyType({}))


_SCALARS = {"source_language", "content_dir", "subtitles_dir", "build_dir"}
_LISTS = {"languages", "frameworks"}


def _read_table(path: Path) -> dict[str, Any] | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(path, f"cannot read: {exc}") from exc
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("coursekit")
        return table if isinstance(table, dict) else None
    return data


def _from_table(path: Path, table: Mapping[str, Any]) -> Config:
    values: dict[str, Any] = {}
    sections: dict[str, Mapping[str, Any]] = {}
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key in _SCALARS:
            if not isinstance(value, str):
                raise ConfigError(path, f"`{raw_key}` must be a string, got {value!r}")
            values[key] = value
        elif key in _LISTS:
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ConfigError(path, f"`{raw_key}` must be a list of strings, got {value!r}")
            values[key] = tuple(value)
        elif key == "kernels":
            if not (isinstance(value, dict) and all(isinstance(v, str) for v in value.values())):
                raise ConfigError(path, "`kernels` must map frameworks to kernel names")
            values[key] = MappingProxyType(dict(value))
        elif isinstance(value, dict):
            sections[key] = MappingProxyType(dict(value))
        else:
            raise ConfigError(path, f"unknown key `{raw_key}`")
    if "source_language" in values:
        values["source_language"] = normalise(values["source_language"])
    if "languages" in values:
        values["languages"] = tuple(normalise(v) for v in values["languages"])
    for fw in values.get("frameworks", ()):
        if fw not in ("pt", "tf"):
            raise ConfigError(path, f"unknown framework `{fw}` (expected pt or tf)")
    return Config(**values, sections=MappingProxyType(sections), path=path)


def load_config(root: Path) -> Config:
    """Read the course configuration under ``root`` (defaults when there is none)."""
    for name in ("coursekit.toml", "pyproject.toml"):
        candidate = root / name
        if candidate.is_file():
            table = _read_table(candidate)
            if table is not None:
                return _from_table(candidate, table)
    return Config()


@dataclass(frozen=True, slots=True)
class Course:
    """A course checkout: its root, configuration and where things are."""

    root: Path
    config: Config

    @classmethod
    def open(cls, root: Path | str = ".") -> Course:
        root = Path(root).resolve()
        return cls(root=root, config=load_config(root))

    @property
    def content_dir(self) -> Path:
        if self.config.content_dir is not None:
            return self.root / self.config.content_dir
        for name in CONTENT_DIRS:
            if (self.root / name).is_dir():
                return self.root / name
        return self.root / CONTENT_DIRS[0]

    @property
    def subtitles_dir(self) -> Path:
        return self.root / self.config.subtitles_dir

    @property
    def build_dir(self) -> Path:
        return self.root / self.config.build_dir

    @property
    def source_language(self) -> str:
        return self.config.source_language

    def relative(self, path: Path) -> str:
        """``path`` relative to the root, with forward slashes, for diagnostics."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def _folders(self, base: Path) -> dict[str, Path]:
        if not base.is_dir():
            return {}
        return {
            normalise(p.name): p
            for p in sorted(base.iterdir())
            if p.is_dir() and not p.name.startswith((".", "_")) and p.name != "raw"
        }

    def lesson_languages(self) -> list[str]:
        found = list(self._folders(self.content_dir))
        return self._order(self.config.languages or tuple(found), found)

    def subtitle_languages(self) -> list[str]:
        found = list(self._folders(self.subtitles_dir))
        return self._order(self.config.languages or tuple(found), found)

    def _order(self, wanted: tuple[str, ...], found: list[str]) -> list[str]:
        langs = [lang for lang in wanted if lang in found]
        src = self.source_language
        return ([src] if src in langs else []) + [lang for lang in langs if lang != src]

    def lesson_dir(self, language: str) -> Path:
        return self._folders(self.content_dir).get(language, self.content_dir / language)

    def subtitle_dir(self, language: str) -> Path:
        return self._folders(self.subtitles_dir).get(language, self.subtitles_dir / language)

    def toctree_path(self, language: str) -> Path:
        return self.lesson_dir(language) / "_toctree.yml"

    def lesson_files(self, language: str) -> list[Path]:
        """Every ``.mdx`` (and ``.md``) lesson of a language, in a stable order."""
        base = self.lesson_dir(language)
        if not base.is_dir():
            return []
        files = [p for p in base.rglob("*") if p.suffix in (".mdx", ".md") and p.is_file()]
        return sorted(files, key=lambda p: _natural_key(p.relative_to(base).as_posix()))

    def subtitle_files(self, language: str) -> list[Path]:
        base = self.subtitle_dir(language)
        if not base.is_dir():
            return []
        return sorted(p for p in base.iterdir() if p.suffix.lower() in (".srt", ".sbv"))


def _natural_key(text: str) -> list[tuple[int, int | str]]:
    """Sort ``chapter10`` after ``chapter9``."""
    import re

    return [(0, int(tok)) if tok.isdigit() else (1, tok) for tok in re.split(r"(\d+)", text)]
