"""Configuration values at the edges of their types (inf, nan, subnormal, huge, lists
where maps are expected, deep nesting, long names, paths leaving the course): each is
a CFG001 finding with its file and line, the command exits 2, and the files are still
checked with the default."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

CLEAN = b"1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n"
BROKEN = b"1\n00:00:01,000 --> soon\nHello\n\n"
LONG = "a" * 300


def _course(root: Path, toml: str) -> Path:
    for name, data in (("01_a.srt", CLEAN), ("02_b.srt", BROKEN)):
        (root / "subtitles/en").mkdir(parents=True, exist_ok=True)
        (root / "subtitles/en" / name).write_bytes(data)
    (root / "coursekit.toml").write_text(toml, encoding="utf-8")
    return root


@pytest.mark.parametrize(("toml", "line", "said"), [
    ("[subtitles]\nmax-duration = inf\n", 2, "`max-duration` must be a positive number up to"),
    ("[subtitles]\nmax-cps = nan\n", 2, "`max-cps` must be a positive number"),
    ("[subtitles]\nframe-rate = 1e-320\n", 2, "at least 1, got 1e-320"),
    ("[subtitles]\nmin-gap-frames = 9223372036854775807\n", 2, "whole number up to"),
    ("[subtitles]\nmax-lines = 1e308\n", 2, "`max-lines` must be a positive whole number"),
    ("select = [\"SUB\"]\nseverity = {SUB101 = [\"error\"]}\n", 2,
     "must be error, warning or note, got ['error']"),
    ("severity = [\"SUB101\"]\n", 1, "`severity` must map rule codes to severities"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", 1, "nested too deeply"),
    ("\n\nsubtitles = " + "[" * 100 + "]" * 100 + "\n", 3, "`subtitles` must be a table"),
    (f"languages = [\"{LONG}\"]\n", 1, "must list language tags"),
    (f"source-language = \"{LONG}\"\n", 1, "must be a language tag"),
    (f"subtitles-dir = \"{LONG}\"\n", 1, "folder name longer than 255 bytes"),
    (f"build-dir = \"x/{LONG}\"\n", 1, "folder name longer than 255 bytes"),
    ("build-dir = \"../elsewhere\"\n", 1, "must be a folder inside the course"),
    ("content-dir = \"/etc\"\n", 1, "must be a folder inside the course"),
    ("subtitles-dir = \"a\\u0000b\"\n", 1, "must name a folder"),
    (f"build-dir = \"{'x' * 100_000}\"\n", 1, "folder name longer than 255 bytes"),
    ("[verify]\ntimeout = inf\n", 2, "`timeout` must be a positive number up to 604800"),
    ("[verify]\nstartup-timeout = nan\n", 2, "`startup-timeout` must be a positive number"),
    ("[verify]\ntimeout = 0\n", 2, "`timeout` must be a positive number up to 604800, got 0"),
    ("[verify]\nstartup-timeout = 0.0\n", 2, "`startup-timeout` must be a positive number"),
    ("[verify]\noutput-tolerance = 1e308\n", 2, "`output-tolerance` must be a positive number"),
    (f"[kernels]\npt = \"{LONG}\"\n", 2, "`kernels.pt` must be a kernel name"),
    ("[kernels]\npt = \"../../x\"\n", 2, "`kernels.pt` must be a kernel name"),
    ("[kernels]\npt = \"a\"\npytorch = \"b\"\n", 3, "unknown framework 'pytorch'"),
    ("[kernels.jax]\nname = \"j\"\n", 1, "unknown framework 'jax' (expected pt or tf)"),
])
def test_an_edge_value_is_a_finding_and_the_files_are_still_checked(
    tmp_path: Path, toml: str, line: int, said: str,
) -> None:
    root = _course(tmp_path, toml)
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--show-all"])
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "SUB020" not in result.output
    assert f"coursekit.toml\n  {line}: error CFG001" in result.output
    assert said in result.output
    assert len(result.output) < 2_000  # a huge value is quoted, not copied
    assert "subtitles/en/02_b.srt\n" in result.output  # the other files were checked


def test_values_inside_the_ranges_are_taken(tmp_path: Path) -> None:
    root = _course(tmp_path, "build-dir = \"out/build\"\nlanguages = [\"en\"]\n"
                             "[subtitles]\nframe-rate = 25\nmax-duration = 86400\n"
                             "min-gap-frames = 0\nmax-cps = 999.5\n"
                             "[verify]\ntimeout = 604800\noutput-tolerance = 0\n"
                             "extension-budget = 0\n"
                             "[kernels]\npt = \"my-kernel_3.11\"\n")
    result = CliRunner().invoke(cli, ["check", "--root", str(root)])
    assert result.exit_code == 1, result.output
    assert "CFG001" not in result.output
    assert "SUB011" in result.output


@pytest.mark.parametrize(("name", "said"), [
    (LONG + ".srt", "has a name longer than 255 bytes"),
    ("../../../outside.srt", "leads out of the course"),
    ("/etc/hostname", "leads out of the course"),
])
def test_a_metadata_file_name_that_cannot_be_a_course_file_is_a_finding(
    tmp_path: Path, name: str, said: str,
) -> None:
    root = _course(tmp_path, "")
    (tmp_path.parent / "outside.srt").write_bytes(CLEAN)
    (root / "subtitles/en/metadata.csv").write_text(
        f"id,title,link,srt_filename\nv1,One,https://x,01_a.srt\nv2,Two,https://x,{name}\n",
        encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "subtitles", "--root", str(root), "--show-all"])
    assert "internal error" not in result.output
    assert "3: warning SUB411 video `v2`: srt_filename" in result.output
    assert said in result.output
    assert "2: warning SUB411" not in result.output  # the good row is read as before


@pytest.mark.parametrize("table", ["", "[subtitles]\n", "[verify]\n"])
def test_each_of_many_unknown_keys_is_found_on_its_own_line(tmp_path: Path, table: str) -> None:
    from coursekit.config import Course
    from coursekit.config.check import config_findings

    keys = "".join(f"typo-{i} = {i}\n" for i in range(1_000))
    (tmp_path / "coursekit.toml").write_text(table + keys, encoding="utf-8")
    found = config_findings(Course.open(tmp_path))
    offset = 1 if table else 0
    assert [(d.line, d.message.rsplit(" ", 1)[-1]) for d in found] == [
        (i + 1 + offset, f"`typo-{i}`") for i in range(1_000)]
