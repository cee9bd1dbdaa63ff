"""``_toctree.yml``: reading it with line numbers, and matching it with the lesson files.

The file is composed into YAML nodes (not loaded into plain values) so every
chapter and section keeps the line it was written on. A node is read once: an alias
(``*name``) of a chapter, section or list of sections already read is reported and
passed over, so that a section containing itself ends, and a few lines of aliases
that would expand to millions of sections (an alias bomb) are read in linear time.
Sections nested deeper than :data:`MAX_DEPTH` are reported, not read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import yaml

from coursekit.config import LESSON_SUFFIXES, Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.lessons import rules
from coursekit.lessons.context import ParseContext
from coursekit.lessons.model import Lesson, TocChapter, TocSection, Toctree
from coursekit.lessons.toctree_yaml import UnreadableYaml, compose

MAX_DEPTH = 50
"""Levels of nested ``sections``; the public courses use two."""
QUIZ_WORDS = ("quiz", "quizz", "questionario", "测验", "小测验", "クイズ", "퀴즈", "тест")


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _mapping(node: yaml.Node | None) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(key.value): value for key, value in node.value if isinstance(key, yaml.ScalarNode)}


def _scalar(node: yaml.Node | None) -> str | None:
    if isinstance(node, yaml.ScalarNode) and str(node.value).strip():
        return str(node.value).strip()
    return None


def normalise_local(local: str) -> str:
    """``./chapter1/2.mdx`` -> ``chapter1/2``."""
    local = local.strip().removeprefix("./").strip("/")
    for suffix in (".mdx", ".md"):
        local = local.removesuffix(suffix)
    return local


class _Reader:
    def __init__(self, context: ParseContext) -> None:
        self._context = context
        self._read: set[int] = set()
        """The ids of the nodes read: a node met again is an alias."""
        self._reported: set[int] = set()

    def _again(self, node: yaml.Node) -> bool:
        """Whether ``node`` was read before (an alias to it); reported when it was."""
        if id(node) not in self._read:
            self._read.add(id(node))
            return False
        if id(node) in self._reported:
            return True
        self._reported.add(id(node))
        what = "a list of sections" if isinstance(node, yaml.SequenceNode) else "an entry"
        self._bad(node, f"{what} from line {_line(node)} again, through a YAML alias: "
                  "it is read once (an entry that contains itself, or an alias repeated "
                  "to multiply entries, lists nothing new)",
                  hint="write each section once; drop the `*alias` that repeats this anchor")
        return True

    def _bad(self, node: yaml.Node, message: str, hint: str | None = None) -> None:
        self._context.report(rules.TOCTREE_BAD_SHAPE, _line(node) - 1, message,
                             hint=hint or "each chapter needs `title` and `sections`; each "
                             "section `title` and `local` (or `local_fw: {pt: ..., tf: ...}`)")

    def chapters(self, root: yaml.Node) -> list[TocChapter]:
        if not isinstance(root, yaml.SequenceNode):
            self._bad(root, "expected a list of chapters at the top level")
            return []
        found = []
        self._read.add(id(root))
        for node in root.value:
            if self._again(node):
                continue
            fields = _mapping(node)
            title = _scalar(fields.get("title"))
            sections = fields.get("sections")
            if title is None or not isinstance(sections, yaml.SequenceNode):
                self._bad(node, "a chapter needs a `title` and a list of `sections`")
                continue
            if self._again(sections):
                continue
            found.append(TocChapter(title, _line(node), tuple(self._sections(sections, 1))))
        return found

    def _sections(self, sequence: yaml.SequenceNode, depth: int) -> Iterator[TocSection]:
        if depth > MAX_DEPTH:
            self._bad(sequence, f"sections nested more than {MAX_DEPTH} levels deep are "
                      "not read")
            return
        for node in sequence.value:
            if self._again(node):
                continue
            fields = _mapping(node)
            title = _scalar(fields.get("title"))
            if title is None:
                self._bad(node, "a section needs a `title`")
                continue
            local = _scalar(fields.get("local"))
            local_fw = {key: _scalar(value)
                        for key, value in _mapping(fields.get("local_fw")).items()}
            nested = fields.get("sections")
            if isinstance(nested, yaml.SequenceNode) and not self._again(nested):
                yield from self._sections(nested, depth + 1)
                if local is None and not local_fw:
                    continue
            quiz = "quiz" in fields
            fw_ok = bool(local_fw) and all(local_fw.values()) and set(local_fw) <= {"pt", "tf"}
            if local_fw and not fw_ok:
                self._bad(node, f"section `{title}`: `local_fw` must map pt and/or tf to "
                          "lesson paths")
            files = {key: normalise_local(value)
                     for key, value in local_fw.items() if value} if fw_ok else {}
            if local is not None or files:
                yield TocSection(
                    title, _line(node), local=normalise_local(local) if local else None,
                    local_fw=files, quiz=quiz,
                )
            elif not local_fw:
                self._bad(node, _no_local(title, fields.get("local")))


def _no_local(title: str, local: yaml.Node | None) -> str:
    """What is wrong with a section that names no lesson file: its ``local`` missing or
    empty, or not one path."""
    if isinstance(local, yaml.SequenceNode):
        return f"section `{title}`: `local` must be one lesson path, not a list"
    if isinstance(local, yaml.MappingNode):
        return (f"section `{title}`: `local` must be one lesson path, not a mapping (one "
                "file per framework is `local_fw: {pt: ..., tf: ...}`)")
    return f"section `{title}` needs `local` or `local_fw: {{pt: ..., tf: ...}}`"


def read_toctree(text: str | bytes, *, path: str, language: str) -> Toctree:
    """Parse the text of a ``_toctree.yml``; problems become diagnostics."""
    context = ParseContext(path=path)
    chapters: list[TocChapter] = []
    try:
        root = compose(text)
    except UnreadableYaml as exc:
        context.report(rules.TOCTREE_INVALID_YAML, exc.line, exc.message, hint=exc.hint)
    else:
        if root is None:
            context.report(rules.TOCTREE_BAD_SHAPE, None, "the toctree is empty")
        else:
            chapters = _Reader(context).chapters(root)
    return Toctree(path=path, language=language, chapters=tuple(chapters),
                   diagnostics=tuple(context.diagnostics))


def load_toctree(course: Course, language: str) -> Toctree:
    """The ``_toctree.yml`` of a language; a missing or unreadable one carries a diagnostic,
    and one that the configuration excludes is not read: it has no chapters (and no
    lesson is held against it, :func:`check_toctree`)."""
    file = course.toctree_path(language)
    path = course.relative(file)
    if course.excluded(file, above=True) is not None:
        return Toctree(path=path, language=language, chapters=())
    try:
        data = read_regular(file)
    except OSError as exc:
        missing = isinstance(exc, FileNotFoundError)
        message = "no `_toctree.yml` for this language" if missing else (
            f"cannot read the toctree: {exc.strerror or exc}")
        finding = rules.TOCTREE_MISSING.at(path, None, message)
        return Toctree(path=path, language=language, chapters=(), diagnostics=(finding,))
    return read_toctree(data, path=path, language=language)


def _local_of(base: str, lesson: Lesson) -> str:
    """The toctree ``local`` of ``lesson``; ``base`` is its language folder with a ``/``."""
    return normalise_local(Path(lesson.path).with_suffix("").as_posix().removeprefix(base))


def check_toctree(
    course: Course, language: str, toctree: Toctree, lessons: Sequence[Lesson]
) -> list[Diagnostic]:
    """Toctree sections without a lesson file, and lesson files without a section; none
    where the toctree could not be read or the configuration excludes it."""
    if not toctree.chapters and (toctree.diagnostics or toctree_excluded(course, language)):
        return []
    base = course.relative(course.lesson_dir(language)).rstrip("/") + "/"
    files = {_local_of(base, lesson): lesson for lesson in lessons if lesson.language == language}
    found: list[Diagnostic] = []
    listed: dict[str, int] = {}
    for section in toctree.sections():
        for local in section.locals:
            if local in listed:
                found.append(rules.TOCTREE_DUPLICATE_ENTRY.at(
                    toctree.path, section.line,
                    f"`{local}` is already listed on line {listed[local]}"))
                continue
            listed[local] = section.line
            if local not in files and not _excluded(course, language, local):
                found.append(rules.TOCTREE_ENTRY_WITHOUT_FILE.at(
                    toctree.path, section.line,
                    f"section `{section.title}` points at `{local}`, which has no lesson file",
                    hint="fix the `local` path or add the lesson"))
    for local, lesson in files.items():
        if local not in listed:
            found.append(rules.LESSON_WITHOUT_TOCTREE_ENTRY.at(
                lesson.path, None, f"`{local}` is not listed in {toctree.path}",
                hint="add a section for it to `_toctree.yml`, or remove the file"))
    return found


def toctree_excluded(course: Course, language: str) -> bool:
    """Whether the configuration's ``exclude`` takes the ``_toctree.yml`` of ``language``
    (or a folder above it): it is never read."""
    return course.excluded(course.toctree_path(language), above=True) is not None


def _excluded(course: Course, language: str, local: str) -> bool:
    """Whether ``local`` names a lesson file that the configuration's ``exclude`` takes:
    it is there, only not read."""
    folder = course.lesson_dir(language)
    return any(course.excluded(file, above=True) is not None and file.is_file()
               for file in (folder / f"{local}{suffix}" for suffix in LESSON_SUFFIXES))


def is_quiz(section: TocSection, lesson: Lesson | None = None) -> bool:
    """A quiz section: its entry says ``quiz:`` (or, lacking the key, its title
    says quiz), or its lesson has no runnable code. A lesson with code and an
    inline ``<Question>`` quiz is a lesson: its code still makes a notebook."""
    if section.quiz:
        return True
    if lesson is not None:
        return not lesson.has_runnable_code
    title = section.title.casefold()
    return any(word in title for word in QUIZ_WORDS)
