"""Which commit had seen which: the bits of each commit's ancestry, from the log's graph
read once, are what ``git rev-list`` says, in whatever order the graph is listed."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.translations.ancestry import seen_bits
from coursekit.translations.history import Commit, History
from tests.git_history import commit, git, plant

LESSON = "# Sounds\n\n```py\nclips = load('clips')\n```\n"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
def test_each_commit_has_seen_what_git_lists_as_its_ancestors(tmp_path: Path) -> None:
    root = tmp_path / "course"
    plant(root, {"en/1.mdx": LESSON}, "A lesson")
    git(root, "checkout", "-q", "-b", "release")
    commit(root, {"fr/1.mdx": LESSON}, "A translation on the branch", "2024-02-01T12:00:00")
    git(root, "checkout", "-q", "main")
    commit(root, {"en/1.mdx": LESSON + "\nMore.\n"}, "On main", "2024-02-02T12:00:00")
    git(root, "merge", "-q", "--no-edit", "release", date="2024-02-03T12:00:00")
    commit(root, {"en/2.mdx": LESSON}, "After the merge", "2024-02-04T12:00:00")
    history = History.open(root, "content")
    assert history is not None
    history.close()
    places = list(history.parents)
    assert len(places) == 5
    for order, sha in enumerate(places):
        seen = history.seen(Commit(sha, "", "", order))
        assert {places[n] for n in range(len(places)) if seen >> n & 1} == set(
            git(root, "rev-list", sha).split())
    # A commit outside the log has seen none of it.
    assert history.seen(Commit("0" * 40, "", "", 0)) == 0


def _ancestors(parents: dict[str, tuple[str, ...]], sha: str) -> set[str]:
    found: set[str] = set()
    stack = [sha]
    while stack:
        top = stack.pop()
        if top not in found:
            found.add(top)
            stack.extend(p for p in parents.get(top, ()) if p in parents)
    return found


@given(st.lists(st.lists(st.integers(min_value=0, max_value=30), max_size=3), min_size=1,
                max_size=30), st.randoms(use_true_random=False))
def test_the_bits_are_the_ancestors_whatever_the_order_of_the_graph(
        links: list[list[int]], shuffle: random.Random) -> None:
    # Commit n may have any of the commits before it as parents (the graph has no cycle),
    # and one parent outside the log (a shallow clone's edge).
    count = len(links)
    parents = {f"c{n}": tuple(f"c{p % n}" if n else "outside" for p in links[n])
               for n in range(count)}
    order = list(parents)
    shuffle.shuffle(order)
    listed = {sha: parents[sha] for sha in order}
    bits = seen_bits(listed)
    for place, sha in enumerate(order):
        assert bits[sha] >> place & 1
        assert {order[n] for n in range(count) if bits[sha] >> n & 1} == _ancestors(listed, sha)
