"""The prose a ``code-synced`` translation owes, on histories planted with real ``git``:
what a translator has to translate, and only that. Each case beside its counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import check_translations
from tests.git_history import commit as _commit
from tests.git_history import plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

EN = """\
# Loading sounds[[loading]]

We load a dataset of short clips, as [the first lesson](../chapter1/1) showed.

```py
clips = load_dataset("clips-small")
```

<a href="https://example.org/clips">The clips</a> are short.
"""
FR = """\
# Charger des sons[[loading]]

Nous chargeons de courts extraits, comme [la première leçon](../chapter1/1) l'a montré.

```py
clips = load_dataset("clips-small")
```

<a href="https://example.org/clips">Les extraits</a> sont courts.
"""
CODE = ('clips = load_dataset("clips-small")',
        'clips = load_dataset("clips-small", split="train")')
FRENCH = "content/fr/chapter1/1.mdx"


@pytest.fixture
def synced(tmp_path: Path) -> Path:
    """A translation whose code ``fix translations`` synced with a source change of code
    alone, committed: current, its prose following the source's."""
    root = plant_pair(tmp_path / "course", TOCTREE, EN, FR)
    _commit(root, {"en/chapter1/1.mdx": EN.replace(*CODE)}, "Train split", "2024-02-01T12:00:00")
    assert CliRunner().invoke(cli, ["fix", "translations", "--root", str(root)]).exit_code == 0
    _commit(root, {}, "fr: code synced", "2024-02-02T12:00:00")
    assert _outdated(root) == []
    return root


def _outdated(root: Path) -> list[Diagnostic]:
    return [d for d in check_translations(Corpus(Course.open(root))).diagnostics
            if d.rule == "TRN005"]


def _source(root: Path, text: str, subject: str, date: str) -> str:
    return _commit(root, {"en/chapter1/1.mdx": text}, subject, date)


def test_a_source_link_moved_to_another_page_owes_no_prose(synced: Path) -> None:
    moved = EN.replace(*CODE).replace("(../chapter1/1)", "(https://example.org/guide)")
    _source(synced, moved.replace("https://example.org/clips", "https://example.org/all"),
            "Links to the new pages", "2024-02-03T12:00:00")
    assert _outdated(synced) == []
    # Its counterpart: the words of a link changed too are owed, and that commit named.
    worded = _source(synced, moved.replace("the first lesson", "the opening lesson"),
                     "Wording", "2024-02-04T12:00:00")
    [finding] = _outdated(synced)
    assert f"prose behind since {worded[:9]} (2024-02-04, \"Wording\")" in finding.message


def test_a_prose_change_the_translation_received_in_its_commit_is_not_owed(
        synced: Path) -> None:
    french = (synced / FRENCH).read_text(encoding="utf-8")
    _commit(synced, {"en/chapter1/1.mdx": EN.replace(*CODE).replace("are short", "are brief"),
                     "fr/chapter1/1.mdx": french.replace("sont courts", "sont brefs")},
            "Brief, in every language", "2024-02-03T12:00:00")
    assert _outdated(synced) == []
    # Its counterpart: a commit that touched the translation without its prose (a code
    # comment) and changed the source's prose owes that prose.
    french = (synced / FRENCH).read_text(encoding="utf-8")
    worded = _commit(synced, {
        "en/chapter1/1.mdx": EN.replace(*CODE).replace("are short", "last seconds"),
        "fr/chapter1/1.mdx": french.replace('split="train")', 'split="train")  # entraînement'),
    }, "Seconds; a French comment", "2024-02-04T12:00:00")
    [finding] = _outdated(synced)
    assert f"prose behind since {worded[:9]} (2024-02-04" in finding.message
