"""A course planted with real ``git``: French with one lesson current, one outdated in
its code, one whose code was synced and whose prose is owed, and one missing; German,
its clean counterpart, with every lesson current."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.git_history import commit as _commit
from tests.git_history import git as _git
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, PLAY, PLAY_FR

TOCTREE = """\
- title: 1. Sounds
  sections:
  - local: chapter1/1
    title: Loading sounds
  - local: chapter1/2
    title: Playing sounds
  - local: chapter1/3
    title: Rates
  - local: chapter1/4
    title: Saving
"""
RATES = """\
# Rates[[rates]]

We resample short clips.

```py
import numpy

rate = 8000
```
"""
RATES_FR = """\
# Fréquences[[rates]]

Nous rééchantillonnons de courts extraits.

```py
import numpy

rate = 8000
```
"""
SAVE = """\
# Saving <sounds>[[saving]]

```py
import numpy

numpy.save("a.npy", numpy.zeros(2))
```
"""
LOUDER = ("[0.0, 0.1]", "[0.0, 0.2]")
FASTER = ("rate = 8000", "rate = 16000")


@dataclass(frozen=True, slots=True)
class Planted:
    root: Path
    first: str
    """The commit of the course and its translations."""
    louder: str
    """The source change French lesson 2 lacks."""
    faster: str
    """The source change French lesson 3's code was synced with, its prose not."""


def plant(root: Path) -> Planted:
    root.mkdir()
    _git(root, "init", "-q", "-b", "main")
    first = _commit(root, {
        "en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE, "de/_toctree.yml": TOCTREE,
        "en/chapter1/1.mdx": LOAD, "en/chapter1/2.mdx": PLAY, "en/chapter1/3.mdx": RATES,
        "en/chapter1/4.mdx": SAVE,
        "fr/chapter1/1.mdx": LOAD_FR, "fr/chapter1/2.mdx": PLAY_FR,
        "fr/chapter1/3.mdx": RATES_FR,
        "de/chapter1/1.mdx": LOAD, "de/chapter1/2.mdx": PLAY, "de/chapter1/3.mdx": RATES,
        "de/chapter1/4.mdx": SAVE,
    }, "Course, French and German", "2024-01-01T12:00:00")
    louder = _commit(root, {"en/chapter1/2.mdx": PLAY.replace(*LOUDER),
                            "de/chapter1/2.mdx": PLAY.replace(*LOUDER)},
                     "Louder, <in German too>", "2024-02-01T12:00:00")
    rates = RATES.replace(*FASTER).replace("short", "brief")
    faster = _commit(root, {"en/chapter1/3.mdx": rates, "de/chapter1/3.mdx": rates},
                     "Faster rate & better wording", "2024-02-10T12:00:00")
    marker = f"<!-- coursekit: code-synced source={faster[:12]} prose={first[:12]} -->\n\n"
    _commit(root, {"fr/chapter1/3.mdx": marker + RATES_FR.replace(*FASTER)},
            "fr: code synced", "2024-02-11T12:00:00")
    return Planted(root, first, louder, faster)


def translate_prose(root: Path) -> None:
    """French lesson 3 brought up to date for real: the prose, the line taken out."""
    _commit(root, {"fr/chapter1/3.mdx": RATES_FR.replace(*FASTER).replace(
        "de courts", "de brefs")}, "fr: wording", "2024-02-12T12:00:00")
