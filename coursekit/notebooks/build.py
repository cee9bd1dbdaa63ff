"""``build_course``: every lesson of a course to notebooks, incrementally.

A lesson whose file, build options and coursekit version match the manifest, and
whose outputs are on disk as recorded, is neither parsed nor rewritten. Anything
else is converted again; an output is written only when its bytes change. A file
whose stamp (size, times, inode) the manifest trusts is not even read: see
:meth:`coursekit.notebooks.manifest.Manifest.trusts`.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from coursekit import __version__
from coursekit.atomic import write_bytes_atomic
from coursekit.collector import collector_paused
from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.languages import normalise
from coursekit.lessons.model import Framework
from coursekit.lessons.python import CodeFactsTable
from coursekit.notebooks import rules
from coursekit.notebooks.cells import JsonDict
from coursekit.notebooks.convert import as_notebook_node, convert_lesson, notebook_settings
from coursekit.notebooks.lesson_files import LessonFile, LessonSource, lesson_files, stamp_of
from coursekit.notebooks.manifest import (
    MANIFEST_NAME,
    LessonEntry,
    OutputEntry,
    read_manifest,
    write_manifest,
)
from coursekit.notebooks.serialize import dumps

NOTEBOOKS_DIR = "notebooks"
JUPYTEXT_FORMATS = {"py:percent": ".py", "md": ".md"}
# The paired text file is for reading and diffing: the notebook keeps the metadata.
_JUPYTEXT_FILTERS = {"notebook_metadata_filter": "-all", "cell_metadata_filter": "-coursekit"}


@dataclass(slots=True)
class BuildResult:
    """What a build did (or, with ``check``, would do). Paths are relative to
    ``<build>/notebooks``."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    """With ``check``: outputs missing, out of date, or left over from a deleted lesson."""
    notebooks: list[str] = field(default_factory=list)
    """Every notebook of the lessons in scope, as the build leaves (or would leave) them."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    out: Path = Path()
    """The ``notebooks`` folder the paths are relative to."""


@dataclass(frozen=True, slots=True)
class _Options:
    with_prose: bool
    jupytext: str | None
    kernels: tuple[tuple[str, str], ...]
    quizzes: bool
    notebooks: tuple[str, bool, str, str]
    """:meth:`NotebookSettings.key` of the course's ``[tool.coursekit.notebooks]``."""

    def key(self, framework: Framework) -> str:
        """What besides the lesson bytes decides its outputs."""
        payload = json.dumps([
            __version__, self.with_prose, self.jupytext, self.kernels, framework.value,
            self.quizzes, self.notebooks,
        ])
        return hashlib.sha256(payload.encode()).hexdigest()[:16]


@dataclass(slots=True)
class _Converted:
    """The files one lesson yields, keyed by path, with their frameworks."""

    diagnostics: list[Diagnostic]
    files: dict[str, bytes] = field(default_factory=dict)
    frameworks: dict[str, str] = field(default_factory=dict)

    def add(self, path: str, data: bytes, framework: Framework) -> None:
        self.files[path] = data
        self.frameworks[path] = framework.value


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Builder:
    def __init__(
        self, course: Course, out: Path, options: _Options, frameworks: set[str], check: bool
    ) -> None:
        self.course = course
        self.out = out
        self.options = options
        self.frameworks = frameworks | {Framework.BOTH.value}
        self.check = check
        self.manifest = read_manifest(out / MANIFEST_NAME)
        self.result = BuildResult(out=out)
        self.touched = False
        """Whether the manifest may differ from the one read."""
        self.keys = {framework: options.key(framework) for framework in Framework}
        self.code_facts = CodeFactsTable()
        """The facts of the lessons' code, each distinct text read once for the build."""

    # -- one lesson ---------------------------------------------------------------

    def lesson(self, file: LessonFile) -> None:
        key = self.keys[file.place.framework]
        entry = self.manifest.lessons.get(file.relative)
        # A lesson the manifest knows is stamped before it is read (a trusted stamp saves
        # the read); a new one is stamped from the file its bytes come from.
        stamp = file.stamp() if entry is not None else None
        if (entry is not None and self.manifest.trusts(entry.stamp, stamp)
                and self._fresh(file.relative, entry, entry.source_hash, key)):
            self._keep(file.relative, entry)
            return
        source = file.read()
        if not isinstance(source, LessonSource):
            self.result.diagnostics.append(source)
            return
        if entry is None:
            stamp = source.stamp
        digest = source.digest
        if entry is not None and self._fresh(source.relative, entry, digest, key):
            if entry.stamp != stamp:
                entry.stamp = stamp
                self.touched = True
            self._keep(source.relative, entry)
            return
        self.touched = True
        try:
            converted = self._convert(source, digest)
        except Exception as exc:  # one broken lesson must not stop the others
            self.result.diagnostics.append(rules.CONVERSION_FAILED.at(
                source.relative, None, f"cannot convert the lesson: {type(exc).__name__}: {exc}",
                hint="this is a bug in coursekit: please report it with the lesson",
            ))
            return
        self.result.diagnostics.extend(converted.diagnostics)
        failed = False
        for path, data in converted.files.items():
            framework = converted.frameworks[path]
            failed |= not self._emit(source.relative, path, data, framework, digest, key)
        for path in self._in_scope(self.manifest.outputs_of(source.relative)):
            if path not in converted.files:
                self._remove(path, reason=f"{source.relative} no longer yields it")
        if failed:
            # Not recorded, so the next build tries this lesson again.
            self.manifest.lessons.pop(source.relative, None)
            return
        covered = self.frameworks
        if entry is not None and (entry.source_hash, entry.options) == (digest, key):
            covered = covered | set(entry.frameworks)
        self.manifest.lessons[source.relative] = LessonEntry(
            language=source.language, source_hash=digest, options=key,
            frameworks=sorted(covered), diagnostics=converted.diagnostics, stamp=stamp,
        )

    def _convert(self, source: LessonSource, digest: str) -> _Converted:
        lesson = source.parse(self.code_facts)
        conversion = convert_lesson(
            lesson, self.course, with_prose=self.options.with_prose, source_hash=digest,
            quizzes=self.options.quizzes,
        )
        converted = _Converted(diagnostics=[*lesson.diagnostics, *conversion.diagnostics])
        for framework, path, notebook in conversion.notebooks:
            if framework.value not in self.frameworks:
                continue
            converted.add(path, dumps(notebook).encode(), framework)
            if self.options.jupytext is not None:
                converted.add(*self._paired(path, notebook), framework)
        return converted

    def _paired(self, path: str, document: JsonDict) -> tuple[str, bytes]:
        name = self.options.jupytext or ""
        extension = JUPYTEXT_FORMATS[name]
        fmt = {"extension": extension, "format_name": name.partition(":")[2] or "markdown",
               **_JUPYTEXT_FILTERS}
        import jupytext  # only paired-text builds need it, and it is slow to import

        text = jupytext.writes(as_notebook_node(document), fmt=fmt)
        return path.removesuffix(".ipynb") + extension, text.encode()

    def _fresh(self, lesson: str, entry: LessonEntry, digest: str, key: str) -> bool:
        if (entry.source_hash, entry.options) != (digest, key):
            return False
        if not self.frameworks <= set(entry.frameworks):
            return False
        for path, output in self._in_scope(self.manifest.outputs_of(lesson)).items():
            target = self.out / path
            stamp = stamp_of(target)
            if self.manifest.trusts(output.stamp, stamp):
                continue
            try:
                data = target.read_bytes()
            except OSError:
                return False
            if _sha256(data) != output.sha256:
                return False
            if output.stamp != stamp:
                output.stamp = stamp
                self.touched = True
        return True

    def _keep(self, lesson: str, entry: LessonEntry) -> None:
        self.result.diagnostics.extend(entry.diagnostics)
        for path in self._in_scope(self.manifest.outputs_of(lesson)):
            self.result.unchanged.append(path)

    def _in_scope(self, outputs: dict[str, OutputEntry]) -> dict[str, OutputEntry]:
        return {p: o for p, o in outputs.items() if o.framework in self.frameworks}

    # -- files --------------------------------------------------------------------

    def _emit(
        self, lesson: str, path: str, data: bytes, framework: str, digest: str, key: str
    ) -> bool:
        """Write one output if its bytes changed; ``False`` if that failed."""
        target = self.out / path
        stamp = stamp_of(target)
        try:  # nothing to read where nothing could be stamped (a cold build's every file)
            current = target.read_bytes() if stamp is not None else None
        except OSError:
            current = None
        entry = OutputEntry(
            lesson=lesson, framework=framework, source_hash=digest, options=key,
            sha256=_sha256(data), stamp=stamp,
        )
        self.manifest.set_output(path, entry)
        if current == data:
            self.result.unchanged.append(path)
            return True
        entry.stamp = None
        if self.check:
            what = "missing" if current is None else "out of date"
            self.result.stale.append(path)
            self.result.diagnostics.append(rules.STALE_NOTEBOOK.at(
                lesson, None, f"`{path}` is {what}", hint="run `coursekit build`",
            ))
            return True
        try:
            if self._leaves_out(target):
                raise OSError("a linked folder on its path leads out of the notebooks folder")
            write_bytes_atomic(target, data, durable=False)
        except OSError as exc:
            self.result.diagnostics.append(rules.WRITE_FAILED.at(
                lesson, None, f"cannot write `{path}`: {exc}",
            ))
            self.manifest.drop_output(path)
            return False
        entry.stamp = stamp_of(target)
        self.result.written.append(path)
        return True

    def _remove(self, path: str, *, reason: str) -> None:
        output = self.manifest.outputs[path]
        lesson = output.lesson
        target = self.out / path
        foreign = self._not_owned(target, output)
        if foreign is not None:
            self.result.diagnostics.append(rules.FOREIGN_OUTPUT.at(
                lesson, None, f"`{path}` is left in place although {reason}: {foreign}",
                hint="delete it by hand if it is not needed",
            ))
            self.manifest.drop_output(path)
            return
        if self.check:
            if target.exists():
                self.result.stale.append(path)
                self.result.diagnostics.append(rules.ORPHAN_NOTEBOOK.at(
                    lesson, None, f"`{path}` is left over: {reason}",
                    hint="run `coursekit build` to remove it",
                ))
            self.manifest.drop_output(path)  # as the build would leave it; never saved
            return
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            self.result.diagnostics.append(rules.WRITE_FAILED.at(
                lesson, None, f"cannot remove `{path}`: {exc}",
            ))
            return
        self.manifest.drop_output(path)
        self.result.removed.append(path)
        self._prune(target.parent)

    def _leaves_out(self, target: Path) -> bool:
        """Whether a link on the way from the notebooks folder to ``target``'s folder
        leads elsewhere (the notebooks folder itself may be a link)."""
        inside = target.parent.relative_to(self.out)
        return target.parent.resolve() != self.out.resolve() / inside

    def _not_owned(self, target: Path, output: OutputEntry) -> str | None:
        """Why the build cannot prove that ``target`` is the file it wrote (``None``
        when it can, or when there is no file): it must lie in the notebooks folder with
        no link on the way, and hold the bytes the manifest recorded."""
        try:
            status = os.lstat(target)
        except FileNotFoundError:
            return None
        except OSError as exc:
            return f"it cannot be looked at ({exc.strerror or exc})"
        if not stat.S_ISREG(status.st_mode):
            return "it is not a regular file"
        if self._leaves_out(target):
            return "a linked folder on its path leads out of the notebooks folder"
        try:
            data = target.read_bytes()
        except OSError as exc:
            return f"it cannot be read ({exc.strerror or exc})"
        if _sha256(data) != output.sha256:
            return "its bytes are not the ones the build wrote"
        return None

    def _prune(self, folder: Path) -> None:
        """Remove folders that the removal left empty, up to the notebooks folder."""
        while folder != self.out and folder.is_relative_to(self.out):
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent

    # -- the whole course ---------------------------------------------------------

    def run(self, languages: list[str]) -> BuildResult:
        for path in self.manifest.foreign:
            self.touched = True  # the next manifest leaves it out
            self.result.diagnostics.append(rules.FOREIGN_OUTPUT.at(
                self.course.relative(self.out / MANIFEST_NAME), None,
                f"names `{path[:200]}`, which is not a file the build writes "
                "(outputs are `<language>/.../<name>.ipynb` inside the notebooks folder); "
                "nothing done with it",
            ))
        seen: set[str] = set()
        for language in languages:
            for file in lesson_files(self.course, language):
                seen.add(file.relative)  # unreadable now is not deleted
                self.lesson(file)
        wanted = set(languages)
        for lesson, entry in list(self.manifest.lessons.items()):
            if entry.language in wanted and lesson not in seen:
                self._deleted(lesson)
        if not self.check:
            self._save()
        self.result.notebooks = sorted(
            path for path, entry in self.manifest.outputs.items()
            if path.endswith(".ipynb") and path.split("/", 1)[0] in wanted
            and entry.framework in self.frameworks
        )
        return self.result

    def _deleted(self, lesson: str) -> None:
        self.touched = True
        for path in self.manifest.outputs_of(lesson):
            self._remove(path, reason=f"its lesson {lesson} is gone")
        if not self.check and not self.manifest.outputs_of(lesson):
            del self.manifest.lessons[lesson]

    def _save(self) -> None:
        path = self.out / MANIFEST_NAME
        if not self.touched and path.is_file():
            return
        text = self.manifest.to_json()
        try:
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                return
            write_manifest(path, self.manifest, text)
        except (OSError, UnicodeDecodeError) as exc:
            self.result.diagnostics.append(rules.WRITE_FAILED.at(
                self.course.relative(path), None, f"cannot write the build manifest: {exc}",
            ))


def build_course(
    course: Course,
    *,
    languages: Iterable[str] | None = None,
    frameworks: Iterable[str] | None = None,
    out: Path | None = None,
    with_prose: bool = False,
    jupytext: str | None = None,
    check: bool = False,
    quizzes: bool | None = None,
) -> BuildResult:
    """Build the notebooks of ``course`` under ``<out>/notebooks`` (``out`` defaults
    to the course's build folder). With ``check``, write nothing and report in
    ``stale`` (and as diagnostics) what a build would change. ``quizzes``: build
    notebooks for quiz pages too (default: ``[tool.coursekit.notebooks] quizzes``)."""
    if jupytext is not None and jupytext not in JUPYTEXT_FORMATS:
        raise ValueError(f"unknown jupytext format `{jupytext}` (expected py:percent or md)")
    settings = notebook_settings(course)
    options = _Options(
        with_prose=with_prose,
        jupytext=jupytext,
        kernels=tuple(sorted(course.config.kernels.items())),
        quizzes=settings.quizzes if quizzes is None else quizzes,
        notebooks=settings.key(),
    )
    wanted = set(frameworks) if frameworks is not None else set(course.config.frameworks)
    target = (out if out is not None else course.build_dir) / NOTEBOOKS_DIR
    if languages is None:
        chosen = course.lesson_languages()
    else:
        chosen = [normalise(language) for language in languages]
    builder = _Builder(course, target, options, wanted, check)
    with collector_paused():
        result = builder.run(chosen)
        del builder  # see collector_paused: the lessons' code facts go before it resumes
    return result
