"""``coursekit fix translations`` on histories planted with real ``git``: what the
three-way merge of a block carries besides code. A string the source changed, a change
both sides made alike, and an output whose code did not change. Each case beside its
counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.lessons.model import Code
from coursekit.lessons.parse import parse_lesson
from coursekit.translations.merge import BlockMerge, Merge, merge_block
from tests.fixes.test_fix_translations import EN, FR, _after, _plan, _prose, _source
from tests.fixes.test_fix_translations import course as course  # the same planted history
from tests.git_history import commit

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

SMALL = 'clips = load_dataset("clips-small")'
OUTPUT = "```python out\nloaded\n```"



def test_a_string_the_source_changed_is_taken_where_the_translation_kept_it(
        course: Path) -> None:
    _source(course, EN.replace(SMALL, 'clips = load_dataset("clips-large")'))
    after = _after(course)
    assert 'clips = load_dataset("clips-large")' in after
    assert "# garder le petit" in after
    assert 'print("chargé")' in after  # translated, and the source left it as it was
    assert "code-synced" in after
    assert _prose(after) == _prose(FR)


def test_a_string_both_sides_changed_is_a_conflict_and_is_not_marked_synced(
        course: Path) -> None:
    _source(course, EN.replace('print("loaded")', 'print("done")'))
    run = _plan(course)
    [(_, conflict)] = run.conflicts
    assert conflict.translation.source.endswith('print("chargé")')
    assert conflict.source is not None
    assert conflict.source.source.endswith('print("done")')
    assert run.changed == []
    # Its counterpart: the translation's string is the source's new one already.
    commit(course, {"fr/chapter1/1.mdx": FR.replace('print("chargé")', 'print("done")')},
           "fr: done", "2024-02-02T12:00:00")
    assert _plan(course).changed == []
    assert _plan(course).conflicts == []


def _followed(course: Path, translation: str) -> None:
    """The source changes its import alone, then the source and the translation change
    the load line together (the translation in its own way, ``translation``)."""
    _source(course, EN.replace("import load_dataset\n", "import Audio, load_dataset\n"),
            "Import Audio", "2024-02-01T12:00:00")
    split = 'clips = load_dataset("clips-small", split="train")'
    commit(course, {"en/chapter1/1.mdx": EN.replace(SMALL, split).replace(
                        "import load_dataset\n", "import Audio, load_dataset\n"),
                    "fr/chapter1/1.mdx": FR.replace(SMALL, translation)},
           "Split in both", "2024-02-02T12:00:00")


def test_a_change_both_sides_made_alike_is_no_conflict(course: Path) -> None:
    _followed(course, 'clips = load_dataset("clips-small", split="train")')
    run = _plan(course)
    assert run.conflicts == []
    after = _after(course)
    assert "from datasets import Audio, load_dataset\n" in after
    assert 'clips = load_dataset("clips-small", split="train")' in after
    assert "# garder le petit" in after
    assert 'print("chargé")' in after


def test_a_change_both_sides_made_apart_is_a_conflict(course: Path) -> None:
    _followed(course, 'clips = load_dataset("clips-small", split="test")')
    run = _plan(course)
    [(_, conflict)] = run.conflicts
    assert 'split="test"' in conflict.translation.source
    assert run.changed == []


def test_an_output_kept_as_in_the_base_takes_the_source_output(course: Path) -> None:
    _source(course, EN.replace(OUTPUT, "```python out\nloaded 3\n```")
            .replace("play(clips[0])", "play(clips[0], rate=16000)"))
    after = _after(course)
    assert "```python out\nloaded 3\n```" in after
    assert 'print("chargé")' in after  # its code did not change: the block stays
    assert "play(clips[0], rate=16000)" in after


def test_an_output_the_translation_changed_stays_when_its_code_did_not_change(
        course: Path) -> None:
    commit(course, {"fr/chapter1/1.mdx": FR.replace(OUTPUT, "```python out\nchargé\n```")},
           "fr: output", "2024-01-15T12:00:00")
    _source(course, EN.replace(OUTPUT, "```python out\nloaded 3\n```")
            .replace("play(clips[0])", "play(clips[0], rate=16000)"))
    after = _after(course)
    assert "```python out\nchargé\n```" in after
    assert "loaded 3" not in after
    assert "play(clips[0], rate=16000)" in after


def _block(code: str) -> Code:
    lesson = parse_lesson(f"# Lesson\n\n```py\n{code}\n```\n", path="1.mdx", language="en")
    [block] = [b for b in lesson.blocks if isinstance(b, Code)]
    return block


BASE = 'name = "clip"\nprint(f"hello {name}" "!")'
SOURCE = 'name = "clip"\nprint(f"hi {name}" "!")'


def test_an_f_string_both_sides_changed_is_a_conflict() -> None:
    merged = merge_block(_block(BASE), _block(SOURCE),
                         _block('name = "clip"\nprint(f"bonjour {name}" "!")'))
    assert merged.outcome is Merge.CONFLICT
    # Its counterpart: the translation translated another string, on another line.
    merged = merge_block(_block(BASE), _block(SOURCE),
                         _block('name = "extrait"\nprint(f"hello {name}" "!")'))
    assert merged == BlockMerge(Merge.TAKEN, 'name = "extrait"\nprint(f"hi {name}" "!")',
                                kept_translation=True)


def test_a_translated_string_the_source_moved_to_another_line_keeps_its_translation(
        course: Path) -> None:
    _source(course, EN.replace('print("loaded")', 'logging.info(\n    "loaded"\n)'))
    after = _after(course)
    assert 'logging.info(\n    "chargé"\n)' in after
    assert "# garder le petit" in after
    assert _prose(after) == _prose(FR)
    # Its counterpart: code new next to the string takes the source's line, string too.
    merged = merge_block(_block('print("loaded")'), _block('print("loaded" + "!")'),
                         _block('print("chargé")'))
    assert merged == BlockMerge(Merge.TAKEN, 'print("loaded" + "!")')


def test_a_string_kept_on_a_line_whose_other_code_changed_keeps_its_translation() -> None:
    merged = merge_block(_block('print("hello", len(clips))'),
                         _block('n = len(clips)\nprint("hello", n)'),
                         _block('print("bonjour", len(clips))'))
    assert merged == BlockMerge(Merge.TAKEN, 'n = len(clips)\nprint("bonjour", n)',
                                kept_translation=True)
    # Its counterpart: a string the source changed there is the source's.
    merged = merge_block(_block('print("hello", len(clips))'),
                         _block('n = len(clips)\nprint("hi", n)'),
                         _block('print("hello", len(clips))'))
    assert merged == BlockMerge(Merge.TAKEN, 'n = len(clips)\nprint("hi", n)')
