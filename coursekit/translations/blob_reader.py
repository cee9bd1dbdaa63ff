"""One ``git cat-file --batch`` process that reads the objects of a checkout's
repository: a file as it was at any commit, by its object id or by ``commit:./path``.
It starts on the first read and stops with :meth:`BlobReader.close`."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from coursekit.translations import git_calls


class BlobReader:
    """Reads blobs of the repository of the checkout at ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def started(self) -> bool:
        """Whether git was asked anything yet."""
        return self._process is not None

    def ask(self, name: str) -> tuple[str, bytes] | None:
        """The object id and text of the blob ``name`` names; None where it names none
        (or git cannot run)."""
        process = self._open()
        if process is None:
            return None
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None
        assert stdout is not None
        stdin.write(f"{name}\n".encode())
        stdin.flush()
        header = stdout.readline().split()
        if len(header) != 3 or header[1] != b"blob":
            return None
        size = int(header[2])
        data = git_calls.read_exactly(stdout, size)
        stdout.read(1)  # the newline after each object
        return header[0].decode(), data

    def _open(self) -> subprocess.Popen[bytes] | None:
        if self._process is None:
            git = shutil.which("git")
            if git is None:
                return None
            self._process = subprocess.Popen(
                [git, "-C", str(self.root), "cat-file", "--batch"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            )
        return self._process

    def close(self) -> None:
        if self._process is not None:
            if self._process.stdin is not None:
                self._process.stdin.close()
            self._process.wait()
            if self._process.stdout is not None:
                self._process.stdout.close()
            self._process = None
