"""An outdated translation's one finding, and the differences that fold into it.

A translation its source outgrew differs from the current source in block after block;
each difference is true, but the file has one thing to do: catch up. When history says
it is outdated (:mod:`coursekit.translations.freshness`), the structural differences
that the source's changes made fold into one ``TRN005`` finding that counts them;
``--show-all`` lists them, as notes. The translation's own defects are reported as ever:
what its code breaks (a syntax error, an undefined name, a stale API), and a difference
it had from the source it followed as well (its own drift, a block or link it dropped).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.lessons.model import Directive
from coursekit.shown import clipped
from coursekit.translations import rules, sections
from coursekit.translations.align import align
from coursekit.translations.carries import SyncPlan
from coursekit.translations.digest import Digest
from coursekit.translations.freshness import Freshness
from coursekit.translations.history import Commit, History
from coursekit.translations.verdict import Verdict

_SUBJECT = re.compile(r"`([^`\n]{1,80})`")

FOLDED = frozenset(rule.code for rule in (
    rules.SECTION_MISMATCH, rules.HEADING_COUNT, rules.ANCHOR_MISSING, rules.VIDEO_MISMATCH,
    rules.FRAMEWORK_STRUCTURE, rules.LINK_MISMATCH, rules.CODE_MISSING, rules.CODE_EXTRA,
    rules.OUTPUT_MISMATCH, rules.CODE_DRIFT, rules.CODE_VARIATION, rules.ERROR_MISSING,
    rules.ERROR_EXTRA, rules.ERROR_CHANGED,
))
"""Differences from the current source that an outdated translation has because it is
older: they fold into its one ``TRN005`` finding, unless the translation had them
against the source it followed too. What its own code breaks (a syntax error, an
undefined name, a stale API) is reported as ever."""


def fold(
    found: Sequence[Diagnostic], source: Digest, translation: Digest, verdict: Verdict,
    against_followed: Iterable[Sequence[Diagnostic]] = (),
) -> list[Diagnostic]:
    """``found`` on an outdated translation: its ``TRN005`` finding, what stays, and the
    folded differences (marked so, as notes). ``against_followed`` are the translation's
    differences from each version of the source it followed (``Verdict.followed``): one
    it has from all of them is its own defect (drift, a dropped block or link), and stays
    as it is, never folded. They are read one at a time, and no more once none of
    ``found`` can be the translation's own. A section mismatch stays when the file
    translates no version of the source at all."""
    then = verdict.then
    if then is not None and any(d.rule == rules.SECTION_MISMATCH.code for d in found) and \
            sections.mismatch(then, translation, align(then.code, translation.code)):
        return list(found)
    its_own = _own(against_followed, Counter(_key(d) for d in found if d.rule in FOLDED))
    folded: list[Diagnostic] = []
    kept: list[Diagnostic] = []
    for diag in found:
        if diag.rule in FOLDED and its_own[_key(diag)] > 0:
            its_own[_key(diag)] -= 1
            kept.append(diag)
        elif diag.rule in FOLDED:
            folded.append(replace(diag, folded=True, severity=Severity.NOTE))
        else:
            kept.append(diag)
    return [outdated_finding(source, translation, verdict, folded), *kept, *folded]


def _own(against_followed: Iterable[Sequence[Diagnostic]], wanted: Counter[Key]) -> Counter[Key]:
    """Of the differences ``wanted``, those the translation has from every version it
    followed (as many times as from each). None left after a version: none is its own,
    whatever the later versions say, so they are not read."""
    own = +wanted
    if not own:
        return own
    read = False
    for found in against_followed:
        read = True
        own &= Counter(key for key in map(_key, (d for d in found if d.rule in FOLDED))
                       if key in wanted)
        if not own:
            break
    return own if read else Counter()


Key = tuple[str, int | None, str | None]


def _key(diag: Diagnostic) -> Key:
    """A difference of the translation, whichever version of the source it is measured
    against: its rule, its line in the translation and what it names."""
    subject = _SUBJECT.search(diag.message)
    return diag.rule, diag.line, subject[1] if subject else None


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
    return clipped(text, most)


def carried_over(finding: Diagnostic, plan: SyncPlan) -> Diagnostic:
    """An outdated translation's finding, marked with what ``coursekit fix translations``
    can carry over of its source's code."""
    if not plan.blocks and not plan.conflicts:
        return finding
    conflicts = (f"; {len(plan.conflicts)} block(s) both sides changed are left to merge by "
                 "hand" if plan.conflicts else "")
    return replace(finding, fix="safe" if plan.blocks else None,
                   message=f"{finding.message}; `coursekit fix translations` carries over "
                           f"{plan.blocks} code block(s){conflicts}")


@dataclass(frozen=True, slots=True)
class ProseOwed:
    """A translation whose code was synced and whose prose was not."""

    code: Commit | None
    """The commit its code was synced with (None: not in the history read)."""
    since: Commit | None
    """The first commit of the source the prose lacks (None: not in the history read)."""


def prose_owed(source: Digest, translation: Digest, directive: Directive,
               freshness: Freshness | None) -> ProseOwed | None:
    """What a ``code-synced`` translation owes in prose: the first commit since the one
    its prose follows that changed the source's prose (a change of code alone, which the
    sync carried, owes none, nor does one whose commit changed the translation's prose
    too: it received the change); None where nothing is owed."""
    if freshness is None:
        return ProseOwed(None, None)
    history = freshness.history
    code = history.find(directive.args["source"], source.path, translation.path)
    prose = history.find(directive.args["prose"], translation.path, source.path)
    if prose is None:
        return ProseOwed(code, None)
    received = {c.sha for c in history.commits.get(translation.path, ())}
    for commit in history.since(source.path, prose):
        if (source.path, commit.sha) in history.moved:
            continue
        if _prose_changed(freshness, commit, source) and not (
                commit.sha in received and _prose_changed(freshness, commit, translation)):
            return ProseOwed(code, commit)
    if source.path in history.changed:
        last = history.last(source.path)
        then = None if last is None else freshness.version(last, source)
        if then is None or then.prose != source.prose:
            return ProseOwed(code, None)
    return None


def synced_verdict(verdict: Verdict | None, freshness: Freshness | None,
                   pair: tuple[Digest, Digest], directive: Directive,
                   owed: ProseOwed | None) -> Verdict:
    """The verdict on a ``code-synced`` translation still owing code a sync left (its
    line names a ``base``: outdated in code) or prose (``owed``: outdated in prose
    alone), translated when its prose was (its ``prose=``), whatever commit synced its
    code since."""
    source, translation = pair
    prose = None if freshness is None else freshness.history.find(
        directive.args["prose"], translation.path, source.path)
    return replace(verdict or Verdict(outdated=True), outdated=True,
                   prose_only="base" not in directive.args,
                   since=owed.since if owed is not None else None,
                   translated=prose or (verdict.translated if verdict else None))


def _prose_changed(freshness: Freshness, commit: Commit, lesson: Digest) -> bool:
    """Whether ``commit`` changed the prose of ``lesson`` (created or deleted it: its
    prose against none); a merge, against every parent (one that took a side's prose
    wrote none)."""
    parents = freshness.history.parents_of(commit)
    befores = [freshness.version(parent, lesson) for parent in parents] or [None]
    after = freshness.version(commit, lesson)
    prose = after.prose if after else ()
    return all((before.prose if before else ()) != prose for before in befores)


def code_synced_finding(source: Digest, translation: Digest, directive: Directive,
                        owed: ProseOwed | None) -> Diagnostic:
    """A translation whose code was synced and whose prose was not (``owed``), or whose
    sync left code to a person (its line names a ``base``): still outdated."""
    code_at, prose_at = directive.args["source"], directive.args["prose"]
    synced = _when(owed.code) if owed is not None and owed.code is not None else code_at
    behind = ("" if owed is None else f"; prose behind since {_when(owed.since)}"
              if owed.since is not None else f"; prose behind: it follows the source as of "
              f"{prose_at}")
    left = "base" in directive.args
    return rules.OUTDATED.at(
        translation.path, directive.line,
        f"outdated: code synced with {synced}" + (
            " in part, the rest left to merge (`coursekit fix translations` lists it)"
            if left else "") + behind,
        hint=("merge the code `coursekit fix translations` lists, then " if left else "")
        + (f"translate what the source's prose gained (git diff {prose_at}..{code_at} -- "
           f"{source.path}), then " if owed is not None else "")
        + "delete the `code-synced` line",
        fingerprint=f"outdated:{source.path}",
    )


def history_findings(history: History | None, problems: Sequence[str], folder: str,
                     judged: bool) -> list[Diagnostic]:
    """What the run says, once, on the lesson folder of the history it judged
    translations by (none when it ``judged`` none): ``TRN007`` when it is cut off (a
    shallow clone), ``TRN008`` when git could not read it (``problems``, in git's
    words)."""
    if not judged:
        return []
    found = [rules.UNREAD_HISTORY.at(
        folder, None,
        f"the course's git history cannot be read ({problem}): "
        "translations are judged by their structure alone",
        hint="let git read the checkout (one another user owns: `git config --global "
             "--add safe.directory <path>`), or say `history = false` in "
             "[tool.coursekit.translations] to judge by structure on purpose",
    ) for problem in problems[:1]]
    if history is not None and history.cut:
        found.append(rules.SHALLOW_HISTORY.at(
            folder, None,
            "the git history is shallow: translations are judged only by what their "
            "sources changed since its oldest commit, and one that fell behind earlier "
            "seems current",
            hint="fetch the whole history: `fetch-depth: 0` for actions/checkout, or "
                 "`git fetch --unshallow`",
        ))
    return found


def _when(commit: Commit) -> str:
    return f"{commit.short} ({commit.date}, \"{_shorten(commit.subject)}\")"
