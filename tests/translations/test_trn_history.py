"""Freshness on histories planted with real ``git`` as courses keep them: anchors added
to the source, a release branch squash-merged back, a fix committed to every language
at once, a renamed language folder; each beside its counterpart that must be found."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.git_history import commit as _commit
from tests.git_history import git as _git
from tests.git_history import plant_pair
from tests.translations.test_trn_freshness import (
    LOAD,
    LOAD_FR,
    PLAY,
    PLAY_FR,
    TOCTREE,
    TRAIN_SPLIT,
)

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

TRAIN_SPLIT_FR = LOAD_FR.replace('load_dataset("clips-small")',
                                 'load_dataset("clips-small", split="a")')


def _outdated(root: Path) -> list[Diagnostic]:
    found = check_translations(Corpus(Course.open(root))).diagnostics
    return [d for d in found if d.rule == "TRN005"]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, LOAD, LOAD_FR)


def test_an_anchor_added_to_a_source_heading_is_no_substance(course: Path) -> None:
    anchored = LOAD.replace("## Looking at one[[one]]", "## Looking at one[[looking-at-one]]")
    _commit(course, {"en/chapter1/1.mdx": anchored.replace(
        "# Loading sounds[[loading]]", "# Loading sounds[[loading-sounds]]")},
        "Anchors that say more", "2024-02-01T12:00:00")
    assert _outdated(course) == []
    # Its counterpart: a heading added is a section the translation lacks.
    _commit(course, {"en/chapter1/1.mdx": anchored + "\n## Listening[[listening]]\n"},
            "A section on listening", "2024-03-01T12:00:00")
    [outdated] = _outdated(course)
    assert "headings (2 then, 3 now)" in outdated.message
    assert '"A section on listening"' in outdated.message


def test_whitespace_in_the_source_code_is_no_substance(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace(
        "from datasets import load_dataset\n\n", "from datasets import load_dataset\n\n\n")
        .replace("print(clips[0])", "print( clips[0] )")},
        "Spacing", "2024-02-01T12:00:00")
    assert _outdated(course) == []


def _release_branch_squashed_back(course: Path, *, translated: bool) -> str:
    """A release branch cut from the first commit; main changes the source (and, when
    ``translated``, the French file catches up); main is squashed into the release
    branch ("Bump release"), the release branch gets a French typo fix of its own, and
    is merged back into main. The typo fix is the translation's last commit, and it
    never saw main's source change: only its content says whether it has it."""
    _git(course, "branch", "release")
    changed = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split",
                      "2024-02-01T12:00:00")
    if translated:
        _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR}, "fr: split",
                "2024-02-05T12:00:00")
    _git(course, "checkout", "-q", "release")
    _git(course, "merge", "-q", "--squash", "main")
    _git(course, "commit", "-q", "-m", "Bump release", date="2024-03-01T12:00:00")
    fixed = (TRAIN_SPLIT_FR if translated else LOAD_FR).replace("courts", "brefs")
    _commit(course, {"fr/chapter1/1.mdx": fixed}, "fr: typo", "2024-03-02T12:00:00")
    _git(course, "checkout", "-q", "main")
    _git(course, "merge", "-q", "--no-ff", "-m", "Merge release", "release",
         date="2024-03-03T12:00:00")
    return changed


def test_a_release_branch_squashed_back_hides_nothing_the_translation_has(
    course: Path,
) -> None:
    _release_branch_squashed_back(course, translated=True)
    assert _outdated(course) == []


def test_a_release_branch_squashed_back_keeps_what_the_translation_lacks(
    course: Path,
) -> None:
    changed = _release_branch_squashed_back(course, translated=False)
    [outdated] = _outdated(course)
    assert f"first in {changed[:9]} (2024-02-01, \"Split\")" in outdated.message


def test_a_fix_committed_to_every_language_at_once_is_not_pending(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT, "fr/chapter1/1.mdx": TRAIN_SPLIT_FR},
            "Split, in every language", "2024-02-01T12:00:00")
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR.replace("courts", "brefs")},
            "fr: typo", "2024-01-20T12:00:00")
    assert _outdated(course) == []
    # Its counterpart: a later change to the source alone is pending.
    later = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace(
        "print(clips[0])", "print(clips[1])")}, "Second clip", "2024-03-01T12:00:00")
    [outdated] = _outdated(course)
    assert f"first in {later[:9]}" in outdated.message


def test_the_cause_is_the_first_change_the_translation_lacks(course: Path) -> None:
    """A change on a branch the translation's commit never saw, but that it has (its
    translator copied it), is no cause; the next one it lacks is."""
    _copied_from_a_side_branch(course)
    assert _outdated(course) == []
    lacked = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace(
        "print(clips[0])", "print(clips[1])")}, "Second clip", "2024-03-01T12:00:00")
    [outdated] = _outdated(course)
    assert f"first in {lacked[:9]}" in outdated.message


def test_a_renamed_language_folder_is_followed(course: Path) -> None:
    """``rum`` renamed ``ro``: the rename is no translation, so the Romanian file that
    lacks a change made before the rename is still outdated, since that change."""
    _commit(course, {"rum/_toctree.yml": TOCTREE, "rum/chapter1/1.mdx": LOAD},
            "Romanian", "2024-01-02T12:00:00")
    changed = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split",
                      "2024-02-01T12:00:00")
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR}, "fr: split", "2024-02-02T12:00:00")
    _git(course, "mv", "content/rum", "content/ro")
    _git(course, "commit", "-q", "-m", "rum is ro", date="2024-03-01T12:00:00")
    [outdated] = _outdated(course)
    assert outdated.path == "content/ro/chapter1/1.mdx"
    assert f"first in {changed[:9]}" in outdated.message
    assert "last translated in" in outdated.message and "(2024-01-02)" in outdated.message


def test_a_renamed_language_folder_that_had_caught_up_is_current(course: Path) -> None:
    _commit(course, {"rum/_toctree.yml": TOCTREE, "rum/chapter1/1.mdx": LOAD},
            "Romanian", "2024-01-02T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT, "fr/chapter1/1.mdx": TRAIN_SPLIT_FR},
            "Split", "2024-02-01T12:00:00")
    _commit(course, {"rum/chapter1/1.mdx": TRAIN_SPLIT}, "rum: split", "2024-02-02T12:00:00")
    _git(course, "mv", "content/rum", "content/ro")
    _git(course, "commit", "-q", "-m", "rum is ro", date="2024-03-01T12:00:00")
    assert _outdated(course) == []


def test_a_translations_own_drift_beside_an_outdated_source_stays_its_own(
    course: Path,
) -> None:
    own = LOAD_FR.replace("print(clips[0])", "print(clips[0], clips[1])")
    _commit(course, {"fr/chapter1/1.mdx": own}, "fr: two clips", "2024-01-10T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    found = check_translations(Corpus(Course.open(course))).diagnostics
    shown = sorted((d.rule, d.line) for d in found if not d.folded)
    folded = sorted((d.rule, d.line) for d in found if d.folded)
    # The drift the source's change made folds; the one the translation made stays.
    assert [rule for rule, _ in shown] == ["TRN005", "TRN201"]
    assert shown[1][1] == own.splitlines().index("print(clips[0], clips[1])")
    assert [rule for rule, _ in folded] == ["TRN201"]
    # Its counterpart: without the source's change, the drift is reported just the same.
    _commit(course, {"en/chapter1/1.mdx": LOAD}, "Back", "2024-03-01T12:00:00")
    assert [(d.rule, d.line) for d in check_translations(
        Corpus(Course.open(course))).diagnostics] == [shown[1]]


def _lesson_translated_on_a_branch_cut_before_it(course: Path, french: str) -> str:
    """A translator's branch cut before the source lesson existed: main creates the
    lesson, the branch gets its French translation (``french``, from the lesson as
    published) and is merged back. The translation's commit never saw the commit that
    created the source: only content says whether it translates it."""
    _git(course, "branch", "fr-playing")
    created = _commit(course, {"en/chapter1/2.mdx": PLAY}, "Playing", "2024-02-01T12:00:00")
    _git(course, "checkout", "-q", "fr-playing")
    _commit(course, {"fr/chapter1/2.mdx": french}, "fr: playing", "2024-02-05T12:00:00")
    _git(course, "checkout", "-q", "main")
    _git(course, "merge", "-q", "--no-ff", "-m", "Merge fr-playing", "fr-playing",
         date="2024-03-03T12:00:00")
    return created


def test_a_source_created_on_a_branch_the_translation_never_saw_is_judged_by_content(
    course: Path,
) -> None:
    _lesson_translated_on_a_branch_cut_before_it(course, PLAY_FR)
    assert _outdated(course) == []


def test_a_translation_lacking_code_its_source_was_created_with_is_outdated(
    course: Path,
) -> None:
    created = _lesson_translated_on_a_branch_cut_before_it(
        course, PLAY_FR.replace("\nsounddevice.play([0.0, 0.1])\n", "\n"))
    [outdated] = _outdated(course)
    assert outdated.path == "content/fr/chapter1/2.mdx"
    assert f"first in {created[:9]}" in outdated.message


def test_a_prose_fix_after_a_source_change_does_not_make_the_translation_current(
    course: Path,
) -> None:
    """A typo fixed in the translation, directly or through a release branch squashed
    back into main ("Bump release"), leaves its code as old as it was."""
    changed = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split",
                      "2024-02-01T12:00:00")
    _git(course, "checkout", "-q", "-b", "release")
    _commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace("courts", "brefs")}, "fr: typo",
            "2024-02-10T12:00:00")
    _git(course, "checkout", "-q", "main")
    _git(course, "merge", "-q", "--squash", "release")
    _git(course, "commit", "-q", "-m", "Bump release", date="2024-02-12T12:00:00")
    _commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace("courts", "très brefs")},
            "fr: another typo", "2024-02-20T12:00:00")
    [outdated] = _outdated(course)
    assert "last translated in" in outdated.message and "(2024-01-01)" in outdated.message
    assert f"first in {changed[:9]} (2024-02-01, \"Split\")" in outdated.message
    # Its counterpart: the translator brings the code in, in an edit of prose and code.
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR.replace("courts", "très brefs")},
            "fr: split", "2024-03-01T12:00:00")
    assert _outdated(course) == []


def _versions_read(course: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(TRN005 findings, old versions of the source parsed) of one check."""
    from coursekit.lessons.parse import parse_lesson as real
    from coursekit.translations import versions

    parsed: list[str] = []

    def parse(*args: object, **kwargs: object) -> object:
        parsed.append(str(kwargs.get("path")))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(versions, "parse_lesson", parse)
    return len(_outdated(course)), sum("/en/" in f"/{path}" for path in parsed)


def _copied_from_a_side_branch(course: Path) -> None:
    """The source changes on a branch; the translation copies the change on main before
    the branch is merged: its commit never saw the source's."""
    _git(course, "checkout", "-q", "-b", "side")
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-01-10T12:00:00")
    _git(course, "checkout", "-q", "main")
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR}, "fr: split as on side",
            "2024-01-20T12:00:00")
    _git(course, "merge", "-q", "--no-ff", "-m", "Merge side", "side",
         date="2024-02-01T12:00:00")


def test_a_translation_with_the_sources_substance_now_reads_no_old_version(
    course: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It has what the source has now, every change included: current, and no old
    version of the source is read to say so."""
    _copied_from_a_side_branch(course)
    assert _versions_read(course, monkeypatch) == (0, 0)


def test_a_translation_without_it_reads_the_changes(
    course: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    _copied_from_a_side_branch(course)
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace(
        "print(clips[0])", "print(clips[1])")}, "Second clip", "2024-03-01T12:00:00")
    outdated, parsed = _versions_read(course, monkeypatch)
    assert outdated == 1
    assert parsed >= 1


def test_a_source_change_the_translation_did_not_receive_in_its_commit_is_pending(
        course: Path) -> None:
    """A commit that changed the source's code and only the translation's prose (one
    lesson's fix beside another's typo) brought the translation nothing of that code."""
    changed = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT,
                               "fr/chapter1/1.mdx": LOAD_FR.replace("courts", "brefs")},
                      "Split; a French typo", "2024-02-01T12:00:00")
    [outdated] = _outdated(course)
    assert f"first in {changed[:9]} (2024-02-01, \"Split; a French typo\")" in outdated.message
    # Its counterpart: the translation's edit in that commit carried the change.
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR.replace("courts", "brefs")},
            "fr: split", "2024-02-02T12:00:00")
    assert _outdated(course) == []


def test_a_source_change_the_translation_received_little_of_is_pending(course: Path) -> None:
    every = 'for clip in clips:\n    print(clip["audio"]["array"].shape, clip["label"])'
    both = TRAIN_SPLIT.replace("print(clips[0])", every)
    changed = _commit(course, {"en/chapter1/1.mdx": both, "fr/chapter1/1.mdx": TRAIN_SPLIT_FR},
                      "Split; every clip, in English only", "2024-02-01T12:00:00")
    [outdated] = _outdated(course)
    assert f"first in {changed[:9]}" in outdated.message
    # Its counterpart: all of it received.
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR.replace("print(clips[0])", every)},
            "fr: every clip", "2024-02-02T12:00:00")
    assert _outdated(course) == []


def test_a_squash_that_gives_back_the_followed_source_owes_nothing(course: Path) -> None:
    """Main's files squashed into a release branch give back the source and the
    translation as the translator left them: what the translation lacked of that source
    is its own drift, not a change the squash brought."""
    _git(course, "branch", "release")
    every = 'for clip in clips:\n    print(clip["audio"]["array"].shape, clip["label"])'
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace("print(clips[0])", every)},
            "Split; every clip", "2024-02-01T12:00:00")
    _commit(course, {"fr/chapter1/1.mdx": TRAIN_SPLIT_FR}, "fr: split",
            "2024-02-05T12:00:00")  # one clip still: its own drift
    _git(course, "checkout", "-q", "release")
    _git(course, "read-tree", "-u", "--reset", "main")
    _git(course, "commit", "-q", "-m", "Bump release", date="2024-03-01T12:00:00")
    _git(course, "checkout", "-q", "main")
    _git(course, "merge", "-q", "--no-ff", "-m", "Merge release", "release",
         date="2024-03-03T12:00:00")
    found = check_translations(Corpus(Course.open(course))).diagnostics
    assert [d.rule for d in found if d.rule in ("TRN005", "TRN201")] == ["TRN201"]
    # Its counterpart: a later change of the source is owed, and named, not the squash.
    later = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace(
        "print(clips[0])", every.replace("clips:", "clips[:10]:"))}, "Ten clips",
        "2024-04-01T12:00:00")
    [outdated] = _outdated(course)
    assert f"first in {later[:9]}" in outdated.message
