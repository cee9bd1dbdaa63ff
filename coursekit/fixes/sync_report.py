"""What ``coursekit fix translations`` left to a person, in words: each conflict with its
three versions, the blocks with no place, the framework groups new in the source with
prose inside them, the output fences attached to no code whose
change is not carried over, the fences that cannot be placed, the
translations not synced and those that cannot be read."""

from __future__ import annotations

from collections.abc import Iterator

from coursekit.fixes.translations import SyncRun, TranslationFix
from coursekit.lessons.model import Code


def _quoted(title: str, code: Code | None) -> list[str]:
    if code is None:
        return [f"  {title}: (removed)"]
    return [f"  {title}:", *(f"    | {line}" for line in code.source.split("\n"))]


def conflict_lines(run: SyncRun) -> Iterator[str]:
    for fix in run.fixes:
        for conflict in fix.plan.conflicts:
            now = (f"the source now ({fix.source_path}:{conflict.source.line})"
                   if conflict.source is not None else "the source now")
            yield (f"{fix.path}:{conflict.translation.line}: conflict: the source and the "
                   "translation both changed this block's code; not written")
            yield from _quoted("as the translation last followed the source", conflict.base)
            yield from _quoted(now, conflict.source)
            yield from _quoted("the translation", conflict.translation)
            yield _MERGE_BASED if fix.based else _MERGE
        yield from _held_and_stranded(fix)
        yield from fix.left
    for path, why in run.skipped:
        yield f"{path}: outdated, not synced: {why}"
    for path, why in run.unread:
        yield (f"{path}: cannot read: {why}; not synced: save it (and its source) as UTF-8 "
               "text, and `coursekit fix translations` syncs it then")


_MERGE = ("  merge it by hand: bring the source's change into the translation's block, its "
          "comments and strings translated")
_MERGE_BASED = (f"{_MERGE}; to keep the translation's code as it is instead (its own change "
                "included), take `base=` out of the file's `code-synced` line: until then "
                "every run lists the block again")
"""What to change. Where the file's ``code-synced`` line names a ``base``, each run merges
from there, so a block merged by hand that still differs from the source (the
translation's own change kept) is a conflict again until ``base=`` goes."""

_UNPAIRED = ("the base, the source and the translation do not have as many output fences "
             "attached to no code, so which of the translation's is which cannot be told")


def _held_and_stranded(fix: TranslationFix) -> Iterator[str]:
    """The framework groups new in the source with prose inside them, and the output
    fences attached to no code whose change is not carried over."""
    for group in fix.plan.held:
        assert group.prose is not None
        yield (f"{fix.path}: the source's framework group {fix.source_path}:"
               f"{group.start.line} is new and has prose inside it (line "
               f"{group.prose.line}): its {len(group.code)} code block(s) not added, as the "
               "prose is the translator's to write: add the group to the translation by hand, "
               "its prose translated")
    for stranded in fix.plan.stranded:
        yield (f"{fix.path}:{stranded.output.line}: output fence belongs to no code block "
               f"({stranded.rule}) and the source removed it: left as it was, as "
               f"{_UNPAIRED}: delete it by hand if it is the one the source removed"
               if stranded.removed else
               f"{fix.path}: the source's output fence {fix.source_path}:"
               f"{stranded.output.line} belongs to no code block ({stranded.rule}) and "
               f"is changed or new: not carried over, as {_UNPAIRED}: carry the change into "
               "the translation by hand")
