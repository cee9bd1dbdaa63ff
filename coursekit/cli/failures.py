"""How a run that is interrupted, or whose output cannot go where it should, ends.

Ctrl-C ends with exit 130 and SIGTERM with 143, without a traceback; both unwind the
run as an exception does, so a write in progress removes its temporary file. A
reader that goes away (``coursekit check | head``) ends the run quietly, as other Unix
tools do (exit 141, 128 + SIGPIPE). A write the system refuses (permission, a full
disk, a closed standard output) or text the output's encoding cannot show is one line
naming the user's path, and exit 2.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE
STDOUT = "standard output"


class Terminated(BaseException):
    """The process was sent SIGTERM (a ``BaseException``, as ``KeyboardInterrupt`` is,
    so that no ``except Exception`` of the run swallows it)."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


@contextlib.contextmanager
def terminated_as_exception() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` (in the main thread only,
    where Python runs signal handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class OutputFailed(OSError):
    """Standard output refused a write (closed, a full disk): the run cannot report."""


class ReaderGone(Exception):
    """The reader of standard output went away (``| head``). Not an ``OSError``: click
    would take a broken pipe for its own to end, with exit 1."""


class _ClosedStream:
    """What ``sys.stdout`` is when the process started with it closed (``>&-``): every
    write fails with the reason, instead of ``None`` failing with an ``AttributeError``."""

    encoding = "utf-8"
    errors = "strict"

    def write(self, text: str) -> int:
        raise OutputFailed(errno.EBADF, "it is closed", STDOUT)

    def flush(self) -> None:
        pass


class _NamedStream:
    """Standard output whose failures name it (an ``OSError`` of a write says no path)."""

    def __init__(self, stream: io.TextIOWrapper) -> None:
        self._stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise ReaderGone from None
        except OSError as exc:
            raise OutputFailed(exc.errno, exc.strerror, STDOUT) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise ReaderGone from None
        except OSError as exc:
            raise OutputFailed(exc.errno, exc.strerror, STDOUT) from None


def prepare_stdout() -> None:
    """A closed standard output fails on its first write with a reason, and any other
    failure of it names it; an undecodable file name is written back as the bytes it
    was, as ``-o`` writes it. Only the process's own standard output is wrapped (a
    caller's capture is left as it is)."""
    if sys.stdout is None:
        sys.stdout = _ClosedStream()  # type: ignore[assignment,unused-ignore]
        return
    if not isinstance(sys.stdout, io.TextIOWrapper):
        return
    if sys.stdout.errors == "strict":
        with contextlib.suppress(ValueError, OSError):
            sys.stdout.reconfigure(errors="surrogateescape")
    sys.stdout = _NamedStream(sys.stdout)  # type: ignore[assignment,unused-ignore]


def quiet_stdout() -> None:
    """After a broken pipe or a failed write: nothing more is written to standard
    output, the interpreter's final flush included."""
    if isinstance(sys.stdout, _ClosedStream):
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def flush_stdout() -> None:
    """Flush standard output now, so that a failure is reported as one, not at exit."""
    with contextlib.suppress(ValueError):  # already closed by the command
        sys.stdout.flush()


def describe(exc: OSError) -> str:
    """One line: the path the user gave (or ``standard output``) and the reason."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename is None:
        return reason
    name = os.fsdecode(exc.filename) if isinstance(exc.filename, bytes) else str(exc.filename)
    return f"{name}: {reason}"


def unshowable(exc: UnicodeEncodeError) -> str | None:
    """The message for text that the encoding of standard output cannot show; ``None``
    when the error came from elsewhere."""
    encoding = getattr(sys.stdout, "encoding", None)
    if not encoding or _codec(exc.encoding) != _codec(encoding):
        return None
    failed = exc.object[exc.start:exc.end]
    try:  # what standard output's own error handler lets through was not its failure
        failed.encode(encoding, getattr(sys.stdout, "errors", None) or "strict")
    except UnicodeEncodeError:
        pass
    else:
        return None
    shown = failed.encode("unicode_escape").decode("ascii")
    return (f"{STDOUT}: its encoding ({encoding}) cannot show `{shown}`; set "
            "PYTHONIOENCODING=utf-8, or write the report with -o FILE")


def _codec(name: str) -> str:
    import codecs

    try:
        return codecs.lookup(name).name
    except LookupError:
        return name
