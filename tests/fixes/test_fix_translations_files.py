"""``coursekit fix translations`` on files it cannot sync as they are: a translation or a
source that is not UTF-8 is named, with why, and the run exits 1, as ``fix lessons``
does for a lesson it cannot read. Each case beside its counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.fixes.test_fix_translations import EN, FR, FRENCH, SOURCE, _source
from tests.git_history import commit, plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

RATE = EN.replace("play(clips[0])", "play(clips[0], rate=16000)")


def _fix(root: Path, *args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), *args])
    return done.exit_code, done.output


def _planted(tmp_path: Path, fr: bytes | None = None, en: bytes | None = None) -> Path:
    """The course with the French lesson saved as ``fr`` when given, then the source's
    code changed, then the source saved as ``en`` when given."""
    root = plant_pair(tmp_path / "course", TOCTREE, EN, FR)
    if fr is not None:
        (root / FRENCH).write_bytes(fr)
        commit(root, {}, "fr: saved again", "2024-01-15T12:00:00")
    _source(root, RATE)
    if en is not None:
        (root / SOURCE).write_bytes(en)
        commit(root, {}, "Source saved again", "2024-02-02T12:00:00")
    return root


@pytest.mark.parametrize("option", ["--check", "--dry-run", None])
def test_a_translation_that_is_not_utf8_is_named_and_the_run_exits_1(
        tmp_path: Path, option: str | None) -> None:
    root = _planted(tmp_path, FR.encode("latin-1"))
    code, output = _fix(root, *filter(None, [option]))
    assert code == 1, output
    assert f"{FRENCH}: cannot read: not UTF-8 (byte offset 60); not synced" in output
    assert (root / FRENCH).read_bytes() == FR.encode("latin-1")


def test_a_translation_in_utf8_is_synced_and_the_run_is_clean(tmp_path: Path) -> None:
    root = _planted(tmp_path)
    assert _fix(root) == (0, f"synced {FRENCH} (1 code block(s))\n"
                             "fix translations: synced 1 code block(s) in 1 of 1 "
                             "translation(s); 0 conflict(s) left to merge by hand\n")


def test_a_source_that_is_not_utf8_is_named_beside_its_translation(tmp_path: Path) -> None:
    root = _planted(tmp_path, None,
                    RATE.replace("short clips", "short clips \xe9").encode("latin-1"))
    code, output = _fix(root, "--check")
    assert code == 1, output
    assert f"{FRENCH}: cannot read: its source {SOURCE}: not UTF-8 (byte offset " in output


@pytest.mark.parametrize("langs", [["fr"], ["fr", "fr"], ["fr", "FR"]])
def test_a_language_asked_for_twice_is_synced_once(tmp_path: Path, langs: list[str]) -> None:
    root = _planted(tmp_path)
    options = [arg for lang in langs for arg in ("--lang", lang)]
    assert _fix(root, *options) == (0, f"synced {FRENCH} (1 code block(s))\n"
                                       "fix translations: synced 1 code block(s) in 1 of 1 "
                                       "translation(s); 0 conflict(s) left to merge by hand\n")


def test_a_course_inside_another_repository_is_told_so(tmp_path: Path) -> None:
    project = _planted(tmp_path)
    (project / "course").mkdir()
    (project / "content").rename(project / "course" / "content")
    code, output = _fix(project / "course", "--check")
    assert code == 2
    assert "--root is not the top folder of a git checkout" in output
    # Its counterpart: the course at the top of its checkout is synced.
    (project / "course" / "content").rename(project / "content")
    assert _fix(project, "--check")[0] == 1


@pytest.mark.parametrize(("langs", "code"), [(["en"], 2), (["EN"], 2), (["en", "fr"], 1)])
def test_the_source_language_alone_is_a_usage_error(
        tmp_path: Path, langs: list[str], code: int) -> None:
    root = _planted(tmp_path)
    options = [arg for lang in langs for arg in ("--lang", lang)]
    done, output = _fix(root, "--check", *options)
    assert done == code, output
    assert ("--lang en is the course's source language" in output) == (code == 2)
