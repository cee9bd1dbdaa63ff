"""Checks narrowed to a few files (a commit's, for pre-commit hooks).

The checks still read what the named files are judged against (the source-language
lessons and subtitles, the toctree of their language), but only the languages of
those files are checked, and only findings in those files are kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from coursekit.check_result import CheckResult
from coursekit.config import Course
from coursekit.languages import normalise
from coursekit.subtitles.formats import UNREAD
from coursekit.subtitles.metadata import METADATA


@dataclass(frozen=True, slots=True)
class Unmatched:
    """A named file that the check does not read, and why."""

    path: str
    reason: str
    missing: bool
    """``True`` when there is no such file at all (a typo, the wrong case, a path
    written relative to the course root instead of the current folder)."""


@dataclass(frozen=True, slots=True)
class FileScope:
    paths: frozenset[str]
    """The named files that belong to the course, relative to its root."""
    languages: tuple[str, ...]
    """The languages of those files, in the course's order."""
    unmatched: tuple[Unmatched, ...] = ()
    """The named files outside the scope: each is reported, never passed over."""

    def keep(self, result: CheckResult) -> CheckResult:
        """Only the findings in, and the checked files among, the named files."""
        return CheckResult(
            diagnostics=[d for d in result.diagnostics if d.path in self.paths],
            checked=[p for p in result.checked if p in self.paths],
        )


def _language(path: Path, base: Path) -> str | None:
    """The language folder ``path`` lies in under ``base``, if it does."""
    try:
        parts = path.relative_to(base.resolve()).parts
    except ValueError:
        return None
    return normalise(parts[0]) if len(parts) > 1 else None


def _unread_subtitle(path: Path, base: Path) -> str | None:
    """Why the subtitle check does not read ``path``, in a language folder under the
    subtitle folder ``base``: it reads the subtitle files (and a ``metadata.csv``) right
    in that folder, and names those of formats it does not read (SUB021)."""
    if len(path.relative_to(base.resolve()).parts) > 2:
        return "not checked: the subtitle check reads the files right in a language folder, " \
               "not in a folder below it"
    if path.name == METADATA or path.suffix.lower() in (".srt", ".sbv", *UNREAD):
        return None
    return ("not checked: it is no subtitle file (.srt, .sbv) nor a metadata.csv, which "
            "the subtitle check reads")


def file_scope(
    course: Course, files: Iterable[Path], folders: Iterable[Path] | None = None,
) -> FileScope:
    """The scope of ``files`` (relative to the working folder, or absolute) among the
    files under ``folders`` (default: the course's lesson and subtitle folders).

    A file outside those folders, or in a language the course does not check, is
    outside the scope: there is nothing to check it against. It is listed in
    ``unmatched``, as is a file that does not exist.
    """
    bases = list(folders) if folders is not None else [course.content_dir, course.subtitles_dir]
    known = set(course.lesson_languages()) | set(course.subtitle_languages())
    paths: set[str] = set()
    found: set[str] = set()
    unmatched: list[Unmatched] = []
    for file in files:
        try:
            if not file.exists() and not file.is_symlink():
                unmatched.append(Unmatched(str(file), _missing(course, file), missing=True))
                continue
            resolved = file.resolve()
        except (OSError, ValueError, RuntimeError) as exc:  # a name too long, a NUL, a loop
            reason = getattr(exc, "strerror", None) or str(exc)
            unmatched.append(Unmatched(str(file)[:300], f"cannot be looked up: {reason}",
                                       missing=True))
            continue
        matched, why = False, None
        for base in bases:
            language = _language(resolved, base)
            if language is not None and language in known:
                why = _unread_subtitle(resolved, base) if base == course.subtitles_dir else None
                if why is None and (pattern := course.excluded(resolved, above=True)):
                    why = f"not checked: the configuration's `exclude` pattern `{pattern}` " \
                          "takes it"
                if why is None:
                    paths.add(course.relative(resolved))
                    found.add(language)
                    matched = True
        if not matched:
            unmatched.append(Unmatched(course.relative(resolved), why or (
                f"not checked: it is not in a language folder under "
                f"{' or '.join(course.relative(b) + '/' for b in bases)} that this course checks"
            ), missing=False))
    order = [*course.lesson_languages(), *course.subtitle_languages()]
    languages = tuple(sorted(found, key=order.index))
    return FileScope(paths=frozenset(paths), languages=languages, unmatched=tuple(unmatched))


def _missing(course: Course, file: Path) -> str:
    under_root = course.root / file
    if not file.is_absolute() and under_root.exists():  # looked up fine just before
        return (f"no such file: paths are read from the current folder, not from the course "
                f"root (did you mean {under_root}?)")
    return "no such file"


def touched_files(course: Course, changed: Iterable[str]) -> list[Path]:
    """What a change touched, for ``check --since``: the changed files (relative to the
    course root) and, for each changed file of the source language, the file at the
    same place in every other language (its translation, judged against it)."""
    found: set[Path] = set()
    source = course.source_language
    folders = [
        (course.lesson_dir(source), course.lesson_dir, course.lesson_languages()),
        (course.subtitle_dir(source), course.subtitle_dir, course.subtitle_languages()),
    ]
    for name in changed:
        path = course.root / name
        found.add(path)
        for source_folder, folder_of, languages in folders:
            try:
                inside = path.relative_to(source_folder)
            except ValueError:
                continue
            found.update(folder_of(language) / inside for language in languages)
    return sorted(found)


def configuration_changed(course: Course, changed: Iterable[str]) -> bool:
    """Whether a change touched the course's configuration (its file, a ``coursekit.toml``
    added or removed, or the ``pyproject.toml`` whose table was taken out), which bears
    on every file's findings: ``check --since`` then checks the whole course."""
    names = {"coursekit.toml"}
    if course.config.path is not None:
        names.add(course.relative(course.config.path))
    else:
        names.add("pyproject.toml")
    return not names.isdisjoint(changed)
