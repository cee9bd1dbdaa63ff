"""pysrt's own test files (its ``tests/static``), read from pysrt's source distribution:
coursekit reads as many cues from each as pysrt does, with the same timings and text,
or a finding says why.

The source distribution of the installed pysrt is fetched before the tests (``make
sdists``, into ``.coursekit/sdists``, or the folder ``COURSEKIT_SDISTS`` names); the tests
never download, and skip saying so when it is absent. Nothing of it is copied into the
project: the files are read from the archive and written only to a test's own folder,
for pysrt to open them as its tests do."""

from __future__ import annotations

import dataclasses
import os
import tarfile
from importlib.metadata import version
from pathlib import Path

import pysrt
import pytest

from coursekit.subtitles.load import parse_subtitles
from coursekit.subtitles.model import Cue, SubtitleFile

ROOT = Path(__file__).resolve().parents[2]
PYSRT_VERSION = version("pysrt")
SDIST = Path(os.environ.get("COURSEKIT_SDISTS", ROOT / ".coursekit" / "sdists")) \
    / f"pysrt-{PYSRT_VERSION}.tar.gz"

ENCODINGS = {"windows-1252.srt": "windows-1252"}
"""The encoding pysrt's own tests give a file that has no byte order mark and is not
UTF-8 (pysrt guesses none)."""

EXPLAINED = {
    "invalid.srt": "SUB012",  # times without milliseconds: pysrt reads no cue, coursekit one
    "windows-1252.srt": "SUB001",  # not UTF-8: each byte that is not is named, text kept
}
"""The files coursekit reads otherwise than pysrt, with the finding that says why."""

STATIC_FILES = ("bom-utf-16-be.srt", "bom-utf-16-le.srt", "bom-utf-32-be.srt",
                "bom-utf-32-le.srt", "bom-utf-8.srt", "capability_tester.srt", "empty.srt",
                "invalid.srt", "no-indexes.srt", "utf-8.srt", "windows-1252.srt")
"""The subtitle files of pysrt 1.1.2's ``tests/static``."""


def _static_files() -> dict[str, bytes]:
    if not SDIST.is_file():
        pytest.skip(f"pysrt's source distribution is not at {SDIST}: `make sdists` fetches it")
    prefix = f"pysrt-{PYSRT_VERSION}/tests/static/"
    found: dict[str, bytes] = {}
    with tarfile.open(SDIST) as archive:
        for member in archive.getmembers():
            if member.isfile() and member.name.startswith(prefix) \
                    and member.name.endswith(".srt"):
                handle = archive.extractfile(member)
                assert handle is not None
                found[member.name.removeprefix(prefix)] = handle.read()
    return found


@pytest.fixture(scope="module")
def static_files() -> dict[str, bytes]:
    return _static_files()


def _pysrt_reading(data: bytes, name: str, folder: Path) -> list[tuple[int, int, str]]:
    """Each cue pysrt reads, as its tests open the file: start, end (ms) and text."""
    path = folder / name
    path.write_bytes(data)
    return [(item.start.ordinal, item.end.ordinal, item.text)
            for item in pysrt.open(str(path), encoding=ENCODINGS.get(name))]


def _coursekit_reading(file: SubtitleFile) -> list[tuple[int, int, str]]:
    # pysrt strips the spaces that end a line; coursekit keeps them (a fix may want them)
    return [(cue.start_ms, cue.end_ms, "\n".join(line.rstrip() for line in cue.lines))
            for cue in file.cues]


def _unexplained(name: str, data: bytes, folder: Path, file: SubtitleFile | None = None,
                 ) -> str | None:
    """How coursekit's reading of the file falls short of pysrt's without a finding
    that says why; ``None`` when it does not."""
    if file is None:
        file = parse_subtitles(data, Path(name), "en", name)
    theirs = _pysrt_reading(data, name, folder)
    ours = _coursekit_reading(file)
    rules = {d.rule for d in file.diagnostics}
    why = EXPLAINED.get(name)
    if why is not None and why in rules:  # the text may differ; the count and times not
        if len(ours) < len(theirs):
            return f"{len(ours)} cues read, pysrt reads {len(theirs)}"
        if len(ours) == len(theirs):
            ours = [(start, end, "") for start, end, _ in ours]
            theirs = [(start, end, "") for start, end, _ in theirs]
        else:
            return None
    if len(ours) != len(theirs):
        return f"{len(ours)} cues read, pysrt reads {len(theirs)}, and no finding says why"
    for index, (mine, its) in enumerate(zip(ours, theirs, strict=True), start=1):
        if mine != its:
            return f"cue {index} is read as {mine!r}, pysrt reads {its!r}"
    return None


def test_every_static_file_of_pysrt_is_compared(static_files: dict[str, bytes]) -> None:
    if PYSRT_VERSION == "1.1.2":
        assert sorted(static_files) == list(STATIC_FILES)
    assert static_files  # an archive without them would pass every comparison below


@pytest.mark.parametrize("name", STATIC_FILES)
def test_coursekit_reads_as_many_cues_as_pysrt_or_says_why(
        static_files: dict[str, bytes], name: str, tmp_path: Path) -> None:
    if name not in static_files:
        pytest.skip(f"pysrt {PYSRT_VERSION} has no tests/static/{name}")
    data = static_files[name]
    assert _unexplained(name, data, tmp_path) is None
    file = parse_subtitles(data, Path(name), "en", name)
    assert all("\0" not in d.message for d in file.diagnostics)
    if name in EXPLAINED:
        assert EXPLAINED[name] in {d.rule for d in file.diagnostics}


def test_a_lost_cue_is_caught(static_files: dict[str, bytes], tmp_path: Path) -> None:
    """The comparison can fail: a reading that lost a cue, or changed one, is named."""
    data = static_files["utf-8.srt"]
    file = parse_subtitles(data, Path("utf-8.srt"), "en", "utf-8.srt")
    lost = dataclasses.replace(file, cues=file.cues[:-1])
    assert _unexplained("utf-8.srt", data, tmp_path, lost) == \
        "1331 cues read, pysrt reads 1332, and no finding says why"
    first: Cue = file.cues[0]
    moved = dataclasses.replace(first, end_ms=first.end_ms + 1)
    changed = dataclasses.replace(file, cues=(moved, *file.cues[1:]))
    assert (_unexplained("utf-8.srt", data, tmp_path, changed) or "").startswith("cue 1 ")
