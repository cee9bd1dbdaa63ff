"""Baselines: record today's findings so that later runs fail only on new ones.

A finding is identified by its rule, its file and its fingerprint (or, when the
rule gives none, its message with digits masked), never by its line, so edits
elsewhere in the file and small re-timings do not turn old findings into new ones.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from coursekit.atomic import write_output
from coursekit.diagnostics import Diagnostic
from coursekit.files import read_regular

_DIGITS = re.compile(r"\d+")


def identity(diag: Diagnostic) -> str:
    basis = diag.fingerprint if diag.fingerprint is not None else _DIGITS.sub("#", diag.message)
    text = f"{diag.rule}\0{diag.path}\0{basis}"  # an undecodable file name has surrogates
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return digest[:16]


class BaselineError(ValueError):
    pass


def write_baseline(path: Path, diagnostics: Iterable[Diagnostic]) -> int:
    counts = Counter(identity(d) for d in diagnostics)
    entries = [{"id": key, "count": n} for key, n in sorted(counts.items())]
    document = json.dumps({"version": 1, "findings": entries}, indent=1) + "\n"
    write_output(path, document.encode("utf-8"))
    return sum(counts.values())


def read_baseline(path: Path) -> Counter[str]:
    """The finding counts recorded in ``path``; :class:`BaselineError` on anything else
    (malformed, nested too deeply, counts that are not whole numbers)."""
    try:
        data = json.loads(read_regular(path).decode("utf-8"))
    except RecursionError as exc:
        raise BaselineError(f"{path}: not a coursekit baseline (nested too deeply)") from exc
    except (OSError, ValueError) as exc:
        raise BaselineError(f"{path}: not a coursekit baseline ({exc})") from exc
    match data:
        case {"findings": list() as entries}:
            pass
        case _:
            raise BaselineError(f"{path}: not a coursekit baseline (no list of findings)")
    found: Counter[str] = Counter()
    for number, entry in enumerate(entries, 1):
        match entry:
            case {"id": str() as key, "count": int() as count} if (
                    type(count) is int and count >= 0):
                found[key] += count
            case _:
                raise BaselineError(f"{path}: finding {number} is not an id with a count "
                                    f"(found {str(entry)[:80]})")
    return found


def new_findings(diagnostics: Sequence[Diagnostic], baseline: Counter[str]) -> list[Diagnostic]:
    """The diagnostics not covered by ``baseline`` (each baseline entry absorbs ``count``)."""
    left = Counter(baseline)
    fresh: list[Diagnostic] = []
    for diag in diagnostics:
        key = identity(diag)
        if left[key] > 0:
            left[key] -= 1
        else:
            fresh.append(diag)
    return fresh
