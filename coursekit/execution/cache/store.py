"""Stored kernel runs, as JSON under ``<build>/.verify-cache/``.

An unreadable entry is a miss, never an error: the run is simply done again; an
unwritable cache only makes the next run slower. Only a regular file below
:data:`~coursekit.files.DATA_LIMIT` is read: a FIFO put in an entry's place would block.
Such an entry (a special file, one too large) is also kept in :attr:`ResultCache.refused`,
which verify reports, naming it.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.execution.cache.run_json import run_from_json
from coursekit.execution.results import NotebookRun
from coursekit.files import DATA_LIMIT, NotARegularFile, TooLarge, leads_out, read_regular

CACHE_DIR = ".verify-cache"


class ResultCache:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.refused: list[tuple[Path, str]] = []
        """Entries not read for what they are (not a regular file, too large), and why."""

    def _run_path(self, key: str) -> Path:
        return self.root / "runs" / key[:2] / f"{key}.json"

    def load(self, key: str) -> NotebookRun | None:
        path = self._run_path(key)
        try:
            data = json.loads(read_regular(path, DATA_LIMIT).decode("utf-8"))
            return run_from_json(data)
        except (NotARegularFile, TooLarge) as exc:
            self.refused.append((path, exc.strerror or str(exc)))
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # not a run (truncated, another shape, nested too deeply): a miss

    def store(self, key: str, run: NotebookRun) -> None:
        if run.kernel_error is not None:
            return  # a kernel that did not start says nothing about the code
        path = self._run_path(key)
        if leads_out(self.root, path):
            return  # a linked folder (a cache restored from CI) leads out of the cache
        with contextlib.suppress(OSError):
            write_text_atomic(path, json.dumps(run.to_json()))
