"""The lesson files a build reads, each with the hash that decides whether to rebuild it."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from coursekit.config import Course
from coursekit.lessons.model import Framework, Lesson

_CHAPTER = re.compile(r"chapter(\d+)$")
_TF_SUFFIX = "_tf"


@dataclass(frozen=True, slots=True)
class LessonSource:
    """A lesson file as bytes, not parsed yet."""

    language: str
    path: Path
    relative: str
    """Path relative to the course root, as lessons and diagnostics name it."""
    data: bytes
    framework: Framework
    """TF for a ``*_tf`` split file, PT for its twin, else BOTH."""

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def chapter(self) -> int | None:
        match = _CHAPTER.match(self.path.parent.name)
        return int(match.group(1)) if match else None

    @property
    def section(self) -> str:
        return self.path.stem


def split_framework(path: Path) -> Framework:
    """The framework a file covers on its own when its section is split in two files."""
    if path.stem.endswith(_TF_SUFFIX):
        return Framework.TF
    if path.with_name(f"{path.stem}{_TF_SUFFIX}{path.suffix}").is_file():
        return Framework.PT
    return Framework.BOTH


def lesson_sources(course: Course, language: str) -> Iterator[LessonSource | tuple[Path, OSError]]:
    """Every lesson file of ``language``, read; a file that cannot be read comes with its error."""
    for path in course.lesson_files(language):
        try:
            data = path.read_bytes()
        except OSError as exc:
            yield path, exc
            continue
        yield LessonSource(
            language=language,
            path=path,
            relative=course.relative(path),
            data=data,
            framework=split_framework(path),
        )


def parse_source(source: LessonSource) -> Lesson:
    from coursekit.lessons.parse import parse_lesson

    return parse_lesson(
        source.data,
        path=source.relative,
        language=source.language,
        chapter=source.chapter,
        section=source.section,
        framework=source.framework,
    )
