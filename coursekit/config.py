"""Course configuration and discovery.

Configuration comes from ``[tool.coursekit]`` in the course's ``pyproject.toml``
or from ``coursekit.toml`` at the course root; every key has a default, so a
course without configuration works. Keys are written with dashes in TOML
(``source-language``) and read here with underscores.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from coursekit.config_rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.languages import normalise
from coursekit.selection import SEVERITY_NAMES, Layer, Selection, unknown_selectors
from coursekit.shown import shown
from coursekit.toml_lines import line_of

CONTENT_DIRS = ("content", "chapters", "units")
"""Lesson folders, in the order they are looked for: this project's, then the public
courses' (``chapters/<lang>/chapterN/``, ``units/<lang>/<unit>/``). Any other layout
names its folder with ``content-dir``."""
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
"""A folder name that can be a BCP 47 language tag (``en``, ``zh-CN``, ``pt-BR``)."""


class ConfigError(ValueError):
    """The configuration cannot be read or holds a bad value."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


SECTIONS = ("subtitles", "translations", "verify", "standins", "notebooks", "format")
"""Area tables (``[tool.coursekit.<name>]``), each read by the area that owns it."""


_BY_REQUEST = {"LES124": "format"}
"""Rules a course asks for: each runs by default where the course has its table
(``[tool.coursekit.format]`` for the formatting note), and elsewhere only when selected
by name, so that a course that never adopted a code style is not told of one."""


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    """A value of the configuration that was left at its default, and why."""

    keys: tuple[str, ...]
    """Where it is, as TOML keys below the coursekit table (``("subtitles", "max-cps")``)."""
    message: str


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
    kernel_packages: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Framework -> requirements the course adds to its kernel (``[tool.coursekit.kernels.pt]
    packages = [...]``), installed by verify into an overlay of the kernel."""
    sections: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Area tables (``[tool.coursekit.subtitles]``, ``.translations``, ``.verify``,
    ``.standins``), read by the area that owns them."""
    selection: Selection = field(
        default_factory=lambda: Selection(opt_in=frozenset(_BY_REQUEST)))
    """Rule selection of the ``select``/``ignore``/``extend-select``/``per-file-ignores``
    and ``severity`` keys (the first layer; the command line adds its own)."""
    path: Path | None = None
    """Where the configuration was read from, if anywhere."""
    text: str = ""
    """The configuration file's text, to find the line of a key."""
    problems: tuple[ConfigProblem, ...] = ()
    """Bad values of the top-level table (left at their defaults)."""

    def section(self, name: str) -> Mapping[str, Any]:
        return self.sections.get(name, MappingProxyType({}))

    def finding(self, keys: Sequence[str], message: str) -> Diagnostic:
        """A ``CFG001`` finding at the line of ``keys`` in the configuration file."""
        where = self.path.name if self.path is not None else "pyproject.toml"
        prefixes: tuple[tuple[str, ...], ...] = (("tool", "coursekit"),)
        if where == "coursekit.toml":
            prefixes = ((), ("tool", "coursekit"))
        line = line_of(self.text, keys, prefixes) if self.text else None
        decode = re.search(r"at line (\d+)", message) if not keys else None
        if decode is not None:
            line = int(decode.group(1))
        table = ".".join(("tool", "coursekit", *keys[:1])) if keys else "tool.coursekit"
        if keys and keys[0] not in SECTIONS:
            table = "tool.coursekit"
        return BAD_CONFIG.at(where, line, f"[{table}] {message}")


_SCALARS = {"source_language", "content_dir", "subtitles_dir", "build_dir"}
_LISTS = {"languages", "frameworks"}
_SELECTORS = {"select", "ignore", "extend_select"}


class _Problems(list[ConfigProblem]):
    def add(self, keys: Sequence[str], message: str) -> None:
        self.append(ConfigProblem(tuple(keys), message))


def _read_table(path: Path) -> tuple[str, dict[str, Any], _Problems]:
    """The file's text, its coursekit table and what is wrong with its shape."""
    problems = _Problems()
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        problems.add((), f"cannot read {path.name}: {exc}")
        return "", {}, problems
    except RecursionError:
        deepest = max(enumerate(text.splitlines(), 1),
                      key=lambda line: line[1].count("[") + line[1].count("{"))[0]
        problems.add((), f"cannot read {path.name}: values nested too deeply (at line {deepest})")
        return "", {}, problems
    if path.name == "pyproject.toml":
        return text, _tool_table(data, problems, required=False), problems
    if "tool" in data:
        nested = _tool_table(data, problems, required=True)
        data = {k: v for k, v in data.items() if k != "tool"}
        for key, value in nested.items():
            if key in data:
                problems.add((key,), f"`{key}` is set both at the top and under [tool.coursekit]")
            data[key] = value
    return text, data, problems


def _tool_table(data: Mapping[str, Any], problems: _Problems, *, required: bool) -> dict[str, Any]:
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


def _selectors(raw_key: str, value: Any, problems: _Problems) -> tuple[str, ...] | None:
    from coursekit.rules import all_rules

    if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        problems.add((raw_key,), f"`{raw_key}` must be a list of rule codes or prefixes, "
                                 f"got {shown(value)}")
        return None
    unknown = unknown_selectors(value, (r.code for r in all_rules()))
    for selector in unknown:
        problems.add((raw_key,), f"`{raw_key}` names no rule: {shown(selector)}")
    return tuple(v for v in value if v not in unknown)


def _per_file_ignores(value: Any, problems: _Problems) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        problems.add(("per-file-ignores",),
                     f"`per-file-ignores` must map path patterns to rule codes, got {shown(value)}")
        return {}
    out = {}
    for pattern, selectors in value.items():
        chosen = _selectors("per-file-ignores", selectors, problems)
        if chosen is not None:
            out[pattern] = chosen
    return out


def _severities(value: Any, problems: _Problems) -> dict[str, Severity]:
    from coursekit.rules import all_rules

    if not isinstance(value, dict):
        problems.add(("severity",),
                     f"`severity` must map rule codes to severities, got {shown(value)}")
        return {}
    codes = [r.code for r in all_rules()]
    out = {}
    for selector, level in value.items():
        if unknown_selectors([selector], codes):
            problems.add(("severity", selector), f"`severity` names no rule: {shown(selector)}")
        elif not isinstance(level, str) or level not in SEVERITY_NAMES:
            problems.add(("severity", selector), f"`severity` of {selector} must be error, "
                         f"warning or note, got {shown(level)}")
        else:
            out[selector] = SEVERITY_NAMES[level]
    return out


def _selection(table: Mapping[str, Any], problems: _Problems) -> Selection:
    layer: dict[str, tuple[str, ...] | None] = {}
    for raw_key in ("select", "extend-select", "ignore"):
        for spelling in dict.fromkeys((raw_key, raw_key.replace("-", "_"))):
            if spelling in table:
                layer[raw_key.replace("-", "_")] = _selectors(spelling, table[spelling], problems)
    if not layer.get("select") and table.get("select"):
        layer["select"] = None  # every entry was bad: keep every rule, do not drop them all
    pfi = table.get("per-file-ignores", table.get("per_file_ignores", {}))
    return Selection(
        layers=(Layer(select=layer.get("select"),
                      extend_select=layer.get("extend_select") or (),
                      ignore=layer.get("ignore") or ()),),
        per_file_ignores=_per_file_ignores(pfi, problems),
        severities=_severities(table.get("severity", {}), problems),
        opt_in=frozenset(code for code, section in _BY_REQUEST.items() if section not in table),
    )


_KERNEL_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")
"""What Jupyter accepts as a kernelspec name, kept short enough for a folder."""


def _kernels(
    raw_key: str, value: Any, problems: _Problems,
) -> tuple[dict[str, str], dict[str, tuple[str, ...]]] | None:
    """``pt = "name"``, or ``[kernels.pt]`` with ``name`` and ``packages``."""
    if not isinstance(value, dict):
        problems.add((raw_key,), "`kernels` must map frameworks to kernel names")
        return None
    names: dict[str, str] = {}
    packages: dict[str, tuple[str, ...]] = {}
    for framework, entry in value.items():
        if isinstance(entry, str) and _KERNEL_NAME.fullmatch(entry):
            names[framework] = entry
            continue
        name = entry.get("name", f"coursekit-{framework}") if isinstance(entry, dict) else None
        extra = entry.get("packages", []) if isinstance(entry, dict) else None
        unknown = sorted(set(entry) - {"name", "packages"}) if isinstance(entry, dict) else []
        if (not isinstance(name, str) or not _KERNEL_NAME.fullmatch(name) or unknown
                or not isinstance(extra, list)
                or not all(isinstance(p, str) and p.strip() for p in extra)):
            problems.add((raw_key, framework), f"`kernels.{framework}` must be a kernel name or "
                         "a table with `name` (a string) and `packages` (a list of "
                         "requirements); a name has at most 100 letters, digits, `.`, `_`, `-`")
            return None
        names[framework] = name
        packages[framework] = tuple(p.strip() for p in extra)
    return names, packages


_NAME_MAX = 255
"""Bytes in one file name, on the file systems courses live on."""


def is_language_tag(value: str) -> bool:
    """Whether ``value`` can name a language folder (``en``, ``zh-CN``, ``pt_BR``)."""
    return len(value) <= 64 and _LANGUAGE_TAG.fullmatch(value) is not None


def _scalar_problem(key: str, value: Any) -> str | None:
    """What is wrong with the value of a string key, if anything: a folder must be a
    relative path inside the course, each name short enough for a file system."""
    if not isinstance(value, str):
        return f"must be a string, got {shown(value)}"
    if key == "source_language":
        return None if is_language_tag(value) else f"must be a language tag, got {shown(value)}"
    parts = value.replace("\\", "/").split("/")
    if not value.strip() or "\0" in value:
        return f"must name a folder, got {shown(value)}"
    if value.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", value) or ".." in parts:
        return (f"must be a folder inside the course (no absolute path, no `..`), got "
                f"{shown(value)}" + ("; build elsewhere with `coursekit build --out`"
                                     if key == "build_dir" else ""))
    if any(len(part.encode("utf-8", "surrogatepass")) > _NAME_MAX for part in parts):
        return f"has a folder name longer than {_NAME_MAX} bytes: {shown(value)}"
    return None


def _from_table(path: Path, text: str, table: Mapping[str, Any], problems: _Problems) -> Config:
    values: dict[str, Any] = {}
    sections: dict[str, Mapping[str, Any]] = {}
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key in _SCALARS:
            wrong = _scalar_problem(key, value)
            if wrong is not None:
                problems.add((raw_key,), f"`{raw_key}` {wrong}")
            else:
                values[key] = value
        elif key in _LISTS:
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                problems.add((raw_key,),
                             f"`{raw_key}` must be a list of strings, got {shown(value)}")
            elif key == "languages" and (bad := [v for v in value if not is_language_tag(v)]):
                problems.add((raw_key,), f"`{raw_key}` must list language tags (en, zh-CN), "
                             f"got {shown(bad[0])}")
            else:
                values[key] = tuple(value)
        elif key == "kernels":
            kernels = _kernels(raw_key, value, problems)
            if kernels is not None:
                values[key] = MappingProxyType(kernels[0])
                values["kernel_packages"] = MappingProxyType(kernels[1])
        elif key in _SELECTORS or key in ("per_file_ignores", "severity"):
            continue
        elif key in SECTIONS:
            if not isinstance(value, dict):
                problems.add((raw_key,), f"`{raw_key}` must be a table, got {shown(value)}")
            else:
                sections[key] = MappingProxyType(dict(value))
        else:
            problems.add((raw_key,), f"unknown key `{raw_key}`")
    if "source_language" in values:
        values["source_language"] = normalise(values["source_language"])
    if "languages" in values:
        values["languages"] = tuple(normalise(v) for v in values["languages"])
    frameworks = values.get("frameworks", ())
    for fw in frameworks:
        if fw not in ("pt", "tf"):
            problems.add(("frameworks",), f"unknown framework `{fw}` (expected pt or tf)")
    if any(fw not in ("pt", "tf") for fw in frameworks):
        del values["frameworks"]
    selection = _selection(table, problems)
    return Config(**values, sections=MappingProxyType(sections), selection=selection,
                  path=path, text=text, problems=tuple(problems))


def load_config(root: Path) -> Config:
    """Read the course configuration under ``root`` (defaults when there is none).

    Never raises: what cannot be used is left at its default and listed in
    ``Config.problems``."""
    for name in ("coursekit.toml", "pyproject.toml"):
        candidate = root / name
        if candidate.is_file():
            text, table, problems = _read_table(candidate)
            if table or problems or name == "coursekit.toml":
                return _from_table(candidate, text, table, problems)
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
        """``path`` relative to the root, with forward slashes, for diagnostics.

        A path under the root is named as found, so that a dangling or looping link is
        named by its own path, not its target's."""
        try:
            return path.absolute().relative_to(self.root).as_posix()
        except ValueError:
            pass
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except (ValueError, OSError, RuntimeError):
            return path.as_posix()

    def _folders(self, base: Path) -> dict[str, Path]:
        return _language_folders(base)[0]

    def shadowed_language_folders(self) -> list[tuple[Path, Path]]:
        """Language folders (lessons or subtitles) that another folder of the same tag
        in another case hides (``zh-cn/`` beside ``zh-CN/``), each with the folder
        that is read instead: the one named in canonical case, else the first by name."""
        return [*_language_folders(self.content_dir)[1], *_language_folders(self.subtitles_dir)[1]]

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
        """Every ``.mdx`` (and ``.md``) lesson of a language, in a stable order; a FIFO,
        socket or broken link with such a name is listed too, for its reader to report.
        A ``README.md`` describes its folder and is no lesson."""
        base = self.lesson_dir(language)
        if not base.is_dir():
            return []
        files = [base / relative for relative in _lesson_names(str(base), "")]
        start = len(str(base)) + 1  # each file's path relative to ``base``, as text
        return sorted(files, key=lambda p: _natural_key(str(p)[start:].replace(os.sep, "/")))

    def subtitle_files(self, language: str) -> list[Path]:
        base = self.subtitle_dir(language)
        if not base.is_dir():
            return []
        return sorted(p for p in base.iterdir() if p.suffix.lower() in (".srt", ".sbv"))


def _language_folders(base: Path) -> tuple[dict[str, Path], list[tuple[Path, Path]]]:
    """The language folders under ``base`` by normalised tag, and the ``(hidden, read)``
    pairs of folders whose names differ only in case: one tag, one folder read."""
    found: dict[str, Path] = {}
    hidden: list[tuple[Path, Path]] = []
    if not base.is_dir():
        return found, hidden
    for path in sorted(base.iterdir()):
        if not (path.is_dir() and _LANGUAGE_TAG.fullmatch(path.name) and path.name != "raw"):
            continue
        tag = normalise(path.name)
        kept = found.get(tag)
        if kept is None:
            found[tag] = path
        elif path.name == tag:
            hidden.append((kept, path))
            found[tag] = path
        else:
            hidden.append((path, kept))
    return found, hidden


def _lesson_names(folder: str, prefix: str) -> Iterator[str]:
    """The lesson file names under ``folder``, relative to it (``prefix`` before each),
    folder by folder: one listing of each folder, linked folders not entered (as
    ``Path.rglob`` does), and a file's kind taken from its listing entry, so that only
    links are looked up."""
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:
        return
    for entry in entries:
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            if not entry.is_symlink():
                yield from _lesson_names(entry.path, f"{prefix}{entry.name}{os.sep}")
            continue
        if _is_lesson_name(entry.name):
            yield prefix + entry.name


LESSON_SUFFIXES = (".mdx", ".md")
"""The suffixes of lesson files."""


def _is_lesson_name(name: str) -> bool:
    """A ``.mdx`` or ``.md`` suffix as ``Path.suffix`` reads it (``.md`` alone is a
    name without one), and not a ``README.md``."""
    for suffix in LESSON_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name.lower() != "readme.md"
    return False


def _natural_key(text: str) -> list[tuple[int, int | str]]:
    """Sort ``chapter10`` after ``chapter9``."""
    return [(0, int(tok)) if tok.isdigit() else (1, tok) for tok in re.split(r"(\d+)", text)]
