"""``coursekit fix translations`` on histories planted with real ``git``: a three-way
merge per code block from the source the translation last followed, and the
``code-synced`` line that keeps the prose owed until a translator brings it up to date.
Each case beside its counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.fixes.translations import SyncRun, plan_translation_fixes
from coursekit.lessons.parse import parse_lesson
from coursekit.translations.check import check_translations
from tests.git_history import commit as _commit
from tests.git_history import git as _git
from tests.git_history import plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

EN = """\
# Loading sounds[[loading]]

We load a dataset of short clips.

```py
from datasets import load_dataset

# keep the small one
clips = load_dataset("clips-small")
print("loaded")
```

```python out
loaded
```

## Looking at one[[one]]

Let us look at the first clip.

```py
print(clips[0])
```

## Playing it[[playing]]

```py
play(clips[0])
```
"""
FR = """\
# Charger des sons[[loading]]

Nous chargeons un jeu de données de courts extraits.

```py
from datasets import load_dataset

# garder le petit
clips = load_dataset("clips-small")
print("chargé")
```

```python out
loaded
```

## En regarder un[[one]]

Regardons le premier extrait.

```py
print(clips[0])
```

## L'écouter[[playing]]

```py
play(clips[0])
```
"""
SOURCE = "content/en/chapter1/1.mdx"
FRENCH = "content/fr/chapter1/1.mdx"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return plant_pair(tmp_path / "course", TOCTREE, EN, FR)


def _source(root: Path, text: str, subject: str = "Source", date: str = "2024-02-01T12:00:00"
            ) -> str:
    return _commit(root, {"en/chapter1/1.mdx": text}, subject, date)


def _plan(root: Path) -> SyncRun:
    return plan_translation_fixes(Corpus(Course.open(root)))


def _after(root: Path) -> str:
    run = _plan(root)
    assert [fix.path for fix in run.changed] == [FRENCH]
    return run.changed[0].after.decode("utf-8")


def _prose(text: str) -> list[str]:
    """The lines outside code fences and the code-synced line: the translator's."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside and "code-synced" not in line and line.strip():
            out.append(line)
    return out


def _outdated(root: Path) -> list[Diagnostic]:
    return [d for d in check_translations(Corpus(Course.open(root))).diagnostics
            if d.rule == "TRN005"]


def test_a_byte_identical_block_takes_the_source_code(course: Path) -> None:
    _source(course, EN.replace("print(clips[0])\n", "print(clips[0][\"audio\"])\n"))
    after = _after(course)
    assert 'print(clips[0]["audio"])' in after
    assert _prose(after) == _prose(FR)
    # Its counterpart: the source changed only its prose; nothing to carry.
    _commit(course, {"en/chapter1/1.mdx": EN.replace("short clips", "brief clips")},
            "Prose", "2024-03-01T12:00:00")
    _commit(course, {"fr/chapter1/1.mdx": FR.replace("print(clips[0])\n",
                                                     "print(clips[0][\"audio\"])\n")},
            "fr: audio", "2024-03-02T12:00:00")
    _source(course, EN.replace("short clips", "brief clips").replace(
        "print(clips[0])\n", "print(clips[0][\"audio\"])\n"), "Audio again",
        "2024-03-03T12:00:00")
    assert _plan(course).changed == []


def test_translated_comments_and_strings_are_kept_where_their_code_did_not_change(
        course: Path) -> None:
    _source(course, EN.replace('clips = load_dataset("clips-small")',
                               'clips = load_dataset("clips-small", split="train")'))
    after = _after(course)
    assert "# garder le petit" in after
    assert 'print("chargé")' in after
    assert 'clips = load_dataset("clips-small", split="train")' in after
    assert _prose(after) == _prose(FR)


def test_a_string_whose_line_the_source_changed_takes_the_source_line(course: Path) -> None:
    _source(course, EN.replace('print("loaded")', 'print("loaded", len(clips))'))
    after = _after(course)
    assert 'print("loaded", len(clips))' in after
    assert "chargé" not in after
    assert "# garder le petit" in after  # its own line's code did not change


def test_output_fences_follow_their_code(course: Path) -> None:
    _source(course, EN.replace('print("loaded")', 'print("loaded", len(clips))').replace(
        "```python out\nloaded\n```", "```python out\nloaded 3\n```"))
    after = _after(course)
    assert "```python out\nloaded 3\n```" in after


def test_an_output_the_translation_translated_is_left_as_it_is(course: Path) -> None:
    _commit(course, {"fr/chapter1/1.mdx": FR.replace("```python out\nloaded\n```",
                                                     "```python out\nchargé\n```")},
            "fr: output", "2024-01-15T12:00:00")
    _source(course, EN.replace('print("loaded")', 'print("loaded", len(clips))').replace(
        "```python out\nloaded\n```", "```python out\nloaded 3\n```"))
    after = _after(course)
    assert "```python out\nchargé\n```" in after
    assert 'print("loaded", len(clips))' in after


def test_a_block_new_in_the_source_goes_in_its_section_in_order(course: Path) -> None:
    _source(course, EN.replace("print(clips[0])\n```\n",
                               "print(clips[0])\n```\n\n```py\nprint(len(clips))\n```\n"))
    after = _after(course)
    assert "print(clips[0])\n```\n\n```py\nprint(len(clips))\n```\n\n## L'écouter" in after
    assert _prose(after) == _prose(FR)


def test_a_block_new_in_a_section_the_translation_lacks_has_no_place(course: Path) -> None:
    _source(course, EN + "\n## Saving it[[saving]]\n\nWe save it.\n\n```py\nsave(clips)\n```\n")
    run = _plan(course)
    [fix] = run.fixes
    assert [code.source for code in fix.plan.unplaced] == ["save(clips)"]
    assert run.changed == []
    # Its counterpart: a section the translation has gets the block at its end.
    _source(course, EN + "\n```py\nsave(clips)\n```\n", "Save", "2024-03-01T12:00:00")
    assert _after(course).endswith("play(clips[0])\n```\n\n```py\nsave(clips)\n```\n\n"
                                   "<!-- coursekit: code-synced source="
                                   + _git(course, "rev-parse", "HEAD")[:12] + " prose="
                                   + _git(course, "log", "-1", "--format=%H", "--", FRENCH)[:12]
                                   + " -->\n")


def test_a_block_the_source_removed_goes(course: Path) -> None:
    _source(course, EN.replace("Let us look at the first clip.\n\n```py\nprint(clips[0])\n```\n",
                               "Let us look at the first clip.\n"))
    after = _after(course)
    assert "print(clips[0])" not in after
    assert _prose(after) == _prose(FR)


def test_a_block_the_source_moved_moves_with_its_translation(course: Path) -> None:
    moved = EN.replace("Let us look at the first clip.\n\n```py\nprint(clips[0])\n```\n",
                       "Let us look at the first clip.\n").replace(
        "```py\nplay(clips[0])\n```\n",
        "```py\nplay(clips[0], rate=16000)\n```\n\n```py\nprint(clips[0])\n```\n")
    _source(course, moved)
    after = _after(course)
    assert after.index("play(clips[0], rate=16000)") < after.index("print(clips[0])")
    assert after.count("print(clips[0])") == 1
    assert _prose(after) == _prose(FR)


def test_a_block_both_sides_changed_is_a_conflict_and_is_not_written(course: Path) -> None:
    _commit(course, {"fr/chapter1/1.mdx": FR.replace("print(clips[0])", "print(clips[1])")},
            "fr: the second clip", "2024-01-15T12:00:00")
    _source(course, EN.replace("print(clips[0])", "print(clips[0][\"audio\"])")
            .replace("play(clips[0])", "play(clips[0], rate=16000)"))
    run = _plan(course)
    [conflict] = run.conflicts
    assert conflict[1].base.source == "print(clips[0])"
    assert conflict[1].source is not None
    assert conflict[1].source.source == 'print(clips[0]["audio"])'
    assert conflict[1].translation.source == "print(clips[1])"
    after = _after(course)  # the other block is carried over all the same
    assert "print(clips[1])" in after
    assert "play(clips[0], rate=16000)" in after
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(course), "--check"])
    assert done.exit_code == 1
    assert "conflict" in done.output
    assert "| print(clips[1])" in done.output
    assert (course / FRENCH).read_text(encoding="utf-8") == FR.replace("print(clips[0])",
                                                                        "print(clips[1])")


def test_the_fix_writes_once_and_is_idempotent(course: Path) -> None:
    _source(course, EN.replace("play(clips[0])", "play(clips[0], rate=16000)"))
    runner = CliRunner()
    dry = runner.invoke(cli, ["fix", "translations", "--root", str(course), "--dry-run"])
    assert dry.exit_code == 1
    assert dry.output.startswith(f"--- a/{FRENCH}\n+++ b/{FRENCH}\n")
    assert (course / FRENCH).read_text(encoding="utf-8") == FR
    done = runner.invoke(cli, ["fix", "translations", "--root", str(course)])
    assert done.exit_code == 0, done.output
    written = (course / FRENCH).read_text(encoding="utf-8")
    assert "play(clips[0], rate=16000)" in written
    again = runner.invoke(cli, ["fix", "translations", "--root", str(course), "--check"])
    assert again.exit_code == 0
    _commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    assert _plan(course).changed == []


def test_check_marks_what_fix_translations_carries_over(course: Path) -> None:
    _source(course, EN.replace("play(clips[0])", "play(clips[0], rate=16000)"))
    [finding] = _outdated(course)
    assert finding.fix == "safe"
    assert "`coursekit fix translations` carries over 1 code block(s)" in finding.message


def test_a_conflict_alone_is_not_marked_fixable(course: Path) -> None:
    _commit(course, {"fr/chapter1/1.mdx": FR.replace("play(clips[0])", "play(clips[1])")},
            "fr: the second clip", "2024-01-15T12:00:00")
    _source(course, EN.replace("play(clips[0])", "play(clips[0], rate=16000)"))
    [finding] = _outdated(course)
    assert finding.fix is None
    assert "1 block(s) both sides changed" in finding.message


def test_code_synced_is_outdated_for_its_prose_until_a_real_translation(course: Path) -> None:
    first = _git(course, "rev-parse", "HEAD")
    changed = _source(course, EN.replace("short clips", "brief clips").replace(
        "play(clips[0])", "play(clips[0], rate=16000)"), "Rate and wording")
    assert CliRunner().invoke(cli, ["fix", "translations", "--root", str(course)]).exit_code == 0
    _commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    [finding] = _outdated(course)
    assert finding.message.startswith(f"outdated: code synced with {changed[:9]} (2024-02-01")
    assert f"prose behind since {changed[:9]} (2024-02-01, \"Rate and wording\")" in \
        finding.message
    assert first[:12] in (finding.hint or "")
    synced = (course / FRENCH).read_text(encoding="utf-8")
    lesson = parse_lesson(synced, path=FRENCH, language="fr")
    assert lesson.diagnostics == ()  # the line is a directive the lesson reader knows
    # A real translation: the prose brought up to date, the line taken out.
    real = "\n".join(line for line in synced.split("\n") if "code-synced" not in line)
    _commit(course, {"fr/chapter1/1.mdx": real.replace("courts extraits", "brefs extraits")},
            "fr: wording", "2024-02-03T12:00:00")
    assert _outdated(course) == []


def test_a_code_synced_translation_owes_no_prose_for_a_change_of_code_alone(
        course: Path) -> None:
    changed = _source(course, EN.replace("play(clips[0])", "play(clips[0], rate=16000)"),
                      "Rate")
    assert CliRunner().invoke(cli, ["fix", "translations", "--root", str(course)]).exit_code == 0
    _commit(course, {}, "fr: code synced", "2024-02-02T12:00:00")
    assert changed[:12] in (course / FRENCH).read_text(encoding="utf-8")
    assert _outdated(course) == []
    # Its counterpart: a later change of the source's prose is owed, and named.
    wording = _source(course, EN.replace("play(clips[0])", "play(clips[0], rate=16000)")
                      .replace("short clips", "brief clips"), "Wording",
                      "2024-02-03T12:00:00")
    [finding] = _outdated(course)
    assert f"prose behind since {wording[:9]} (2024-02-03, \"Wording\")" in finding.message
