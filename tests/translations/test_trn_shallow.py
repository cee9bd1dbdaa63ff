"""Freshness in a shallow clone (``git clone --depth``, a CI checkout's default): the
commits at the cut list every file as made there, and a commit beyond the cut may be an
ancestor of one in front of it. No translation is called outdated for what the cut
hides, a change made on top of the cut is still found, and the run says that its
history is cut (``TRN007``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli, main
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.git_history import commit, git, plant
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, TOCTREE, TRAIN_SPLIT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

LISTENING_FR = LOAD_FR + "\n## Écouter[[listening]]\n"
"""The translation grown by a section of its own: a change of its substance, made
after the source's split, which it keeps without."""


def _findings(root: Path) -> list[Diagnostic]:
    return [d for d in check_translations(Corpus(Course.open(root))).diagnostics
            if d.rule in ("TRN005", "TRN007")]


def _cached_rules(root: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(["check", "lessons", "--root", str(root), "--format", "json"])
    return sorted(d["rule"] for d in json.loads(capsys.readouterr().out)["diagnostics"]
                  if d["rule"] in ("TRN005", "TRN007"))


@pytest.fixture
def origin(tmp_path: Path) -> Path:
    """main: first - split - other - fr section - two more - merge; a side branch from
    the split (one commit) merged at the end. Four commits deep, the clone keeps the
    split and the first commit through the side branch and cuts main at the French
    section: a commit that saw the split, though the clone cannot show it."""
    root = tmp_path / "origin"
    plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                 "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR}, "First")
    commit(root, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    git(root, "branch", "side")
    commit(root, {"notes.md": "one\n"}, "Other", "2024-02-10T12:00:00")
    commit(root, {"fr/chapter1/1.mdx": LISTENING_FR}, "fr: a section", "2024-03-01T12:00:00")
    commit(root, {"notes.md": "two\n"}, "Two", "2024-03-10T12:00:00")
    commit(root, {"notes.md": "three\n"}, "Three", "2024-03-20T12:00:00")
    git(root, "checkout", "-q", "side")
    commit(root, {"side.md": "side\n"}, "Side", "2024-02-05T12:00:00")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge side", "side", date="2024-04-01T12:00:00")
    return root


def _clone(origin: Path, depth: int | None) -> Path:
    target = origin.parent / f"clone-{depth}"
    git(origin.parent, "clone", "-q", *(["--depth", str(depth)] if depth else []),
        f"file://{origin}", target.name)
    return target


def _cut(root: Path) -> set[str]:
    marks = git(root, "log", "--format=%s %D", "--decorate-refs-exclude=*",
                "--decorate-refs-exclude=HEAD")
    return {line.split(" grafted")[0] for line in marks.splitlines() if "grafted" in line}


def test_a_commit_beyond_the_cut_makes_no_translation_outdated(
        origin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The whole history: the French section came after the split, so it is current.
    assert _findings(_clone(origin, None)) == []
    shallow = _clone(origin, 4)
    # Cut at the French section; the split is in the clone, through the side branch.
    assert "fr: a section" in _cut(shallow)
    assert "Split" in git(shallow, "log", "--format=%s")
    assert "Split" not in _cut(shallow)
    [cut] = _findings(shallow)
    assert (cut.rule, cut.path, cut.line) == ("TRN007", "content", None)
    assert "fetch-depth: 0" in (cut.hint or "")
    assert _cached_rules(shallow, capsys) == ["TRN007"]


def test_a_change_made_on_top_of_the_cut_is_still_found(
        origin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shallow = _clone(origin, 4)
    commit(shallow, {"en/chapter1/1.mdx": TRAIN_SPLIT + "\n```py\nprint(len(clips))\n```\n"},
           "Count the clips", "2024-05-01T12:00:00")
    outdated, cut = _findings(shallow)
    assert outdated.rule == "TRN005"
    assert outdated.path == "content/fr/chapter1/1.mdx"
    assert '"Count the clips"' in outdated.message
    assert cut.rule == "TRN007"
    assert _cached_rules(shallow, capsys) == ["TRN005", "TRN007"]


def test_one_commit_deep_every_translation_seems_current_and_the_run_says_why(
        origin: Path) -> None:
    commit(origin, {"en/chapter1/1.mdx": TRAIN_SPLIT + "\n```py\nprint(len(clips))\n```\n"},
           "Count the clips", "2024-05-01T12:00:00")
    assert [d.rule for d in _findings(_clone(origin, None))] == ["TRN005"]
    assert [d.rule for d in _findings(_clone(origin, 1))] == ["TRN007"]


def test_a_course_without_translations_hears_nothing_of_the_cut(tmp_path: Path) -> None:
    root = tmp_path / "origin"
    plant(root, {"en/_toctree.yml": TOCTREE, "en/chapter1/1.mdx": LOAD}, "First")
    commit(root, {"en/chapter1/1.mdx": TRAIN_SPLIT}, "Split", "2024-02-01T12:00:00")
    assert _findings(_clone(root, 1)) == []


OWN_CODE_FR = LOAD_FR.replace(
    'from datasets import load_dataset\n\nclips = load_dataset("clips-small")',
    'import soundfile\n\nclip, rate = soundfile.read("one.wav")',
).replace("print(clips[0])", "print(rate, len(clip))")
"""A translation with code of its own from the start: it shares little with its source's."""


def test_the_files_a_cut_commit_lists_are_no_change(tmp_path: Path) -> None:
    """A side branch, merged, is cut in the clone while main is whole: its cut commit
    lists the source as made there, on a line the translation (made later, on main)
    never saw. Made there, the source would be a change the translation lacks: its
    code is its own."""
    root = tmp_path / "origin"
    plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                 "en/chapter1/1.mdx": LOAD}, "First")
    git(root, "branch", "side")
    commit(root, {"fr/chapter1/1.mdx": OWN_CODE_FR}, "fr: translated", "2024-02-01T12:00:00")
    git(root, "checkout", "-q", "side")
    for day in range(1, 6):
        commit(root, {"side.md": f"{day}\n"}, f"Side {day}", f"2024-01-0{day + 1}T12:00:00")
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge side", "side", date="2024-03-01T12:00:00")
    assert [d.rule for d in _findings(_clone(root, None))] == []
    shallow = _clone(root, 4)
    assert _cut(shallow) == {"Side 3"}  # main whole: its first commit has no parent to lack
    assert [d.rule for d in _findings(shallow)] == ["TRN007"]


def _coverage(root: Path, capsys: pytest.CaptureFixture[str], *fmt: str) -> str:
    main(["coverage", "--root", str(root), *fmt])
    return capsys.readouterr().out


def test_coverage_says_what_judged_it(origin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole, shallow = _clone(origin, None), _clone(origin, 1)
    assert json.loads(_coverage(whole, capsys, "--format", "json"))["history"] == "whole"
    assert json.loads(_coverage(shallow, capsys, "--format", "json"))["history"] == "shallow"
    assert "history is shallow" in _coverage(shallow, capsys)
    assert "history is shallow" not in _coverage(whole, capsys)
    assert 'class="notice"' in _coverage(shallow, capsys, "--format", "html")
    assert 'class="notice"' not in _coverage(whole, capsys, "--format", "html")
    shutil.rmtree(whole / ".git")
    assert json.loads(_coverage(whole, capsys, "--format", "json"))["history"] == "none"


def test_since_a_commit_beyond_the_cut_says_the_clone_is_shallow(origin: Path) -> None:
    runner = CliRunner()
    args = ["check", "lessons", "--since", "HEAD~2"]
    shallow = runner.invoke(cli, [*args, "--root", str(_clone(origin, 1))])
    assert shallow.exit_code == 2
    assert "no such revision" in shallow.output and "the clone is shallow" in shallow.output
    # Its counterpart: a revision that no history has, in a whole clone.
    whole = runner.invoke(cli, ["check", "lessons", "--since", "nothing-here",
                                "--root", str(_clone(origin, None))])
    assert whole.exit_code == 2
    assert "no such revision" in whole.output and "shallow" not in whole.output


def test_the_text_report_gives_the_cut_in_full(origin: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "lessons", "--root", str(_clone(origin, 1))])
    lines = capsys.readouterr().out.splitlines()
    at = lines.index(next(line for line in lines if "TRN007" in line))
    assert lines[at].startswith("content: warning TRN007 the git history is shallow")
    assert lines[at + 1].startswith("    fix: fetch the whole history")
