"""Patterns of the configuration that take no file: a ``per-file-ignores`` pattern that
matches none of the course's files ignores nothing, and an ``exclude`` pattern that took
nothing while the course was listed excludes nothing (``CFG008``).

Both are judged from what a check of the whole course already holds (the files it
listed and read, the files its findings name, the patterns the listings used), so the
disk is not walked again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from coursekit.config.course import Course
from coursekit.config.key_lines import line_of
from coursekit.config.rules import UNMATCHED_PATTERN
from coursekit.diagnostics import Diagnostic
from coursekit.selection import takes

_GLOB_CHARS = frozenset("*?[")


def unmatched_patterns(course: Course, files: Iterable[str]) -> list[Diagnostic]:
    """``CFG008`` for each pattern that takes none of ``files`` (relative to the course
    root: every file a check of the whole course read or reported on)."""
    config = course.config
    known = sorted(set(files))
    found: list[Diagnostic] = []
    key = _spelled(config.lines, "per-file-ignores")
    for pattern in config.selection.per_file_ignores:
        rest = pattern.removeprefix("!")
        if any(takes(rest, file) for file in known):
            continue
        said = f"`{key}` pattern `{pattern}` matches no file of the course" \
            if rest == pattern else \
            f"`{key}` pattern `{pattern}` takes every file: `{rest}` matches none of the course"
        found.append(config.finding((key, pattern), said + _meant(rest, known, folders=False),
                                    rule=UNMATCHED_PATTERN))
    used = course.exclusions_used()
    for name, patterns in (("exclude", config.exclude), ("extend-exclude", config.extend_exclude)):
        key = _spelled(config.lines, name)
        for pattern in patterns:
            if pattern not in used:
                found.append(config.finding(
                    (key,), f"`{key}` pattern `{pattern}` excludes nothing: it matches no "
                            "file or folder of the course that another pattern does not "
                            f"exclude already{_meant(pattern, known, folders=True)}",
                    _item_line(course, key, pattern), rule=UNMATCHED_PATTERN))
    return found


def _meant(pattern: str, files: Sequence[str], *, folders: bool) -> str:
    """What ``pattern`` likely means: the pattern with a near match's case, or the file
    that matches it in another case; for a ``per-file-ignores`` pattern that names a
    folder, that it takes the files in it written with ``/**``."""
    paths = sorted({prefix for file in files for prefix in _prefixes(file)})
    candidates = paths if folders else files
    near = next((path for path in candidates if takes(pattern, path, case=False)), None)
    if near is not None:
        fixed = _recased(pattern, near)
        if fixed != pattern and any(takes(fixed, path) for path in candidates):
            return f" (did you mean `{fixed}`?)"
        return f" (`{near}` matches it in another case)"
    if not folders:
        folder = next((path for path in paths if takes(pattern, path, case=False)), None)
        if folder is not None:
            stem = pattern.replace("\\", "/").rstrip("/")
            return f" (`{folder}` is a folder: `{stem}/**` takes the files in it)"
    return ""


def _prefixes(path: str) -> Iterable[str]:
    """``path`` and the folders above it (``a/b/c``: ``a``, ``a/b``, ``a/b/c``)."""
    parts = path.split("/")
    return ("/".join(parts[:end]) for end in range(1, len(parts) + 1))


def _recased(pattern: str, path: str) -> str:
    """``pattern`` with each of its plain names written as ``path`` writes it."""
    names = {name.casefold(): name for name in path.split("/")}
    parts = pattern.replace("\\", "/").split("/")
    return "/".join(part if _GLOB_CHARS & set(part) else names.get(part.casefold(), part)
                    for part in parts)


def _spelled(lines: Mapping[tuple[str, ...], int], key: str) -> str:
    """``key`` as the file writes it (``per-file-ignores`` or ``per_file_ignores``)."""
    other = key.replace("-", "_")
    return other if any(keys[-1:] == (other,) for keys in lines) else key


def _item_line(course: Course, key: str, pattern: str) -> int | None:
    """The line of ``pattern`` in the list of ``key``, or that of the key."""
    config = course.config
    prefixes = ((), ("tool", "coursekit")) if config.path is not None \
        and config.path.name == "coursekit.toml" else (("tool", "coursekit"),)
    start = line_of(config.lines, (key,), prefixes)
    if start is None or config.path is None:
        return start
    later = [line for line in config.lines.values() if line > start]
    end = min(later, default=None)
    try:
        text = config.path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return start
    quoted = (f'"{pattern}"', f"'{pattern}'")
    return next((number for number in range(start, (end or len(text) + 1))
                 if any(q in text[number - 1] for q in quoted)), start)
