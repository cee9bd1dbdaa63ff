"""Atomic file writes: a reader sees the old file or the new one, never half of one,
and nothing is replaced that must not be.

The new content goes to a temporary file beside the target
(``.<name>.coursekit.<pid>.<n>.tmp``, ``<n>`` eight hex digits, created exclusively;
:mod:`coursekit.leftovers`) that is renamed over it. The file keeps the mode it had,
its owner and group where the process may give them (root may), and its extended
attributes (an access control list); a new file gets the mode the umask gives. A
temporary file left by a writer that was killed is removed by the next write into the
same folder, once its process is gone; only files with exactly that name (the
``coursekit`` marker, a process id, eight lowercase hex digits), owned by the same user,
are ever removed: a hidden file of someone else's that merely looks like a leftover
(``.notes.20240101.tmp``) is not coursekit's to delete.

What is at the path decides what a write may do: a regular file (or nothing) is
replaced; a device, a FIFO, a socket or a folder never is (:func:`write_output`, for
the files a user names, writes into a device or a FIFO as a stream, as shell
redirection does). A durable write syncs the file before the rename and its folder
after it, so that a power cut leaves the old file or the new one. A signal during a
write is held until it is done or undone (:mod:`coursekit.held_signals`).
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import stat
from collections.abc import Callable
from pathlib import Path

from coursekit.files import (
    NotARegularFile,
    ReadState,
    dangling_link,
    kind_of,
    read_regular_with_status,
)
from coursekit.held_signals import signals_held
from coursekit.leftovers import sweep_once, temporary_name


def _replaced(path: Path) -> os.stat_result | None:
    """What the file at ``path`` (a link followed) is; ``None`` when there is none."""
    try:
        return os.stat(path)
    except OSError:
        return None


def _keep_attributes(path: Path, fd: int) -> None:
    """Give the new file ``fd`` the extended attributes of the file at ``path``, as far as
    this process may and the file system holds them: its access control list among them
    (``system.posix_acl_access``), which lets the other translators of a shared checkout
    write the file."""
    try:
        names = os.listxattr(path)
    except OSError:  # none, or a file system without them
        return
    for name in names:
        with contextlib.suppress(OSError):  # one this process may not read or set
            os.setxattr(fd, name, os.getxattr(path, name))


def _keep_owner(fd: int, old: os.stat_result) -> None:
    """Give the new file ``fd`` the owner and group of the file it replaces, as far as
    this process may: a lesson rewritten by root (a CI container working on a mounted
    checkout) stays its author's, who can still save it."""
    new = os.fstat(fd)
    if (new.st_uid, new.st_gid) == (old.st_uid, old.st_gid):
        return
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except OSError:  # another user's file: its group still, where this user is in it
        with contextlib.suppress(OSError):
            os.fchown(fd, -1, old.st_gid)


_names = itertools.count()
_OPEN_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_STREAM_FLAGS = os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC
_STREAMS = (stat.S_ISCHR, stat.S_ISFIFO)
"""What a user-named output writes into as a stream: a terminal, ``/dev/null``, a pipe."""


class ChangedSinceRead(OSError):
    """The file is no longer the one that was read: rewriting it would lose an edit."""


def _temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new file beside ``path`` (``.<name>.coursekit.<system>.<pid>.<n>.tmp``, the
    name shortened when that would be too long), open for writing."""
    while True:
        number = next(_names) & 0xFFFFFFFF
        name = temporary_name(path, number)
        try:
            return os.open(name, _OPEN_FLAGS, mode), name
        except FileExistsError:  # left by an earlier process of the same id
            continue


def _link_target(path: Path) -> Path:
    """The file a chain of symbolic links at ``path`` ends at (``path`` when it is none);
    a loop is an error."""
    if not os.path.islink(path):
        return path
    target = Path(os.path.realpath(path))
    if os.path.islink(target):
        raise NotARegularFile(errno.ELOOP, "a loop of symbolic links", os.fspath(path))
    return target


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _stream(path: Path, data: bytes) -> bool:
    """Write ``data`` into the device or FIFO at ``path`` as shell redirection does;
    ``False`` when what was opened turned out to be a regular file after all."""
    fd = os.open(path, _STREAM_FLAGS)
    try:
        if not any(test(os.fstat(fd).st_mode) for test in _STREAMS):
            return False
        _write_all(fd, data)
    finally:
        os.close(fd)
    return True


def _still_as_read(path: Path, expect: ReadState) -> None:
    """Raise :class:`ChangedSinceRead` unless ``path`` is still the file ``expect`` was."""
    try:
        data, status = read_regular_with_status(path)
    except FileNotFoundError:
        raise ChangedSinceRead(errno.ESTALE, "removed since it was read") from None
    if not expect.matches(data, status):
        raise ChangedSinceRead(errno.ESTALE, "changed since it was read")


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a file system that cannot sync a folder
    (some network and FUSE ones) is left as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)


def write_bytes_atomic(
    path: Path, data: bytes, *, durable: bool = True, expect: ReadState | None = None,
    follow_links: bool = False, on_replaced: Callable[[], None] | None = None,
) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    ``durable=False`` skips the ``fsync`` of the file and of its folder: the rename
    still keeps readers from half-written files, but a power cut may lose the new
    content. Meant for outputs that are rebuilt when their recorded hash does not match.

    ``expect``: what the file was when it was read; just before the rename it is read
    again, and if it changed (another program saved it meanwhile) nothing is replaced
    and :class:`ChangedSinceRead` is raised. ``follow_links``: a symbolic link at
    ``path`` is written through to its target, as editors do, so that it stays a link;
    otherwise the link itself is replaced. ``on_replaced`` is called right after the
    rename, before a Ctrl-C or SIGTERM that came during it is handled: a run that
    records there what it wrote records exactly the files it replaced.

    Something other than a regular file at ``path`` (a device, a FIFO, a socket, a
    folder) is never replaced: :class:`NotARegularFile`. Every error names ``path``,
    never the temporary file.
    """
    try:
        _replace(_link_target(path) if follow_links else path, data, durable, expect,
                 on_replaced)
    except OSError as exc:
        named = _named(exc, path)
        if named is exc:
            raise
        raise named from exc


def write_output(path: Path, data: bytes) -> None:
    """Write a file the user named (``-o``, a baseline, a copy): a link is followed; a
    character device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
    into as a stream, as shell redirection does; any other special file is refused."""
    try:
        try:  # through links: /dev/stdout leads to a pipe that has no path of its own
            status: os.stat_result | None = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            status = None
        if status is not None and any(test(status.st_mode) for test in _STREAMS) and _stream(
                path, data):
            return
        if status is None and (dangling := dangling_link(path)) is not None:
            raise FileNotFoundError(errno.ENOENT, dangling, os.fspath(path))
        _replace(_link_target(path), data, True, None)
    except OSError as exc:
        named = _named(exc, path)
        if named is exc:
            raise
        raise named from exc


def _named(exc: OSError, path: Path) -> OSError:
    """``exc`` naming ``path``, the file the caller asked for."""
    if exc.filename == os.fspath(path) and exc.filename2 is None:
        return exc
    return type(exc)(exc.errno, exc.strerror or str(exc), os.fspath(path))


def make_folders(folder: Path) -> None:
    """``folder`` and the folders above it that are missing, as ``mkdir -p`` does, at any
    depth (``Path.mkdir(parents=True)`` recurses once per missing folder)."""
    missing = []
    while not folder.is_dir():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for each in reversed(missing):
        each.mkdir(exist_ok=True)


def _replace(path: Path, data: bytes, durable: bool, expect: ReadState | None,
             on_replaced: Callable[[], None] | None = None) -> None:
    try:
        status: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        status = None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, "a directory: not replaced")
    if status is not None and not (stat.S_ISREG(status.st_mode) or stat.S_ISLNK(status.st_mode)):
        raise NotARegularFile(errno.EEXIST, f"{kind_of(status.st_mode)}: not replaced")
    old = _replaced(path)
    mode = 0o666 if old is None else stat.S_IMODE(old.st_mode)  # 0o666: less the umask
    with signals_held() as held:  # a signal stops the write before its rename, not after
        try:
            fd, tmp = _temporary(path, mode)
        except FileNotFoundError:  # the folder is made on the first write into it
            make_folders(path.parent)
            fd, tmp = _temporary(path, mode)
        try:
            sweep_once(path.parent)  # its own temporary file is kept: this process is alive
            try:
                if old is not None:  # the umask may have taken bits of the old file's mode
                    _keep_owner(fd, old)  # first: a change of owner clears setuid bits
                    _keep_attributes(path, fd)
                    os.fchmod(fd, mode)
                held.stop_if_any()
                _write_all(fd, data)
                held.stop_if_any()
                if durable:
                    os.fsync(fd)
            finally:
                os.close(fd)
            if expect is not None:
                _still_as_read(path, expect)
            held.stop_if_any()
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        if on_replaced is not None:
            on_replaced()
        if durable:
            sync_folder(path.parent)


def write_text_atomic(path: Path, text: str, *, durable: bool = True,
                      expect: ReadState | None = None, follow_links: bool = False) -> None:
    write_bytes_atomic(path, text.encode("utf-8"), durable=durable, expect=expect,
                       follow_links=follow_links)
