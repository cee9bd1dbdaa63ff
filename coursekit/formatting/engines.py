"""Formatting many code texts at once, with ruff or black.

ruff has no Python interface: its binary (shipped by the ``ruff`` package) formats
every text in one run, each text a cell of one notebook, which ruff formats cell by
cell as it formats a file of each (the same output for each of the 1,002 distinct
code texts of the two real courses and the bundled one, at three line lengths). One
file to write and read instead of one per text makes the run about six times
faster: on a busy machine, creating and removing hundreds of files costs more than
ruff itself. A notebook that ruff refuses (a cell it cannot read fails the whole
notebook) is formatted again as one file per text, in one run, so that only the
texts ruff cannot read go unformatted. black is imported and called in this
process. Either way the caller hands over all the texts of a run at once, each
distinct text once.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from coursekit.formatting.settings import FormatSettings, Formatter


class FormatterUnavailable(RuntimeError):
    """The configured formatter is not installed, or does not run."""


def format_texts(texts: Sequence[str], settings: FormatSettings) -> list[str | None]:
    """Each of ``texts`` formatted (ending in one line break, as formatters write);
    ``None`` for a text the formatter refuses."""
    if not texts:
        return []
    if settings.formatter is Formatter.BLACK:
        return _with_black(texts, settings)
    return _with_ruff(texts, settings)


def _with_black(texts: Sequence[str], settings: FormatSettings) -> list[str | None]:
    try:
        import black
    except ImportError as exc:
        raise FormatterUnavailable(
            "formatter = \"black\" needs black: pip install 'coursekit[black]'"
        ) from exc
    from black.mode import Mode, TargetVersion

    targets = set()
    if settings.target_version is not None:
        targets.add(TargetVersion[settings.target_version.upper()])
    mode = Mode(line_length=settings.line_length, target_versions=targets)
    out: list[str | None] = []
    for text in texts:
        try:
            out.append(black.format_str(text, mode=mode))
        except Exception:  # black refuses code it cannot read or format safely
            out.append(None)
    return out


_FAILED = re.compile(r"\b(t\d+)\.py\b")
"""The file name in ruff's message about a file it could not format."""


def _ruff_binary() -> str:
    try:
        from ruff.__main__ import find_ruff_bin  # type: ignore[import-untyped]
    except ImportError as exc:
        raise FormatterUnavailable("formatter = \"ruff\" needs ruff: pip install ruff") from exc
    try:
        return str(find_ruff_bin())
    except FileNotFoundError as exc:
        raise FormatterUnavailable(f"the ruff binary is missing: {exc}") from exc


def _ruff_command(settings: FormatSettings) -> list[str]:
    command = [_ruff_binary(), "format", "--isolated", "--no-cache",
               "--line-length", str(settings.line_length)]
    if settings.target_version is not None:
        command += ["--target-version", settings.target_version]
    return command


def _run_ruff(command: list[str]) -> subprocess.CompletedProcess[str]:
    try:
        run = subprocess.run(command, capture_output=True, text=True, encoding="utf-8",
                             errors="replace", check=False)
    except OSError as exc:
        raise FormatterUnavailable(f"ruff does not run: {exc}") from exc
    if run.returncode not in (0, 2):  # 2: some input could not be formatted
        raise FormatterUnavailable(f"ruff failed (exit {run.returncode}): "
                                   f"{run.stderr.strip()[:500]}")
    return run


def _with_ruff(texts: Sequence[str], settings: FormatSettings) -> list[str | None]:
    command = _ruff_command(settings)
    with tempfile.TemporaryDirectory(prefix="coursekit-format-") as folder:
        notebook = Path(folder, "texts.ipynb")
        cells: list[dict[str, object]] = [
            {"cell_type": "code", "id": f"t{index}", "metadata": {}, "outputs": [],
             "execution_count": None, "source": text}
            for index, text in enumerate(texts)
        ]
        notebook.write_bytes(json.dumps({
            "cells": cells, "metadata": {"language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5,
        }).encode("utf-8"))
        if _run_ruff([*command, str(notebook)]).returncode == 0:
            formatted = json.loads(notebook.read_bytes().decode("utf-8"))["cells"]
            return [_cell_text(cell) for cell in formatted]
    return _with_ruff_files(texts, command)


def _cell_text(cell: dict[str, object]) -> str:
    source = cell["source"]
    text = "".join(source) if isinstance(source, list) else str(source)
    return text + "\n" if text else text


def _with_ruff_files(texts: Sequence[str], command: list[str]) -> list[str | None]:
    with tempfile.TemporaryDirectory(prefix="coursekit-format-") as folder:
        files = [Path(folder, f"t{index}.py") for index in range(len(texts))]
        for file, text in zip(files, texts, strict=True):
            file.write_bytes(text.encode("utf-8"))
        run = _run_ruff([*command, folder])
        refused = set(_FAILED.findall(run.stderr))
        if run.returncode == 2 and not refused:
            raise FormatterUnavailable(f"ruff failed: {run.stderr.strip()[:500]}")
        return [
            None if file.stem in refused else file.read_bytes().decode("utf-8")
            for file in files
        ]
