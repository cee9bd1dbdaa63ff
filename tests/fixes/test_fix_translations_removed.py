"""A block the source removed goes from the translation with its output fences and the
blank lines beside them, and no two paragraphs around it become one: the lines between
its fences that are not blank (an "Output:" label, however the translation lays it out)
stay, each set off by one blank line. On histories planted with real ``git``, and on
the lines alone. Each case beside its counterpart."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.fixes.sync_removal import removals
from coursekit.fixes.translations import plan_translation_fixes
from tests.git_history import commit, plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

LESSON = """\
# {title}[[listening]]

{intro}

```py
text = transcribe(clips[0])
```

{compare}

```py
clips[0]["reference"]
```

**{label}**

```out
"hello there"
```

{verdict}

{missed}
"""
"""A lesson whose code the translation keeps as it is, its prose to fill in."""
EN = LESSON.format(title="Listening", intro="We transcribe the first clip.",
                   compare="Let us compare it with the reference:", label="Output:",
                   verdict="The model did well on this clip.", missed="It missed no word.")
REFERENCE = EN[EN.index("```py\nclips"):EN.index("The model did well")]
"""The block the source removes, with its label and its output fence."""
FR = LESSON.format(title="Écouter", intro="Nous transcrivons le premier extrait.",
                   compare="Comparons-le à la référence :", label="Résultat :",
                   verdict="Le modèle s'en sort bien sur cet extrait.",
                   missed="Il n'a manqué aucun mot.")
LAYOUTS = {
    # the label set off by blank lines on both sides, as the source writes it
    "apart": FR,
    # the label glued under the code fence, the output fence glued under it
    "glued": FR.replace('```\n\n**Résultat :**\n\n```out', '```\n**Résultat :**\n```out'),
    # a blank line after the code, none between the label and its output
    "label on its output": FR.replace("**Résultat :**\n\n```out", "**Résultat :**\n```out"),
    # the clean counterpart: no label between the fences
    "no label": FR.replace("**Résultat :**\n\n", ""),
}


def _paragraphs(text: str) -> list[list[str]]:
    """The lines outside code fences, grouped as blank lines part them (the
    ``code-synced`` line aside): the prose as a reader sees it."""
    groups: list[list[str]] = [[]]
    inside = False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
            groups.append([])
        elif inside or "code-synced" in line:
            continue
        elif line.strip():
            groups[-1].append(line)
        else:
            groups.append([])
    return [group for group in groups if group]


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_a_removed_block_leaves_every_paragraph_apart(tmp_path: Path, layout: str) -> None:
    root = plant_pair(tmp_path / "course", TOCTREE, EN, layout)
    commit(root, {"en/chapter1/1.mdx": EN.replace(REFERENCE, "")}, "No reference",
           "2024-02-01T12:00:00")
    [fix] = plan_translation_fixes(Corpus(Course.open(root))).changed
    after = fix.after.decode("utf-8")
    assert 'clips[0]["reference"]' not in after
    assert '"hello there"' not in after
    assert _paragraphs(after) == _paragraphs(layout)  # none joined, none lost
    body = after.split("\n<!-- coursekit: code-synced")[0]
    assert "\n\n\n" not in body  # one blank line between paragraphs, not two
    label = "**Résultat :**\n\n" if "Résultat" in layout else ""
    assert ("Comparons-le à la référence :\n\n" + label
            + "Le modèle s'en sort bien sur cet extrait.\n") in after


def _removed(text: str, *spans: tuple[int, int]) -> str:
    """``text`` with the fences at ``spans`` (0-based lines, both included) removed."""
    lines = text.splitlines(keepends=True)
    out, at = [], 0
    for start, end, kept in removals(lines, spans, "\n"):
        out.extend(lines[at:start])
        out.extend(kept)
        at = end
    return "".join(out + lines[at:])


@pytest.mark.parametrize(("text", "spans", "expected"), [
    # two blocks side by side: one blank line left, not none
    ("A\n\n```\nx\n```\n\n```\ny\n```\n\nB\n", [(2, 4), (6, 8)], "A\n\nB\n"),
    # no blank line either side: one put in, so that A and B stay two paragraphs
    ("A\n```\nx\n```\nB\n", [(1, 3)], "A\n\nB\n"),
    # in a blockquote: the blank line stays in the quote
    ("> A\n> ```\n> x\n> ```\n> B\n", [(1, 3)], "> A\n>\n> B\n"),
    # a tight list stays tight: its next item needs no blank line to stand apart
    ("1. A\n   ```\n   x\n   ```\n2. B\n", [(1, 3)], "1. A\n2. B\n"),
    # at the end of the file: no blank line left after the last paragraph
    ("A\n\n```\nx\n```\n", [(2, 4)], "A\n"),
    # blank lines beyond one per fence are the translator's, and stay
    ("A\n\n\n```\nx\n```\n\nB\n", [(3, 5)], "A\n\n\nB\n"),
])
def test_removed_fences_take_one_blank_line_each_and_join_nothing(
        text: str, spans: list[tuple[int, int]], expected: str) -> None:
    assert _removed(text, *spans) == expected


_PIECES = st.lists(st.sampled_from(["text", "blank", "fence"]), max_size=12)


@given(_PIECES, st.data())
def test_no_removal_makes_two_paragraphs_one(pieces: list[str], data: st.DataObject) -> None:
    """Whatever fences go, the lines of text keep their order and every two that a blank
    line or a fence parted stay parted."""
    lines: list[str] = []
    fences: list[tuple[int, int]] = []
    for n, piece in enumerate(pieces):
        if piece == "fence":
            fences.append((len(lines), len(lines) + 2))
            lines.extend(["```\n", f"code {n}\n", "```\n"])
        else:
            lines.append(f"text {n}\n" if piece == "text" else "\n")
    gone = data.draw(st.lists(st.sampled_from(fences), unique=True) if fences else st.just([]))
    before = [line.strip() for line in lines]
    after = _removed("".join(lines), *gone).splitlines()
    texts = [line for line in before if line.startswith("text")]
    assert [line for line in after if line.startswith("text")] == texts
    for one, other in itertools.pairwise(texts):
        if before.index(other) - before.index(one) > 1:  # parted in the file
            assert after.index(other) - after.index(one) > 1
    assert sum(line.startswith("code") for line in after) == len(fences) - len(gone)
