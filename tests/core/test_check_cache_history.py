"""The check cache with git history read: a warm run judges again only the translations
whose source or own history changed, and finds what a run without the cache finds."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from coursekit.checks import Area, check_course
from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from tests.counting import count_calls
from tests.git_history import commit, git, plant, write
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, PLAY, PLAY_FR, TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SPLIT = LOAD.replace('load_dataset("clips-small")', 'load_dataset("clips-small", split="a")')
SOURCE, TRANSLATION = "content/en/chapter1/1.mdx", "content/fr/chapter1/1.mdx"
OTHER = "content/fr/chapter1/2.mdx"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                 "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR,
                 "en/chapter1/2.mdx": PLAY, "fr/chapter1/2.mdx": PLAY_FR},
          "Course and its French translation")
    return root


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The translated lessons compared with their source, by path, counted."""
    return count_calls(monkeypatch, "coursekit.cache.translations.compare_in_time",
                       lambda *args, **kwargs: args[1].path)


def _findings(root: Path, cache: bool = True) -> list[Diagnostic]:
    return check_course(Course.open(root), [Area.LESSONS], cache=cache).diagnostics


def _outdated(found: list[Diagnostic]) -> list[tuple[str, str]]:
    return [(d.path, d.message) for d in found if d.rule == "TRN005"]


def _warm_is_cold(root: Path, judged: Counter[str]) -> list[Diagnostic]:
    """The warm run's findings, checked against a run without the cache."""
    found = _findings(root)
    assert sorted(map(repr, found)) == sorted(map(repr, _findings(root, cache=False)))
    return found


def test_a_warm_run_with_history_judges_nothing_and_finds_the_same(
    course: Path, judged: Counter[str],
) -> None:
    commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    cold = _findings(course)
    assert sorted(judged) == [TRANSLATION, OTHER]
    assert [path for path, _ in _outdated(cold)] == [TRANSLATION]
    judged.clear()
    assert _findings(course) == cold
    assert judged == Counter()
    assert sorted(map(repr, cold)) == sorted(map(repr, _findings(course, cache=False)))


def test_a_commit_that_outdates_a_translation_is_reported_by_the_warm_run(
    course: Path, judged: Counter[str],
) -> None:
    assert _outdated(_findings(course)) == []
    judged.clear()
    changed = commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    [(path, message)] = _outdated(_warm_is_cold(course, judged))
    assert path == TRANSLATION
    assert f"first in {changed[:9]}" in message
    assert judged[TRANSLATION] == 1
    assert judged[OTHER] == 0  # the commit touched neither it nor its source


def test_committing_an_edit_judges_again_though_no_byte_changed(
    course: Path, judged: Counter[str],
) -> None:
    # The edit is judged uncommitted first (no commit named), then, with the same bytes
    # on disk, by the commit that holds it: only the history says which.
    write(course, {"en/chapter1/1.mdx": SPLIT})
    [(_, uncommitted)] = _outdated(_warm_is_cold(course, judged))
    assert "first in" not in uncommitted
    judged.clear()
    changed = commit(course, {}, "Split", "2024-02-01T12:00:00")
    [(_, committed)] = _outdated(_warm_is_cold(course, judged))
    assert f"first in {changed[:9]}" in committed
    assert judged[TRANSLATION] == 1
    assert judged[OTHER] == 0


def test_a_commit_to_another_lesson_keeps_what_was_judged(
    course: Path, judged: Counter[str],
) -> None:
    commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    before = _outdated(_findings(course))
    judged.clear()
    commit(course, {"en/chapter1/2.mdx": PLAY.replace("0.1", "0.2")}, "Louder",
           "2024-03-01T12:00:00")
    found = _warm_is_cold(course, judged)
    assert judged[TRANSLATION] == 0
    assert judged[OTHER] == 1
    assert [o for o in _outdated(found) if o[0] == TRANSLATION] == before


def test_the_translation_brought_up_to_date_in_a_commit_is_current_in_the_warm_run(
    course: Path, judged: Counter[str],
) -> None:
    commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    assert [p for p, _ in _outdated(_findings(course))] == [TRANSLATION]
    commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace(
        'load_dataset("clips-small")', 'load_dataset("clips-small", split="a")')},
        "fr: split", "2024-03-01T12:00:00")
    judged.clear()
    assert _outdated(_warm_is_cold(course, judged)) == []
    assert judged[TRANSLATION] == 1


def _shallow_clone(course: Path, tmp_path: Path) -> Path:
    """A clone of ``course`` one commit deep, after a commit that outdates the translation."""
    commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", course.as_uri(), str(clone))
    return clone


def test_a_shallow_clone_deepened_is_judged_by_its_whole_history(
    course: Path, tmp_path: Path, judged: Counter[str],
) -> None:
    clone = _shallow_clone(course, tmp_path)
    # One commit holds every file: nothing the translation could lack.
    assert _outdated(_warm_is_cold(clone, judged)) == []
    judged.clear()
    git(clone, "fetch", "-q", "--unshallow")
    assert [path for path, _ in _outdated(_warm_is_cold(clone, judged))] == [TRANSLATION]
    assert judged[TRANSLATION] == 1


@pytest.fixture
def logs_read(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders in which a ``git log`` ran, one entry a run of it."""
    from coursekit.translations import kept_log
    from coursekit.translations.git_calls import git_output as real

    ran: list[Path] = []

    def watched(git: str, root: Path, *args: str) -> str | None:
        if args[:1] == ("log",):
            ran.append(root)
        return real(git, root, *args)

    monkeypatch.setattr(kept_log, "git_output", watched)
    return ran


def test_a_warm_run_at_the_same_commit_reads_the_log_from_the_cache(
    course: Path, judged: Counter[str], logs_read: list[Path],
) -> None:
    commit(course, {"en/chapter1/1.mdx": SPLIT}, "Split", "2024-02-01T12:00:00")
    cold = _findings(course)
    assert len(logs_read) == 1
    assert _findings(course) == cold
    assert len(logs_read) == 1  # the warm run ran no git log
    # Its counterpart: a new commit is read from git (itself alone) and judged by.
    commit(course, {"en/chapter1/1.mdx": LOAD}, "Split undone", "2024-03-01T12:00:00")
    assert _outdated(_warm_is_cold(course, judged)) == []
    assert len(logs_read) == 3  # the new commit, then the whole log without the cache


def test_a_run_without_the_cache_always_reads_the_log(
    course: Path, logs_read: list[Path],
) -> None:
    _findings(course, cache=False)
    _findings(course, cache=False)
    assert len(logs_read) == 2


def test_a_shallow_clone_reads_its_log_in_every_run(
    course: Path, tmp_path: Path, logs_read: list[Path],
) -> None:
    clone = _shallow_clone(course, tmp_path)
    _findings(clone)
    _findings(clone)
    # Deepened at the same commit, its log is another: never one kept by that commit.
    assert logs_read == [clone, clone]
