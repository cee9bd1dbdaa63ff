"""What ``coursekit fix translations`` leaves to a person stays owed once the rest of
the file is synced and committed: its ``code-synced`` line names the base it merged
from, so history does not take the commit for a translator's catching up, and each
later run lists what is left again. And a shallow clone, whose history cannot give the
base, is said to be one. On histories planted with real ``git``; each case beside its
counterpart."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.fixes.translations import plan_translation_fixes
from coursekit.translations.check import check_translations, coverage
from coursekit.translations.coverage import Status
from tests.fixes.test_fix_translations import EN, FR, FRENCH, _source
from tests.git_history import commit, git, plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SAVING_EN = "\n## Saving it[[saving]]\n\nWe save it.\n\n```py\nsave(clips)\n```\n"
SAVING_FR = "\n## Le garder[[saving]]\n\nNous le gardons.\n\n```py\nsave(clips)\n```\n"
RATE = ("play(clips[0])", "play(clips[0], rate=16000)")


def _fix(root: Path, *options: str) -> Result:
    return CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), *options])


def _status(root: Path) -> Status:
    [row] = coverage(Corpus(Course.open(root))).rows
    [entry] = row.lessons[:1]
    return entry.status


def _outdated(root: Path) -> list[str]:
    return [d.message for d in check_translations(Corpus(Course.open(root))).diagnostics
            if d.rule == "TRN005"]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, EN, FR)


def test_a_sync_that_leaves_a_section_stays_outdated_once_committed(course: Path) -> None:
    translated = git(course, "rev-parse", "HEAD")
    _source(course, EN.replace(*RATE) + SAVING_EN, "Rate, and saving")
    done = _fix(course)
    assert done.exit_code == 1, done.output
    assert "`[[saving]]`" in done.output
    written = (course / FRENCH).read_text(encoding="utf-8")
    assert RATE[1] in written
    assert written.endswith(f"prose={translated[:12]} base={translated[:12]} -->\n")
    commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    # Committed, the file is not taken for one a translator brought up to date.
    [message] = _outdated(course)
    assert "in part, the rest left to merge" in message and "prose behind since" in message
    assert _status(course) is Status.OUTDATED_CODE  # code is owed, not prose alone
    [row] = coverage(Corpus(Course.open(course))).rows
    when = row.lessons[0].translated  # its prose's commit, not the one that synced its code
    assert when is not None and when.sha == translated
    again = _fix(course, "--check")
    assert again.exit_code == 1, again.output
    fence = (EN + SAVING_EN).splitlines().index("save(clips)")  # its 1-based line
    assert f"content/en/chapter1/1.mdx:{fence} not added" in again.output
    # Its counterpart: the translator translates the section and takes the line out.
    real = "".join(line for line in written.splitlines(keepends=True)
                   if "code-synced" not in line).rstrip("\n") + "\n" + SAVING_FR
    commit(course, {"fr/chapter1/1.mdx": real}, "fr: saving", "2024-02-03T12:00:00")
    assert _outdated(course) == []
    assert _status(course) is Status.CURRENT
    assert _fix(course, "--check").exit_code == 0


def test_a_conflict_left_is_listed_again_until_merged(course: Path) -> None:
    mine = FR.replace("print(clips[0])", "print(clips[1])")
    commit(course, {"fr/chapter1/1.mdx": mine}, "fr: the second clip", "2024-01-15T12:00:00")
    _source(course, EN.replace("print(clips[0])", 'print(clips[0]["audio"])').replace(*RATE))
    assert _fix(course).exit_code == 1
    written = (course / FRENCH).read_text(encoding="utf-8")
    assert RATE[1] in written
    assert " base=" in written
    commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    again = _fix(course, "--check")
    assert again.exit_code == 1, again.output
    assert "conflict: the source and the translation both changed" in again.output
    # The source's prose did not change: the code left is what is owed.
    [message] = _outdated(course)
    assert "in part, the rest left to merge" in message and "prose" not in message
    assert _status(course) is Status.OUTDATED_CODE
    # Its counterpart: a person merges the block as the source has it; the next run
    # finds nothing left and takes the base out of the line, and the file is current.
    commit(course, {"fr/chapter1/1.mdx": written.replace(
        "print(clips[1])", 'print(clips[0]["audio"])')}, "fr: merged", "2024-02-03T12:00:00")
    assert _fix(course).exit_code == 0
    assert " base=" not in (course / FRENCH).read_text(encoding="utf-8")
    commit(course, {}, "fr: merged, synced", "2024-02-04T12:00:00")
    assert _fix(course, "--check").exit_code == 0
    assert _outdated(course) == [] and _status(course) is Status.CURRENT


def _clone(origin: Path, depth: int | None) -> Path:
    target = origin.parent / f"clone-{depth}"
    git(origin.parent, "clone", "-q", *(["--depth", str(depth)] if depth else []),
        origin.as_uri(), target.name)
    return target


@pytest.mark.parametrize("depth", [1, None])
def test_a_shallow_clone_is_said_to_be_one_not_clean(course: Path, depth: int | None) -> None:
    _source(course, EN.replace(*RATE))
    clone = _clone(course, depth)
    run = plan_translation_fixes(Corpus(Course.open(clone)))
    assert run.shallow is (depth is not None)
    done = _fix(clone, "--check")
    if depth is None:  # the clean counterpart: the whole history, the block to carry
        assert done.exit_code == 1, done.output
        assert f"would sync {FRENCH} (1 code block(s))" in done.output
        return
    assert done.exit_code == 2, done.output
    assert "the git history is shallow" in done.output
    assert "`fetch-depth: 0` for actions/checkout, or `git fetch --unshallow`" in done.output
    assert "would sync" not in done.output



def test_a_conflict_merged_keeping_the_translations_own_change_says_how_to_end_it(
        course: Path) -> None:
    mine = FR.replace("print(clips[0])", "print(clips[1])")
    commit(course, {"fr/chapter1/1.mdx": mine}, "fr: the second clip", "2024-01-15T12:00:00")
    _source(course, EN.replace("print(clips[0])", "print(clips[0], flush=True)").replace(*RATE))
    first = _fix(course)
    assert first.exit_code == 1
    assert "take `base=` out of the file's `code-synced` line" in first.output
    written = (course / FRENCH).read_text(encoding="utf-8")
    commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    # The translator brings the source's change in and keeps the second clip: a merge
    # that still differs from the source, listed again until `base=` goes.
    commit(course, {"fr/chapter1/1.mdx": written.replace("print(clips[1])",
                                                         "print(clips[1], flush=True)")},
           "fr: merged, second clip kept", "2024-02-03T12:00:00")
    again = _fix(course, "--check")
    assert again.exit_code == 1 and "conflict:" in again.output, again.output
    # Its counterpart: `base=` taken out, as the hint says; the run is clean.
    kept = (course / FRENCH).read_text(encoding="utf-8")
    commit(course, {"fr/chapter1/1.mdx": re.sub(r" base=[0-9a-f]+", "", kept)},
           "fr: keep mine", "2024-02-04T12:00:00")
    done = _fix(course, "--check")
    assert done.exit_code == 0, done.output
    assert "conflict:" not in done.output


def test_a_conflict_alone_writes_no_line_and_its_hint_names_none(course: Path) -> None:
    mine = FR.replace("print(clips[0])", "print(clips[1])")
    commit(course, {"fr/chapter1/1.mdx": mine}, "fr: the second clip", "2024-01-15T12:00:00")
    _source(course, EN.replace("print(clips[0])", "print(clips[0], flush=True)"))
    done = _fix(course)
    assert done.exit_code == 1
    assert "merge it by hand: bring the source's change into the translation's block" \
        in done.output
    assert "base=" not in done.output
    assert (course / FRENCH).read_text(encoding="utf-8") == mine
