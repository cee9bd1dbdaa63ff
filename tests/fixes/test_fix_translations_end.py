"""``coursekit fix translations`` at the end of a translation: a block added to its last
section, in a file with no final line break, and in a file that already has a
``code-synced`` line; a last fence never closed. Each case beside its counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.translations.check import check_translations
from tests.fixes.test_fix_translations import EN, FR, FRENCH, _after, _source
from tests.git_history import commit, git, plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

NOTES_EN = "\n## Notes[[notes]]\n\nSome notes.\n"
NOTES_FR = "\n## Notes[[notes]]\n\nQuelques notes.\n"
SAVE = "\n```py\nsave(clips)\n```\n"


def _planted(tmp_path: Path, fr: str, en: str = EN + NOTES_EN) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, en, fr)


def _marker(root: Path) -> str:
    return ("<!-- coursekit: code-synced source=" + git(root, "rev-parse", "HEAD")[:12]
            + " prose=" + git(root, "log", "-1", "--format=%H", "--", FRENCH)[:12] + " -->\n")


@pytest.mark.parametrize("final_break", ["\n", ""])
def test_a_block_added_at_the_end_of_a_file_is_set_off_by_blank_lines(
        tmp_path: Path, final_break: str) -> None:
    root = _planted(tmp_path, FR + NOTES_FR.removesuffix("\n") + final_break)
    _source(root, EN + NOTES_EN + SAVE)
    assert _after(root).endswith("Quelques notes.\n" + SAVE + "\n" + _marker(root))


@pytest.mark.parametrize("final_break", ["\n", ""])
def test_a_block_added_after_the_last_fence_of_a_file_is_set_off_by_blank_lines(
        tmp_path: Path, final_break: str) -> None:
    root = _planted(tmp_path, FR.removesuffix("\n") + final_break, EN)
    _source(root, EN + SAVE)
    assert _after(root).endswith("play(clips[0])\n```\n" + SAVE + "\n" + _marker(root))


def test_a_block_added_to_the_last_section_goes_before_the_code_synced_line(
        tmp_path: Path) -> None:
    root = _planted(tmp_path, FR + NOTES_FR)
    _source(root, EN.replace("play(clips[0])", "play(clips[0], rate=16000)") + NOTES_EN)
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)])
    assert done.exit_code == 0, done.output
    synced = (root / FRENCH).read_text(encoding="utf-8")
    assert synced.endswith("Quelques notes.\n\n" + _marker(root))
    commit(root, {}, "fr: code synced", "2024-02-02T12:00:00")
    _source(root, EN.replace("play(clips[0])", "play(clips[0], rate=16000)") + NOTES_EN + SAVE,
            "Save", "2024-03-01T12:00:00")
    after = _after(root)
    assert after.count("code-synced") == 1
    assert after.endswith("Quelques notes.\n" + SAVE + "\n<!-- coursekit: code-synced source="
                          + git(root, "rev-parse", "HEAD")[:12] + " prose="
                          + synced.rsplit("prose=", 1)[1])


@pytest.mark.parametrize("closed", [True, False])
def test_a_fence_that_cannot_be_placed_is_named_with_its_file_and_line(
        tmp_path: Path, closed: bool) -> None:
    root = _planted(tmp_path, FR if closed else FR.removesuffix("```\n"), EN)
    _source(root, EN.replace("play(clips[0])", "play(clips[0], rate=16000)"))
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), "--check"])
    line = FR.splitlines().index("play(clips[0])")  # the fence opens on the line before
    said = (f"{FRENCH}:{line}: block left as it was: its fence cannot be placed in the file "
            "exactly: the fence is not closed where its code ends (LES103); close the fence, "
            "and `coursekit fix translations` syncs it then")
    assert (said in done.output.splitlines()) is not closed
    # Closed, the block would change; unclosed, it is left to a person: both fail.
    assert done.exit_code == 1, done.output


@pytest.mark.parametrize("closed", [True, False])
def test_a_file_whose_last_fence_is_never_closed_is_left_as_it_was(
        tmp_path: Path, closed: bool) -> None:
    """The code-synced line at its end would be read as that fence's code: nothing of the
    file is written, with why, though the block the source changed is another."""
    fr = FR if closed else FR.removesuffix("```\n")
    root = _planted(tmp_path, fr, EN)
    _source(root, EN.replace("print(clips[0])", "print(clips[0]['audio'])"))
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)])
    assert done.exit_code == (0 if closed else 1), done.output
    written = (root / FRENCH).read_text(encoding="utf-8")
    assert ("print(clips[0]['audio'])" in written) is closed
    assert written.endswith("```\n\n" + _marker(root) if closed else "play(clips[0])\n")
    line = fr.splitlines().index("play(clips[0])")  # the fence opens on the line before
    said = (f"{FRENCH}:{line}: not synced: its last fence is never closed, so the "
            "`code-synced` line at the end of the file would be read as its code: close the "
            "fence, and `coursekit fix translations` syncs the file then")
    assert (said in done.output.splitlines()) is not closed


@pytest.mark.parametrize("placed", [True, False])
def test_code_left_to_a_person_is_named_in_the_line_and_listed_again(
        tmp_path: Path, placed: bool) -> None:
    """A block left as it was (its fence cannot be placed): the line names the base the
    run merged from, and once committed the next run lists the block again."""
    en = EN.replace("```py\nplay(clips[0])\n```\n", ITEM)
    fr = FR.replace("```py\nplay(clips[0])\n```\n",
                    ITEM if placed else ITEM.replace("      play", "\t  play"))
    root = _planted(tmp_path, fr, en)
    base = git(root, "rev-parse", "HEAD")
    _source(root, en.replace("print(clips[0])", "print(clips[0]['audio'])")
                    .replace("play(clips[0])", "play(clips[0], rate=16000)"))
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)])
    assert done.exit_code == (0 if placed else 1), done.output
    after = (root / FRENCH).read_text(encoding="utf-8")
    assert "print(clips[0]['audio'])" in after  # carried either way
    assert ("play(clips[0], rate=16000)" in after) is placed
    assert after.endswith(_marker(root) if placed else
                          _marker(root).replace(" -->", f" base={base[:12]} -->"))
    commit(root, {}, "fr: code synced", "2024-02-02T12:00:00")
    # Committed, the block left is listed again, and check says the file is outdated
    # in code, and where it differs from its source.
    again = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), "--check"])
    assert again.exit_code == (0 if placed else 1), again.output
    assert ("block left as it was" in again.output) is not placed
    found = check_translations(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, "rate=16000" in d.message, "in part" in d.message) for d in found] == (
        [] if placed else [("TRN005", False, True), ("TRN201", True, False)]), found


ITEM = "- Play it:\n\n  ```py\n  if clips:\n      play(clips[0])\n  ```\n"
"""The last block in a list item, as the source writes it."""
TAB = ("line {} is indented with a tab, which the lesson reader turns into spaces inside an "
       "indented or quoted fence; indent the code with spaces")
MARKER = ("its opening line also opens a list item; start the fence on a line of its own, "
          "indented under the item's text")


@pytest.mark.parametrize(("written", "why"), [
    (ITEM.replace("      play", "\t  play"), TAB),
    ("- ```py\n  if clips:\n      play(clips[0])\n  ```\n", MARKER),
    (ITEM, None),  # the clean counterpart: carried over
])
def test_a_block_in_a_list_item_that_cannot_be_placed_says_why(
        tmp_path: Path, written: str, why: str | None) -> None:
    """The translation's block reads as the source's, but its lines are written so that
    they cannot be put back in place: it is left, with why and what to do."""
    en = EN.replace("```py\nplay(clips[0])\n```\n", ITEM)
    fr = FR.replace("```py\nplay(clips[0])\n```\n", written)
    root = _planted(tmp_path, fr, en)
    _source(root, en.replace("play(clips[0])", "play(clips[0], rate=16000)"))
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)])
    opening = max(n for n, line in enumerate(fr.splitlines(), 1) if "```py" in line)
    said = [line for line in done.output.splitlines() if "left as it was" in line]
    assert said == ([] if why is None else [
        f"{FRENCH}:{opening}: block left as it was: its fence cannot be placed in the file "
        f"exactly: {why.format(opening + 2)}, and `coursekit fix translations` syncs it then"])
    after = (root / FRENCH).read_text(encoding="utf-8")
    assert (after == fr if why else "play(clips[0], rate=16000)" in after), after
    assert done.exit_code == (0 if why is None else 1), done.output


@pytest.mark.parametrize("opening", ["- ```python out", "  ```python out"])
def test_an_output_fence_that_cannot_be_placed_says_which_and_why(
        tmp_path: Path, opening: str) -> None:
    """The source changes a block's code and output; the translation's output fence, opened on a
    list item's line, is named with why; its clean counterpart is carried over."""
    en = EN.replace("```py\nplay(clips[0])\n```\n", ITEM + "\n  ```python out\n  played\n  ```\n")
    fr = FR.replace("```py\nplay(clips[0])\n```\n", ITEM + f"\n{opening}\n  played\n  ```\n")
    root = _planted(tmp_path, fr, en)
    _source(root, en.replace("  played\n", "  played at 16 kHz\n").replace(
        "play(clips[0])", "play(clips[0], rate=16000)"))
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)])
    lines = fr.splitlines()
    code, output = (max(n for n, line in enumerate(lines, 1) if line.endswith(fence))
                    for fence in ("```py", "```python out"))
    said = [line for line in done.output.splitlines() if "left as it was" in line]
    placed = opening.startswith(" ")
    assert said == ([] if placed else [
        f"{FRENCH}:{code}: block left as it was: its output fence at line {output} cannot be "
        f"placed in the file exactly: {MARKER}, and `coursekit fix translations` syncs it "
        "then"])
    assert ("played at 16 kHz" in (root / FRENCH).read_text(encoding="utf-8")) is placed
