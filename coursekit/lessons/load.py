"""Reading lesson files of a course: where a file sits says what lesson it is."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.config.listing import Unlisted
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.languages import normalise
from coursekit.lessons import rules
from coursekit.lessons.model import Framework, Lesson
from coursekit.lessons.parse import parse_lesson
from coursekit.lessons.python import CodeFactsTable

_CHAPTER_DIR = re.compile(r"chapter(\d+)")
TF_SUFFIX = "_tf"


@dataclass(frozen=True, slots=True)
class LessonPlace:
    """What a lesson file's path says about it."""

    path: str
    language: str
    chapter: int | None
    section: str
    framework: Framework
    folder: str = ""
    """Folders between the language folder and the file (``chapter8``, ``unit2/x``)."""


def _relative_to_content(course: Course, file: Path) -> Path:
    content = course.content_dir
    if file.is_absolute() == content.is_absolute():
        try:  # a file listed under the content folder: no need to ask the file system
            relative = file.relative_to(content)
        except ValueError:
            pass
        else:
            if ".." not in relative.parts:
                return relative
    # The folder is resolved, not the file: a looping or dangling link is named as found.
    return (file.parent.resolve() / file.name).relative_to(content.resolve())


def _language_and_folder(course: Course, file: Path) -> tuple[str, str]:
    try:
        relative = _relative_to_content(course, file)
    except (ValueError, OSError, RuntimeError):
        return course.source_language, ""
    if len(relative.parts) < 2:
        return course.source_language, ""
    return normalise(relative.parts[0]), "/".join(relative.parts[1:-1])


def _framework(file: Path) -> Framework:
    if file.stem.endswith(TF_SUFFIX):
        return Framework.TF
    if file.with_name(f"{file.stem}{TF_SUFFIX}{file.suffix}").is_file():
        return Framework.PT
    return Framework.BOTH


def place_of(course: Course, file: Path) -> LessonPlace:
    """Language, chapter, section and framework of a lesson file, from its path."""
    chapter = next(
        (int(m[1]) for part in reversed(file.parent.parts) if (m := _CHAPTER_DIR.fullmatch(part))),
        None,
    )
    language, folder = _language_and_folder(course, file)
    return LessonPlace(
        path=course.relative(file),
        language=language,
        chapter=chapter,
        section=file.stem,
        framework=_framework(file),
        folder=folder,
    )


def places_of(course: Course, files: Sequence[Path]) -> list[LessonPlace]:
    """:func:`place_of` for each of ``files``, the lesson files of a folder as
    :meth:`Course.lesson_files` lists them: the same places, for less work per file
    (paths read as text, the framework read from the list before asking the file
    system). A file named otherwise, or not under the course root, goes the long way."""
    content = course.content_dir
    content_prefix = str(content) + os.sep
    root_prefix = str(course.root) + os.sep
    texts = [str(file) for file in files]
    listed = {text.lower() for text in texts}
    found: list[LessonPlace] = []
    for file, text in zip(files, texts, strict=True):
        dot = text.rfind(".")
        slash = text.rfind(os.sep)
        parts = text[len(content_prefix):].split(os.sep)
        if (not content.is_absolute() or not text.startswith(content_prefix)
                or not text.startswith(root_prefix) or dot <= slash + 1
                or text[dot:] not in (".mdx", ".md") or ".." in parts or "" in parts):
            found.append(place_of(course, file))
            continue
        stem, suffix = text[slash + 1:dot], text[dot:]
        folders = text[:slash].split(os.sep)
        chapter = next(
            (int(m[1]) for part in reversed(folders) if (m := _CHAPTER_DIR.fullmatch(part))),
            None,
        )
        if len(parts) < 2:
            language, folder = course.source_language, ""
        else:
            language, folder = normalise(parts[0]), "/".join(parts[1:-1])
        sibling = f"{text[:slash + 1]}{stem}{TF_SUFFIX}{suffix}"
        if stem.endswith(TF_SUFFIX):
            framework = Framework.TF
        elif sibling.lower() in listed and os.path.isfile(sibling):
            framework = Framework.PT
        else:
            framework = Framework.BOTH
        found.append(LessonPlace(
            path=text[len(root_prefix):].replace(os.sep, "/"),
            language=language,
            chapter=chapter,
            section=stem,
            framework=framework,
            folder=folder,
        ))
    return found


def _unread(place: LessonPlace, finding: Diagnostic) -> Lesson:
    """A lesson with no blocks: only the finding that says why it was not read."""
    return Lesson(
        path=place.path, language=place.language, chapter=place.chapter,
        section=place.section, title=None, blocks=(), framework=place.framework,
        diagnostics=(finding,), folder=place.folder,
    )


def load_lesson(
    course: Course, file: Path, place: LessonPlace | None = None,
    facts: CodeFactsTable | None = None, data: bytes | None = None,
) -> Lesson:
    """Read and parse one lesson file (``place``: its place, when already known;
    ``facts``: the run's code facts, shared between lessons; ``data``: its bytes, when
    already read); an unreadable file gives a lesson with a diagnostic."""
    place = place if place is not None else place_of(course, file)
    try:
        data = read_regular(file) if data is None else data
    except OSError as exc:
        finding = rules.UNREADABLE_LESSON.at(
            place.path, None, f"cannot read the lesson: {exc.strerror or exc}"
        )
        return _unread(place, finding)
    try:
        return parse_lesson(
            data, path=place.path, language=place.language, chapter=place.chapter,
            section=place.section, framework=place.framework, folder=place.folder,
            facts=facts,
        )
    except Exception as exc:  # a parser bug on one lesson must not end the run for the others
        finding = rules.LESSON_FAILURE.at(
            place.path, None, f"coursekit failed on this lesson ({type(exc).__name__}: {exc})"
        )
        return _unread(place, finding)


def load_lessons(course: Course, languages: Sequence[str] | None = None) -> list[Lesson]:
    """Every lesson of ``languages`` (default: every language of the course), in stable order."""
    return load_listed_lessons(course, languages)[0]


def load_listed_lessons(course: Course, languages: Sequence[str] | None = None,
                        ) -> tuple[list[Lesson], list[Unlisted]]:
    """:func:`load_lessons`, with the lesson folders that could not be listed: the one
    above the language folders, and those of ``languages``; their lessons are not read."""
    wanted = [normalise(lang) for lang in languages] if languages else course.lesson_languages()
    listings = [course.lesson_listing(lang) for lang in wanted]
    facts = CodeFactsTable()
    lessons = [load_lesson(course, file, facts=facts)
               for listing in listings for file in listing.files]
    unlisted = [*course.unlisted_roots(subtitles=False),
                *(folder for listing in listings for folder in listing.unlisted)]
    return lessons, list(dict.fromkeys(unlisted))
