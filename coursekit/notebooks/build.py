"""``build_course``: every lesson of a course to notebooks, incrementally.

A lesson whose file, build options and coursekit version match the manifest, and
whose outputs are on disk as recorded, is neither parsed nor rewritten. Anything
else is converted again; an output is written only when its bytes change. A file
whose stamp (size, times, inode) the manifest trusts is not even read: see
:meth:`coursekit.notebooks.manifest.Manifest.trusts`. A lesson without a code fence
has no code and yields no notebook: it is recorded unparsed, and what its text says
is reported by ``check`` alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.collector import collector_paused
from coursekit.config import Course
from coursekit.config.listing import Listing
from coursekit.diagnostics import Diagnostic
from coursekit.language_folders import unlisted_folders
from coursekit.languages import normalise
from coursekit.lessons.model import Framework
from coursekit.lessons.python import CodeFactsTable
from coursekit.notebooks import rules
from coursekit.notebooks.build_lock import build_lock
from coursekit.notebooks.build_options import BuildOptions

# BuildResult is re-exported: a build's callers read it from here.
from coursekit.notebooks.build_result import BuildResult as BuildResult
from coursekit.notebooks.convert import convert_lesson
from coursekit.notebooks.lesson_files import (
    LessonFile,
    LessonSource,
    Stamp,
    lesson_files,
    stamp_of,
)
from coursekit.notebooks.manifest import (
    MANIFEST_NAME,
    LessonEntry,
    OutputEntry,
    holds_text,
    read_manifest,
    write_manifest,
)
from coursekit.notebooks.output_files import OutputFiles, sha256

# JUPYTEXT_FORMATS is re-exported: the build command offers them.
from coursekit.notebooks.paired_text import JUPYTEXT_FORMATS as JUPYTEXT_FORMATS
from coursekit.notebooks.paired_text import paired_text
from coursekit.notebooks.serialize import dumps
from coursekit.report.encoding import utf8_escaping_surrogates

NOTEBOOKS_DIR = "notebooks"
"""The folder of the build directory the notebooks are written to (and verify reads)."""


@dataclass(slots=True)
class _Converted:
    """The files one lesson yields, keyed by path, with their frameworks."""

    diagnostics: list[Diagnostic]
    files: dict[str, bytes] = field(default_factory=dict)
    frameworks: dict[str, str] = field(default_factory=dict)

    def add(self, path: str, data: bytes, framework: Framework) -> None:
        self.files[path] = data
        self.frameworks[path] = framework.value


class _Builder:
    def __init__(
        self, course: Course, out: Path, options: BuildOptions, frameworks: set[str], check: bool
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
        self.files = OutputFiles(out, self.manifest, self.result, check)

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
        self._rebuild(source, entry, digest, key, stamp)

    def _rebuild(
        self, source: LessonSource, entry: LessonEntry | None, digest: str, key: str,
        stamp: Stamp | None,
    ) -> None:
        """Convert a lesson that changed, write its outputs and record it."""
        try:
            converted = self._convert(source, digest)
        except Exception as exc:  # one broken lesson must not stop the others
            self.result.diagnostics.append(rules.CONVERSION_FAILED.at(
                source.relative, None, f"cannot convert the lesson: {type(exc).__name__}: {exc}",
                hint="this is a bug in coursekit: please report it with the lesson",
            ))
            return
        self.result.diagnostics.extend(converted.diagnostics)
        # Never fresh until all its outputs are written: those of a build stopped or failed
        # between two are known, built again by the next build, removed with the lesson.
        self.manifest.lessons[source.relative] = LessonEntry(source.language, "", "", [])
        failed = False
        for path, data in converted.files.items():
            framework = converted.frameworks[path]
            failed |= not self.files.emit(source.relative, path, data, framework, digest, key)
        for path in self._in_scope(self.manifest.outputs_of(source.relative)):
            if path not in converted.files:
                self.files.remove(path, reason=f"{source.relative} no longer yields it")
        if failed:
            return
        covered = self.frameworks
        if entry is not None and (entry.source_hash, entry.options) == (digest, key):
            covered = covered | set(entry.frameworks)
        self.manifest.lessons[source.relative] = LessonEntry(
            language=source.language, source_hash=digest, options=key,
            frameworks=sorted(covered), diagnostics=converted.diagnostics, stamp=stamp,
        )

    def _convert(self, source: LessonSource, digest: str) -> _Converted:
        if not source.has_python_fence:
            # No Python, so no notebook: nothing for the build to read or to report (the
            # lesson's own findings are `check`'s). Its old notebooks are removed.
            return _Converted(diagnostics=[])
        lesson = source.parse(self.code_facts)
        conversion = convert_lesson(
            lesson, self.course, with_prose=self.options.with_prose, source_hash=digest,
            quizzes=self.options.quizzes,
        )
        converted = _Converted(diagnostics=[*lesson.diagnostics, *conversion.diagnostics])
        for framework, path, notebook in conversion.notebooks:
            if framework.value not in self.frameworks:
                continue
            # JSON escapes for an undecodable lesson name: a notebook is UTF-8 throughout
            converted.add(path, utf8_escaping_surrogates(dumps(notebook)), framework)
            if self.options.jupytext is not None:
                converted.add(*paired_text(path, notebook, self.options.jupytext), framework)
        return converted

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
            if sha256(data) != output.sha256:
                return False
            if output.stamp != stamp:
                output.stamp = stamp
                self.touched = True
        return True

    def _keep(self, lesson: str, entry: LessonEntry) -> None:
        self.result.diagnostics.extend(entry.diagnostics)
        for path in self._in_scope(self.manifest.outputs_of(lesson)):
            self.files.keep(lesson, path)

    def _in_scope(self, outputs: dict[str, OutputEntry]) -> dict[str, OutputEntry]:
        return {p: o for p, o in outputs.items() if o.framework in self.frameworks}

    def run(self, languages: list[str]) -> BuildResult:
        if self.manifest.unreadable is not None:
            self.result.diagnostics.append(rules.UNREADABLE_MANIFEST.at(
                self.course.relative(self.out / MANIFEST_NAME), None,
                f"the build manifest is not read: {self.manifest.unreadable}; every lesson "
                "is built again, and notebooks of removed lessons are not known",
                hint="remove it: the next build writes a new manifest",
            ))
        for path in self.manifest.foreign:
            self.touched = True  # the next manifest leaves it out
            self.result.diagnostics.append(rules.FOREIGN_OUTPUT.at(
                self.course.relative(self.out / MANIFEST_NAME), None,
                f"names `{path[:200]}`, which is not a file the build writes "
                "(outputs are `<language>/.../<name>.ipynb` inside the notebooks folder); "
                "nothing done with it",
            ))
        seen: set[str] = set()
        unseen = Listing()  # the folders that cannot be listed: their lessons are kept
        try:
            for language in languages:
                listing = self.course.lesson_listing(language)
                unseen.unlisted.extend(listing.unlisted)
                for file in lesson_files(self.course, language, listing.files):
                    seen.add(file.relative)  # unreadable now is not deleted
                    self.lesson(file)
        except BaseException:
            # Stopped (Ctrl-C, SIGTERM): the notebooks written so far are recorded, so
            # that they are known, checked and removed with their lesson like any other.
            if not self.check:
                self._save()
            raise
        self.result.diagnostics[:0] = unlisted_folders(
            self.course, [*self.course.unlisted_roots(subtitles=False), *unseen.unlisted],
            "its lessons are not built, and the notebooks built from them are kept")
        wanted = set(languages)
        for lesson, entry in list(self.manifest.lessons.items()):
            if (entry.language in wanted and lesson not in seen
                    and not unseen.hides(self.course.root / lesson)):
                self._deleted(lesson)
        if not self.check:
            self._save()
        self.result.checked = sorted(seen)
        self.result.notebooks = sorted(
            path for path, entry in self.manifest.outputs.items()
            if path.endswith(".ipynb") and path.split("/", 1)[0] in wanted
            and entry.framework in self.frameworks
        )
        return self.result

    def _deleted(self, lesson: str) -> None:
        self.touched = True
        for path in self.manifest.outputs_of(lesson):
            self.files.remove(path, reason=f"its lesson {lesson} is gone")
        if not self.check and not self.manifest.outputs_of(lesson):
            del self.manifest.lessons[lesson]

    def _save(self) -> None:
        path = self.out / MANIFEST_NAME
        if not self.touched and path.is_file():
            return
        text = self.manifest.to_json()
        if self.manifest.unreadable is None and holds_text(path, text):
            return
        try:
            write_manifest(path, self.manifest, text)
        except OSError as exc:
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
    options = BuildOptions.of(course, with_prose=with_prose, jupytext=jupytext,
                              quizzes=quizzes)
    wanted = set(frameworks) if frameworks is not None else set(course.config.frameworks)
    target = (out if out is not None else course.build_dir) / NOTEBOOKS_DIR
    if languages is None:
        chosen = course.lesson_languages()
    else:
        chosen = [normalise(language) for language in languages]
    with build_lock(target, check=check), collector_paused():
        builder = _Builder(course, target, options, wanted, check)  # reads the manifest
        result = builder.run(chosen)
        del builder  # see collector_paused: the lessons' code facts go before it resumes
    return result
