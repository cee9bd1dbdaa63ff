"""Counting the calls of a library function, for tests of what a run reads again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from importlib import import_module

import pytest


def count_calls(
    monkeypatch: pytest.MonkeyPatch, target: str, key: Callable[..., object],
) -> Counter[str]:
    """The calls of the function at dotted ``target``, counted by ``str(key(...))`` of
    each call's arguments, for as long as ``monkeypatch`` holds: the function is replaced
    by one that counts and then calls it."""
    module, _, name = target.rpartition(".")
    original = getattr(import_module(module), name)
    counts: Counter[str] = Counter()

    def counting(*args: object, **kwargs: object) -> object:
        counts[str(key(*args, **kwargs))] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(target, counting)
    return counts
