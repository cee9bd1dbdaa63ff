"""``coverage`` rendered: a JSON document for a badge or a bot comment, and an HTML page
read at a glance (one row per language with a bar, then each language's outdated and
missing lessons with the source commit that left them behind).

Both render the same :class:`~coursekit.translations.coverage.CoverageRow` values; the
page comes from the Jinja2 templates in ``templates/``, every value autoescaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from coursekit import __version__
from coursekit.report.encoding import escape_surrogates
from coursekit.translations.coverage import (
    Coverage,
    CoverageRow,
    LessonCoverage,
    Status,
)
from coursekit.translations.history import Commit

FORMAT_VERSION = 1
"""Raised when a key of the JSON document changes meaning or goes."""

VideoMatrix = Sequence[tuple[str, Mapping[str, bool]]]
"""Each subtitle file of the source, and which languages have it."""


def _commit(commit: Commit | None) -> dict[str, str] | None:
    if commit is None:
        return None
    return {"sha": commit.sha, "date": commit.date, "subject": commit.subject}


def _entry(entry: LessonCoverage) -> dict[str, Any]:
    return {"lesson": entry.lesson, "status": entry.status.value, "path": entry.path,
            "translated": _commit(entry.translated), "since": _commit(entry.since)}


NOTICES = {
    "shallow": "the git history is shallow: a translation left behind before its cut "
               "seems current (fetch the whole history: fetch-depth: 0)",
    "unreadable": "the course is a git checkout whose history git does not read "
                  "(`coursekit check` says why, TRN008): the states are judged by "
                  "structure alone",
    "inside": "the course lies in a folder of a git checkout, not at its top: the states "
              "are judged by structure alone (`history = true` under "
              "[tool.coursekit.translations] judges them by that checkout's history)",
}
"""What the text and the page say of a table not judged by the whole history of a git
checkout (none where the course has no history to read)."""


def _counts(row: CoverageRow) -> dict[str, Any]:
    """A row's lessons per status, their total and the share current."""
    counts: dict[str, Any] = {status.value: row.count(status) for status in Status}
    return {**counts, "total": row.total, "percent_current": row.percent_shown(1)}


def coverage_document(source_language: str, coverage: Coverage, videos: VideoMatrix,
                      unlisted: Sequence[str] = ()) -> dict[str, Any]:
    """The JSON document: what judged the lessons (``history``: ``whole``, ``shallow``,
    ``unreadable``, ``inside`` or ``none``), counts per language (``current``,
    ``outdated_code``, ``outdated_prose``, ``missing``, ``total``, ``percent_current``)
    and of every language together (``totals``, a badge's), each lesson with
    its status and commits, which languages have each video's subtitles, and the
    folders that could not be listed (``unlisted``), whose files are counted nowhere,
    and the translated lessons that could not be read (``unread``), counted nowhere
    either."""
    languages: dict[str, Any] = {}
    for row in coverage.rows:
        counts = _counts(row)
        counts["lessons"] = [_entry(entry) for entry in row.lessons]
        languages[row.language] = counts
    every = CoverageRow("", tuple(entry for row in coverage.rows for entry in row.lessons))
    return {
        "tool": "coursekit",
        "version": FORMAT_VERSION,
        "source_language": source_language,
        "history": coverage.history,
        "totals": {**_counts(every), "percent_current": (
            every.percent_shown(1) if every.total else None)},
        "languages": languages,
        "subtitles": [{"file": name, "languages": dict(have)} for name, have in videos],
        "unlisted": list(unlisted),
        "unread": [path for path, _ in coverage.unread],
    }


@dataclass(frozen=True, slots=True)
class _Segment:
    status: str
    count: int
    percent: float


def _bar(row: CoverageRow) -> list[_Segment]:
    total = row.total or 1
    return [_Segment(status.value, n, 100.0 * n / total)
            for status in Status if (n := row.count(status))]


def render_coverage_html(source_language: str, coverage: Coverage,
                         videos: VideoMatrix, out: IO[str], title: str,
                         alerts: Sequence[str] = (),
                         empty: str = "Lessons: no translated lesson folder") -> None:
    """The page: the lessons and the videos at a glance, then each language's lessons
    behind. ``alerts``: lines said at its top (a folder that could not be listed);
    ``empty``: the line said instead of a lesson table with no row."""
    from coursekit.report.html_templates import environment

    rows = coverage.rows
    video_languages = sorted({lang for _, have in videos for lang in have},
                             key=lambda lang: (lang != source_language, lang))
    out.write(escape_surrogates(environment().get_template("coverage.html.j2").render(
        title=title, version=__version__, source_language=source_language,
        rows=[(row, _bar(row)) for row in rows], statuses=list(Status),
        behind=[(row.language, entries) for row in rows if (entries := [
            e for e in row.lessons if e.status is not Status.CURRENT])],
        videos=videos, video_languages=video_languages,
        notice=NOTICES.get(coverage.history), alerts=alerts, empty=empty,
    )))
