"""A commit that writes a version of a translation that an older commit wrote (a
release branch's squash of main, a cherry-pick, a revert) is not where its translator
followed the source: the older commit is, with what it had seen."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.git_history import commit, git, plant
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SECTION_FR = LOAD_FR + "\n## Écouter[[listening]]\n"
"""The translation's own change of substance, made before it saw the source's split."""


def _outdated(root: Path) -> list[Diagnostic]:
    found = check_translations(Corpus(Course.open(root))).diagnostics
    return [d for d in found if d.rule == "TRN005"]


def _course(tmp_path: Path, *, replayed: bool) -> Path:
    """The French section is written on a branch cut before the source's split, which
    main then merges. A release branch taken off the split gets main's files squashed
    in ("Bump release"), and main merges it back. With ``replayed`` False the squash
    commit is a French edit of its own instead."""
    root = tmp_path / "course"
    plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                 "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR}, "First")
    git(root, "checkout", "-q", "-b", "fr-work")
    commit(root, {"fr/chapter1/1.mdx": SECTION_FR}, "fr: a section", "2024-01-05T12:00:00")
    git(root, "checkout", "-q", "main")
    split = commit(root, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-01-10T12:00:00")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge fr-work", "fr-work",
        date="2024-01-15T12:00:00")
    git(root, "checkout", "-q", "-b", "release", split)
    if replayed:
        git(root, "read-tree", "-u", "--reset", "main")  # a squash of main as it is
        git(root, "commit", "-q", "-m", "Bump release", date="2024-02-01T12:00:00")
    else:
        commit(root, {"fr/chapter1/1.mdx": SECTION_FR + "\n## Jouer[[playing]]\n"},
               "fr: another section", "2024-02-01T12:00:00")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-X", "theirs", "-m", "Merge release", "release",
        date="2024-02-10T12:00:00")
    return root


def test_a_squash_that_replays_the_translation_is_no_sync(tmp_path: Path) -> None:
    [outdated] = _outdated(_course(tmp_path, replayed=True))
    assert outdated.path == "content/fr/chapter1/1.mdx"
    assert '"Split"' in outdated.message


def test_an_edit_of_its_own_after_the_split_is_a_sync(tmp_path: Path) -> None:
    """Its counterpart: a French change of substance written on the branch that had
    seen the split follows the source as it was then."""
    assert _outdated(_course(tmp_path, replayed=False)) == []
