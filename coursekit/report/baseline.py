"""Baselines: record today's findings so that later runs fail only on new ones.

A finding is identified by its rule, its file and its fingerprint (or, when the
rule gives none, its message with digits masked), never by its line, so edits
elsewhere in the file and small re-timings do not turn old findings into new ones.
Configuration findings (``CFGxxx``) are never recorded nor absorbed: a run that is not
the one the course asked for must never pass as an accepted one.

Each entry also names its rule and file (read by nothing but the update), so that a run
that checked part of the course (one language, one area, some rules) records its part
and keeps what the baseline held for the rest (:func:`kept_outside`); an entry written
before they were recorded names neither, and an update replaces it. It also lists the
context of each finding it counts (a hash of the finding's line and the two after it),
by which :mod:`coursekit.report.baseline_match` tells apart the repeats of one identity;
an entry without contexts (written before they were) is matched by its count alone.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coursekit.atomic import write_output
from coursekit.diagnostics import Diagnostic
from coursekit.json_files import read_json

_DIGITS = re.compile(r"\d+")
VERSION = 1
"""The format written; a baseline of any other ``version`` is refused."""


def recordable(diag: Diagnostic) -> bool:
    """Whether a baseline may record ``diag``: a configuration finding never."""
    return not diag.rule.startswith("CFG")


def identity(diag: Diagnostic) -> str:
    basis = diag.fingerprint if diag.fingerprint is not None else _DIGITS.sub("#", diag.message)
    text = f"{diag.rule}\0{diag.path}\0{basis}"  # an undecodable file name has surrogates
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return digest[:16]


class BaselineError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Entry:
    """One identity recorded in a baseline, with how many findings it absorbs."""

    id: str
    count: int
    rule: str | None = None
    path: str | None = None
    """Rule and file of the findings (``None`` in a baseline written before they were)."""
    contexts: tuple[str, ...] = ()
    """The context of each finding counted, where it had one (none in a baseline written
    before they were): at most ``count`` of them."""


def write_baseline(path: Path, diagnostics: Iterable[Diagnostic],
                   kept: Iterable[Entry] = (),
                   context: Callable[[Diagnostic], str | None] = lambda diag: None) -> int:
    """Record the recordable ``diagnostics`` in ``path``, each with its ``context``, and
    the entries ``kept`` from the baseline before; the number of findings recorded by this
    run."""
    entries: dict[str, dict[str, Any]] = {}
    for diag in diagnostics:
        if not recordable(diag):
            continue
        key = identity(diag)
        entry = entries.setdefault(key, {"id": key, "count": 0, "rule": diag.rule,
                                         "path": diag.path, "contexts": []})
        entry["count"] += 1
        if (where := context(diag)) is not None:
            entry["contexts"].append(where)
    recorded: int = sum(entry["count"] for entry in entries.values())
    found = set(entries)
    for old in kept:  # what this run found of an identity replaces what was recorded
        if old.id in found:
            continue
        entry = entries.setdefault(old.id, {"id": old.id, "count": 0, "rule": old.rule,
                                            "path": old.path, "contexts": []})
        entry["count"] += old.count  # recorded twice: one entry absorbs both
        entry["contexts"].extend(old.contexts)
    listed = [_listed(entries[key]) for key in sorted(entries)]
    document = json.dumps({"version": VERSION, "findings": listed}, indent=1) + "\n"
    write_output(path, document.encode("utf-8"))
    return recorded


def _listed(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` as the file lists it: its contexts sorted, none listed where it has none."""
    contexts = sorted(entry.pop("contexts"))
    return {**entry, "contexts": contexts} if contexts else entry


def kept_outside(entries: Iterable[Entry], checked: Container[str],
                 selected: Callable[[str, str], bool], exists: Callable[[str], bool],
                 ) -> list[Entry]:
    """The ``entries`` a run that checked the files ``checked`` with the rules
    ``selected`` (by rule and file) knows nothing about: those of a file it did not check
    that is still there, or of a rule it did not run. Entries that name no rule or file
    are the run's to replace."""
    return [entry for entry in entries
            if entry.rule is not None and entry.path is not None
            and ((entry.path not in checked and exists(entry.path))
                 or not selected(entry.rule, entry.path))]


def read_entries(path: Path) -> list[Entry]:
    """The entries recorded in ``path``; :class:`BaselineError` on anything else
    (malformed, nested too deeply, a ``version`` other than 1, counts that are not
    whole numbers). A baseline that names no version is read as version 1."""
    try:
        data = read_json(path)
    except (OSError, ValueError) as exc:
        raise BaselineError(f"{path}: not a coursekit baseline ({exc})") from exc
    match data:
        case {"findings": list() as entries}:
            pass
        case _:
            raise BaselineError(f"{path}: not a coursekit baseline (no list of findings)")
    version = data.get("version", VERSION)
    if type(version) is not int or version != VERSION:  # `true == 1` in Python
        raise BaselineError(f"{path}: baseline version {json.dumps(version)[:40]} is not one "
                            f"this coursekit reads (it writes version {VERSION})")
    found: list[Entry] = []
    for number, entry in enumerate(entries, 1):
        match entry:
            case {"id": str() as key, "count": int() as count} if (
                    type(count) is int and count >= 0):
                rule, where = entry.get("rule"), entry.get("path")
                found.append(Entry(key, count, rule if isinstance(rule, str) else None,
                                   where if isinstance(where, str) else None,
                                   _contexts(path, number, entry.get("contexts", []))))
            case _:
                raise BaselineError(f"{path}: finding {number} is not an id with a count "
                                    f"(found {str(entry)[:80]})")
    return found


def _contexts(path: Path, number: int, listed: object) -> tuple[str, ...]:
    """The contexts of finding ``number`` of the baseline ``path``."""
    match listed:
        case list() if all(isinstance(item, str) for item in listed):
            return tuple(listed)
    raise BaselineError(f"{path}: the contexts of finding {number} are not a list of "
                        f"strings (found {str(listed)[:80]})")
