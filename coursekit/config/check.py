"""Every problem of a course's configuration, as ``CFG001`` findings with their line.

The top-level table is checked when it is read (:mod:`coursekit.config.values`);
each area table is checked here by the schema of the area that reads it, so that one
typo in any table is one finding, whatever command runs. The verify table's schema is
:mod:`coursekit.config.verify_table`, so that checking it does not load the executor.
"""

from __future__ import annotations

from collections.abc import Mapping

from coursekit.config import verify_table
from coursekit.config.course import Course
from coursekit.config.key_lines import line_of
from coursekit.config.reading import read_file
from coursekit.config.rules import BAD_CONFIG
from coursekit.diagnostics import Diagnostic
from coursekit.formatting import settings as format_settings
from coursekit.notebooks import settings as notebook_settings
from coursekit.subtitles import settings as subtitle_settings
from coursekit.translations import settings as translation_settings


def config_findings(course: Course) -> list[Diagnostic]:
    """One ``CFG001`` finding per unknown key or bad value (a language the course does
    not have among them), in the order of the file."""
    config = course.config
    problems: list[tuple[tuple[str, ...], str]] = []
    problems.extend(_languages(course))
    problems.extend(_folders(course))
    problems.extend(_subtitles(course))
    problems.extend(_translations(course))
    problems.extend(_verify(course))
    problems.extend(_standins(course))
    problems.extend(_notebooks(course))
    problems.extend(format_settings.read_settings(config.section(format_settings.SECTION))[1])
    found = [config.finding(p.keys, p.message, p.line) for p in config.problems]
    found.extend(config.finding(keys, message) for keys, message in problems)
    found.extend(_unread_pyproject(course))
    return sorted(found, key=lambda d: d.line or 0)


def _unread_pyproject(course: Course) -> list[Diagnostic]:
    """A ``[tool.coursekit]`` table of ``pyproject.toml`` that is not read, as the course
    has a ``coursekit.toml``: what it sets would be dropped unsaid."""
    config = course.config
    pyproject = course.root / "pyproject.toml"
    if config.path is None or config.path.name != "coursekit.toml" or not pyproject.is_file():
        return []
    file = read_file(pyproject)
    if not file.table:
        return []
    line = line_of(file.lines, (next(iter(file.table)),), (("tool", "coursekit"),))
    return [BAD_CONFIG.at("pyproject.toml", file.lines.get(("tool", "coursekit"), line),
                          "[tool.coursekit] is not read: the course's configuration is "
                          "coursekit.toml; move these keys there")]


def _languages(course: Course) -> list[tuple[tuple[str, ...], str]]:
    """A configured language the course has no folder of (as ``--lang`` would be a
    usage error); none when no language folder can be seen (CFG002 or CFG007 says why)."""
    found = course.found_languages()
    if not found or course.unlisted_roots():
        return []
    config = course.config
    have = f"which the course has no lessons or subtitles in (found: {', '.join(found)})"
    problems: list[tuple[tuple[str, ...], str]] = [
        (("languages",), f"`languages` lists `{lang}`, {have}")
        for lang in config.languages if lang not in found]
    key = _spelled(config.lines, "source-language")
    # the default is no one's word
    if _written(config.lines, key) and config.source_language not in found:
        problems.append(((key,), f"`{key}` is `{config.source_language}`, {have}; "
                                 f"`{course.source_language}` is used"))
    return problems


def _folders(course: Course) -> list[tuple[tuple[str, ...], str]]:
    """A ``content-dir`` or ``subtitles-dir`` the file sets that is no folder of the
    course, or holds no language folder: what is meant to be there would go unchecked
    and unbuilt, as though the course had none."""
    problems: list[tuple[tuple[str, ...], str]] = []
    for name, folder in (("content-dir", course.content_dir),
                         ("subtitles-dir", course.subtitles_dir)):
        key = _spelled(course.config.lines, name)
        if not _written(course.config.lines, key):
            continue
        shown = course.relative(folder)
        try:
            is_folder = folder.is_dir()
        except OSError:
            continue  # a folder above it cannot be entered: CFG007 says so
        if not is_folder:
            problems.append(((key,), f"`{key}` names `{shown}`, which is no folder of "
                                     "the course"))
        elif not course.unlisted_roots() and not course.languages_under(folder):
            problems.append(((key,), f"`{key}` names `{shown}`, which holds no language "
                                     "folder (en/, zh-CN/)"))
    return problems


def _written(lines: Mapping[tuple[str, ...], int], key: str) -> bool:
    """Whether the file sets the top-level ``key`` as spelled."""
    return any(keys[-1:] == (key,) and keys[:-1] in ((), ("tool", "coursekit"))
               for keys in lines)


def _spelled(lines: Mapping[tuple[str, ...], int], key: str) -> str:
    """``key`` as the file writes it (``source-language`` or ``source_language``)."""
    other = key.replace("-", "_")
    return other if _written(lines, other) else key


def _subtitles(course: Course) -> list[tuple[tuple[str, ...], str]]:
    """The subtitle table's bad values, and each language table that applies to no
    language the course has (``[subtitles.cn]``: its settings would be dropped unsaid)."""
    section = subtitle_settings.SECTION
    if section not in course.config.sections:
        return []
    table = course.config.section(section)
    problems = subtitle_settings.table_problems(table)
    found = course.found_languages()
    if not found or course.unlisted_roots():
        return problems  # no language folder can be seen: CFG002 or CFG007 says why
    for key, _ in subtitle_settings.language_tables(table):
        if not any(subtitle_settings.applies_to(key, lang) for lang in found):
            problems.append(((section, key), f"the language table `{key}` applies to no "
                                             f"language the course has (found: "
                                             f"{', '.join(found)})"))
    return problems


def _translations(course: Course) -> list[tuple[tuple[str, ...], str]]:
    section = translation_settings.SECTION
    if section not in course.config.sections:
        return []
    return translation_settings.read_settings(course.config.section(section))[1]


def _verify(course: Course) -> list[tuple[tuple[str, ...], str]]:
    problems = verify_table.table_problems(course.config.section("verify"))
    return [(("verify", key), message) for key, message in problems]


def _standins(course: Course) -> list[tuple[tuple[str, ...], str]]:
    from coursekit.standins.catalog import CatalogError, load_catalog

    table = course.config.section("standins")
    if not table:
        return []
    try:
        load_catalog(table)
    except CatalogError as exc:
        message = str(exc).removeprefix("[tool.coursekit.standins]: ")
        return [(("standins", *_catalog_keys(table, message)), message)]
    return []


def _catalog_keys(table: object, message: str) -> tuple[str, ...]:
    """The deepest table of ``table`` named in a catalog error message (for its line)."""
    if not isinstance(table, Mapping):
        return ()
    for kind, entries in table.items():
        if f"`{kind}`" in message or f"{kind} `" in message:
            if isinstance(entries, Mapping):
                for hub_id in entries:
                    if f"`{hub_id}`" in message:
                        return (kind, hub_id)
            return (kind,)
    return ()


def _notebooks(course: Course) -> list[tuple[tuple[str, ...], str]]:
    problems = notebook_settings.table_problems(course.config.section(notebook_settings.SECTION))
    return [((notebook_settings.SECTION, key), message) for key, message in problems]
