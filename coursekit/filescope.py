"""Checks narrowed to a few files (a commit's, for pre-commit hooks).

The checks still read what the named files are judged against (the source-language
lessons and subtitles, the toctree of their language), but only the languages of
those files are checked, and only findings in those files are kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from coursekit.check_result import CheckResult
from coursekit.config import LESSON_SUFFIXES, Course
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
    folders: frozenset[str] = frozenset()
    """The named folders, relative to the root (``.``: the root or a folder above it):
    what lies in them is in the scope."""
    named: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each named file and folder in the scope (as in :attr:`paths` and :attr:`folders`)
    with the languages it holds or lies in."""

    def narrowed(self, languages: Sequence[str] | None) -> FileScope:
        """The scope with the named files and folders of none of ``languages``
        (``--lang``; ``None``: every language) among :attr:`unmatched`: not checked,
        and said so, never passed over as clean."""
        if languages is None:
            return self
        asked = ", ".join(languages)
        left_out = [Unmatched(path, f"not checked: its language ({', '.join(found)}) is "
                                    f"not among those asked for with --lang ({asked})",
                              missing=False)
                    for path, found in sorted(self.named.items())
                    if not set(found) & set(languages)]
        return replace(self, unmatched=(*self.unmatched, *left_out))

    def covers(self, path: str) -> bool:
        """Whether ``path`` (relative to the root) is a named file or lies in a named
        folder."""
        return path in self.paths or any(
            folder == "." or path == folder or path.startswith(folder + "/")
            for folder in self.folders)

    def keep(self, result: CheckResult) -> CheckResult:
        """Only the findings in, and the checked files among, the named files and
        folders."""
        return CheckResult(
            diagnostics=[d for d in result.diagnostics if self.covers(d.path)],
            checked=[p for p in result.checked if self.covers(p)],
            notebooks=result.notebooks,
            answered=[p for p in result.answered if self.covers(p)],
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
    ``unmatched``, as is a file that does not exist. A named folder takes in what lies
    in it (see :func:`_folder_scope`)."""
    bases = list(folders) if folders is not None else [course.content_dir, course.subtitles_dir]
    known = set(course.lesson_languages()) | set(course.subtitle_languages())
    paths: set[str] = set()
    found: set[str] = set()
    named_folders: set[str] = set()
    named: dict[str, tuple[str, ...]] = {}
    unmatched: list[Unmatched] = []
    for file in files:
        resolved = _looked_up(course, file, bases, known)
        if isinstance(resolved, Unmatched):
            unmatched.append(resolved)
            continue
        if isinstance(resolved, tuple):
            named_folders.add(resolved[0])
            found.update(resolved[1])
            named[resolved[0]] = (*named.get(resolved[0], ()), *resolved[1])
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
                    named[course.relative(resolved)] = (language,)
                    matched = True
        if not matched:
            unmatched.append(Unmatched(course.relative(resolved), why or (
                f"not checked: it is not in a language folder under "
                f"{' or '.join(course.relative(b) + '/' for b in bases)} that this course checks"
            ), missing=False))
    order = [*course.lesson_languages(), *course.subtitle_languages()]
    languages = tuple(sorted(found, key=order.index))
    return FileScope(paths=frozenset(paths), languages=languages, unmatched=tuple(unmatched),
                     folders=frozenset(named_folders), named=named)


def _looked_up(course: Course, file: Path, bases: Iterable[Path], known: set[str],
               ) -> Path | tuple[str, list[str]] | Unmatched:
    """A named file resolved, a named folder's scope (:func:`_folder_scope`), or why the
    path cannot be checked: it does not exist, or cannot be looked up."""
    try:
        if not file.exists() and not file.is_symlink():
            return Unmatched(str(file), _missing(course, file), missing=True)
        resolved = file.resolve()
        return _folder_scope(course, resolved, bases, known) if resolved.is_dir() else resolved
    except (OSError, ValueError, RuntimeError) as exc:  # a name too long, a NUL, a loop
        reason = getattr(exc, "strerror", None) or str(exc)
        return Unmatched(str(file)[:300], f"cannot be looked up: {reason}", missing=True)


def _folder_scope(course: Course, folder: Path, bases: Iterable[Path], known: set[str],
                  ) -> tuple[str, list[str]] | Unmatched:
    """A named ``folder`` (resolved) as its name from the root and the languages of what
    it holds under ``bases``: every language of a lesson or subtitle folder in it, or
    the one it lies in; or why nothing in it is checked."""
    root = course.root
    name = "." if folder == root or folder in root.parents else course.relative(folder)
    if name != "." and (pattern := course.excluded(folder, above=True)):
        return Unmatched(name, f"not checked: the configuration's `exclude` pattern "
                               f"`{pattern}` takes it", missing=False)
    languages: list[str] = []
    why = None
    for base in bases:
        top = base.resolve()
        if folder == top or folder in top.parents:
            languages.extend(lang for lang in course.languages_under(base) if lang in known)
        elif top in folder.parents:
            parts = folder.relative_to(top).parts
            if base == course.subtitles_dir and len(parts) > 1:
                why = _unread_subtitle(folder / "x.srt", base)
            elif normalise(parts[0]) in known:
                languages.append(normalise(parts[0]))
    if languages:
        return name, languages
    return Unmatched(name, why or (
        "not checked: it holds no lesson or subtitle folder of a language this course "
        "checks, and lies in none"), missing=False)


def _missing(course: Course, file: Path) -> str:
    under_root = course.root / file
    if not file.is_absolute() and under_root.exists():  # looked up fine just before
        return (f"no such file: paths are read from the current folder, not from the course "
                f"root (did you mean {under_root}?)")
    return "no such file"


def touched_files(course: Course, changed: Iterable[str],
                  languages: Sequence[str] | None = None) -> list[Path]:
    """What a change touched, for ``check --since``: the changed files (relative to the
    course root) that lie in the lesson or subtitle folder and, for each changed file of
    the source language, the file at the same place in every other language (its
    translation, judged against it). Only those
    that are there: a file the change deleted, or the translation a new source file has
    not got yet, has nothing to check (what a deleted source leaves is still checked);
    with ``languages`` (``--lang``), none of another language's folders: they were not
    named, and are not reported as left unchecked. A lesson the change deleted brings
    its language's toctree, which may still list it."""
    found: set[Path] = set()
    source = course.source_language
    folders = [
        (course.lesson_dir(source), course.lesson_dir, course.lesson_languages()),
        (course.subtitle_dir(source), course.subtitle_dir, course.subtitle_languages()),
    ]
    course_folders = (course.content_dir, course.subtitles_dir)
    for name in changed:
        path = course.root / name
        if not any(folder in path.parents for folder in course_folders):
            continue  # a Makefile, a workflow, the README: no file a check reads
        found.add(path)
        found.update(_listing_of_gone(course, path))
        for source_folder, folder_of, listed in folders:
            try:
                inside = path.relative_to(source_folder)
            except ValueError:
                continue
            found.update(folder_of(language) / inside for language in listed)
    others = [folder_of(language) for _, folder_of, listed in folders for language in listed
              if languages is not None and language not in languages]
    return sorted(path for path in found if (path.exists() or path.is_symlink())
                  and not any(folder in path.parents for folder in others))


def _listing_of_gone(course: Course, path: Path) -> list[Path]:
    """The toctree of the language of a lesson file the change deleted (or renamed away):
    a section it still lists has no lesson now, which only the toctree's check says."""
    if path.suffix not in LESSON_SUFFIXES or path.exists() or path.is_symlink():
        return []
    return [course.toctree_path(language) for language in course.lesson_languages()
            if course.lesson_dir(language) in path.parents]


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
