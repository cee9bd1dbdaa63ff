"""The files a build writes under ``<build>/notebooks``: written only when their bytes
change, and removed only when the build can prove they are the files it wrote."""

from __future__ import annotations

import functools
import hashlib
import os
import stat
from pathlib import Path

from coursekit.atomic import write_bytes_atomic
from coursekit.files import DATA_LIMIT, read_regular
from coursekit.notebooks import rules
from coursekit.notebooks.build_result import BuildResult
from coursekit.notebooks.lesson_files import stamp_of
from coursekit.notebooks.manifest import Manifest, OutputEntry


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class OutputFiles:
    """Writes and removes the outputs of a build, keeping ``manifest`` and ``result`` up
    to date; with ``check``, only says what it would do."""

    def __init__(self, out: Path, manifest: Manifest, result: BuildResult, check: bool) -> None:
        self.out = out
        self.manifest = manifest
        self.result = result
        self.check = check
        self._folders_leaving: dict[Path, bool] = {}
        self._owners: dict[str, str] = {}
        """The lesson each output of this run is from: two lessons cannot share a path
        (``intro.md`` and ``intro.mdx``; ``intro.mdx``'s PyTorch notebook and ``intro_pt.mdx``)."""

    def keep(self, lesson: str, path: str) -> None:
        """Record that ``lesson``'s output at ``path`` stays as it is."""
        self._owners.setdefault(path, lesson)
        self.result.unchanged.append(path)

    def _taken(self, lesson: str, path: str) -> bool:
        """Whether another lesson of this run has ``path``, which is then reported."""
        owner = self._owners.setdefault(path, lesson)
        if owner == lesson:
            return False
        self.result.diagnostics.append(rules.WRITE_FAILED.at(
            lesson, None, f"cannot write `{path}`: {owner} has a notebook of that name",
            hint="rename one of the two lessons",
        ))
        return True

    def emit(
        self, lesson: str, path: str, data: bytes, framework: str, digest: str, key: str
    ) -> bool:
        """Write one output if its bytes changed; ``False`` if that failed."""
        if self._taken(lesson, path):
            return False
        target = self.out / path
        stamp = stamp_of(target)
        try:  # nothing to read where nothing could be stamped (a cold build's every file)
            current = read_regular(target, DATA_LIMIT) if stamp is not None else None
        except OSError:
            current = None
        entry = OutputEntry(
            lesson=lesson, framework=framework, source_hash=digest, options=key,
            sha256=sha256(data), stamp=stamp,
        )
        previous = self.manifest.outputs.get(path)
        self.manifest.set_output(path, entry)
        if current == data:
            self.result.unchanged.append(path)
            return True
        entry.stamp = None
        if self.check:
            what = "missing" if current is None else "out of date"
            self.result.stale.append(path)
            self.result.diagnostics.append(rules.STALE_NOTEBOOK.at(
                lesson, None, f"`{path}` is {what}", hint="run `coursekit build`",
            ))
            return True
        return self._write(lesson, path, data, entry, previous)

    def _write(self, lesson: str, path: str, data: bytes, entry: OutputEntry,
               previous: OutputEntry | None) -> bool:
        """Write the output ``entry`` records; ``False`` if that failed."""
        target = self.out / path
        replaced: list[bool] = []
        try:
            if self._leaves_out(target):
                raise OSError("a linked folder on its path leads out of the notebooks folder")
            write_bytes_atomic(target, data, durable=False,
                               on_replaced=lambda: replaced.append(True))
        except OSError as exc:
            self.result.diagnostics.append(rules.WRITE_FAILED.at(
                lesson, None, f"cannot write `{path}`: {exc}",
            ))
            self.manifest.drop_output(path)
            return False
        except BaseException:
            # Stopped (Ctrl-C): a file not yet replaced is as it was, so is its record; one
            # replaced (the signal came during the rename) is recorded as the new file.
            if replaced:
                self._written(path, entry, target)
            elif previous is None:
                self.manifest.drop_output(path)
            else:
                self.manifest.set_output(path, previous)
            raise
        self._written(path, entry, target)
        return True

    def _written(self, path: str, entry: OutputEntry, target: Path) -> None:
        entry.stamp = stamp_of(target)
        self.result.written.append(path)

    def remove(self, path: str, *, reason: str) -> None:
        output = self.manifest.outputs[path]
        lesson = output.lesson
        target = self.out / path
        foreign = self._not_owned(target, output)
        if foreign is not None:
            self.result.diagnostics.append(rules.FOREIGN_OUTPUT.at(
                lesson, None, f"`{path}` is left in place although {reason}: {foreign}",
                hint="delete it by hand if it is not needed",
            ))
            self.manifest.drop_output(path)
            return
        if self.check:
            if target.exists():
                self.result.stale.append(path)
                self.result.diagnostics.append(rules.ORPHAN_NOTEBOOK.at(
                    lesson, None, f"`{path}` is left over: {reason}",
                    hint="run `coursekit build` to remove it",
                ))
            self.manifest.drop_output(path)  # as the build would leave it; never saved
            return
        try:
            target.unlink(missing_ok=True)
        except OSError as exc:
            self.result.diagnostics.append(rules.WRITE_FAILED.at(
                lesson, None, f"cannot remove `{path}`: {exc}",
            ))
            return
        self.manifest.drop_output(path)
        self.result.removed.append(path)
        self._prune(target.parent)

    def _leaves_out(self, target: Path) -> bool:
        """Whether a link on the way from the notebooks folder to ``target``'s folder
        leads elsewhere (the notebooks folder itself may be a link)."""
        folder = target.parent
        found = self._folders_leaving.get(folder)
        if found is None:  # once a folder a run: a build writes many notebooks into each
            inside = folder.relative_to(self.out)
            found = self._folders_leaving[folder] = (
                folder.resolve() != self._out_resolved / inside)
        return found

    @functools.cached_property
    def _out_resolved(self) -> Path:
        """The notebooks folder with its links followed, once per run: a link there
        is the user's choice, only links below it are looked for on each write."""
        return self.out.resolve()

    def _not_owned(self, target: Path, output: OutputEntry) -> str | None:
        """Why the build cannot prove that ``target`` is the file it wrote (``None``
        when it can, or when there is no file): it must lie in the notebooks folder with
        no link on the way, and hold the bytes the manifest recorded."""
        try:
            status = os.lstat(target)
        except FileNotFoundError:
            return None
        except OSError as exc:
            return f"it cannot be looked at ({exc.strerror or exc})"
        if not stat.S_ISREG(status.st_mode):
            return "it is not a regular file"
        if self._leaves_out(target):
            return "a linked folder on its path leads out of the notebooks folder"
        try:
            data = read_regular(target, DATA_LIMIT)
        except OSError as exc:
            return f"it cannot be read ({exc.strerror or exc})"
        if sha256(data) != output.sha256:
            return "its bytes are not the ones the build wrote"
        return None

    def _prune(self, folder: Path) -> None:
        """Remove folders that the removal left empty, up to the notebooks folder."""
        while folder != self.out and folder.is_relative_to(self.out):
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent

