"""Monolingual copies of bilingual subtitle files: the translated line of each cue, for
a player that shows one language (``coursekit fix subtitles --monolingual``)."""

from __future__ import annotations

import dataclasses
import errno
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from coursekit.atomic import write_bytes_atomic
from coursekit.config import Course
from coursekit.files import leads_out, read_regular
from coursekit.subtitles.bilingual import Splitter, is_bilingual
from coursekit.subtitles.fix import course_languages, emptied_cue, lost_by_rewrite
from coursekit.subtitles.load import load_subtitle_file
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.overlap import CueIndex
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.writer import compose


def monolingual(
    sub: SubtitleFile, source: SubtitleFile | None = None,
) -> tuple[str, list[Cue]]:
    """The translated lines of a bilingual file, and the cues that have none (left out);
    ``source``, the source-language file, tells a translated line of code from a source line.
    A cue with only its source line keeps it, as the viewer sees it in the bilingual file."""
    splitter = Splitter.of_file(sub, CueIndex(source.cues) if source is not None else None)
    kept: list[Cue] = []
    missing: list[Cue] = []
    for cue in sub.cues:
        translated = splitter.translated(cue) or cue.lines
        if translated:
            kept.append(dataclasses.replace(cue, lines=translated))
        else:
            missing.append(cue)
    eol = "\r\n" if sub.encoding.line_endings == "crlf" else "\n"
    return compose(kept, eol=eol, bom=sub.encoding.bom), missing


@dataclass(slots=True)
class MonolingualResult:
    source: str
    target: Path
    text: str
    missing: list[Cue]
    refused: str | None = None
    """Why no copy is made, when none is: a copy of a file whose reading lost something
    would lose it too, without a word."""


def monolingual_copies(
    course: Course, out: Path, languages: Sequence[str] | None = None,
) -> list[MonolingualResult]:
    """Monolingual versions of the bilingual files, to be written under ``out/<lang>/``;
    each file's source-language counterpart is found in that language's listing (a file
    the configuration excludes is never read)."""
    section = course.config.section("subtitles")
    found = []
    sources = {path.name: path for path in course.subtitle_files(course.source_language)}
    for lang in course_languages(course, languages):
        settings, _ = settings_for(section, lang)
        for path in course.subtitle_files(lang):
            sub = load_subtitle_file(path, lang, course.relative(path))
            target = out / lang / path.name
            unsafe = lost_by_rewrite(sub)
            if unsafe:
                found.append(MonolingualResult(sub.display_path, target, "", [], refused=(
                    f"no monolingual copy: it would lose what {', '.join(unsafe)} reports")))
                continue
            emptied = emptied_cue(sub)
            if emptied is not None:
                found.append(MonolingualResult(sub.display_path, target, "", [],
                                               refused=f"no monolingual copy: {emptied}"))
                continue
            if not is_bilingual(sub, settings, course.source_language):
                continue
            source_path = sources.get(path.name)
            source = (load_subtitle_file(source_path, course.source_language)
                      if source_path is not None and source_path.is_file() else None)
            text, missing = monolingual(sub, source)
            found.append(MonolingualResult(sub.display_path, target, text, missing))
    return found


def copy_changes(copy: MonolingualResult) -> bool:
    """Whether writing ``copy`` would change its target: it is missing, holds other
    bytes or is no regular file (a FIFO there is not read: it would block)."""
    try:
        return read_regular(copy.target) != copy.text.encode("utf-8")
    except OSError:
        return True


def write_copy(copy: MonolingualResult, out: Path) -> None:
    """Write ``copy`` atomically under the folder ``out``. The copies are coursekit's:
    a link at a copy's path is replaced, never written through, a FIFO, device or folder
    there is refused, and so is a linked folder below ``out`` that leads out of it
    (:class:`OSError` naming the copy)."""
    if leads_out(out, copy.target):
        raise OSError(errno.EXDEV, "a linked folder on its path leads out of the "
                      "--monolingual folder", str(copy.target))
    write_bytes_atomic(copy.target, copy.text.encode("utf-8"))
