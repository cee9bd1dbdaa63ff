"""Ctrl-C and SIGTERM held back while a few steps must run together.

An atomic write holds them from the moment its temporary file is created: a signal
that comes while the file is being written stops the write at its next step (the
temporary file removed, the old file left), and one that comes while the file is
renamed waits until the rename is recorded. A second signal, as ``timeout`` sends to
the process group after the process itself, can then not cut the removal of the
temporary file short. The held signal is handled as usual once the steps are done.

Python runs signal handlers in the main thread only: elsewhere nothing is held, and
nothing needs to be.
"""

from __future__ import annotations

import contextlib
import errno
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers


class SignalHeld(BaseException):
    """A held signal stops the steps here (a ``BaseException``, as ``KeyboardInterrupt``
    is, so that no ``except Exception`` of the steps takes it for their own failure)."""


class Held:
    """The signals that came while held."""

    def __init__(self) -> None:
        self.signals: list[int] = []

    def hold(self, signum: int, frame: FrameType | None) -> None:
        self.signals.append(signum)

    def stop_if_any(self) -> None:
        """Raise :class:`SignalHeld` if a signal came: the steps stop here."""
        if self.signals:
            raise SignalHeld


@contextlib.contextmanager
def signals_held() -> Iterator[Held]:
    """Within the block SIGINT and SIGTERM are recorded, not handled; after it the first
    one recorded is handled by the handler it would have had (which, for Ctrl-C, raises
    :class:`KeyboardInterrupt`). A block that a held signal stopped
    (:meth:`Held.stop_if_any`) and whose handler raises nothing ends with
    :class:`InterruptedError`."""
    held = Held()
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    previous: dict[int, _Handler | None] = {int(signum): signal.getsignal(signum)
                                            for signum in _SIGNALS}
    stopped = False
    try:
        for signum, handler in previous.items():
            if handler not in (signal.SIG_IGN, None):
                signal.signal(signum, held.hold)
        yield held
    except SignalHeld:
        stopped = True
    finally:
        _restore([(signum, handler) for signum, handler in previous.items()
                  if handler is not None])
        if held.signals:
            _deliver(previous[held.signals[0]], held.signals[0])
    if stopped:
        raise InterruptedError(errno.EINTR, "stopped by a signal")


def _restore(handlers: list[tuple[int, _Handler]]) -> None:
    """Put the handlers back; a signal handled while one is put back does not keep the
    others held (the ``finally``)."""
    if not handlers:
        return
    try:
        signal.signal(*handlers[0])
    finally:
        _restore(handlers[1:])


def _deliver(handler: _Handler | None, signum: int) -> None:
    if callable(handler):
        handler(signum, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)
