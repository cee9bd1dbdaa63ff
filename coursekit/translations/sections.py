"""Sections of a translation against the source: the toctree, and whether the file at a
section's path holds the same lesson."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Toctree
from coursekit.translations.align import Pair
from coursekit.translations.digest import Digest
from coursekit.translations.rules import EXTRA_SECTION, MISSING_SECTION, SECTION_MISMATCH

LEAST_MATCHED = 1 / 3
SAME_OUTLINE = 0.8
"""Similarity of heading levels above which two lessons have the same outline."""
"""Below this share of paired code blocks, two lessons with other headings are different lessons."""


@dataclass(frozen=True, slots=True)
class Section:
    """A unit of the course: a toctree section, or a lesson file where there is no toctree."""

    title: str
    locals: tuple[str, ...]
    line: int | None


def sections(toctree: Toctree | None, lesson_keys: Sequence[str]) -> list[Section]:
    if toctree is None:
        return [Section(key, (key,), None) for key in lesson_keys]
    return [Section(s.title, s.locals, s.line) for s in toctree.sections() if s.locals]


def _spelling(local: str) -> str:
    """A section's path as written any way: ``bonus_unit2/Hands_On`` is ``bonus-unit2/hands-on``."""
    return local.lower().replace("_", "-")


def compare_toctrees(
    source: list[Section], source_path: str, translation: list[Section], translation_path: str,
) -> Iterator[Diagnostic]:
    """Sections of the source the translation lacks, and sections it has in excess; a
    section at the source's path spelt another way (``-`` for ``_``) is one finding."""
    translated = {local for s in translation for local in s.locals}
    known = {local for s in source for local in s.locals}
    lacking = {_spelling(s.locals[0]): s for s in source if not translated.intersection(s.locals)}
    for section in translation:
        extra = [local for local in section.locals if local not in known]
        if not extra:
            continue
        theirs = lacking.pop(_spelling(extra[0]), None)
        where = f" ({source_path}:{theirs.line})" if theirs and theirs.line else ""
        yield EXTRA_SECTION.at(
            translation_path, section.line,
            f"section `{extra[0]}` ({section.title!r}) is not in the source {source_path}"
            if theirs is None else f"section `{extra[0]}` ({section.title!r}) is the source's "
            f"`{theirs.locals[0]}`{where} at another path: a link to the source's page finds "
            "no translation",
            hint="remove it, or add it to the source language first" if theirs is None
            else f"name it `{theirs.locals[0]}` as the source does, in the toctree and its file",
            fingerprint=f"extra:{extra[0]}",
        )
    for section in lacking.values():
        where = f"{source_path}:{section.line}" if section.line else source_path
        yield MISSING_SECTION.at(
            translation_path, None,
            f"section `{section.locals[0]}` ({section.title!r}, {where}) is not translated",
            fingerprint=f"missing:{section.locals[0]}",
        )


def _same_outline(source: Digest, translation: Digest) -> bool:
    """Whether the lesson's own marks say it is the same lesson, however much older: a
    shared anchor id, video or image (a rewrite keeps them), or heading levels alike but
    for a few added or removed sections."""
    src_anchors = {h.anchor for h in source.headings if h.anchor}
    if src_anchors & {h.anchor for h in translation.headings if h.anchor}:
        return True
    if {v.value for v in source.videos if v.value} & {v.value for v in translation.videos}:
        return True
    if source.images & translation.images:
        return True
    src = [h.level for h in source.headings]
    tgt = [h.level for h in translation.headings]
    return bool(src) and SequenceMatcher(None, src, tgt, autojunk=False).ratio() >= SAME_OUTLINE


def mismatch(source: Digest, translation: Digest, pairs: Sequence[Pair]) -> Diagnostic | None:
    """A finding when the translation's file is not a translation of the source's file."""
    reason: str | None = None
    if source.kind != translation.kind:
        reason = f"the source is a {source.kind}, this file a {translation.kind}"
    else:
        paired = sum(1 for p in pairs if p.source is not None and p.translation is not None)
        # Code of its own is what tells another lesson from an outdated translation:
        # a translation the source outgrew holds a part of the source, and its missing
        # blocks are TRN107 findings, not a mismatch.
        own = sum(1 for p in pairs if p.source is None and p.translation is not None)
        most = max(len(source.code), len(translation.code))
        src_levels = [h.level for h in source.headings]
        tgt_levels = [h.level for h in translation.headings]
        if most >= 2 and own >= 1 and paired / most < LEAST_MATCHED and \
                not _same_outline(source, translation):
            reason = (
                f"only {paired} of {most} code blocks pair up and the headings differ "
                f"({len(tgt_levels)} here, {len(src_levels)} in the source)"
            )
    if reason is None:
        return None
    return SECTION_MISMATCH.at(
        translation.path, translation.first_line(),
        f"not a translation of {source.path}: {reason}",
        hint="check which lesson this file translates; its other findings are not reported",
        fingerprint=f"{source.kind}:{translation.kind}",
    )
