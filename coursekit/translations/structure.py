"""Structure of a translated lesson against its source: headings, anchors, videos,
framework blocks and links to other course pages."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Heading
from coursekit.translations.digest import Digest, PageLink
from coursekit.translations.framework_groups import framework_blocks
from coursekit.translations.links import is_page_of, of_another_course
from coursekit.translations.prose_places import ProsePlaces
from coursekit.translations.rules import (
    ANCHOR_MISSING,
    HEADING_COUNT,
    LINK_MISMATCH,
    VIDEO_MISMATCH,
)


def _heading(heading: Heading) -> str:
    return f"`{'#' * heading.level} {heading.text}`"


def _odd_heading(src: Sequence[Heading], tgt: Sequence[Heading]) -> Heading | None:
    """The one heading that the translation adds or lacks, where the levels show which
    (the last one when several would do): named first, so that a heading a language adds
    to every lesson on purpose reads as one convention."""
    longer, shorter = (tgt, src) if len(tgt) > len(src) else (src, tgt)
    if len(longer) != len(shorter) + 1:
        return None
    levels = [h.level for h in shorter]
    odd = [i for i in range(len(longer))
           if [h.level for h in (*longer[:i], *longer[i + 1:])] == levels]
    return longer[odd[-1]] if odd else None


def _heading_count(source: Digest, translation: Digest) -> Diagnostic:
    """The finding at the heading the translation adds, or where the one it lacks would
    stand (by the prose around it), else at its first heading."""
    src, tgt = source.headings, translation.headings
    odd, said, line = _odd_heading(src, tgt), "", tgt[0].line if tgt else None
    if odd is not None and len(tgt) > len(src):
        said, line = f": {_heading(odd)} (line {odd.line}) has no counterpart", odd.line
    elif odd is not None:
        said = f": the source heading {_heading(odd)} (line {odd.line} there) has none here"
        place = ProsePlaces(source.lesson, translation.lesson).line_of(odd.line)
        if place is not None:
            said, line = f"{said} (its place: after the paragraph at line {place})", place
    return HEADING_COUNT.at(
        translation.path, line,
        f"{len(tgt)} headings, the source {source.path} has {len(src)}{said}",
        fingerprint=f"count:{len(src)}:{len(tgt)}",
    )


def _gives_the_title(source: Digest, translation: Digest) -> bool:
    """Whether the one heading the translation adds is the title its source lacks: the
    source's own finding (LES117), which the translation mends, not a count to match."""
    src, tgt = source.headings, translation.headings
    odd = _odd_heading(src, tgt) if len(tgt) == len(src) + 1 else None
    return odd is not None and odd.level == 1 and odd is tgt[0] \
        and not any(h.level == 1 for h in src)


def headings(source: Digest, translation: Digest) -> Iterator[Diagnostic]:
    """Heading count and anchor ids."""
    src, tgt = source.headings, translation.headings
    if len(src) != len(tgt) and not _gives_the_title(source, translation):
        yield _heading_count(source, translation)
    kept = {h.anchor for h in tgt if h.anchor is not None}
    for index, heading in enumerate(src):
        if heading.anchor is None or heading.anchor in kept:
            continue
        counterpart = tgt[index] if len(src) == len(tgt) else None
        where = f"{source.path}:{heading.line}"
        if counterpart is not None:
            found = (
                f"anchor `{counterpart.anchor}`" if counterpart.anchor else "no anchor"
            )
            message = (
                f"{_heading(counterpart)} has {found}; the source heading "
                f"{_heading(heading)} ({where}) has `{heading.anchor}`"
            )
        else:
            message = (
                f"no heading has the anchor `{heading.anchor}` of {_heading(heading)} ({where})"
            )
        yield ANCHOR_MISSING.at(
            translation.path, counterpart.line if counterpart else None, message,
            hint=f"keep the source anchor: `[[{heading.anchor}]]`",
            fingerprint=f"anchor:{heading.anchor}",
        )


def videos(source: Digest, translation: Digest) -> Iterator[Diagnostic]:
    src = [v.value for v in source.videos]
    tgt = [v.value for v in translation.videos]
    if src == tgt:
        return
    src_lines = {v.value: v.line for v in source.videos}
    for video in source.videos:
        if video.value not in tgt:
            yield VIDEO_MISMATCH.at(
                translation.path, None,
                f"video `{video.value}` of {source.path}:{video.line} is not embedded",
                hint=f'add `<Youtube id="{video.value}"/>` where the source has it',
                fingerprint=f"missing:{video.value}",
            )
    for video in translation.videos:
        if video.value not in src_lines:
            yield VIDEO_MISMATCH.at(
                translation.path, video.line,
                f"video `{video.value}` is not embedded by the source {source.path}",
                fingerprint=f"extra:{video.value}",
            )
    if sorted(src) == sorted(tgt):
        yield VIDEO_MISMATCH.at(
            translation.path, translation.videos[0].line,
            f"videos in another order than in {source.path}: {', '.join(tgt)} "
            f"instead of {', '.join(src)}",
            fingerprint="order",
        )


_CHAPTER_INDEX = re.compile(r"^(chapter\d+)(#.*)?$")


def _page_key(target: str) -> tuple[str, str] | None:
    """``(chapter, fragment)`` of a link to a chapter's index (``/course/chapter3``) or to
    one of its pages (``../chapter3/1``), for pairing the two."""
    page, _, fragment = target.partition("#")
    chapter = page.split("/", 1)[0]
    return (chapter, fragment) if chapter.startswith("chapter") else None


def _reconcile(missing: Counter[str], extra: Counter[str]) -> None:
    """Drop pairs of a chapter-index link and a link to a page of that chapter: the
    index *is* one of its pages (``/course/chapter3`` opens ``chapter3/1``), so
    ``/course/chapter3`` and ``../chapter3/1`` are the same link written two ways."""
    for lacking, surplus in ((missing, extra), (extra, missing)):
        for target in list(lacking):
            if _CHAPTER_INDEX.match(target) is None:
                continue
            key = _page_key(target)
            for other in list(surplus):
                while lacking[target] > 0 and surplus[other] > 0 and _page_key(other) == key:
                    lacking[target] -= 1
                    surplus[other] -= 1
    for counter in (missing, extra):
        for target in [t for t, n in counter.items() if n <= 0]:
            del counter[target]


def course_links(source: Digest, translation: Digest,
                 pages: Collection[str] | None = None) -> Iterator[Diagnostic]:
    """The course pages one links to and the other does not. A link to another course
    (a refresher, an earlier edition: :func:`~coursekit.translations.links.of_another_course`
    by ``pages``, the source language's lessons) is :func:`_other_course_links`'."""
    known = set() if pages is None else {
        link.address for link in (*source.links, *translation.links)
        if link.address is not None and is_page_of(link.value, pages)}

    def ours(link: PageLink) -> bool:
        return pages is None or not of_another_course(link.value, link.address, pages, known)

    src_links = [link for link in source.links if ours(link)]
    tgt_links = [link for link in translation.links if ours(link)]
    yield from _other_course_links(
        source, translation, [link for link in source.links if not ours(link)],
        [link for link in translation.links if not ours(link)])
    src = Counter(link.value for link in src_links)
    tgt = Counter(link.value for link in tgt_links)
    if src == tgt:
        return
    missing, extra = src - tgt, tgt - src
    _reconcile(missing, extra)
    first_src: dict[str, PageLink] = {}
    for link in src_links:
        first_src.setdefault(link.value, link)
    yield from _respelt(source, translation, first_src, missing, extra)
    places = ProsePlaces(source.lesson, translation.lesson) if missing else None
    if places is not None and extra:
        yield from _retargeted(source, translation, places, first_src, missing, extra)
    for target, count in missing.items():
        where = first_src[target]
        yield LINK_MISMATCH.at(
            translation.path, places.line_of(where.line) if places else None,
            f"no link to `{target}` (the source {source.path}:{where.line} links to it"
            + (f" {count} more times)" if tgt[target] else ")"),
            fingerprint=f"missing:{target}",
        )
    for link in tgt_links:
        if extra[link.value] > 0:
            extra[link.value] -= 1
            yield LINK_MISMATCH.at(
                translation.path, link.line,
                f"link to `{link.value}` that the source {source.path} does not have",
                fingerprint=f"extra:{link.value}",
            )


def _paired(missing: Counter[str], target: str, extra: Counter[str], value: str) -> None:
    """A link ``missing`` counts and one ``extra`` counts, found to be one link: neither
    counted any more."""
    for counter, key in ((missing, target), (extra, value)):
        counter[key] -= 1
        if counter[key] <= 0:
            del counter[key]


def _respelt(source: Digest, translation: Digest, first_src: dict[str, PageLink],
             missing: Counter[str], extra: Counter[str]) -> Iterator[Diagnostic]:
    """A link the translation writes in other case than the source (``CTC`` for ``ctc``):
    one finding, not a link missing and another extra. Addresses are case-sensitive, so
    the translation's link finds no page."""
    for link in translation.links:
        spelt = next((t for t in missing if t.lower() == link.value.lower()), None)
        if spelt is None or extra[link.value] <= 0:
            continue
        _paired(missing, spelt, extra, link.value)
        yield LINK_MISMATCH.at(
            translation.path, link.line,
            f"link to `{link.value}`, which the source {source.path}:"
            f"{first_src[spelt].line} writes `{spelt}`: an address is case-sensitive, "
            "so this one finds no page",
            hint=f"link to `{spelt}` as the source does",
            fingerprint=f"respelt:{spelt}",
        )


def _retargeted(source: Digest, translation: Digest, places: ProsePlaces,
                first_src: dict[str, PageLink], missing: Counter[str],
                extra: Counter[str]) -> Iterator[Diagnostic]:
    """The one link of the source's that a block lacks, whose place in the translation
    holds one link of its own instead (to another page): one finding, not one missing
    and one extra."""
    by_place: dict[range, list[str]] = {}
    for target in [t for t, n in missing.items() if n == 1]:
        by_place.setdefault(places.lines_of(first_src[target].line), []).append(target)
    for lines, targets in by_place.items():
        there = [link for link in translation.links
                 if link.line in lines and extra[link.value] > 0]
        if len(targets) != 1 or len(there) != 1:
            continue
        target, link = targets[0], there[0]
        _paired(missing, target, extra, link.value)
        yield LINK_MISMATCH.at(
            translation.path, link.line,
            f"link to `{link.value}` where the source {source.path}:"
            f"{first_src[target].line} links to `{target}`",
            hint=f"link to `{target}` as the source does, unless this page is meant",
            fingerprint=f"retargeted:{target}:{link.value}",
        )


def _other_course_links(source: Digest, translation: Digest, src: Sequence[PageLink],
                        tgt: Sequence[PageLink]) -> Iterator[Diagnostic]:
    """Links to another course's pages that the translation dropped. It may link to that
    course in its own language, or to another of its pages (or the course under an
    address renamed since), so only fewer such links than the source has is a finding."""
    lost = len(src) - len(tgt)
    kept = Counter(link.value for link in tgt)
    places = ProsePlaces(source.lesson, translation.lesson) if lost > 0 else None
    for link in src:
        if kept[link.value] > 0:
            kept[link.value] -= 1
        elif lost > 0 and places is not None:
            lost -= 1
            yield LINK_MISMATCH.at(
                translation.path, places.line_of(link.line),
                f"no link to `{link.value}` of another course (the source "
                f"{source.path}:{link.line} links to it)",
                fingerprint=f"missing:{link.value}",
            )


def compare(source: Digest, translation: Digest,
            pages: Collection[str] | None = None) -> Iterator[Diagnostic]:
    yield from headings(source, translation)
    yield from videos(source, translation)
    yield from framework_blocks(source, translation)
    yield from course_links(source, translation, pages)
