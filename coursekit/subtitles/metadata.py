"""A language's ``metadata.csv``: which subtitle file belongs to which video."""

from __future__ import annotations

import csv
import io
import os
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular
from coursekit.languages import normalise
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint

METADATA = "metadata.csv"
COLUMNS = ("id", "title", "link", "srt_filename")


@dataclass(frozen=True, slots=True)
class VideoRow:
    """One row of ``metadata.csv``."""

    line: int
    """1-based line in the file (the header is line 1)."""
    id: str
    """The video id that lessons embed with ``<Youtube id="..."/>``."""
    title: str
    srt_filename: str
    """As written (empty where the row names no file); usually a bare file name in the
    language's own folder."""


@dataclass(slots=True)
class Metadata:
    language: str
    path: Path
    shown: str
    """``path`` as diagnostics show it."""
    rows: list[VideoRow] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    """Why the file, or some of its rows, could not be read."""

    def row_for(self, video_id: str) -> VideoRow | None:
        return next((row for row in self.rows if row.id == video_id), None)


def metadata_path(course: Course, language: str) -> Path:
    return course.subtitle_dir(language) / METADATA


def read_metadata(course: Course, language: str) -> Metadata | None:
    """The metadata of ``language``, or ``None`` where it has no ``metadata.csv`` or the
    configuration's ``exclude`` takes it (an excluded file is never read)."""
    path = metadata_path(course, language)
    # A folder, a FIFO or a broken link by that name is reported, never opened; one in a
    # language folder that cannot be entered is not seen (CFG007 names the folder).
    if course.excluded(path, above=True) is not None or not os.path.lexists(path):
        return None
    meta = Metadata(language, path, course.relative(path))
    try:
        header, rows = _read(path)
    except Unreadable as exc:
        meta.problems.append(rules.BAD_METADATA.at(
            meta.shown, exc.line, f"cannot read: {exc.why}; no video of it is checked",
            fingerprint=fingerprint(language, "metadata")))
        return meta
    if rows and not set(COLUMNS) <= set(header):
        meta.problems.append(rules.BAD_METADATA.at(
            meta.shown, 1, f"expected the columns {', '.join(COLUMNS)}, found "
            f"{', '.join(header)}", fingerprint=fingerprint(language, "columns")))
        return meta
    for line, row, fields in rows:
        video_id = (row.get("id") or "").strip()
        name = (row.get("srt_filename") or "").strip()
        unusable = _name_problem(course, language, name) if name else None
        if fields > len(header):  # its values would be read under the wrong columns
            meta.problems.append(rules.BAD_METADATA.at(
                meta.shown, line, f"video `{video_id}`: the row has {fields} fields, the "
                f"header {len(header)}; not read",
                hint="quote a field that holds a comma (\"Intro, part 1\")",
                fingerprint=fingerprint(language, video_id, "fields")))
            name = ""
        elif not name:
            meta.problems.append(rules.BAD_METADATA.at(
                meta.shown, line, f"video `{video_id}` has no srt_filename",
                fingerprint=fingerprint(language, video_id)))
        elif unusable is not None:
            meta.problems.append(rules.BAD_METADATA.at(
                meta.shown, line, f"video `{video_id}`: srt_filename {unusable}; not read",
                fingerprint=fingerprint(language, video_id, "name")))
            name = ""
        title = " ".join((row.get("title") or "").split())  # a quoted title may span lines
        meta.rows.append(VideoRow(line, video_id, title, name))
    return meta


class Unreadable(Exception):
    """Why the file cannot be read, and the line where that is known."""

    def __init__(self, why: str, line: int | None = None) -> None:
        super().__init__(why)
        self.why = why
        self.line = line


def _read(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str], int]]]:
    """The header and rows of the file at ``path``, which must be a regular file (a
    folder or a FIFO by that name is never opened) of UTF-8 CSV; :class:`Unreadable`."""
    try:
        raw = read_regular(path)
    except OSError as exc:
        raise Unreadable(exc.strerror or str(exc)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise Unreadable(f"not UTF-8 (byte {raw[exc.start]:#04x} at line {line})",
                         line) from None
    return _rows(text)


def _rows(text: str) -> tuple[list[str], list[tuple[int, dict[str, str], int]]]:
    """The header and each row with the line it starts on and its number of fields: a
    blank line, or a quoted field that spans lines, moves the rows after it down
    (``csv.DictReader`` counts rows)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    rows: list[tuple[int, dict[str, str], int]] = []
    read = 0
    while True:
        try:
            found = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # a field longer than the reader's bound
            raise Unreadable(f"not CSV ({exc})", reader.line_num) from None
        start, read = read + 1, reader.line_num
        if not found:  # a blank line
            continue
        if header is None:
            header = found
            continue
        while len(found) > len(header) and not found[-1].strip():
            found.pop()  # a comma at the end of the line adds an empty field, no value
        rows.append((start, dict(zip(header, found, strict=False)), len(found)))
    return header or [], rows



_NAME_MAX = 255
"""Bytes in one file name, on the file systems courses live on."""


def _name_problem(course: Course, language: str, name: str) -> str | None:
    """Why ``name`` cannot be a subtitle file of the course, if it cannot: a name too long
    for a file system, a NUL, or a path that leaves the course."""
    parts = name.replace("\\", "/").split("/")
    if "\0" in name:
        return "holds a NUL character"
    if any(len(part.encode("utf-8", "surrogatepass")) > _NAME_MAX for part in parts):
        return f"has a name longer than {_NAME_MAX} bytes (`{name[:40]}...`)"
    folder = course.subtitle_dir(language)
    target = Path(os.path.normpath(folder / name.replace("\\", "/")))
    if not target.is_relative_to(os.path.normpath(course.root)):
        return f"`{name[:80]}` leads out of the course"
    return None


def subtitle_target(course: Course, language: str, name: str) -> Path:
    """The file an ``srt_filename`` names: a bare name lies in the language's folder; a
    path is read against that folder, the subtitles folder or the course root, the
    first that exists (else the first whose folder exists)."""
    folder = course.subtitle_dir(language)
    if "/" not in name and "\\" not in name:
        return folder / name
    name = name.replace("\\", "/")
    candidates = [Path(os.path.normpath(base / name))
                  for base in (folder, course.subtitles_dir, course.root)]
    return next((p for p in candidates if p.is_file()),
                next((p for p in candidates if p.parent.is_dir()), candidates[0]))


def folder_language(course: Course, path: Path) -> str | None:
    """The language folder of the subtitles folder that ``path`` lies in, if any."""
    base = Path(os.path.normpath(course.subtitles_dir))
    try:
        parts = path.relative_to(base).parts
    except ValueError:
        return None
    return normalise(parts[0]) if len(parts) > 1 else None


def listed_missing(course: Course, meta: Metadata) -> frozenset[str]:
    """The stems of the files of the language's own folder that rows list and that do
    not exist: each is the metadata's finding, so no missing translation (SUB401) too."""
    folder = Path(os.path.normpath(course.subtitle_dir(meta.language)))
    targets = (subtitle_target(course, meta.language, row.srt_filename)
               for row in meta.rows if row.srt_filename)
    return frozenset(target.stem for target in targets
                     if Path(os.path.normpath(target.parent)) == folder and not target.is_file())


COLUMN_SHARE = 0.5
"""Share of a metadata's rows with one fault of their ``srt_filename`` from which the
fault is the column's (one finding), not each row's."""
COLUMN_MIN = 3
"""Rows, at the least, that make a fault the column's."""


def row_fault(course: Course, meta: Metadata, row: VideoRow) -> str | None:
    """What is wrong with the file a row names, as one word (``empty``, ``missing``,
    ``other:LANG``), or ``None`` where the row's file is the language's own and exists."""
    if not row.srt_filename:
        return "empty"
    target = subtitle_target(course, meta.language, row.srt_filename)
    other = folder_language(course, target)
    if other is not None and other != meta.language:
        return f"other:{other}"
    return None if target.is_file() else "missing"


def column_faults(course: Course, meta: Metadata) -> dict[str, list[VideoRow]]:
    """The faults of the ``srt_filename`` column: those that most of its rows share (one
    wrong column: every file of another language, or of a naming that does not exist),
    with their rows. Such a fault has one cause and one fix, so it is one finding."""
    rows: dict[str, list[VideoRow]] = {}
    for row in meta.rows:
        fault = row_fault(course, meta, row)
        if fault is not None:
            rows.setdefault(fault, []).append(row)
    return {fault: faulty for fault, faulty in rows.items()
            if len(faulty) >= COLUMN_MIN and len(faulty) >= COLUMN_SHARE * len(meta.rows)}
