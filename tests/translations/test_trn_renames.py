"""Freshness across renames planted with real ``git``: a source lesson renamed with an
edit in one commit, a translation deleted and brought back, each beside its clean
counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.git_history import commit, git, plant_pair
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SPLIT_FR = LOAD_FR.replace('load_dataset("clips-small")',
                           'load_dataset("clips-small", split="a")')
RENAMED = TOCTREE.replace("chapter1/1", "chapter1/loading")


def _outdated(root: Path) -> list[Diagnostic]:
    found = check_translations(Corpus(Course.open(root))).diagnostics
    return [d for d in found if d.rule == "TRN005"]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, LOAD, LOAD_FR)


def _renamed_with_an_edit(course: Path, french: str) -> str:
    """After a commit of another lesson, both languages' lesson renamed in one commit,
    the source's code edited in it too (git still sees a rename) and the translation
    written as ``french``; its id."""
    commit(course, {"en/chapter1/2.mdx": "# Two\n"}, "Two", "2024-01-15T12:00:00")
    for language in ("en", "fr"):
        git(course, "mv", f"content/{language}/chapter1/1.mdx",
            f"content/{language}/chapter1/loading.mdx")
    return commit(course, {"en/_toctree.yml": RENAMED, "fr/_toctree.yml": RENAMED,
                           "en/chapter1/loading.mdx": TRAIN_SPLIT,
                           "fr/chapter1/loading.mdx": french},
                  "Loading, and the split", "2024-02-01T12:00:00")


def test_a_source_renamed_with_an_edit_owes_the_edit(course: Path) -> None:
    changed = _renamed_with_an_edit(course, LOAD_FR)
    [outdated] = _outdated(course)
    assert outdated.path == "content/fr/chapter1/loading.mdx"
    assert f"first in {changed[:9]}" in outdated.message


def test_a_source_renamed_with_an_edit_the_translation_received_owes_nothing(
        course: Path) -> None:
    _renamed_with_an_edit(course, SPLIT_FR)
    assert _outdated(course) == []


def _deleted_then_back(course: Path, french: str) -> None:
    """The source's code changes; the translation is deleted, then written again as
    ``french`` in a later commit."""
    commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    git(course, "rm", "-q", "content/fr/chapter1/1.mdx")
    git(course, "commit", "-q", "-m", "fr: dropped for now", date="2024-02-05T12:00:00")
    commit(course, {"fr/chapter1/1.mdx": french}, "fr: back", "2024-03-01T12:00:00")


def test_a_translation_brought_back_as_it_was_is_still_outdated(course: Path) -> None:
    """Restored as it was before the split, it is the translation of the first commit:
    neither the deletion nor its return translated anything."""
    _deleted_then_back(course, LOAD_FR)
    [outdated] = _outdated(course)
    assert '"Split"' in outdated.message


def test_a_translation_written_again_after_the_change_is_current(course: Path) -> None:
    _deleted_then_back(course, SPLIT_FR)
    assert _outdated(course) == []
