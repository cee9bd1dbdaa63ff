"""Every ``coursekit fix`` command whose write is refused because the file was saved by
someone else meanwhile (another run of the same command, an editor) lists and counts
only the files it rewrote: the refused one is said to be left as it was, never also
said to be fixed, synced or formatted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from coursekit.atomic import write_bytes_atomic
from coursekit.cli import main

from .test_fix_interrupted import COURSES, _lessons, _listed

_WRITES = {
    "lessons": "coursekit.formatting.fix.write_bytes_atomic",
    "drift": "coursekit.fixes.plan.write_bytes_atomic",
    "translations": "coursekit.fixes.translations.write_bytes_atomic",
}


@pytest.mark.parametrize("command", sorted(COURSES))
def test_a_file_saved_meanwhile_is_neither_listed_nor_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    root, args = COURSES[command](tmp_path)
    before = _lessons(root)
    calls: list[Path] = []

    def saved_meanwhile(path: Path, data: bytes, **kwargs: Any) -> None:
        calls.append(path)
        if len(calls) == 2:  # the second file is saved between its read and its write
            path.write_bytes(path.read_bytes() + b"\nSaved meanwhile.\n")
        write_bytes_atomic(path, data, **kwargs)

    monkeypatch.setattr(_WRITES[command], saved_meanwhile)
    assert main([*args, "--root", str(root)]) == 1
    out, err = capsys.readouterr()
    rewritten = {path for path, data in _lessons(root).items()
                 if data != before[path] and not data.endswith(b"Saved meanwhile.\n")}
    assert len(rewritten) == len(calls) - 1 >= 1
    assert _listed(out) == rewritten
    assert "changed since it was read" in err
    summary = [line for line in err.splitlines() if line.startswith(f"fix {command}:")]
    assert summary and f" in {len(rewritten)} of " in summary[-1]
