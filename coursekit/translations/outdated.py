"""An outdated translation's one finding, and the differences that fold into it.

A translation its source outgrew differs from the current source in block after block;
each difference is true, but the file has one thing to do: catch up. When history says
it is outdated (:mod:`coursekit.translations.freshness`), the structural differences
fold into one ``TRN005`` finding that counts them; ``--show-all`` lists them, as notes.
What the translation's own code breaks (a syntax error, an undefined name, a stale API)
is reported as ever.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.translations import rules, sections
from coursekit.translations.align import align
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Verdict

FOLDED = frozenset(rule.code for rule in (
    rules.SECTION_MISMATCH, rules.HEADING_COUNT, rules.ANCHOR_MISSING, rules.VIDEO_MISMATCH,
    rules.FRAMEWORK_STRUCTURE, rules.LINK_MISMATCH, rules.CODE_MISSING, rules.CODE_EXTRA,
    rules.OUTPUT_MISMATCH, rules.CODE_DRIFT, rules.CODE_VARIATION, rules.ERROR_MISSING,
    rules.ERROR_EXTRA, rules.ERROR_CHANGED,
))
"""Differences from the current source that an outdated translation has because it is
older: they fold into its one ``TRN005`` finding. What its own code breaks (a syntax
error, an undefined name, a stale API) is reported as ever."""


def fold(
    found: Sequence[Diagnostic], source: Digest, translation: Digest, verdict: Verdict,
) -> list[Diagnostic]:
    """``found`` on an outdated translation: its ``TRN005`` finding, what stays, and the
    folded differences (marked so, as notes). A section mismatch stays when the file
    translates no version of the source at all."""
    then = verdict.then
    if then is not None and any(d.rule == rules.SECTION_MISMATCH.code for d in found) and \
            sections.mismatch(then, translation, align(then.code, translation.code)):
        return list(found)
    folded = [replace(d, folded=True, severity=Severity.NOTE) for d in found
              if d.rule in FOLDED]
    kept = [d for d in found if d.rule not in FOLDED]
    return [outdated_finding(source, translation, verdict, folded), *kept, *folded]


def outdated_finding(
    source: Digest, translation: Digest, verdict: Verdict, folded: Sequence[Diagnostic],
) -> Diagnostic:
    translated, since = verdict.translated, verdict.since
    assert translated is not None
    when = (f"first in {since.short} ({since.date}, \"{_shorten(since.subject)}\")"
            if since is not None else "not committed yet")
    message = (f"outdated: last translated in {translated.short} ({translated.date}); "
               f"its source {source.path} changed since in {', '.join(verdict.changed)}, "
               f"{when}")
    if folded:
        counts = Counter(d.rule for d in folded)
        differences = "difference" if len(folded) == 1 else "differences"
        fold = "folds" if len(folded) == 1 else "fold"
        message += (f"; {len(folded)} {differences} from the current source {fold} into this "
                    f"finding ({', '.join(f'{code} {n}' for code, n in sorted(counts.items()))}; "
                    "--show-all lists them)")
    return rules.OUTDATED.at(
        translation.path, translation.first_line(), message,
        hint=f"bring in the source's changes: git log -p {translated.short}.. -- {source.path}",
        fingerprint=f"outdated:{source.path}",
    )


def _shorten(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"
