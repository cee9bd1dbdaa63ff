"""Deterministic GLUE-shaped sentence pairs (MRPC and MNLI) made from templates.

Each split draws from its own ``random.Random`` seeded with the stand-in seed, the
configuration and the split name, so a split never changes when another does.
Test splits carry the label -1, as GLUE's do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

PEOPLE = ["The company", "The minister", "A spokesman", "The court", "The city council",
          "Our team", "The bank", "The committee", "The researchers", "The airline",
          "Police", "The union", "The hospital", "The school board", "Shareholders"]
ACTIONS = [("announced", "said"), ("approved", "passed"), ("rejected", "turned down"),
           ("reported", "disclosed"), ("delayed", "postponed"), ("cut", "reduced"),
           ("raised", "increased"), ("bought", "acquired"), ("launched", "introduced"),
           ("criticised", "condemned")]
THINGS = ["a new budget", "the merger", "its quarterly results", "the proposal",
          "a plan to hire more staff", "the price of tickets", "the final report",
          "a smaller contract", "the annual forecast", "a safety review",
          "the construction of a bridge", "the new software", "two local factories"]
WHEN = ["on Monday", "on Tuesday", "last week", "in March", "this morning", "late on Friday",
        "after a long meeting", "earlier this year", ""]
DETAILS = ["", ", according to people familiar with the matter",
           ", citing rising costs", " despite strong opposition", ", officials said",
           " by 12 percent", " for the second time", ", ending months of talks"]
PLACES = ["in the park", "at the station", "in a small kitchen", "on the beach",
          "in the library", "near the river", "at the office"]
AGENTS = [("A man", "A person"), ("Two children", "Some kids"), ("A woman", "Someone"),
          ("The old dog", "An animal"), ("A group of students", "Several people")]
PLURAL = {"Two children", "Some kids", "Several people"}
DOINGS = [("reading a book", "reading", "sleeping"),
          ("cooking dinner", "preparing food", "swimming"),
          ("playing football", "playing a game", "sitting quietly"),
          ("painting a fence", "working outside", "watching television"),
          ("running fast", "moving", "standing still")]
NEUTRAL_EXTRAS = ["because it is their birthday", "while waiting for a friend",
                  "for the first time", "to win a prize", "after a long day"]


@dataclass(frozen=True, slots=True)
class Split:
    name: str
    rows: int
    """Distinct rows generated."""
    real: int
    """Rows of the real split (GLUE's dataset card): its length when built at real size."""
    labelled: bool = True


MRPC_LABELS = ["not_equivalent", "equivalent"]
MNLI_LABELS = ["entailment", "neutral", "contradiction"]
SPLITS = {
    "mrpc": [Split("train", 64, 3668), Split("validation", 16, 408),
             Split("test", 16, 1725, labelled=False)],
    # MNLI's train split is larger: debugging lessons take slices of it (a few hundred
    # rows of the real 392,702) to train tiny models, which costs little.
    "mnli": [Split("train", 256, 392702), Split("validation_matched", 32, 9815),
             Split("validation_mismatched", 32, 9832),
             Split("test_matched", 32, 9796, labelled=False),
             Split("test_mismatched", 32, 9847, labelled=False)],
}
COLUMNS = {"mrpc": ("sentence1", "sentence2"), "mnli": ("premise", "hypothesis")}
LABELS = {"mrpc": MRPC_LABELS, "mnli": MNLI_LABELS}


def _mrpc_pair(rng: random.Random) -> tuple[str, str, int]:
    who, (verb, synonym), what = rng.choice(PEOPLE), rng.choice(ACTIONS), rng.choice(THINGS)
    when, detail = rng.choice(WHEN), rng.choice(DETAILS)
    first = " ".join(w for w in (who, verb, what, when) if w) + detail + "."
    label = rng.randrange(2)
    if label:
        second = " ".join(w for w in (who, synonym, what, when) if w) + "."
        if when and rng.random() < 0.5:
            second = f"{when[0].upper()}{when[1:]}, {who[0].lower()}{who[1:]} {synonym} {what}."
    else:
        other_what = rng.choice([t for t in THINGS if t != what])
        other_who = rng.choice([p for p in PEOPLE if p != who])
        second = " ".join(w for w in (rng.choice((who, other_who)), synonym, other_what, when)
                          if w) + "."
    return first, second, label


def _mnli_pair(rng: random.Random) -> tuple[str, str, int]:
    (agent, general), (doing, broader, opposite) = rng.choice(AGENTS), rng.choice(DOINGS)
    place = rng.choice(PLACES)
    be, general_be = ("are" if who in PLURAL else "is" for who in (agent, general))
    premise = f"{agent} {be} {doing} {place}."
    label = rng.randrange(3)
    if label == 0:
        hypothesis = f"{general} {general_be} {broader}."
    elif label == 1:
        hypothesis = f"{agent} {be} {doing} {rng.choice(NEUTRAL_EXTRAS)}."
    else:
        hypothesis = f"{agent} {be} {opposite} {place}."
    return premise, hypothesis, label


PAIRS: dict[str, Callable[[random.Random], tuple[str, str, int]]] = {
    "mrpc": _mrpc_pair, "mnli": _mnli_pair,
}


def rows(config: str, split: Split, seed: int) -> dict[str, list[object]]:
    """Columns of one split: the two texts, ``label`` and ``idx``."""
    rng = random.Random(f"{seed}:{config}:{split.name}")
    first_col, second_col = COLUMNS[config]
    columns: dict[str, list[object]] = {first_col: [], second_col: [], "label": [], "idx": []}
    for idx in range(split.rows):
        first, second, label = PAIRS[config](rng)
        columns[first_col].append(first)
        columns[second_col].append(second)
        columns["label"].append(label if split.labelled else -1)
        columns["idx"].append(idx)
    return columns
