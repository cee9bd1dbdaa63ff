"""The course configuration as read: values, the lines they were set on, and problems."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from coursekit.config.key_lines import line_of
from coursekit.config.rules import (
    BAD_CONFIG,
    MISSING_PATH,
    NO_CONTENT,
    SHADOWED_LANGUAGE_FOLDER,
    UNKNOWN_LANGUAGE,
    UNLISTED_FOLDER,
)
from coursekit.diagnostics import Diagnostic, Rule
from coursekit.selection import Selection

SECTIONS = ("subtitles", "translations", "verify", "standins", "notebooks", "format")
"""Area tables (``[tool.coursekit.<name>]``), each read by the area that owns it."""

BY_REQUEST = {"LES124": "format"}
"""Rules a course asks for: each runs by default where the course has its table
(``[tool.coursekit.format]`` for the formatting note), and elsewhere only when selected
by name, so that a course that never adopted a code style is not told of one."""

KEPT = frozenset(rule.code for rule in (NO_CONTENT, UNKNOWN_LANGUAGE, SHADOWED_LANGUAGE_FOLDER,
                                        MISSING_PATH, UNLISTED_FOLDER))
"""Rules that say something was not checked: a selection drops or lowers them only by
naming them (their code, ``CFG`` or ``CFG00``), so that ``select = ["SUB"]`` or
``severity = { ALL = "note" }`` never makes a run that checked nothing pass as clean."""


class ConfigError(ValueError):
    """The configuration cannot be read or holds a bad value."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """A value of the configuration that was left at its default, and why."""

    keys: tuple[str, ...]
    """Where it is, as TOML keys below the coursekit table (``("subtitles", "max-cps")``)."""
    message: str
    line: int | None = None
    """The line the TOML reader stopped at, for a file it could not read (no key holds
    the problem then); ``None`` to take the line of ``keys``."""


DEFAULT_SOURCE_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class Config:
    source_language: str = DEFAULT_SOURCE_LANGUAGE
    languages: tuple[str, ...] = ()
    """Languages to work on; empty means every language folder found."""
    content_dir: str | None = None
    """Lesson folder relative to the root; ``None`` means detect."""
    subtitles_dir: str = "subtitles"
    build_dir: str = "build"
    exclude: tuple[str, ...] = ()
    """Glob patterns of files and folders no command reads (ruff's ``exclude``)."""
    extend_exclude: tuple[str, ...] = ()
    """More of them (ruff's ``extend-exclude``): coursekit excludes nothing by default,
    so the two keys add up."""
    frameworks: tuple[str, ...] = ("pt", "tf")
    kernels: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({"pt": "coursekit-pt", "tf": "coursekit-tf"})
    )
    kernel_packages: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Framework -> requirements the course adds to its kernel (``[tool.coursekit.kernels.pt]
    packages = [...]``), installed by verify into an overlay of the kernel."""
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Area tables (``[tool.coursekit.subtitles]``, ``.translations``, ``.verify``,
    ``.standins``), read by the area that owns them."""
    selection: Selection = field(
        default_factory=lambda: Selection(opt_in=frozenset(BY_REQUEST), kept=KEPT))
    """Rule selection of the ``select``/``ignore``/``extend-select``/``per-file-ignores``
    and ``severity`` keys (the first layer; the command line adds its own)."""
    path: Path | None = None
    """Where the configuration was read from, if anywhere."""
    shown: str = ""
    """How findings name that file: its name at the course root, or, for a file given
    with ``--config``, its path from the root or as given."""
    lines: Mapping[tuple[str, ...], int] = field(default_factory=lambda: MappingProxyType({}))
    """The line of each table and key of the file (keys from the document's top)."""
    problems: tuple[ConfigProblem, ...] = ()
    """Bad values of the top-level table (left at their defaults)."""

    @property
    def excludes(self) -> tuple[str, ...]:
        """Every pattern of ``exclude`` and ``extend-exclude``, each once."""
        return tuple(dict.fromkeys((*self.exclude, *self.extend_exclude)))

    def section(self, name: str) -> Mapping[str, Any]:
        return self.sections.get(name, MappingProxyType({}))

    def finding(self, keys: Sequence[str], message: str, line: int | None = None,
                *, rule: Rule = BAD_CONFIG) -> Diagnostic:
        """A ``CFG001`` finding (or one of ``rule``) at ``line``, or else at the line of
        ``keys`` in the file."""
        where = self.shown or (self.path.name if self.path is not None else "pyproject.toml")
        prefixes: tuple[tuple[str, ...], ...] = (("tool", "coursekit"),)
        if self.path is not None and self.path.name != "pyproject.toml":
            prefixes = ((), ("tool", "coursekit"))
        if line is None:
            line = line_of(self.lines, keys, prefixes)
        # a subtitle table's own tables are named too: [tool.coursekit.subtitles.fr]
        named = keys[:-1] if keys[:1] == ("subtitles",) else keys[:1]
        table = ".".join(("tool", "coursekit", *(_key(k) for k in named)))
        if keys and keys[0] not in SECTIONS:
            table = "tool.coursekit"
        return rule.at(where, line, f"[{table}] {message}")


def _key(name: str) -> str:
    """``name`` as TOML writes it in a table header: quoted unless a bare key."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else f'"{name}"'
