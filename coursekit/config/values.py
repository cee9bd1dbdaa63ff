"""The values of the top-level coursekit table, checked: each bad value is a problem
(with the keys that locate it) and is left at its default."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from coursekit.config.model import SECTIONS, Config
from coursekit.config.reading import ConfigFile, Problems
from coursekit.config.rule_choice import KEYS as SELECTION_KEYS
from coursekit.config.rule_choice import read_selection
from coursekit.config.unknown import unknown_key
from coursekit.languages import normalise
from coursekit.selection import GlobError, glob
from coursekit.shown import shown

LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
"""A folder name that can be a BCP 47 language tag (``en``, ``zh-CN``, ``pt-BR``)."""

FRAMEWORKS = ("pt", "tf")

_SCALARS = {"source_language", "content_dir", "subtitles_dir", "build_dir"}
_LISTS = {"languages", "frameworks", "exclude", "extend_exclude"}
_KNOWN = (*sorted(_SCALARS | _LISTS | SELECTION_KEYS), "kernels", *SECTIONS)
"""Every key of the top-level table, offered for a near miss of one."""
KERNEL_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")
"""What Jupyter accepts as a kernelspec name, kept short enough for a folder."""
_NAME_MAX = 255
"""Bytes in one file name, on the file systems courses live on."""


def is_language_tag(value: str) -> bool:
    """Whether ``value`` can name a language folder (``en``, ``zh-CN``, ``pt_BR``)."""
    return len(value) <= 64 and LANGUAGE_TAG.fullmatch(value) is not None


def config_from(file: ConfigFile) -> Config:
    """The configuration that ``file`` sets; what cannot be used is in ``problems``."""
    problems = Problems(file.problems)  # the file as read stays as it was
    table = _spelled_once(file.table, problems)
    values: dict[str, Any] = {}
    sections: dict[str, Mapping[str, Any]] = {}
    for raw_key, value in table.items():
        key = raw_key.replace("-", "_")
        if key in SELECTION_KEYS:
            continue
        if key in SECTIONS:
            if not isinstance(value, dict):
                problems.add((raw_key,), f"`{raw_key}` must be a table, got {shown(value)}")
            else:
                sections[key] = MappingProxyType(_section(raw_key, value, problems))
        elif key in _SCALARS | _LISTS | {"kernels"}:
            values.update(_value(raw_key, key, value, problems))
        else:
            problems.add((raw_key,), unknown_key(raw_key, _KNOWN))
    unknown = [fw for fw in values.get("frameworks", ()) if fw not in FRAMEWORKS]
    for fw in unknown:
        problems.add(("frameworks",), f"unknown framework `{fw}` (expected pt or tf)")
    if unknown:
        del values["frameworks"]
    selection = read_selection(table, problems)
    return Config(**values, sections=MappingProxyType(sections), selection=selection,
                  path=file.path, lines=file.lines, problems=tuple(problems))


def _section(raw_key: str, table: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    """An area's table with its settings spelled once; the subtitle table's language
    tables too (``[subtitles.fr]``). Deeper tables map names that are data (hub ids, rule
    codes, file patterns), where ``a-b`` and ``a_b`` are two names."""
    found = _spelled_once(table, problems, (raw_key,))
    if raw_key.replace("-", "_") == "subtitles":
        found = {key: _spelled_once(value, problems, (raw_key, key))
                 if isinstance(value, dict) else value for key, value in found.items()}
    return found


def _spelled_once(table: Mapping[str, Any], problems: Problems,
                  where: tuple[str, ...] = ()) -> dict[str, Any]:
    """``table`` less the keys written in both spellings (``build-dir`` and ``build_dir``),
    each a problem at its second spelling: one value would be dropped unsaid, so neither
    is taken, as a bad value is not. ``where``: the keys of the table in the file."""
    spellings: dict[str, list[str]] = {}
    for raw_key in table:
        spellings.setdefault(raw_key.replace("-", "_"), []).append(raw_key)
    for first, *others in spellings.values():
        for other in others:
            problems.add((*where, other), f"`{other}` sets `{first}` again: write it once "
                                          "(neither value is used)")
    return {key: value for key, value in table.items()
            if len(spellings[key.replace("-", "_")]) == 1}


def _value(raw_key: str, key: str, value: Any, problems: Problems) -> dict[str, Any]:
    """The ``Config`` fields that the key sets, none where its value is bad."""
    if key == "kernels":
        kernels = _kernels(raw_key, value, problems)
        if kernels is None:
            return {}
        return {"kernels": MappingProxyType(kernels[0]),
                "kernel_packages": MappingProxyType(kernels[1])}
    wrong = _scalar_problem(key, value) if key in _SCALARS else _list_problem(key, value)
    if wrong is not None:
        problems.add((raw_key,), f"`{raw_key}` {wrong}")
        return {}
    if key == "source_language":
        return {key: normalise(value)}
    if key == "languages":  # each once, however often it is written (zh-CN, zh_CN)
        return {key: tuple(dict.fromkeys(normalise(v) for v in value))}
    return {key: tuple(dict.fromkeys(value)) if key in _LISTS else value}


def _list_problem(key: str, value: Any) -> str | None:
    if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return f"must be a list of strings, got {shown(value)}"
    if key == "languages" and (bad := [v for v in value if not is_language_tag(v)]):
        return f"must list language tags (en, zh-CN), got {shown(bad[0])}"
    if key in ("exclude", "extend_exclude"):
        for pattern in value:
            try:
                glob(pattern)
            except GlobError as exc:
                return f"pattern {shown(pattern)} is no glob ({exc.args[0].rpartition(': ')[2]})"
    return None


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


def _kernels(
    raw_key: str, value: Any, problems: Problems,
) -> tuple[dict[str, str], dict[str, tuple[str, ...]]] | None:
    """``pt = "name"``, or ``[kernels.pt]`` with ``name`` and ``packages``."""
    if not isinstance(value, dict):
        problems.add((raw_key,), "`kernels` must map frameworks to kernel names")
        return None
    names: dict[str, str] = {}
    packages: dict[str, tuple[str, ...]] = {}
    for framework, entry in value.items():
        if framework not in FRAMEWORKS:
            problems.add((raw_key, framework), f"`kernels` names an unknown framework "
                                               f"{shown(framework)} (expected pt or tf)")
            return None
        if isinstance(entry, str) and KERNEL_NAME.fullmatch(entry):
            names[framework] = entry
            continue
        name = entry.get("name", f"coursekit-{framework}") if isinstance(entry, dict) else None
        extra = entry.get("packages", []) if isinstance(entry, dict) else None
        unknown = sorted(set(entry) - {"name", "packages"}) if isinstance(entry, dict) else []
        if (not isinstance(name, str) or not KERNEL_NAME.fullmatch(name) or unknown
                or not isinstance(extra, list)
                or not all(isinstance(p, str) and p.strip() for p in extra)):
            problems.add((raw_key, framework), f"`kernels.{framework}` must be a kernel name or "
                         "a table with `name` (a string) and `packages` (a list of "
                         "requirements); a name has at most 100 letters, digits, `.`, `_`, `-`")
            return None
        names[framework] = name
        packages[framework] = tuple(p.strip() for p in extra)
    return names, packages
