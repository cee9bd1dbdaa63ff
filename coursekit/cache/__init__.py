"""What ``check`` derives from a file, kept between runs: a cache of its own stage.

Entries are JSON documents in ``<build>/.check-cache/<kind>/<language>.json``, one per
unit of work (a lesson's parser findings, a translated lesson's comparison with its
source, a subtitle file's findings). A key is the SHA-256 of everything the unit's
result depends on: the bytes of the files it reads, where they sit in the course,
the course's configuration file, and coursekit itself (its version, the size and time of
each of its files, and the Python that runs it), so that any change of code or
configuration is a miss, never a stale answer.

Files are written atomically (:mod:`coursekit.atomic`, without ``fsync``: a lost
entry is only a miss), so concurrent runs never see half a file; two runs writing
the same key write the same document. A file or an entry that does not read back
(truncated, edited, another format) is a miss, never an error; an unwritable cache
folder only makes the next run as slow as the first.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from coursekit import __version__
from coursekit.atomic import write_bytes_atomic
from coursekit.cache.diagnostic_json import (
    InvalidEntry,
    diagnostic_from_json,
    diagnostic_json,
    diagnostics_from_json,
)
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular

if TYPE_CHECKING:
    from coursekit.config import Course

CACHE_DIR = ".check-cache"
"""The folder of the build directory the entries live in."""
FORMAT = 1
_PACKAGE = Path(__file__).resolve().parents[1]
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A shard name used as a file name as it is (a language tag); others are hashed."""


def _code_identity() -> str:
    """coursekit as it runs: its version, the Python running it, and the size and
    modification time of each of its files (an edited checkout is another coursekit)."""
    found: list[str] = [__version__, sys.version]
    for folder, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".tmp")):
                continue
            path = os.path.join(folder, name)
            try:
                status = os.stat(path)
            except OSError:
                continue
            found.append(f"{os.path.relpath(path, _PACKAGE)}:{status.st_size}:"
                         f"{status.st_mtime_ns}")
    return hashlib.sha256("\n".join(found).encode()).hexdigest()


_IDENTITY: list[str] = []


def code_identity() -> str:
    """:func:`_code_identity`, computed once per process."""
    if not _IDENTITY:
        _IDENTITY.append(_code_identity())
    return _IDENTITY[0]


__all__ = ["CACHE_DIR", "FORMAT", "CheckCache", "InvalidEntry", "code_identity",
           "diagnostic_from_json", "diagnostic_json"]
T = TypeVar("T")


def _regular_file_bytes(path: Path) -> bytes | None:
    try:
        facts = os.lstat(path)
        if not stat.S_ISREG(facts.st_mode):
            return None  # a FIFO would block; a link may point anywhere
        return path.read_bytes()
    except OSError:
        return None


def _regular_file_hash(path: Path) -> str | None:
    data = _regular_file_bytes(path)
    return None if data is None else hashlib.sha256(data).hexdigest()


class CheckCache:
    """The entries of one course, read and written by one run; ``folder=None`` is a
    cache that is off (every lookup a miss, nothing written).

    Entries are grouped in *shards* (one file per kind of unit and language): one read
    and at most one write per shard and run, since creating thousands of small files
    costs more than the work they save. :meth:`flush` writes the shards that gained
    entries, keeping only the entries this run used or added (an entry no run asks for
    again does not stay forever) and those another run added meanwhile."""

    def __init__(self, folder: Path | None, configuration: str = "") -> None:
        self.folder = folder
        self._base = [FORMAT, code_identity() if folder is not None else "", configuration]
        self._hashes: dict[Path, str | None] = {}
        self._kept: dict[Path, bytes] = {}
        self._shards: dict[tuple[str, str], dict[str, Any]] = {}
        self._used: dict[tuple[str, str], dict[str, Any]] = {}
        self._added: set[tuple[str, str]] = set()
        self.hits = 0
        self.misses = 0

    @classmethod
    def of(cls, course: Course, enabled: bool = True) -> CheckCache:
        """The cache in ``course``'s build folder, keyed by its configuration file."""
        if not enabled:
            return cls(None)
        configuration = ""
        if course.config.path is not None:
            configuration = _regular_file_hash(course.config.path) or "unreadable"
        return cls(course.build_dir / CACHE_DIR, f"{course.root}\n{configuration}")

    @property
    def enabled(self) -> bool:
        return self.folder is not None

    def file_hash(self, path: Path, keep: bool = False) -> str | None:
        """The SHA-256 of ``path``'s bytes, read once per run; ``None`` when only a
        regular file's bytes could say (a FIFO, a link, a missing or unreadable file):
        the unit that reads it is then never cached. ``keep``: the bytes hashed are kept
        for :meth:`hashed_bytes`, so that what is parsed is what the key was made of,
        read once."""
        if path not in self._hashes:
            data = _regular_file_bytes(path)
            self._hashes[path] = None if data is None else hashlib.sha256(data).hexdigest()
            if keep and data is not None:
                self._kept[path] = data
        return self._hashes[path]

    def hashed_bytes(self, path: Path) -> bytes | None:
        """The bytes :meth:`file_hash` hashed for ``path`` when asked to keep them,
        handed over once (``None`` after that, or when they were not kept)."""
        return self._kept.pop(path, None)

    def key(self, kind: str, parts: Sequence[object]) -> str:
        payload = json.dumps([*self._base, kind, *parts], default=str)
        return hashlib.sha256(payload.encode()).hexdigest()

    def _shard_path(self, kind: str, shard: str) -> Path:
        assert self.folder is not None
        name = shard if _SAFE_NAME.fullmatch(shard) else hashlib.sha256(
            shard.encode()).hexdigest()[:32]
        return self.folder / kind / f"{name}.json"

    def _read_shard(self, kind: str, shard: str) -> dict[str, Any]:
        try:
            # A regular file only: a FIFO put in a shard's place would block the run.
            document = json.loads(read_regular(self._shard_path(kind, shard)))
            entries = document["entries"] if document.get("format") == FORMAT else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            entries = {}  # unreadable, corrupt or nested too deeply: every entry a miss
        return entries if isinstance(entries, dict) else {}

    def _shard(self, kind: str, shard: str) -> dict[str, Any]:
        found = self._shards.get((kind, shard))
        if found is None:
            found = self._shards[(kind, shard)] = self._read_shard(kind, shard)
        return found

    def load(self, kind: str, key: str, shard: str = "") -> dict[str, Any] | None:
        """The entry stored under ``key``; ``None`` for a miss or an entry that is not a
        document."""
        return self.read(kind, key, lambda value: value, shard)

    def read(self, kind: str, key: str, parse: Callable[[dict[str, Any]], T],
             shard: str = "") -> T | None:
        """What ``parse`` makes of the entry stored under ``key``; ``None`` for a miss, an
        entry that is not a document, or one ``parse`` refuses (:class:`InvalidEntry`,
        ``KeyError``, ``TypeError``): such an entry is judged again and overwritten."""
        if self.folder is None:
            return None
        value = self._shard(kind, shard).get(key)
        try:
            if not isinstance(value, dict):
                raise InvalidEntry("not a document")
            found = parse(value)
        except (ValueError, KeyError, TypeError):
            self.misses += 1
            return None
        self.hits += 1
        self._used.setdefault((kind, shard), {})[key] = value
        return found

    def save(self, kind: str, key: str, value: dict[str, Any], shard: str = "") -> None:
        if self.folder is None:
            return
        self._used.setdefault((kind, shard), {})[key] = value
        self._added.add((kind, shard))

    def flush(self) -> None:
        """Write the shards that gained entries (atomically: a concurrent reader sees
        the old shard or the new one), with the entries another run added meanwhile."""
        if self._added:
            self._ignore_in_git()
        for kind, shard in sorted(self._added):
            if not self._confined(kind):
                continue
            entries = {**self._read_shard(kind, shard), **self._used[(kind, shard)]}
            old = self._shards.get((kind, shard), {})
            kept = {k: v for k, v in entries.items()
                    if k in self._used[(kind, shard)] or k not in old}
            data = json.dumps({"format": FORMAT, "entries": kept}, separators=(",", ":"))
            with contextlib.suppress(OSError):  # unwritable: it only costs the next run
                write_bytes_atomic(self._shard_path(kind, shard), data.encode("utf-8"),
                                   durable=False)
        self._added.clear()

    def _ignore_in_git(self) -> None:
        """A ``.gitignore`` of ``*`` in the cache folder, as ruff and mypy keep theirs: the
        cache is never a change of the course (``check --since`` lists changed files)."""
        assert self.folder is not None
        ignore = self.folder / ".gitignore"
        if self._confined("") and not os.path.lexists(ignore):
            with contextlib.suppress(OSError):
                write_bytes_atomic(ignore, b"# written by coursekit check\n*\n", durable=False)

    def _confined(self, kind: str) -> bool:
        """Whether the folder of ``kind`` is where it is named, no link on the way from
        the build folder leading elsewhere: the cache writes only inside itself."""
        assert self.folder is not None
        real = Path(os.path.realpath(self.folder / kind))
        return real == Path(os.path.realpath(self.folder.parent)) / self.folder.name / kind

    def findings(self, kind: str, key: str, shard: str = "") -> list[Diagnostic] | None:
        """The findings stored under ``key`` (see :meth:`load`)."""
        return self.read(kind, key, lambda value: diagnostics_from_json(
            value.get("diagnostics")), shard)

    def save_findings(self, kind: str, key: str, diagnostics: Sequence[Diagnostic],
                      shard: str = "", **extra: Any) -> None:
        self.save(kind, key, {"diagnostics": [diagnostic_json(d) for d in diagnostics],
                              **extra}, shard)
