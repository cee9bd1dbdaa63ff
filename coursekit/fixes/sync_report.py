"""What ``coursekit fix translations`` left to a person, in words: each conflict with its
three versions, the blocks with no place, the framework groups new in the source with
prose inside them, the output fences attached to no code whose
change is not carried over, the fences that cannot be placed, the
translations not synced and those that cannot be read."""

from __future__ import annotations

from collections.abc import Iterator

from coursekit.fixes.translations import SyncRun
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
        for code in fix.plan.unplaced:
            yield (f"{fix.path}: the source's block {fix.source_path}:{code.line} has no place "
                   "in the translation (another framework branch, a blockquote, or a section "
                   "it lacks): not added")
        for group in fix.plan.held:
            assert group.prose is not None
            yield (f"{fix.path}: the source's framework group {fix.source_path}:"
                   f"{group.start.line} is new and has prose inside it (line "
                   f"{group.prose.line}): its {len(group.code)} code block(s) not added")
        for stranded in fix.plan.stranded:
            yield (f"{fix.path}:{stranded.output.line}: output fence belongs to no code block "
                   f"({stranded.rule}) and the source removed it: left as it was"
                   if stranded.removed else
                   f"{fix.path}: the source's output fence {fix.source_path}:"
                   f"{stranded.output.line} belongs to no code block ({stranded.rule}) and "
                   "is changed or new: not carried over")
        yield from fix.left
    for path, why in run.skipped:
        yield f"{path}: outdated, not synced: {why}"
    for path, why in run.unread:
        yield f"{path}: cannot read: {why}; not synced"
