"""``coursekit fix translations`` on histories planted with real ``git``: a block the
source both moved and changed is the same block that drifted (as the alignment pairs
blocks by similarity): it moves and merges, its translated comments, strings and
outputs kept where the source did not change them. Each case beside its counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixes.test_fix_translations import _after, _plan, _prose
from tests.fixes.test_fix_translations_places import LOOK, MOVE_EN, MOVE_FR, _planted

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

AUDIO = "# look at it\nprint(clips[0]['audio'])\n```\n\n```python out\n{'a': 1}\n```\n"
"""The LOOK block with its code changed and its output as it was."""


def _moved(block: str) -> str:
    """MOVE_EN with LOOK taken out of its section and ``block`` after the play block."""
    return MOVE_EN.replace(LOOK + "\n", "").replace(
        "play(clips[0])\n```\n", "play(clips[0])\n```\n\n```py\n" + block)


def test_a_block_moved_to_another_section_and_changed_keeps_its_translation(
        tmp_path: Path) -> None:
    after = _after(_planted(tmp_path, MOVE_EN, MOVE_FR, _moved(AUDIO)))
    assert "# le regarder\nprint(clips[0]['audio'])\n```\n\n```python out\n{'a': 1}\n```" \
        in after
    assert "# look at it" not in after
    assert after.count("print(clips[0]") == 1
    assert after.index("## Jouer") < after.index("play(clips[0])") < \
        after.index("# le regarder")
    assert _prose(after) == _prose(MOVE_FR)


def test_a_block_moved_and_changed_keeps_its_translated_output(tmp_path: Path) -> None:
    fr = MOVE_FR.replace("{'a': 1}", "{'un': 1}")
    after = _after(_planted(tmp_path, MOVE_EN, fr, _moved(AUDIO)))
    assert "# le regarder\nprint(clips[0]['audio'])\n```\n\n```python out\n{'un': 1}\n```" \
        in after
    assert after.count("```python out") == 1


def test_a_block_moved_within_its_section_and_changed_keeps_its_translation(
        tmp_path: Path) -> None:
    small = '```py\n# the small one\nclips = load_dataset("clips-small")\n```\n\n'
    swapped = MOVE_EN.replace(small + LOOK, LOOK.replace("print(clips[0])", "print(clips[1])")
                              + "\n" + small.rstrip("\n") + "\n")
    after = _after(_planted(tmp_path, MOVE_EN, MOVE_FR, swapped))
    assert after.index("# le regarder\nprint(clips[1])") < after.index("# le petit") < \
        after.index("## Jouer")
    assert "# look at it" not in after
    assert after.count("clips-small") == 1


def test_a_block_removed_and_an_unlike_block_added_are_not_a_move(tmp_path: Path) -> None:
    other = "import soundfile\nsoundfile.write('out.wav', clips[0]['array'], 16000)\n```\n"
    root = _planted(tmp_path, MOVE_EN, MOVE_FR, _moved(other))
    after = _after(root)
    assert "# le regarder" not in after
    assert "print(clips[0])" not in after
    assert "soundfile.write('out.wav', clips[0]['array'], 16000)" in after
    [fix] = _plan(root).fixes
    assert fix.plan.conflicts == ()
