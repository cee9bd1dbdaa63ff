"""Freshness where a merge commit changes a lesson itself: a conflict resolved, or an
"evil merge" that edits a source lesson or a translation beyond what either side had.
What a merge wrote counts as a change; what it only brought from a branch does not make
the merge a translation of its own."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.fixes.test_fix_translations_prose import CODE, EN, FR
from tests.git_history import commit, git, plant_pair, write
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SPLIT_FR = LOAD_FR.replace('load_dataset("clips-small")',
                           'load_dataset("clips-small", split="a")')
SAID = LOAD + '\n```py\nprint("Loaded the clips")\n```\n'
SAID_FR = LOAD_FR + '\n```py\nprint("Extraits chargés")\n```\n'
"""A block whose only words are a string, which a translation translates."""
RESAID = SAID.replace("Loaded the clips", "All the clips are loaded")
RESAID_FR = SAID_FR.replace("Extraits chargés", "Tous les extraits sont chargés")


def _outdated(root: Path) -> list[Diagnostic]:
    found = check_translations(Corpus(Course.open(root))).diagnostics
    return [d for d in found if d.rule == "TRN005"]


def _merge(root: Path, branch: str, resolved: dict[str, str], date: str) -> str:
    """``branch`` merged into the branch checked out, each of ``resolved`` (paths under
    ``content/``) written in the merge itself, conflicting or not; the merge's id."""
    done = git_status(root, "merge", "-q", "--no-ff", "--no-commit", branch)
    assert done in (0, 1)  # 1: a conflict, resolved below
    write(root, resolved)
    git(root, "add", "-A")
    git(root, "commit", "-q", "--no-edit", "-m", f"Merge {branch}", date=date)
    assert len(git(root, "rev-parse", "HEAD^@").split()) == 2
    return git(root, "rev-parse", "HEAD")


def git_status(root: Path, *args: str) -> int:
    """The exit status of a git command that may fail (a merge that conflicts)."""
    try:
        git(root, *args, date="2024-05-01T12:00:00")
    except subprocess.CalledProcessError as exc:  # the conflict git reports
        return exc.returncode
    return 0


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, LOAD, LOAD_FR)


def _side_branch(course: Path) -> None:
    """A branch that changes a lesson other than the pair, cut from the first commit,
    and a commit on main meanwhile: the merge of the two is a true merge."""
    git(course, "checkout", "-q", "-b", "side")
    commit(course, {"en/chapter1/2.mdx": "# Two\n"}, "Two", "2024-01-10T12:00:00")
    git(course, "checkout", "-q", "main")
    commit(course, {"en/chapter1/3.mdx": "# Three\n"}, "Three", "2024-01-11T12:00:00")


def test_a_source_change_made_in_a_merge_is_owed(course: Path) -> None:
    _side_branch(course)
    merged = _merge(course, "side", {"en/chapter1/1.mdx": TRAIN_SPLIT}, "2024-02-01T12:00:00")
    [outdated] = _outdated(course)
    assert outdated.path == "content/fr/chapter1/1.mdx"
    assert f"first in {merged[:9]}" in outdated.message


def test_a_source_change_made_in_a_merge_with_its_translation_is_not_owed(
        course: Path) -> None:
    _side_branch(course)
    _merge(course, "side", {"en/chapter1/1.mdx": TRAIN_SPLIT, "fr/chapter1/1.mdx": SPLIT_FR},
           "2024-02-01T12:00:00")
    assert _outdated(course) == []


def _conflict(course: Path, en: str, fr: str) -> str:
    """The source and the translation edited on two branches in one line; the merge
    resolves both conflicts with ``en`` and ``fr``."""
    git(course, "checkout", "-q", "-b", "side")
    commit(course, {"en/chapter1/1.mdx": LOAD.replace("clips[0]", "clips[1]"),
                    "fr/chapter1/1.mdx": LOAD_FR.replace("clips[0]", "clips[1]")},
           "The second clip", "2024-01-10T12:00:00")
    git(course, "checkout", "-q", "main")
    commit(course, {"en/chapter1/1.mdx": LOAD.replace("clips[0]", "clips[2]"),
                    "fr/chapter1/1.mdx": LOAD_FR.replace("clips[0]", "clips[2]")},
           "The third clip", "2024-01-11T12:00:00")
    return _merge(course, "side", {"en/chapter1/1.mdx": en, "fr/chapter1/1.mdx": fr},
                  "2024-02-01T12:00:00")


def test_a_conflict_resolved_with_new_source_code_is_owed(course: Path) -> None:
    """The resolution of the source brings code neither side had; the translation's
    takes main's side."""
    merged = _conflict(course, TRAIN_SPLIT.replace("clips[0]", "clips[2]"),
                       LOAD_FR.replace("clips[0]", "clips[2]"))
    [outdated] = _outdated(course)
    assert f"first in {merged[:9]}" in outdated.message


def test_a_conflict_resolved_alike_in_both_is_not_owed(course: Path) -> None:
    _conflict(course, TRAIN_SPLIT.replace("clips[0]", "clips[2]"),
              SPLIT_FR.replace("clips[0]", "clips[2]"))
    assert _outdated(course) == []


def _translated_in_a_merge(course: Path, fr: str) -> None:
    """The source's string changes on main; a French branch fixes a typo; the merge
    writes ``fr`` as the translation."""
    commit(course, {"en/chapter1/1.mdx": SAID, "fr/chapter1/1.mdx": SAID_FR}, "Said",
           "2024-01-05T12:00:00")
    git(course, "checkout", "-q", "-b", "fr-typo")
    commit(course, {"fr/chapter1/1.mdx": SAID_FR.replace("courts", "brefs")}, "fr: typo",
           "2024-01-10T12:00:00")
    git(course, "checkout", "-q", "main")
    commit(course, {"en/chapter1/1.mdx": RESAID}, "Say more", "2024-01-11T12:00:00")
    _merge(course, "fr-typo", {"fr/chapter1/1.mdx": fr}, "2024-02-01T12:00:00")


def test_a_translation_brought_up_to_date_in_a_merge_is_current(course: Path) -> None:
    """Its string translated, the change is one content cannot tell: the merge that
    wrote it had seen the source's change."""
    _translated_in_a_merge(course, RESAID_FR.replace("courts", "brefs"))
    assert _outdated(course) == []


def test_a_translation_a_merge_left_as_it_was_is_outdated(course: Path) -> None:
    _translated_in_a_merge(course, SAID_FR.replace("courts", "brefs"))
    [outdated] = _outdated(course)
    assert '"Say more"' in outdated.message


def _translated_on_a_branch_first(course: Path, *, typo_on_main: bool) -> str:
    """A French branch changes the translation's code; main then changes the source's
    code (and, with ``typo_on_main``, the translation's prose, which the merge combines
    with the branch's edit); the branch is merged back, a true merge. The source change
    on main is the translation's to catch up with; its id."""
    git(course, "checkout", "-q", "-b", "fr-work")
    commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace("print(clips[0])",
                                                          "print(clips[0])\nprint(len(clips))")},
           "fr: the length too", "2024-01-10T12:00:00")
    git(course, "checkout", "-q", "main")
    changed = commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-01-11T12:00:00")
    if typo_on_main:
        commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace("courts", "brefs")}, "fr: typo",
               "2024-01-12T12:00:00")
    git(course, "merge", "-q", "--no-ff", "-m", "Merge fr-work", "fr-work",
        date="2024-02-01T12:00:00")
    return changed


@pytest.mark.parametrize("typo_on_main", [False, True])
def test_a_translation_edited_on_a_branch_before_the_source_change_is_outdated(
        course: Path, typo_on_main: bool) -> None:
    changed = _translated_on_a_branch_first(course, typo_on_main=typo_on_main)
    [outdated] = _outdated(course)
    assert f"first in {changed[:9]}" in outdated.message


@pytest.mark.parametrize("typo_on_main", [False, True])
def test_a_translation_edited_on_a_branch_then_caught_up_is_current(
        course: Path, typo_on_main: bool) -> None:
    _translated_on_a_branch_first(course, typo_on_main=typo_on_main)
    fr = (course / "content/fr/chapter1/1.mdx").read_text(encoding="utf-8")
    commit(course, {"fr/chapter1/1.mdx": fr.replace('load_dataset("clips-small")',
                                                    'load_dataset("clips-small", split="a")')},
           "fr: split", "2024-03-01T12:00:00")
    assert _outdated(course) == []


def _synced_then_merged(tmp_path: Path, *, french: bool) -> str:
    """A translation whose code ``fix translations`` synced (a ``code-synced`` line),
    then a merge of a side branch that rewords the source's prose itself (and, with
    ``french``, the translation's); the merge's id."""
    root = plant_pair(tmp_path / "course", TOCTREE, EN, FR)
    commit(root, {"en/chapter1/1.mdx": EN.replace(*CODE)}, "Train split", "2024-02-01T12:00:00")
    assert CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)]).exit_code == 0
    commit(root, {}, "fr: code synced", "2024-02-02T12:00:00")
    _side_branch(root)
    resolved = {"en/chapter1/1.mdx": EN.replace(*CODE).replace("are short", "are all short")}
    if french:
        fr = (root / "content/fr/chapter1/1.mdx").read_text(encoding="utf-8")
        resolved["fr/chapter1/1.mdx"] = fr.replace("sont courts", "sont tous courts")
    return _merge(root, "side", resolved, "2024-03-01T12:00:00")


def test_prose_a_merge_wrote_in_the_source_is_owed_by_a_code_synced_translation(
        tmp_path: Path) -> None:
    merged = _synced_then_merged(tmp_path, french=False)
    [finding] = _outdated(tmp_path / "course")
    assert f"prose behind since {merged[:9]}" in finding.message


def test_prose_a_merge_wrote_in_both_is_not_owed(tmp_path: Path) -> None:
    _synced_then_merged(tmp_path, french=True)
    assert _outdated(tmp_path / "course") == []


def _renamed_on_main_edited_on_a_branch(course: Path, *, french: bool) -> str:
    """A branch edits the source's code under its old name (and, with ``french``, the
    translation's too); main meanwhile renames the lesson in both languages; the merge
    puts the branch's edit into the renamed files. The edit is met in the log before
    the rename; its id."""
    git(course, "checkout", "-q", "-b", "side")
    edits = {"en/chapter1/1.mdx": TRAIN_SPLIT}
    if french:
        edits["fr/chapter1/1.mdx"] = SPLIT_FR
    edited = commit(course, edits, "Split", "2024-01-10T12:00:00")
    git(course, "checkout", "-q", "main")
    renamed = TOCTREE.replace("chapter1/1", "chapter1/loading")
    for language in ("en", "fr"):
        git(course, "mv", f"content/{language}/chapter1/1.mdx",
            f"content/{language}/chapter1/loading.mdx")
    commit(course, {"en/_toctree.yml": renamed, "fr/_toctree.yml": renamed}, "Rename",
           "2024-01-11T12:00:00")
    git(course, "merge", "-q", "--no-ff", "-m", "Merge side", "side",
        date="2024-02-01T12:00:00")
    assert (course / "content/en/chapter1/loading.mdx").read_text(encoding="utf-8") \
        == TRAIN_SPLIT
    return edited


def test_an_edit_of_a_lesson_another_branch_renamed_is_followed(course: Path) -> None:
    edited = _renamed_on_main_edited_on_a_branch(course, french=False)
    [outdated] = _outdated(course)
    assert outdated.path == "content/fr/chapter1/loading.mdx"
    assert f"first in {edited[:9]}" in outdated.message


def test_an_edit_of_both_another_branch_renamed_is_current(course: Path) -> None:
    _renamed_on_main_edited_on_a_branch(course, french=True)
    assert _outdated(course) == []
