"""What ``--update-baseline`` says it did: a run of part of the course (``--since``,
``--lang``) names the findings it recorded of what it checked and those it kept of the
rest, so that "recorded 0" never reads as a baseline emptied. Clean counterpart: an
update of the whole course says only what it recorded."""

from __future__ import annotations

import subprocess
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

WORDS = {"en": ("Hello there", "Again"), "fr": ("Bonjour", "Encore"),
         "it": ("Buongiorno", "Ancora")}


def _subtitle(language: str, start: str = "00:00:03,000") -> str:
    """Two cues in ``language``, which overlap (SUB104) as they start by default."""
    first, second = WORDS[language]
    return (f"1\n00:00:01,000 --> 00:00:04,000\n{first}\n\n"
            f"2\n{start} --> 00:00:06,000\n{second}\n\n")


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   cwd=root, check=True, capture_output=True)


def _course(root: Path) -> Path:
    """Three languages of one subtitle file, each with one finding, committed."""
    for language in WORDS:
        folder = root / "subtitles" / language
        folder.mkdir(parents=True)
        (folder / "01_a.srt").write_text(_subtitle(language), encoding="utf-8")
    _git(root, "init", "-q", ".")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "course")
    return root


def _update(root: Path, baseline: Path, *args: str) -> str:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), *args, "--baseline",
                                    str(baseline), "--update-baseline"])
    assert done.exit_code == 0, done.output
    return done.output


def test_an_update_since_a_revision_says_what_it_kept(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _update(root, baseline)
    french = root / "subtitles/fr/01_a.srt"
    french.write_text(_subtitle("fr", "00:00:04,200"), encoding="utf-8")  # fixed
    said = _update(root, baseline, "--since", "HEAD")
    assert said == (f"recorded 0 finding(s) in {baseline} for what this run checked; kept "
                    "the 2 finding(s) it held for the files and rules this run did not check "
                    "(2 file(s))\n")
    french.write_text(_subtitle("fr", "00:00:03,500"), encoding="utf-8")  # again
    said = _update(root, baseline, "--since", "HEAD")
    assert said.startswith(f"recorded 1 finding(s) in {baseline} for what this run checked; "
                           "kept the 2 finding(s)"), said


def test_an_update_of_one_language_says_what_it_kept(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _update(root, baseline)
    said = _update(root, baseline, "--lang", "it")
    assert "recorded 1 finding(s)" in said and "kept the 2 finding(s)" in said, said


def test_an_update_of_the_whole_course_says_what_it_recorded(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    assert _update(root, baseline) == f"recorded 3 finding(s) in {baseline}\n"
    assert _update(root, baseline) == f"recorded 3 finding(s) in {baseline}\n"
