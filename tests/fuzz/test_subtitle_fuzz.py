"""Fuzzing the subtitle loader and fixer with mutations of the bundled course's files.

Oracles: every non-blank line is in a cue, in a cue's text or in a finding; what
follows an end time is kept; a fix run twice changes nothing the second time, keeps
every cue and word, and reads back with no finding it fixes.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.subtitles import parse_subtitles
from coursekit.subtitles.decode import decode
from coursekit.subtitles.fix import FIXED, UNSAFE, fix_bytes, restarted
from coursekit.subtitles.model import Cue, SubtitleFile
from coursekit.subtitles.readability import reading_speed
from coursekit.subtitles.settings import settings_for
from coursekit.subtitles.storage import check_storage
from coursekit.subtitles.timing import check_timing

from .support import (
    BYTE_OPS,
    GENERIC_LINE_OPS,
    SRT_SEEDS,
    LineOp,
    Mutant,
    OracleViolation,
    budget,
    check,
    encoding_of,
    example,
    mutants,
    mutate,
    text_lines,
)

P = Path("x.srt")
SETTINGS, _ = settings_for({}, "en")
_TIMES = re.compile(r"(\d+):(\d+):(\d+)[,.](\d+)")


def _timings(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if "-->" in line]


def _on_timing(edit: LineOp) -> LineOp:
    def op(lines: list[str], n: int) -> list[str]:
        found = _timings(lines)
        if not found:
            return lines
        i = found[n % len(found)]
        return lines[:i] + edit([lines[i]], n) + lines[i + 1:]
    return op


def _sbv(line: str) -> str:
    times = _TIMES.findall(line)
    if len(times) < 2:
        return line
    return ",".join(f"{h.lstrip('0') or 0}:{m}:{s}.{f[:3]}" for h, m, s, f in times[:2])


def _later_end(line: str, seconds: int) -> str:
    """The timing line with its end ``seconds`` later (so it overlaps the next cue)."""
    start, arrow, end = line.partition("-->")
    match = _TIMES.search(end)
    if not arrow or match is None or len(match[1]) > 3:
        return line
    h, m, s, f = (int(g) for g in match.groups())
    ms = ((h * 60 + m) * 60 + s + seconds) * 1000 + f
    stamp = f"{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"
    return f"{start}-->{end[:match.start()]}{stamp}{end[match.end():]}"


def _sbv_all(lines: list[str], n: int) -> list[str]:
    timings = set(_timings(lines))
    out = []
    for i, line in enumerate(lines):
        if i + 1 in timings and line.strip().isdigit():
            continue  # SBV has no index lines
        out.append(_sbv(line) if i in timings else line)
    return out


def _swap_cues(lines: list[str], n: int) -> list[str]:
    blocks, current = [], []  # type: list[list[str]], list[str]
    for line in lines:
        current.append(line)
        if not line.strip():
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    if len(blocks) < 2:
        return lines
    i = n % (len(blocks) - 1)
    blocks[i], blocks[i + 1] = blocks[i + 1], blocks[i]
    return [line for block in blocks for line in block]


SUBTITLE_OPS: dict[str, LineOp] = {
    **GENERIC_LINE_OPS,
    "sbv": _on_timing(lambda ls, n: [_sbv(ls[0])]),
    "sbv_all": _sbv_all,
    "two_digit": _on_timing(lambda ls, n: [re.sub(r",(\d\d)\d", r",\1", ls[0], count=1 + n % 2)]),
    "huge_time": _on_timing(lambda ls, n: ["9" * (4290 + n % 40) + ls[0].lstrip()[2:]]),
    "tab_after": _on_timing(lambda ls, n: [ls[0] + "\tposition:10%"]),
    "text_after": _on_timing(lambda ls, n: [ls[0] + " Welcome back"]),
    "coordinates": _on_timing(lambda ls, n: [ls[0] + " X1:100 X2:600 Y1:50 Y2:90"]),
    "past_999": _on_timing(lambda ls, n: ["999:59:59,999 --> 999:59:60,000"]),
    "overlap": _on_timing(lambda ls, n: [_later_end(ls[0], 1 + n % 9)]),
    "no_space": _on_timing(lambda ls, n: [ls[0].replace(" --> ", "-->")]),
    "blank_spaces": lambda ls, n: [" \t" if not line.strip() and k % 3 == n % 3 else line
                                   for k, line in enumerate(ls)],
    "swap_cues": _swap_cues,
    "index_text": lambda ls, n: [f"{line}a" if line.isdigit() and k % 5 == n % 5 else line
                                 for k, line in enumerate(ls)],
}

subtitle_files = mutants("SRT_SEEDS", len(SRT_SEEDS), sorted(SUBTITLE_OPS))


def _bytes(case: Mutant) -> bytes:
    return mutate(SRT_SEEDS[case.seed], case.line_ops, case.byte_ops, SUBTITLE_OPS)


def check_every_line_is_kept(data: bytes, sub: SubtitleFile) -> None:
    lines = text_lines(data)
    heads = {c.line for c in sub.cues}
    timing_of = {c.line + (c.number_as_written is not None): c for c in sub.cues}
    texts = {line.strip() for c in sub.cues for line in c.lines}
    at = {d.line for d in sub.diagnostics if d.line is not None}
    swallowing = sorted(d.line for d in sub.diagnostics
                        if d.rule in ("SUB011", "SUB014") and d.line is not None)
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or number in heads or number in at or text in texts:
            if number in timing_of and "-->" in line:
                _check_settings(line, timing_of[number].settings, number)
            continue
        if number in timing_of:
            if "-->" in line:
                _check_settings(line, timing_of[number].settings, number)
            continue
        before = [s for s in swallowing if s - 1 <= number]
        covered = before and not any(before[-1] < h <= number for h in heads)
        check(bool(covered), f"line {number} {text[:80]!r} is in no cue and no finding")


def _check_settings(line: str, settings: str, number: int) -> None:
    after = line.split("-->", 1)[1].split(None, 1)
    rest = after[1].strip() if len(after) > 1 else ""
    check(" ".join(rest.split()) == " ".join(settings.split()),
          f"line {number}: `{rest[:60]}` after the end time, the cue keeps `{settings[:60]}`")


@budget(ci=600, soak=100_000)
@given(subtitle_files)
def test_loader_keeps_every_line(case: Mutant) -> None:
    data = _bytes(case)
    with example("srt-loader", case):
        sub = parse_subtitles(data, P, "en")
        check([c.index for c in sub.cues] == list(range(1, len(sub.cues) + 1)), "cue indices")
        check_every_line_is_kept(data, sub)


def _words(sub: SubtitleFile) -> list[str]:
    return sorted(line.strip() for c in sub.cues for line in c.lines if line.strip())


def _findings(sub: SubtitleFile) -> set[str]:
    return {d.rule for d in (*sub.diagnostics, *check_storage(sub, SETTINGS))}


_PYSRT_BREAKS = re.compile("[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _pysrt_splits(sub: SubtitleFile) -> bool:
    """Whether a cue's text holds a character pysrt takes for a line break (the scan
    does not, and players differ: SUB022, which no fix can mend)."""
    return any(_PYSRT_BREAKS.search(line) for c in sub.cues for line in c.lines)


_CONTROLS = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f\ufeff]")


def _controls(sub: SubtitleFile) -> bool:
    """Whether a cue's text holds a control character (SUB026): the fix keeps every word
    as it was, so it is said again, as SUB022 is."""
    return any(_CONTROLS.search(line) for c in sub.cues for line in c.lines)


def _unfixable_overlaps(sub: SubtitleFile) -> bool:
    """Whether every overlap left is one no clamp parts: between cues that start
    together, or where the clamped cue would be shown for less than ``min-duration``,
    or at more than a quarter past ``max-cps`` and its own reading speed."""
    cues = {c.index: c for c in sub.cues}
    shortest = max(round(SETTINGS.min_duration * 1000), 1)

    def unfixable(cue: Cue, nxt: Cue) -> bool:
        shown = nxt.start_ms - SETTINGS.min_gap_ms - cue.start_ms
        before = reading_speed(cue.lines, "en", cue.end_ms - cue.start_ms)
        return shown < shortest or reading_speed(cue.lines, "en", shown) > 1.25 * max(
            SETTINGS.max_cps, before)

    return all(
        d.cue is not None and d.cue < len(sub.cues) and unfixable(cues[d.cue], cues[d.cue + 1])
        for d in check_timing(sub, SETTINGS) if d.rule == "SUB104"
    )


@budget(ci=300, soak=20_000)
@given(subtitle_files)
def test_fix_settles_keeps_every_word_and_reads_back_clean(case: Mutant) -> None:
    data = _bytes(case)
    with example("srt-fix", case):
        before = parse_subtitles(data, P, "en")
        first = fix_bytes(data, P, "en", SETTINGS)
        if first.refused is not None:
            check(bool({d.rule for d in before.diagnostics} & UNSAFE) or "failed" in first.refused
                  or (restarted(before.cues) is not None and "was used above" in first.refused),
                  f"refused without cause: {first.refused}")
            return
        after = parse_subtitles(first.after, P, "en")
        second = fix_bytes(first.after, P, "en", SETTINGS)
        check(second.refused is None and second.after == first.after,
              "a second fix changed the file")
        left = _findings(after)
        check(not left & FIXED, f"the fixed file still has {sorted(left & FIXED)}")
        kept = {"SUB019"} | ({"SUB022"} if _pysrt_splits(after) else set()) \
            | ({"SUB026"} if _controls(after) else set())
        check(left <= kept, f"the fixed file reads back with {sorted(left)}")
        check(_unfixable_overlaps(after), "an overlap fix could clamp was left")
        check(_words(after) == _words(before), "the fix lost or changed text")
        check(sorted(c.settings for c in after.cues) == sorted(c.settings for c in before.cues),
              "the fix lost what followed an end time")
        check(len(after.cues) == len(before.cues), "the fix changed the number of cues")


def _reference_offsets(data: bytes, codec: str) -> list[int]:
    """Offsets of invalid sequences, found the slow and obvious way."""
    offsets, pos = [], 0
    while pos < len(data):
        try:
            data[pos:].decode(codec)
            break
        except UnicodeDecodeError as exc:
            offsets.append(pos + exc.start)
            pos += max(exc.end, exc.start + 1)
    return offsets


@budget(ci=300, soak=20_000)
@given(st.one_of(st.binary(max_size=300), subtitle_files.map(lambda c: _bytes(c)[:600]),
                 st.binary(max_size=300).map(lambda b: b"\xff\xfe" + b)))
def test_decoding_matches_the_obvious_reading(data: bytes) -> None:
    with example("srt-decode", data):
        decoded = decode(data)
        lines = text_lines(data)
        if lines and lines[-1] == "":
            lines.pop()
        check(decoded.lines == lines, "lines differ from a plain lenient decode")
        mark, codec = encoding_of(data)
        body = data[len(mark):]
        offsets = _reference_offsets(body, codec)
        check(list(decoded.facts.invalid_utf8_offsets) == [o + len(mark) for o in offsets],
              "invalid byte offsets differ")
        if codec == "utf-8":
            check(list(decoded.invalid_lines) == [body.count(b"\n", 0, o) + 1 for o in offsets],
                  "lines of invalid bytes differ")


def _op_names() -> set[str]:
    return set(SUBTITLE_OPS) | set(BYTE_OPS)


def test_every_mutation_of_the_issue_is_generated() -> None:
    wanted = {"del_blank", "dup_blank", "sbv", "two_digit", "bom", "crlf", "cr", "nul",
              "latin1", "utf16", "huge_number", "tabs", "long_line", "text_after",
              "coordinates", "past_999", "swap_cues"}
    assert wanted <= _op_names()
    assert SRT_SEEDS, "the bundled course's subtitles are the seeds"




def test_the_line_oracle_sees_a_lost_line_and_lost_settings() -> None:
    data = b"1\n00:00:01,000 --> 00:00:02,000 Welcome back\nHi\nthere\n\n"
    sub = parse_subtitles(data, P, "en")
    check_every_line_is_kept(data, sub)
    cue = sub.cues[0]
    lost_line = dataclasses.replace(sub, cues=(dataclasses.replace(cue, lines=("Hi",)),))
    with pytest.raises(OracleViolation, match="'there' is in no cue"):
        check_every_line_is_kept(data, lost_line)
    lost_settings = dataclasses.replace(sub, cues=(dataclasses.replace(cue, settings=""),))
    with pytest.raises(OracleViolation, match="after the end time"):
        check_every_line_is_kept(data, lost_settings)
