"""What a code sync of a translation leaves to a person, and what keeps it from writing
the file: the questions :mod:`coursekit.fixes.translations` asks of one file."""

from __future__ import annotations

from collections.abc import Sequence

from coursekit.fixes.sync_edits import FileEdits
from coursekit.lessons.model import Code, Output
from coursekit.translations.carries import SyncPlan
from coursekit.translations.digest import Digest
from coursekit.translations.sync import synced


def left_before(translation: Digest) -> bool:
    """Whether an earlier sync left code of the translation to a person (its
    ``code-synced`` line names a ``base``)."""
    directive = synced(translation.lesson)
    return directive is not None and "base" in directive.args


def leaves(edits: FileEdits, plan: SyncPlan) -> bool:
    """Whether the sync leaves code to a person: a block left as it was, a conflict, a
    block with no place, an output not carried over."""
    return bool(edits.left or plan.leaves_code or plan.stranded)


def unclosed_at_end(lines: Sequence[str], translation: Digest) -> int | None:
    """The line of the file's last fence where it is never closed (all that follows it
    is its code), else None."""
    fences = [(block.line, block.source if isinstance(block, Code) else block.text)
              for block in translation.lesson.blocks if isinstance(block, Code | Output)]
    if not fences:
        return None
    line, code = max(fences)
    return line if line + len(code.split("\n")) >= len(lines) else None
