"""Translation freshness on a git history planted in the test with real ``git``: which
translations are outdated, since which source commit, and what folds into the finding."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Code
from coursekit.translations.check import check_translations, coverage
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import History
from coursekit.translations.languages import load_language
from coursekit.translations.verdict import Verdict
from tests.git_history import commit as _commit
from tests.git_history import git as _git
from tests.git_history import plant as _plant
from tests.git_history import write as _write

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

TOCTREE = """\
- title: 1. Sounds
  sections:
  - local: chapter1/1
    title: Loading sounds
  - local: chapter1/2
    title: Playing sounds
"""

LOAD = """\
# Loading sounds[[loading]]

We load a dataset of short clips.

```py
from datasets import load_dataset

clips = load_dataset("clips-small")
```

## Looking at one[[one]]

```py
print(clips[0])
```
"""
LOAD_FR = """\
# Charger des sons[[loading]]

Nous chargeons un jeu de données de courts extraits.

```py
from datasets import load_dataset

clips = load_dataset("clips-small")
```

## En regarder un[[one]]

```py
print(clips[0])
```
"""
PLAY = """\
# Playing sounds[[playing]]

```py
import sounddevice

sounddevice.play([0.0, 0.1])
```
"""
PLAY_FR = """\
# Jouer des sons[[playing]]

```py
import sounddevice

sounddevice.play([0.0, 0.1])
```
"""


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """Source and French translation, both written on 2024-01-01."""
    root = tmp_path / "course"
    _plant(root, {
        "en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
        "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR,
        "en/chapter1/2.mdx": PLAY, "fr/chapter1/2.mdx": PLAY_FR,
    }, "Course and its French translation")
    return root


def _check(root: Path) -> list[Diagnostic]:
    return check_translations(Corpus(Course.open(root))).diagnostics


def _shown(found: list[Diagnostic]) -> list[tuple[str, str]]:
    return sorted((d.path, d.rule) for d in found if not d.folded)


def test_a_translation_written_with_its_source_is_fresh(course: Path) -> None:
    assert _check(course) == []


def test_a_source_code_change_outdates_the_translation_since_that_commit(course: Path) -> None:
    _commit(course, {"en/chapter1/2.mdx": "# Moved\n"}, "Unrelated lesson", "2024-02-01T12:00:00")
    changed = _commit(course, {"en/chapter1/1.mdx": LOAD.replace(
        'clips = load_dataset("clips-small")',
        'clips = load_dataset("clips-small", split="train")\nclips = clips.shuffle()')},
        "Load the train split", "2024-03-05T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace("short clips", "short audio clips")
                     .replace('clips = load_dataset("clips-small")',
                              'clips = load_dataset("clips-small", split="train")\n'
                              'clips = clips.shuffle()')},
            "Reword the introduction", "2024-04-01T12:00:00")
    found = _check(course)
    [outdated] = [d for d in found
                  if d.rule == "TRN005" and d.path == "content/fr/chapter1/1.mdx"]
    assert outdated.severity.value == "warning"
    assert f"first in {changed[:9]} (2024-03-05, \"Load the train split\")" in outdated.message
    assert "last translated in" in outdated.message and "(2024-01-01)" in outdated.message
    assert "changed since in code (1 block new or changed, 1 removed)" in outdated.message
    # The drifted block is a difference of an older translation: folded, listed with
    # --show-all, counted in the finding.
    assert [d.rule for d in found if d.folded and d.path == outdated.path] == ["TRN201"]
    assert "1 difference from the current source folds into this finding" in outdated.message
    assert ("content/fr/chapter1/2.mdx", "TRN005") in _shown(found)


def test_a_translation_edited_after_its_source_is_fresh(course: Path) -> None:
    new_code = LOAD.replace('load_dataset("clips-small")', 'load_dataset("clips-large")')
    _commit(course, {"en/chapter1/1.mdx": new_code}, "Bigger clips", "2024-02-01T12:00:00")
    assert [d.rule for d in _check(course)] == ["TRN005"]
    _commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace('"clips-small"', '"clips-large"')},
            "fr: bigger clips", "2024-02-10T12:00:00")
    assert _check(course) == []


def test_a_source_edit_of_prose_and_comments_only_is_not_substance(course: Path) -> None:
    reworded = (LOAD.replace("We load a dataset of short clips.", "Here we load short clips.")
                .replace("## Looking at one[[one]]", "## A first look[[one]]")
                .replace("print(clips[0])", "print(clips[0])  # the first clip"))
    _commit(course, {"en/chapter1/1.mdx": reworded}, "Reword", "2024-02-01T12:00:00")
    assert _check(course) == []


def test_a_heading_or_framework_block_change_is_substance(course: Path) -> None:
    split = LOAD.replace("## Looking at one[[one]]",
                         "## Looking at one[[one]]\n\n{#if fw === 'pt'}\n\nIn PyTorch.\n\n"
                         "{:else}\n\nIn TensorFlow.\n\n{/if}\n\n## Listening[[listening]]")
    _commit(course, {"en/chapter1/1.mdx": split}, "Frameworks", "2024-02-01T12:00:00")
    [outdated] = [d for d in _check(course) if d.rule == "TRN005"]
    assert "headings (2 then, 3 now), framework blocks" in outdated.message


def test_the_structural_error_of_an_older_translation_folds_into_its_finding(
    course: Path,
) -> None:
    """The translation keeps the framework blocks its source dropped: an error while
    nothing tells it is older, one warning once history does."""
    with_blocks = LOAD_FR.replace("## En regarder un[[one]]",
                                  "{#if fw === 'pt'}\n\nPyTorch.\n\n{:else}\n\nTensorFlow.\n\n"
                                  "{/if}\n\n## En regarder un[[one]]")
    source_with = LOAD.replace("## Looking at one[[one]]",
                               "{#if fw === 'pt'}\n\nPyTorch.\n\n{:else}\n\nTensorFlow.\n\n"
                               "{/if}\n\n## Looking at one[[one]]")
    _commit(course, {"en/chapter1/1.mdx": source_with, "fr/chapter1/1.mdx": with_blocks},
            "Framework blocks", "2024-02-01T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": LOAD}, "One text for both", "2024-03-01T12:00:00")
    found = _check(course)
    assert _shown(found) == [("content/fr/chapter1/1.mdx", "TRN005")]
    assert [d.rule for d in found if d.folded] == ["TRN105"]
    # Without history, the same files: the structural finding stands.
    (course / "coursekit.toml").write_text("[translations]\nhistory = false\n")
    assert "TRN105" in [d.rule for d in _check(course)]


def test_what_the_older_translation_breaks_itself_stays_an_error(course: Path) -> None:
    broken = LOAD_FR.replace("clips = load_dataset", "extraits = load_dataset")
    _commit(course, {"fr/chapter1/1.mdx": broken}, "fr: rename", "2024-01-15T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace('"clips-small"', '"clips-large"')},
            "Bigger clips", "2024-02-01T12:00:00")
    # The renamed variable is the translation's own drift, not its source's change: it
    # stays a finding of its own beside the outdated one, never folded into it.
    assert _shown(_check(course)) == [("content/fr/chapter1/1.mdx", "TRN005"),
                                      ("content/fr/chapter1/1.mdx", "TRN201"),
                                      ("content/fr/chapter1/1.mdx", "TRN204")]
    assert [d.severity.value for d in _check(course) if d.rule == "TRN204"] == ["error"]


def test_an_older_version_of_the_same_lesson_is_no_section_mismatch(course: Path) -> None:
    """The source moved another lesson to this path after the translation was made: the
    translation is outdated, not "not a translation"; a file that never translated any
    version of the source still is."""
    _commit(course, {"en/chapter1/1.mdx": PLAY.replace("Playing sounds[[playing]]",
                                                       "Playing[[playing]]")
                     .replace("sounddevice.play([0.0, 0.1])",
                              "sounddevice.play([0.0, 0.1])\nsounddevice.wait()\n"
                              "sounddevice.stop()")},
            "Chapter 1 starts with playing", "2024-02-01T12:00:00")
    found = _check(course)
    assert ("content/fr/chapter1/1.mdx", "TRN003") not in _shown(found)
    assert ("content/fr/chapter1/1.mdx", "TRN005") in _shown(found)
    (course / "coursekit.toml").write_text("[translations]\nhistory = false\n")
    assert ("content/fr/chapter1/1.mdx", "TRN003") in _shown(_check(course))
    (course / "coursekit.toml").unlink()
    other = ("# Autre chose[[autre]]\n\n```py\nimport numpy\nnumpy.zeros(3)\n```\n\n"
             "## Encore[[encore]]\n\n```py\nnumpy.ones(2)\n```\n\n"
             "## Toujours[[toujours]]\n\n### Plus bas[[bas]]\n\n```py\nnumpy.eye(2)\n```\n\n"
             "```py\nnumpy.full(2, 7)\n```\n")
    _commit(course, {"fr/chapter1/2.mdx": other}, "fr: another lesson", "2024-01-10T12:00:00")
    _commit(course, {"en/chapter1/2.mdx": PLAY.replace("[0.0, 0.1]", "[0.0, 0.2]")},
            "Louder", "2024-02-02T12:00:00")
    assert ("content/fr/chapter1/2.mdx", "TRN003") in _shown(_check(course))


def test_an_uncommitted_edit_of_prose_alone_leaves_a_translation_outdated(
        course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace('"clips-small"', '"clips-large"')},
            "Bigger clips", "2024-02-01T12:00:00")
    _write(course, {"fr/chapter1/1.mdx": LOAD_FR + "\nUne phrase de plus.\n"})
    assert ("content/fr/chapter1/1.mdx", "TRN005") in _shown(_check(course))


def test_an_uncommitted_translation_that_has_the_change_is_current(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace('"clips-small"', '"clips-large"')},
            "Bigger clips", "2024-02-01T12:00:00")
    _write(course, {"fr/chapter1/1.mdx": LOAD_FR.replace('"clips-small"', '"clips-large"')})
    assert "TRN005" not in [d.rule for d in _check(course)]


def test_coverage_says_outdated_by_the_same_verdict(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": LOAD.replace('"clips-small"', '"clips-large"')},
            "Bigger clips", "2024-02-01T12:00:00")
    [row] = coverage(Corpus(Course.open(course))).rows
    assert row.outdated == ("chapter1/1",)
    assert row.done == ("chapter1/2",)


TRAIN_SPLIT = LOAD.replace('load_dataset("clips-small")', 'load_dataset("clips-small", split="a")')
"""The source with a code change that is not only in a string."""


def test_show_all_lists_the_folded_differences(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    args = ["check", "lessons", "--root", str(course), "--format", "json"]
    default = json.loads(CliRunner().invoke(cli, args).output)["diagnostics"]
    assert [d["rule"] for d in default] == ["TRN005"]
    listed = json.loads(CliRunner().invoke(cli, [*args, "--show-all"]).output)["diagnostics"]
    assert sorted(d["rule"] for d in listed) == ["TRN005", "TRN201"]
    assert [d.get("folded", False) for d in sorted(listed, key=lambda d: d["rule"])] == [
        False, True]


@pytest.mark.parametrize("dropped", [["--ignore", "TRN005"], ["--select", "TRN2"]])
def test_differences_folded_into_an_outdated_finding_not_selected_are_their_own(
        course: Path, dropped: list[str]) -> None:
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    args = ["check", "lessons", "--root", str(course), "--format", "json", *dropped]
    shown = json.loads(CliRunner().invoke(cli, args).output)["diagnostics"]
    assert [(d["rule"], d["severity"], d.get("folded", False)) for d in shown] == [
        ("TRN201", "warning", False)]  # not hidden with the finding the run dropped


def test_a_course_inside_another_checkout_is_judged_by_structure(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "course").mkdir(parents=True)
    _git(root, "init", "-q")
    course = root / "course"
    _write(course, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                    "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR})
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "all", date="2024-01-01T12:00:00")
    _write(course, {"en/chapter1/1.mdx": TRAIN_SPLIT})
    _git(root, "commit", "-q", "-am", "split", date="2024-02-01T12:00:00")
    assert [d.rule for d in _check(course)] == ["TRN201"]
    (course / "coursekit.toml").write_text("[translations]\nhistory = true\n")
    assert "TRN005" in [d.rule for d in _check(course)]


def test_since_checks_what_a_change_touched_and_the_translations_of_its_sources(
    course: Path,
) -> None:
    _commit(course, {"fr/chapter1/2.mdx": PLAY_FR + "\n```py\nnever_closed()\n"},
            "fr: an old defect", "2024-01-05T12:00:00")
    base = _git(course, "rev-parse", "HEAD")
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    args = ["check", "--root", str(course), "--format", "json"]
    since = CliRunner().invoke(cli, [*args, "--since", base])
    assert [(d["path"], d["rule"]) for d in json.loads(since.output)["diagnostics"]] == [
        ("content/fr/chapter1/1.mdx", "TRN005")]
    everything = json.loads(CliRunner().invoke(cli, args).output)["diagnostics"]
    assert ("content/fr/chapter1/2.mdx", "LES103") in {(d["path"], d["rule"]) for d in everything}
    unchanged = CliRunner().invoke(cli, [*args[:3], "--since", "HEAD"])
    assert (unchanged.exit_code, unchanged.output.strip()) == (
        0, "check: nothing changed since HEAD")
    unknown = CliRunner().invoke(cli, [*args, "--since", "no-such-revision"])
    assert unknown.exit_code == 2
    assert "no such revision" in unknown.output
    shutil.rmtree(course / ".git")  # no checkout at all: said so, not a revision unknown
    none = CliRunner().invoke(cli, [*args, "--since", "HEAD"])
    assert none.exit_code == 2
    assert "is in no git checkout, whose history would say what changed" in none.output


def test_a_fix_applied_to_every_language_does_not_make_an_older_translation_fresh(
    course: Path,
) -> None:
    changed = _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split",
                      "2024-02-01T12:00:00")
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT.replace("clips-small", "clips-tiny"),
                     "fr/chapter1/1.mdx": LOAD_FR.replace("clips-small", "clips-tiny")},
            "Rename the dataset in every language", "2024-03-01T12:00:00")
    [outdated] = [d for d in _check(course) if d.rule == "TRN005"]
    assert f"first in {changed[:9]} (2024-02-01, \"Split\")" in outdated.message


def _verdict(course: Path) -> Verdict | None:
    """What the course's history says of the French ``chapter1/1`` against its source."""
    corpus = Corpus(Course.open(course))
    history = History.open(course, "content")
    assert history is not None
    source = load_language(corpus, "en").lessons["chapter1/1"]
    translation = load_language(corpus, "fr").lessons["chapter1/1"]
    try:
        return Freshness(history).judge(source, translation)
    finally:
        history.close()


def test_each_version_of_the_source_a_translation_followed_is_compared_once(
    course: Path,
) -> None:
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    # Two prose fixes of the translation, both made beside the same source version.
    for day, word in (("2024-02-10", "petits"), ("2024-02-20", "brefs")):
        _commit(course, {"fr/chapter1/1.mdx": LOAD_FR.replace("courts", word)},
                f"fr: {word}", f"{day}T12:00:00")
    verdict = _verdict(course)
    assert verdict is not None
    assert verdict.outdated
    # The source it was written with, and the source as both fixes saw it: once each.
    assert [v.code[0].source for v in verdict.followed] == [
        LOAD.split("```py\n")[1].split("```")[0].rstrip("\n"),
        TRAIN_SPLIT.split("```py\n")[1].split("```")[0].rstrip("\n"),
    ]


def test_a_translation_is_judged_once_for_the_same_lessons(course: Path) -> None:
    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    corpus = Corpus(Course.open(course))
    history = History.open(course, "content")
    assert history is not None
    source = load_language(corpus, "en").lessons["chapter1/1"]
    translation = load_language(corpus, "fr").lessons["chapter1/1"]
    freshness = Freshness(history)
    try:
        first = freshness.judge(source, translation)
        assert freshness.judge(source, translation) is first
        # Its counterpart: the same file read again (another lesson object) is judged anew.
        again = load_language(Corpus(Course.open(course)), "fr").lessons["chapter1/1"]
        other = freshness.judge(source, again)
    finally:
        history.close()
    assert other is not first
    assert other == first


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the objects the history asks git for, from now on, in order."""
    asked: list[str] = []
    ask = History._ask

    def recorded(self: History, name: str) -> tuple[str, bytes] | None:
        asked.append(name)
        return ask(self, name)

    monkeypatch.setattr(History, "_ask", recorded)
    return asked


def test_the_source_as_it_is_now_is_never_read_from_git(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new = LOAD.replace('clips = load_dataset("clips-small")',
                       'clips = load_dataset("clips-small", split="train")')
    _commit(course, {"en/chapter1/1.mdx": new}, "Load the train split", "2024-03-05T12:00:00")
    asked = _asked(monkeypatch)
    verdict = _verdict(course)
    assert verdict is not None and verdict.outdated
    now = _git(course, "hash-object", "content/en/chapter1/1.mdx")
    then = _git(course, "rev-parse", "HEAD~1:content/en/chapter1/1.mdx")
    assert now not in asked  # parsed already: the lesson checked now
    assert then in asked  # its counterpart: the version before the change is read


def _late_catch_up(course: Path, caught_up: bool) -> tuple[str, str]:
    """The source gains a block; the translation fixes a typo, then (``caught_up``) takes
    the block a week later, the source unchanged in between; then the source gains
    another. The commits of the translation's last edit and of the second block."""
    block_a = '\n```py\nclips = clips.shuffle()\n```\n'
    block_b = '\n```py\nclips = clips.select(range(10))\n```\n'
    _commit(course, {"en/chapter1/1.mdx": LOAD + block_a}, "Shuffle", "2024-02-01T12:00:00")
    typo = LOAD_FR.replace("courts extraits", "courts extraits sonores")
    _commit(course, {"fr/chapter1/1.mdx": typo}, "fr: typo", "2024-02-05T12:00:00")
    last = _commit(course, {"fr/chapter1/1.mdx": (typo + block_a) if caught_up
                            else typo.replace("sonores", "audio")},
                   "fr: catch up" if caught_up else "fr: wording", "2024-02-20T12:00:00")
    second = _commit(course, {"en/chapter1/1.mdx": LOAD + block_a + block_b}, "Select",
                     "2024-03-01T12:00:00")
    return last, second


def test_a_late_catch_up_is_where_the_translation_was_last_translated(course: Path) -> None:
    last, second = _late_catch_up(course, caught_up=True)
    [outdated] = [d for d in _check(course) if d.rule == "TRN005"]
    assert f"last translated in {last[:9]} (2024-02-20)" in outdated.message
    assert f"first in {second[:9]} (2024-03-01" in outdated.message


def test_an_edit_of_prose_alone_is_no_translation_of_the_source(course: Path) -> None:
    _, _ = _late_catch_up(course, caught_up=False)
    [outdated] = [d for d in _check(course) if d.rule == "TRN005"]
    assert "last translated in" in outdated.message and "(2024-01-01)" in outdated.message


def test_a_change_the_translation_lacks_reads_no_translation_where_the_source_differs(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new = LOAD.replace('clips = load_dataset("clips-small")',
                       'clips = load_dataset("clips-small", split="train")')
    changed = _commit(course, {"en/chapter1/1.mdx": new}, "Load the train split",
                      "2024-03-05T12:00:00")
    asked = _asked(monkeypatch)
    verdict = _verdict(course)
    assert verdict is not None and verdict.outdated
    # Whether the change left both files as the translation saw them: the source says no
    # (it changed), so the translation as the change left it is not read.
    assert f"{changed}:./content/fr/chapter1/1.mdx" not in asked
    # Its counterpart: the source before the change is read.
    assert _git(course, "rev-parse", "HEAD~1:content/en/chapter1/1.mdx") in asked


def test_the_version_an_outdated_translation_followed_is_aligned_with_it_once(
        course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from coursekit.translations import align, check, sync

    _commit(course, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    calls: list[tuple[tuple[str, ...], tuple[str, ...]]] = []

    def recorded(source: Sequence[Code], translation: Sequence[Code],
                 *args: Any, **kwargs: Any) -> list[align.Pair]:
        calls.append((tuple(c.source for c in source), tuple(c.source for c in translation)))
        return align.align(source, translation, *args, **kwargs)

    monkeypatch.setattr(check, "align", recorded)
    monkeypatch.setattr(sync, "align", recorded)
    [outdated] = [d for d in _check(course) if d.rule == "TRN005"]
    assert "carries over 1 code block(s)" in outdated.message
    verdict = _verdict(course)
    assert verdict is not None and verdict.then is not None
    corpus = Corpus(Course.open(course))
    then = tuple(c.source for c in verdict.then.code)
    now = tuple(c.source for c in load_language(corpus, "en").lessons["chapter1/1"].code)
    fr = tuple(c.source for c in load_language(corpus, "fr").lessons["chapter1/1"].code)
    # fold's comparison and the sync plan share one alignment of the version it followed.
    assert calls.count((then, fr)) == 1
    # Its counterpart: the source now is aligned with the translation (its findings).
    assert calls.count((now, fr)) == 1
