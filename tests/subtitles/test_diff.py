"""The dry-run diff: a unified diff that patches the old file into the new one, in
linear time on files where every cue changes (``bench/adversarial.py`` times it)."""

from __future__ import annotations

import difflib
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.subtitles import diff as diff_module
from coursekit.subtitles.diff import unified_diff

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n")


def patched(old: list[str], text: str) -> list[str]:
    """``old`` with the unified diff ``text`` applied, checking every context and
    removed line against ``old`` (a small ``patch``)."""
    lines = text.splitlines(keepends=True)
    assert not lines or (lines[0].startswith("--- ") and lines[1].startswith("+++ "))
    out: list[str] = []
    position, k = 0, 2
    while k < len(lines):
        match = _HUNK.fullmatch(lines[k])
        assert match is not None, lines[k]
        start, length = int(match[1]), int(match[2] if match[2] is not None else 1)
        begin = start - 1 if length else start
        assert begin >= position
        out += old[position:begin]
        position, k = begin, k + 1
        while k < len(lines) and not lines[k].startswith("@@"):
            mark, line = lines[k][0], lines[k][1:]
            if mark in " -":
                assert old[position] == line, (position, old[position], line)
                position += 1
            if mark in " +":
                out.append(line)
            k += 1
    return out + old[position:]


def _cues(count: int, shift: int = 0, texts: tuple[str, ...] = ("Hello", "World")) -> list[str]:
    lines = []
    for n in range(count):
        start = n * 3 + shift
        lines += [f"{n + 1}\n", f"00:00:{start:02d},000 --> 00:00:{start + 2:02d},000\n"
                  if start < 60 else f"00:{start // 60:02d}:{start % 60:02d},000 --> x\n",
                  f"{texts[n % len(texts)]} {n}\n", "\n"]
    return lines


def test_every_timing_changed_is_one_hunk_per_cue_and_patches_back() -> None:
    old, new = _cues(3_000), _cues(3_000, shift=1)
    text = unified_diff(old, new, "a/x.srt", "b/x.srt")
    assert patched(old, text) == new
    assert text.count("\n-00:") == text.count("\n+00:") == 3_000
    assert "\n-Hello 0\n" not in text  # unchanged text lines are context, not changes


def test_a_small_file_gets_difflib_s_own_diff() -> None:
    old, new = _cues(10), _cues(10, shift=1)
    assert unified_diff(old, new, "a", "b") == "".join(difflib.unified_diff(old, new, "a", "b"))


def test_identical_files_have_an_empty_diff() -> None:
    assert unified_diff(_cues(1_000), _cues(1_000), "a", "b") == ""


def test_a_giant_cue_is_shown_replaced() -> None:
    old = ["1\n", "00:00:01,000 --> 00:00:02,000\n", *(f"w{n}\n" for n in range(5_000)), "\n"]
    new = [old[0], "00:00:01,500 --> 00:00:02,000\n", *old[2:]]
    assert patched(old, unified_diff(old, new, "a", "b")) == new


edits = st.lists(st.tuples(st.sampled_from(["keep", "retime", "drop", "add", "split"]),
                           st.integers(0, 9)), min_size=40, max_size=80)


@settings(max_examples=40)
@given(edits)
def test_any_fix_shaped_edit_patches_back(script: list[tuple[str, int]]) -> None:
    old: list[str] = []
    new: list[str] = []
    for n, (action, k) in enumerate(script * 12):  # repeated: past the size difflib takes
        cue = [f"{n}\n", f"00:00:0{k},000 --> 00:00:09,000\n", f"line {n % 7}\n", "\n"]
        old += cue
        if action == "keep":
            new += cue
        elif action == "retime":
            new += [cue[0], cue[1].replace(",000 -->", ",500 -->"), *cue[2:]]
        elif action == "add":
            new += [*cue, f"{n}b\n", "00:00:01,000 --> 00:00:02,000\n", "added\n", "\n"]
        elif action == "split":
            new += [*cue[:3], "\n", *cue]
    assert len(old) + len(new) > diff_module.SMALL  # the linear path, not difflib's
    assert patched(old, unified_diff(old, new, "a", "b")) == new
