"""The build manifest: what each output was built from, so rebuilds can skip work.

``<build>/notebooks/.manifest.json``::

    {"format": 1,                             # one line per lesson and per output
     "lessons": {"content/en/chapter1/3.mdx": {
         "language": "en",
         "source_hash": "<sha256 of the lesson file>",
         "options": "<hash of the build options and coursekit version>",
         "frameworks": ["pt", "tf"],          # the frameworks that build covered
         "diagnostics": [...],                # what converting it reported
         "stamp": [size, mtime_ns, ctime_ns, inode]}},   # the file as it was hashed
     "outputs": {"en/chapter1/3.ipynb": {
         "lesson": "content/en/chapter1/3.mdx", "framework": "both",
         "source_hash": "...", "options": "...", "sha256": "<sha256 of the file>",
         "stamp": [...]}}}                    # the file as written or last hashed

A manifest that cannot be read counts as empty: everything is rebuilt, nothing lost.
The manifest is input like any other (a build folder may be restored from a cache or
committed by mistake): an output named by a path that is not one the build writes
(absolute, with ``..``, or without an output suffix) is kept out of it, in
:attr:`Manifest.foreign`, so that nothing outside the notebooks folder is ever read,
rewritten or deleted on its word.
A file whose stamp is the recorded one is taken as unchanged without reading it, as
long as its modification time is older than the manifest's own (the rule git uses for
its index): a file changed again within the same clock tick as the stamp was taken
is read and hashed, as is any file without a stamp.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from coursekit.atomic import write_text_atomic
from coursekit.cache.diagnostic_json import (
    InvalidEntry,
    diagnostic_json,
    diagnostics_from_json,
)
from coursekit.diagnostics import Diagnostic
from coursekit.files import DATA_LIMIT, NotARegularFile, TooLarge, read_regular_with_status
from coursekit.report.encoding import escape_surrogates

MANIFEST_NAME = ".manifest.json"
FORMAT = 1
OUTPUT_SUFFIXES = (".ipynb", ".py", ".md")
"""The suffixes of the files a build writes: notebooks and their paired text files."""
Stamp = tuple[int, int, int, int]
"""Size, modification and change times (ns), inode."""


@dataclass(slots=True)
class LessonEntry:
    language: str
    source_hash: str
    options: str
    frameworks: list[str]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    stamp: Stamp | None = None


@dataclass(slots=True)
class OutputEntry:
    lesson: str
    framework: str
    source_hash: str
    options: str
    sha256: str
    stamp: Stamp | None = None

    def as_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "framework": self.framework, "lesson": self.lesson, "options": self.options,
            "sha256": self.sha256, "source_hash": self.source_hash,
        }
        if self.stamp is not None:
            document["stamp"] = list(self.stamp)
        return document


class Manifest:
    """Lesson and output entries, with outputs also indexed by lesson."""

    def __init__(
        self,
        lessons: dict[str, LessonEntry] | None = None,
        outputs: dict[str, OutputEntry] | None = None,
        mtime_ns: int | None = None,
        foreign: list[str] | None = None,
        unreadable: str | None = None,
    ) -> None:
        self.unreadable = unreadable
        """Why the file at the manifest's path was not read, when it is no manifest
        coursekit wrote (not a regular file, or larger than any it writes)."""
        self.mtime_ns = mtime_ns
        self.foreign: list[str] = foreign or []
        """Output paths of the file read that the build never writes: left alone."""
        """When the manifest file was last written, by the file system's clock."""
        self.lessons: dict[str, LessonEntry] = lessons or {}
        self.outputs: dict[str, OutputEntry] = {}
        """Keyed by path relative to ``<build>/notebooks``; change through the methods."""
        self._by_lesson: dict[str, set[str]] = {}
        for path, entry in (outputs or {}).items():
            self.set_output(path, entry)

    def set_output(self, path: str, entry: OutputEntry) -> None:
        self.drop_output(path)
        self.outputs[path] = entry
        self._by_lesson.setdefault(entry.lesson, set()).add(path)

    def drop_output(self, path: str) -> None:
        entry = self.outputs.pop(path, None)
        if entry is not None:
            self._by_lesson[entry.lesson].discard(path)

    def outputs_of(self, lesson: str) -> dict[str, OutputEntry]:
        return {path: self.outputs[path] for path in sorted(self._by_lesson.get(lesson, ()))}

    def trusts(self, recorded: Stamp | None, current: Stamp | None) -> bool:
        """Whether a file stamped ``current`` is unchanged since it was stamped
        ``recorded``: the same stamp, and a modification time older than this manifest's
        (else the file may have changed again within the same clock tick)."""
        return (
            recorded is not None and recorded == current
            and self.mtime_ns is not None and recorded[1] < self.mtime_ns
        )

    def to_json(self) -> str:
        """The manifest's text: one line per lesson and per output, sorted, so that a
        rebuild changes the lines of what it rebuilt (and each line is written by
        ``json``'s compact encoder, which the indenting one is many times slower than)."""
        lessons = {path: _lesson_json(entry) for path, entry in self.lessons.items()}
        outputs = {path: entry.as_json() for path, entry in self.outputs.items()}
        # An undecodable file name (lone surrogates) is kept as JSON escapes, read back as is.
        return escape_surrogates(f'{{"format": {FORMAT},\n "lessons": {_lines(lessons)},\n'
                                 f' "outputs": {_lines(outputs)}}}\n')


def _lines(entries: dict[str, dict[str, Any]]) -> str:
    """A JSON object of ``entries``, one sorted entry per line."""
    if not entries:
        return "{}"
    encode = _ENTRY_ENCODER.encode
    body = ",\n  ".join(f"{encode(key)}: {encode(entries[key])}" for key in sorted(entries))
    return "{\n  " + body + "\n }"


_ENTRY_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False)


def _lesson_json(entry: LessonEntry) -> dict[str, Any]:
    document: dict[str, Any] = {
        "diagnostics": [diagnostic_json(d) for d in entry.diagnostics],
        "frameworks": entry.frameworks, "language": entry.language,
        "options": entry.options, "source_hash": entry.source_hash,
    }
    if entry.stamp is not None:
        document["stamp"] = list(entry.stamp)
    return document


def is_output_path(path: str) -> bool:
    """Whether ``path`` (relative to ``<build>/notebooks``) is a name the build writes:
    ``<language>/.../<name><suffix>``, relative, with no ``..``, ``.`` or empty part."""
    if not path or "\\" in path or "\0" in path or not path.endswith(OUTPUT_SUFFIXES):
        return False
    parts = path.split("/")
    return (len(parts) >= 2 and not PurePosixPath(path).is_absolute()
            and all(part not in ("", ".", "..") for part in parts))


def _stamp(value: object) -> Stamp | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise InvalidEntry(f"a stamp is four whole numbers, not {value!r}")
    size, mtime, ctime, inode = value
    return size, mtime, ctime, inode


def _texts(value: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    found = [value.get(name) for name in names]
    if not all(isinstance(v, str) for v in found):
        raise InvalidEntry(f"an entry's {', '.join(names)} are strings")
    return [str(v) for v in found]


_LESSON_KEYS = frozenset({"language", "source_hash", "options", "frameworks", "diagnostics",
                          "stamp"})
_OUTPUT_KEYS = ("lesson", "framework", "source_hash", "options", "sha256")


def _lesson_entry(value: object) -> LessonEntry:
    """A lesson's entry, every part of it checked (:class:`InvalidEntry`)."""
    if not isinstance(value, dict) or not value.keys() <= _LESSON_KEYS:
        raise InvalidEntry("a lesson's entry is an object of its known fields")
    language, source_hash, options = _texts(value, ("language", "source_hash", "options"))
    frameworks = value.get("frameworks")
    if not isinstance(frameworks, list) or not all(isinstance(f, str) for f in frameworks):
        raise InvalidEntry("a lesson's frameworks are a list of strings")
    return LessonEntry(language, source_hash, options, list(frameworks),
                       diagnostics_from_json(value.get("diagnostics", [])),
                       _stamp(value.get("stamp")))


def _output_entry(value: object) -> OutputEntry:
    """An output's entry, every part of it checked (:class:`InvalidEntry`)."""
    if not isinstance(value, dict) or not value.keys() <= {*_OUTPUT_KEYS, "stamp"}:
        raise InvalidEntry("an output's entry is an object of its known fields")
    lesson, framework, source_hash, options, sha = _texts(value, _OUTPUT_KEYS)
    return OutputEntry(lesson, framework, source_hash, options, sha, _stamp(value.get("stamp")))


def read_manifest(path: Path) -> Manifest:
    """The manifest at ``path``: empty when there is none or it cannot be used (a full
    build is then always correct), with why in ``unreadable`` when the path holds
    something that is no manifest coursekit wrote."""
    try:
        data, status = read_regular_with_status(path, DATA_LIMIT)
    except (NotARegularFile, TooLarge) as exc:
        return Manifest(unreadable=exc.strerror or str(exc))
    except OSError:
        return Manifest()
    try:
        mtime_ns = status.st_mtime_ns
        document = json.loads(data.decode("utf-8"))
        if document.get("format") != FORMAT:
            return Manifest()
        lessons = {key: _lesson_entry(value) for key, value in document["lessons"].items()}
        outputs = {key: _output_entry(value)
                   for key, value in document["outputs"].items() if is_output_path(key)}
        foreign = sorted(key for key in document["outputs"] if not is_output_path(key))
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        # Missing, truncated, edited or from another version (InvalidEntry is a
        # ValueError): rebuilding is always correct, and the next manifest is written whole.
        return Manifest()
    return Manifest(lessons=lessons, outputs=outputs, mtime_ns=mtime_ns, foreign=foreign)


def holds_text(path: Path, text: str) -> bool:
    """Whether the manifest file at ``path`` is ``text`` already; not when it cannot be
    read or is not that text's bytes (compared as bytes: one that is not UTF-8 is no
    manifest coursekit wrote, and is replaced)."""
    try:
        return path.is_file() and path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


def write_manifest(path: Path, manifest: Manifest, text: str | None = None) -> None:
    """Write ``manifest`` (``text``: its JSON, when already made)."""
    write_text_atomic(path, manifest.to_json() if text is None else text)
