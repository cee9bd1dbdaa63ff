"""``coursekit fix translations`` on histories planted with real ``git``: an output fence
with no code before it (LES106: a heading between them) follows the source by the same
rule as other outputs where which fence is which is sure (kept as in the base: the
source's; translated: left), and is reported as not carried over where it is not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from tests.fixes.test_fix_translations import FRENCH, _after, _plan, _prose
from tests.fixes.test_fix_translations_places import _planted

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

EN = """\
# Loading[[loading]]

We load.

```py
clips = load_dataset("clips-small")
print(clips)
```

## What it prints[[prints]]

```python out
Dataset(rows=3)
```

## Playing[[playing]]

```py
play(clips[0])
```
"""
FR = EN.replace("We load.", "Nous chargeons.").replace("## What it prints",
                                                       "## Ce qu'il affiche")
NOW = EN.replace("clips-small", "clips-large").replace("Dataset(rows=3)", "Dataset(rows=9)")


def test_an_output_with_no_code_before_it_follows_the_source(tmp_path: Path) -> None:
    after = _after(_planted(tmp_path, EN, FR, NOW))
    assert "```python out\nDataset(rows=9)\n```" in after
    assert "Dataset(rows=3)" not in after
    assert 'load_dataset("clips-large")' in after
    assert _prose(after) == _prose(FR)


def test_an_output_with_no_code_before_it_that_was_translated_stays(tmp_path: Path) -> None:
    fr = FR.replace("Dataset(rows=3)", "Jeu(lignes=3)")
    root = _planted(tmp_path, EN, fr, NOW)
    after = _after(root)
    assert "```python out\nJeu(lignes=3)\n```" in after
    [fix] = _plan(root).fixes
    assert fix.plan.stranded == ()


def test_an_output_with_no_code_before_it_that_cannot_be_paired_is_reported(
        tmp_path: Path) -> None:
    more = NOW.replace("## Playing", "```python out\nDataset(cols=2)\n```\n\n## Playing")
    root = _planted(tmp_path, EN, FR, more)
    after = _after(root)
    assert "Dataset(rows=3)" in after  # which of the source's two it is is not sure
    assert 'load_dataset("clips-large")' in after
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), "--check"])
    assert done.exit_code == 1
    src = "content/en/chapter1/1.mdx"
    assert (f"{FRENCH}: the source's output fence {src}:12 belongs to no code block (LES106) "
            "and is changed or new: not carried over, as the base, the source and the "
            "translation do not have as many output fences attached to no code, so which "
            "of the translation's is which cannot be told: carry the change into the "
            "translation by hand") in done.output.splitlines()
    assert (f"{FRENCH}: the source's output fence {src}:16 belongs to no code block (LES106) "
            "and is changed or new: not carried over") in done.output


def test_an_output_with_no_code_before_it_that_the_source_kept_is_not_reported(
        tmp_path: Path) -> None:
    root = _planted(tmp_path, EN, FR, EN.replace("clips-small", "clips-large"))
    [fix] = _plan(root).fixes
    assert fix.plan.stranded == ()
    assert fix.carried == 1
    assert "Dataset(rows=3)" in _after(root)


def test_an_output_with_no_code_before_it_that_the_source_removed_is_reported(
        tmp_path: Path) -> None:
    gone = NOW.replace("```python out\nDataset(rows=9)\n```\n\n", "")
    root = _planted(tmp_path, EN, FR, gone)
    assert "Dataset(rows=3)" in _after(root)
    done = CliRunner().invoke(cli, ["fix", "translations", "--root", str(root), "--check"])
    assert (f"{FRENCH}:12: output fence belongs to no code block (LES106) and the source "
            "removed it: left as it was, as the base, the source and the translation do not "
            "have as many output fences attached to no code, so which of the translation's "
            "is which cannot be told: delete it by hand if it is the one the source "
            "removed") in done.output.splitlines()
