"""Reading course files: only regular files are opened, so no name can make a read block.

A FIFO, a socket or a device named like a lesson or a subtitle file would block or
fail in odd ways when read; a dangling symbolic link or a loop of links has nothing
to read. Each is refused here with an :class:`OSError` that says what the path is,
which the readers turn into a finding for that file.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


class NotARegularFile(OSError):
    """The path names something other than a regular file (or a link to one)."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 16


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words (``a FIFO (named pipe)``)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def check_regular(path: Path) -> os.stat_result:
    """The status of the regular file ``path`` names; :class:`NotARegularFile` otherwise."""
    try:
        return _regular(os.stat(path))
    except FileNotFoundError:
        if not os.path.islink(path):
            raise
        target = os.readlink(path)
        raise NotARegularFile(
            errno.ENOENT, f"a symbolic link to `{target}`, which does not exist"
        ) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotARegularFile(errno.ELOOP, "a loop of symbolic links") from None
        raise


def _regular(status: os.stat_result) -> os.stat_result:
    if not stat.S_ISREG(status.st_mode):
        raise NotARegularFile(errno.EINVAL, f"{kind_of(status.st_mode)}, not a regular file")
    return status


DATA_LIMIT = 1 << 28
"""256 MiB: more than any manifest, cached run or built notebook coursekit writes; a
file above it in their place is not theirs (and would only exhaust memory)."""


class TooLarge(OSError):
    """The file is larger than the reader's bound."""


def read_regular(path: Path, limit: int | None = None) -> bytes:
    """The bytes of ``path``, which must be a regular file (links followed) of at most
    ``limit`` bytes when one is given (:class:`TooLarge` otherwise)."""
    return read_regular_with_status(path, limit)[0]


def read_regular_with_status(path: Path, limit: int | None = None
                             ) -> tuple[bytes, os.stat_result]:
    """The bytes of ``path``, which must be a regular file (links followed) of at most
    ``limit`` bytes when one is given, and the status of the file they were read from."""
    check_regular(path)
    # Non-blocking, so that a FIFO put in the file's place after the check cannot
    # block the open; what was opened is checked again before reading. Read with
    # os.read: a file object would ask the file system about the file three more times.
    fd = os.open(path, _READ_FLAGS)
    try:
        status = _regular(os.fstat(fd))
        if limit is not None and status.st_size > limit:
            raise TooLarge(errno.EFBIG, f"{status.st_size} bytes, more than the {limit} "
                           "expected at most", os.fspath(path))
        parts = []
        wanted = status.st_size + 1  # one byte more: a file that grew is read to its end
        while chunk := os.read(fd, wanted):
            parts.append(chunk)
            wanted = _CHUNK
        return b"".join(parts), status
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class ReadState:
    """What a file was when it was read, so that a rewrite can tell it is still that file."""

    size: int
    sha256: str
    mtime_ns: int | None = None
    """``None`` when only the bytes were kept (their size and hash are then checked)."""

    @classmethod
    def of(cls, data: bytes, status: os.stat_result | None = None) -> ReadState:
        return cls(len(data), hashlib.sha256(data).hexdigest(),
                   None if status is None else status.st_mtime_ns)

    def matches(self, data: bytes, status: os.stat_result) -> bool:
        """Whether ``data``, read with ``status``, is the file as it was read."""
        return (len(data) == self.size == status.st_size
                and (self.mtime_ns is None or status.st_mtime_ns == self.mtime_ns)
                and hashlib.sha256(data).hexdigest() == self.sha256)


def dangling_link(path: Path, *, folder: bool = False) -> str | None:
    """Why ``path``, a symbolic link, leads nowhere a write could go (a folder output:
    to nothing; a file output: into a folder that does not exist), in words; ``None``
    when it is no link or leads somewhere. A write never makes the folders a link
    points into: a mistyped link would scatter files across the disk."""
    if not os.path.islink(path):
        return None
    try:
        os.stat(path)
        return None
    except FileNotFoundError:
        pass
    except OSError as exc:
        return "a loop of symbolic links" if exc.errno == errno.ELOOP else None
    written = os.readlink(path)
    if folder:
        return f"a symbolic link to `{written}`, which does not exist"
    if os.path.isdir(os.path.dirname(os.path.realpath(path))):
        return None  # the link's target is created, as shell redirection and editors do
    return f"a symbolic link to `{written}`, whose folder does not exist"


def leads_out(home: Path, path: Path) -> bool:
    """Whether a linked folder on the way from the folder ``home`` to the file ``path``
    below it leads elsewhere (``home`` itself may be a link: that is the user's choice;
    a link below it may come from anywhere, such as a build folder restored from a
    cache). Folders not made yet lead nowhere."""
    inside = path.parent.relative_to(home)
    try:
        return path.parent.resolve() != home.resolve() / inside
    except (OSError, RuntimeError):  # a loop of links
        return True


def other_links(path: Path) -> int:
    """How many other names (hard links) the file at ``path`` has, a symbolic link
    followed: a rewrite through a temporary file and a rename gives ``path`` a file of
    its own, and those names keep the old content. 0 when it has none, or is gone."""
    try:
        return max(os.stat(path).st_nlink - 1, 0)
    except OSError:
        return 0
