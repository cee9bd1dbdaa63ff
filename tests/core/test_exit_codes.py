"""Exit codes and messages a script can trust, when standard output cannot take the
report: a reader gone (``| head``), a closed or full output, an encoding that cannot
show the text; and file names that are not UTF-8, in every format."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from coursekit.report import FORMATS

ROOT = Path(__file__).resolve().parents[2]
UNDECODABLE = b"\xff\xfe-\xe9t\xe9"
"""A name that is not UTF-8 (Latin-1 ``été``, after two stray bytes)."""


def _coursekit(*args: str, env: dict[str, str] | None = None,
               **options: Any) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "coursekit", *args], env=environment,
                          capture_output=options.pop("capture_output", True), check=False,
                          **options)


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course whose check finds errors in files with non-ASCII names, one of them not
    UTF-8 at all."""
    root = tmp_path / "course"
    (root / "subtitles/en").mkdir(parents=True)
    broken = b"1\n00:00:01,000 --> soon\nHello\n\n"
    (root / "subtitles/en/01_\u00e9t\u00e9.srt").write_bytes(broken)
    (root / "subtitles/en/03_\u4f60\u597d.srt").write_bytes(broken)  # beyond Latin-1
    (root / os.fsdecode(b"subtitles/en/02_" + UNDECODABLE + b".srt")).write_bytes(broken)
    (root / "content/en/chapter1").mkdir(parents=True)
    (root / "content/en/chapter1/1.mdx").write_text("# A\n", encoding="utf-8")
    (root / "coursekit.toml").write_text("")
    return root


def test_a_reader_that_goes_away_ends_the_run_quietly(course: Path) -> None:
    check = subprocess.Popen(
        [sys.executable, "-m", "coursekit", "check", "--root", str(course)],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE)
    assert check.stdout is not None and check.stderr is not None
    check.stdout.close()  # as `| head -0` does, before the first line
    with check.stderr:
        err = check.stderr.read()
    assert check.wait(60) == 141  # 128 + SIGPIPE, as a shell reports other tools
    assert err == b""


def test_a_closed_standard_output_is_one_line_and_exit_2(course: Path) -> None:
    run = _coursekit("check", "--root", str(course), capture_output=False,
                     stdout=None, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert run.returncode == 2
    assert run.stderr.decode().splitlines() == ["coursekit: standard output: it is closed"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_standard_output_is_one_line_and_exit_2(course: Path) -> None:
    with open("/dev/full", "wb") as full:
        run = _coursekit("check", "--root", str(course), capture_output=False, stdout=full,
                         stderr=subprocess.PIPE)
    assert run.returncode == 2
    assert run.stderr.decode().splitlines() == [
        "coursekit: standard output: No space left on device"]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_encoding_that_cannot_show_the_report_is_one_line_and_exit_2(
        course: Path, encoding: str) -> None:
    run = _coursekit("check", "--root", str(course), env={"PYTHONIOENCODING": encoding})
    assert run.returncode == 2
    [line] = run.stderr.decode(encoding, "backslashreplace").splitlines()
    assert line.startswith("coursekit: standard output: its encoding (")
    assert ") cannot show `" in line
    assert "PYTHONIOENCODING=utf-8" in line and "internal error" not in line


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_name_that_is_not_utf8_is_reported_in_every_format(course: Path, fmt: str) -> None:
    run = _coursekit("check", "--root", str(course), "--format", fmt)
    assert run.returncode == 1, run.stderr
    assert b"Traceback" not in run.stderr and b"internal error" not in run.stderr
    assert b"\x00" not in run.stdout
    if fmt == "json":
        paths = {d["path"] for d in json.loads(run.stdout)["diagnostics"]}
        assert any("02_" in path for path in paths)
    else:
        assert b"02_" in run.stdout


def test_a_name_that_is_not_utf8_is_reported_in_a_report_file(course: Path) -> None:
    out = course.parent / "report.html"
    run = _coursekit("check", "--root", str(course), "--format", "html", "-o", str(out))
    assert run.returncode == 1, run.stderr
    assert b"02_" in out.read_bytes()


def test_an_encoding_error_of_another_text_is_not_blamed_on_standard_output(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from coursekit.cli.failures import unshowable

    def failure(text: str, codec: str) -> UnicodeEncodeError:
        try:
            text.encode(codec)
        except UnicodeEncodeError as exc:
            return exc
        raise AssertionError(text)

    lenient = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr("sys.stdout", lenient)
    assert unshowable(failure("name-\udcff.mdx", "utf-8")) is None  # raised elsewhere
    strict = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict")
    monkeypatch.setattr("sys.stdout", strict)
    said = unshowable(failure("café", "ascii"))
    assert said is not None and "cannot show `\\xe9`" in said
