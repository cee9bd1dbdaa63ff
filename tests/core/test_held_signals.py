"""Signals held while steps must run together: handled after them, as they would have
been, and a stop at a step where one came."""

from __future__ import annotations

import signal
from types import FrameType

import pytest

from coursekit.held_signals import signals_held


def _signalled(done: list[str], signals: int = 1, stop: bool = False,
               signum: int = signal.SIGINT) -> None:
    """``signals`` signals sent within a held block, a stop if ``stop``, then a step."""
    with signals_held() as held:
        for _ in range(signals):
            signal.raise_signal(signum)
        if stop:
            held.stop_if_any()
        done.append("the step after the signal")


def test_a_signal_within_the_block_is_handled_after_it() -> None:
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        _signalled(done)
    assert done == ["the step after the signal"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_block_without_a_signal_ends_as_it_ran() -> None:
    done: list[str] = []
    _signalled(done, signals=0, stop=True)
    assert done == ["the step after the signal"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_stop_where_two_signals_came_skips_the_rest_of_the_block() -> None:
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        _signalled(done, signals=2, stop=True)
    assert done == []


def test_a_handler_that_raises_nothing_leaves_the_stop_an_interrupted_error() -> None:
    heard: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        heard.append(signum)

    done: list[str] = []
    previous = signal.signal(signal.SIGTERM, note)
    try:
        with pytest.raises(InterruptedError):
            _signalled(done, stop=True, signum=signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert heard == [signal.SIGTERM]
    assert done == []
