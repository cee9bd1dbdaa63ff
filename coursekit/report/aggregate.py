"""Repeated findings of one rule in one file, shown as one.

An outdated translation differs from its source in block after block, a subtitle file
with a deliberate style breaks a readability limit in cue after cue: the rules that
fire per block, per section or per cue (``Rule.repeats``) are shown once per file. A
per-cue finding folds into the share of the file's cues it covers and the worst of
them (those furthest past the limit), located at the worst; other repeats into the
count and their places (lines, or the section or link each names).

A language may also keep a convention of its own on purpose (a glossary heading at the
end of every lesson, a link written its own way): the same finding, about the same
thing, in many files of one language. Warnings and notes of one rule that name the same
thing in at least :data:`CONVENTION_FILES` files of a language are shown as one, located
at the first file, with the count of files. Errors are never folded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.statistics import language_of
from coursekit.rules import all_rules

SHOWN = 5
"""Places quoted in an aggregated finding's message."""

CONVENTION_FILES = 5
"""Files of one language with the same finding about the same thing that make it one
finding: a convention the language keeps, not a slip in each file."""

_NAMED = re.compile(r"(?<!`)`([^`\n]{1,60})`(?!`)")
"""The thing a finding is about, for a convention: a span in single backquotes (not
the backquotes of a fence a message quotes)."""

FILES_SHOWN = 3
"""Files named in a convention's finding."""



def _where(diag: Diagnostic) -> str | None:
    if diag.cue is not None:
        return f"cue {diag.cue}"
    if diag.line is not None:
        return f"line {diag.line}"
    subject = _NAMED.search(diag.message)  # the section, link or name it is about
    return f"`{subject[1]}`" if subject else None


def aggregate(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` with each repeating rule's findings in one file merged into one,
    each language's conventions (:func:`conventions`) shown once, and the findings folded
    into another (``Diagnostic.folded``) left out."""
    repeating = {rule.code for rule in all_rules() if rule.repeats}
    groups: dict[tuple[str, str, str], list[Diagnostic]] = {}
    out: list[Diagnostic] = []
    kept, kept_as_one = conventions([d for d in diagnostics if not d.folded])
    for diag in sorted_diagnostics(kept):
        if diag.rule in repeating:
            key = (diag.rule, diag.path, diag.severity.value)
            if key not in groups:
                groups[key] = []
                out.append(diag)
            groups[key].append(diag)
        else:
            out.append(diag)
    merged = []
    for diag in out:
        group = groups.get((diag.rule, diag.path, diag.severity.value), [diag])
        merged.append(diag if len(group) == 1 or group[0] is not diag else _merge(group))
    return sorted_diagnostics([*merged, *kept_as_one])


ConventionKey = tuple[str, Severity, str, str]


def _convention_key(diag: Diagnostic) -> ConventionKey | None:
    """Rule, severity, language and the thing the finding names, for a finding that can
    be part of a convention; ``None`` for an error, a finding of a rule that speaks of its
    file alone (``Rule.of_its_file``) or one that names nothing."""
    if diag.severity is Severity.ERROR or diag.rule in _of_their_files():
        return None
    subject = _NAMED.search(diag.message)
    language = language_of(diag.path)
    if subject is None or language == "-":
        return None
    return diag.rule, diag.severity, language, subject[1]


@functools.cache
def _of_their_files() -> frozenset[str]:
    return frozenset(rule.code for rule in all_rules() if rule.of_its_file)


def conventions(diagnostics: Sequence[Diagnostic]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The findings that are no convention, and one finding for each convention: the same
    rule naming the same thing in at least :data:`CONVENTION_FILES` files of a language."""
    groups: dict[ConventionKey, list[Diagnostic]] = {}
    for diag in sorted_diagnostics(diagnostics):
        key = _convention_key(diag)
        if key is not None:
            groups.setdefault(key, []).append(diag)
    folded = {key: group for key, group in groups.items()
              if len({d.path for d in group}) >= CONVENTION_FILES}
    if not folded:
        return list(diagnostics), []
    rest = [d for d in diagnostics if _convention_key(d) not in folded]
    return rest, [_convention(key, group) for key, group in folded.items()]


_CONVENTION = re.compile(r"\[the same in (\d+) files of ")


def files_of(diag: Diagnostic) -> int:
    """How many files a finding stands for: more than one for a convention's."""
    found = _CONVENTION.search(diag.message)
    return int(found[1]) if found else 1


def _convention(key: ConventionKey, group: list[Diagnostic]) -> Diagnostic:
    head = group[0]
    paths = list(dict.fromkeys(d.path for d in group))
    named = ", ".join(paths[1:FILES_SHOWN + 1]) + (", ..." if len(paths) > FILES_SHOWN + 1
                                                   else "")
    return replace(
        head, count=sum(d.count for d in group),
        message=f"{head.message} [the same in {len(paths)} files of {key[2]}, a convention "
                f"of this language: one thing to decide; also {named}; --show-all lists "
                "each]",
    )


def _merge(group: list[Diagnostic]) -> Diagnostic:
    count = sum(d.count for d in group)
    if group[0].cue is not None and any(d.excess or d.out_of for d in group):
        return _merge_cues(group, count)
    first = group[0]
    places = [place for place in map(_where, group[1:SHOWN + 1]) if place is not None]
    named = f": {', '.join(places)}{', ...' if len(group) > SHOWN + 1 else ''}" if places else ""
    return replace(
        first, count=count,
        message=f"{first.message} [and {count - 1} more in this file{named}; "
                "--show-all lists each]",
    )


def _merge_cues(group: list[Diagnostic], count: int) -> Diagnostic:
    """The worst cue's finding (the first, when the rule measures no excess), with the
    share of the file's cues and the next worst ones."""
    measured = any(d.excess for d in group)
    ranked = sorted(group, key=lambda d: (-d.excess, d.cue or 0)) if measured else group
    head = ranked[0]
    total = head.out_of
    share = f"{count} of {total} cues ({count / total:.0%})" if total else f"{count} cues"
    others = ", ".join(f"cue {d.cue}" for d in ranked[1:SHOWN])
    more = ", ..." if count > SHOWN else ""
    if measured:
        where = f"the worst of {share} in this file"
        then = f"; next worst: {others}{more}" if others else ""
    else:
        where = f"{share} of this file"
        then = f"; also {others}{more}" if others else ""
    return replace(
        head, count=count,
        message=f"{head.message} [{where}{then}; --show-all lists each]",
    )
