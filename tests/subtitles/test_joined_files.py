"""Two subtitle files joined into one (each numbered from 1, each timed from the start),
or a block written twice: putting the cues in order of their start would interleave
the two, so the fix leaves the file alone and says where; a cue moved or re-timed out of
place is still put in order."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.subtitles.fix import fix_bytes
from coursekit.subtitles.settings import defaults_for

MakeCourse = Callable[..., Path]
P = Path("01_a.srt")


def _part(name: str, offset: int, numbers: range) -> str:
    return "".join(f"{n}\n00:00:{n * 3 + offset:02d},000 --> 00:00:{n * 3 + offset + 1:02d},500\n"
                   f"{name} {n}.\n\n" for n in numbers)


JOINED = _part("One", 0, range(1, 5)) + _part("Two", 1, range(1, 5))
TWICE = _part("One", 0, range(1, 4)) * 2


@pytest.mark.parametrize(("data", "line"), [(JOINED, 17), (TWICE, 13)])
def test_a_file_whose_numbers_restart_is_left_alone(
    make_course: MakeCourse, data: str, line: int,
) -> None:
    root = make_course({"en/01_a.srt": data})
    for mode in (["--check"], []):
        done = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), *mode])
        assert done.exit_code == 1, done.output
        assert (f"subtitles/en/01_a.srt: left alone: line {line}: cue 1 starts before the "
                "cue above it, and its number was used above") in done.stderr
    assert (root / "subtitles/en/01_a.srt").read_text(encoding="utf-8") == data


@pytest.mark.parametrize("numbers", [[1, 2, 4, 5, 3], [1, 2, 3, 4, 5]])
def test_a_cue_out_of_place_is_still_put_in_order(numbers: list[int]) -> None:
    times = [3, 6, 12, 15, 9]  # the last cue belongs third, whatever its number
    data = "".join(f"{n}\n00:00:{t:02d},000 --> 00:00:{t + 2:02d},000\nLine at {t}.\n\n"
                   for n, t in zip(numbers, times, strict=True))
    result = fix_bytes(data.encode(), P, "en", defaults_for("en"))
    assert result.refused is None and "cues put in order of their start" in result.changes
    assert [line for line in result.after.decode().splitlines() if line.startswith("Line")] \
        == ["Line at 3.", "Line at 6.", "Line at 9.", "Line at 12.", "Line at 15."]
