"""How a file is stored (SUB002, SUB003, SUB018): byte order mark and line endings, per
policy, and the blank line that ends the file. Under the ``any`` policy of line endings,
endings of a lone CR are still reported: players that break lines at LF alone read
such a file as one line, and show none of its cues."""

from __future__ import annotations

from collections.abc import Iterator

from coursekit.diagnostics import Diagnostic
from coursekit.subtitles import rules
from coursekit.subtitles.fingerprint import fingerprint
from coursekit.subtitles.model import SubtitleFile
from coursekit.subtitles.settings import Settings


def check_storage(sub: SubtitleFile, settings: Settings) -> Iterator[Diagnostic]:
    facts, path = sub.encoding, sub.display_path
    if settings.bom == "forbid" and facts.bom:
        yield rules.BOM.at(path, 1, "the file starts with a byte order mark (policy: forbid)",
                           hint="`coursekit fix subtitles` removes it",
                           fingerprint=fingerprint(sub.language, "bom"))
    elif settings.bom == "require" and not facts.bom:
        yield rules.BOM.at(path, 1, "the file has no byte order mark (policy: require)",
                           hint="`coursekit fix subtitles` adds it",
                           fingerprint=fingerprint(sub.language, "bom"))
    counts = f"{facts.crlf} CRLF, {facts.lf} LF, {facts.cr} CR"
    if facts.line_endings == "mixed":
        odd = facts.odd_ending_line
        yield rules.LINE_ENDINGS.at(path, odd, f"mixed line endings ({counts}): line {odd} "
                                    "is the first to end unlike most",
                                    hint="`coursekit fix subtitles` makes them uniform",
                                    fingerprint=fingerprint(sub.language, "eol"))
    elif facts.line_endings == "cr" and settings.line_endings == "any":
        yield rules.LINE_ENDINGS.at(
            path, 1, "CR line endings (a lone CR, as classic Mac OS wrote them): many players "
            "and tools break lines only at LF, and read the file as one line, without a cue",
            hint="`coursekit fix subtitles` converts them to LF",
            fingerprint=fingerprint(sub.language, "eol"))
    elif settings.line_endings != "any" and facts.line_endings not in (
        settings.line_endings, "none",
    ):
        yield rules.LINE_ENDINGS.at(
            path, None, f"{facts.line_endings.upper()} line endings (policy: "
            f"{settings.line_endings.upper()})", hint="`coursekit fix subtitles` converts them",
            fingerprint=fingerprint(sub.language, "eol"))
    yield from _file_end(sub)


def _file_end(sub: SubtitleFile) -> Iterator[Diagnostic]:
    end = sub.encoding.file_end
    if end == ("",) or not sub.cues or sub.encoding.format != "srt":
        return
    last = sub.cues[-1]
    if any(d.rule == rules.STRAY_TEXT.code and (d.line or 0) > last.line
           for d in sub.diagnostics):  # text after the last cue: SUB014 says it, not this
        return
    said = {0: "no blank line", 1: "a blank line"}.get(len(end), f"{len(end)} blank lines")
    if any(end):
        said += " holding whitespace"
    yield rules.FINAL_BLANK_LINE.at(
        sub.display_path, last.line, f"{said} after the last cue (cue {last.number})",
        hint="end the file with one blank line (`coursekit fix subtitles` does it)",
        cue=last.number, fingerprint=fingerprint(sub.language, "file end"))
