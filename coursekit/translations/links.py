"""Links from lesson prose to course pages, reduced to a comparable target."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection, Iterator
from functools import lru_cache
from urllib.parse import urlsplit

from markdown_it import MarkdownIt
from markdown_it.parser_inline import RuleFuncInlineType
from markdown_it.rules_inline import StateInline, autolink, html_inline, link

_PAGE = re.compile(r"(?:^|/)(chapter\d+(?:/[\w.-]+)?)/?$")
_COURSE_HOSTS = ("huggingface.co", "hf.co")
_MD = MarkdownIt("commonmark").disable(["emphasis", "newline", "entity"])
"""CommonMark's inline rules that say where a link is: emphasis, line breaks and
entities never make or unmake one (a link's label is skipped with emphasis off in any
case, and its destination is unescaped by the link rule itself), and leaving them out
takes a fifth off each inline parse."""


def course_target(href: str, local: str) -> str | None:
    """``chapter3/4#anchor`` for a link to a course page, ``None`` for any other link.

    The language segment of the URL is dropped (a translation links to its own
    language's pages), and relative links are resolved against ``local``, the
    linking lesson's own ``chapterN/section``.
    """
    if "chapter" not in href and "chapter" not in local:
        return None  # a course page's path names its chapter, from the link or the lesson
    parts = urlsplit(href.strip())
    path = parts.path
    if parts.scheme in ("http", "https"):
        host = parts.netloc.lower()
        if not host.endswith(_COURSE_HOSTS) or not path.startswith(("/course", "/learn/")):
            return None
    elif parts.scheme or parts.netloc:
        return None
    elif not path:
        path = local
    elif not path.startswith("/"):
        path = posixpath.normpath(posixpath.join(posixpath.dirname(local), path))
    match = _PAGE.search(path.removesuffix(".mdx"))
    if match is None:
        return None
    return match.group(1) + (f"#{parts.fragment}" if parts.fragment else "")


_ANCHOR = re.compile(r"""<a\s(?:[^>]*?\s)?href\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
"""The target of an HTML anchor, ``<a href="...">``: a link as Markdown's is."""
_ANCHOR_TAG = re.compile(r"<a\s", re.IGNORECASE)


def _located(rule: RuleFuncInlineType) -> RuleFuncInlineType:
    """``rule``, writing on the link or HTML token it makes where in the text that
    starts (``offset``): CommonMark's inline tokens carry no position of their own."""
    def located(state: StateInline, silent: bool) -> bool:
        """Run the rule; on success, mark where its token starts."""
        start, count = state.pos, len(state.tokens)
        if not rule(state, silent):
            return False
        for token in () if silent else state.tokens[count:]:
            if token.type in ("link_open", "html_inline"):  # after text it flushed first
                token.meta["offset"] = start
                break
        return True
    return located


for _name, _rule in (("link", link), ("autolink", autolink), ("html_inline", html_inline)):
    _MD.inline.ruler.at(_name, _located(_rule))


def hrefs(markdown: str) -> tuple[tuple[str, int], ...]:
    """Every link target in a Markdown fragment, in order (Markdown links, autolinks
    and HTML anchors), with the line of the fragment it starts on (0 for its first)."""
    if "](" not in markdown and "<http" not in markdown and _ANCHOR_TAG.search(markdown) is None:
        return ()  # no inline link, autolink or anchor: most prose, answered before hashing it
    return _parsed_hrefs(markdown)


@lru_cache(maxsize=1 << 14)
def _parsed_hrefs(markdown: str) -> tuple[tuple[str, int], ...]:
    """:func:`hrefs` of text that may hold a link, read as CommonMark reads it."""
    found: list[tuple[str, int]] = []
    for block in _MD.parseInline(markdown):
        for token in block.children or ():
            offset = token.meta.get("offset", 0)
            if token.type == "html_inline":
                for match in _ANCHOR.finditer(token.content):
                    found.append((match[1] or match[2] or "",
                                  markdown.count("\n", 0, offset + match.start())))
                continue
            href = token.attrGet("href") if token.type == "link_open" else None
            if isinstance(href, str):
                found.append((href, markdown.count("\n", 0, offset)))
    return tuple(found)


_LINK_TARGET = re.compile(r"\]\(\s*(?:<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)")
"""Where a Markdown link's target is written: ``](`` and the destination after it (in
angle brackets, or with balanced parentheses), its title left."""
_ANCHOR_TARGET = re.compile(r"""(<a\s(?:[^>]*?\s)?href\s*=\s*)(?:"[^"]*"|'[^']*')""",
                            re.IGNORECASE)


def without_targets(markdown: str) -> str:
    """``markdown`` with the targets of its links and HTML anchors left empty: the words a
    translator translates, whatever page they point to."""
    if "](" not in markdown and _ANCHOR_TAG.search(markdown) is None:
        return markdown
    return _ANCHOR_TARGET.sub(r'\1""', _LINK_TARGET.sub("](", markdown))


def course_links(markdown: str, local: str) -> Iterator[str]:
    """The course pages (:func:`course_target`) that ``markdown``, the prose of the lesson
    at ``local``, links to, in order."""
    for target, _, _ in course_pages(markdown, local):
        yield target


def course_address(href: str) -> str | None:
    """The course a link names by its address: ``audio-course`` for
    ``https://huggingface.co/learn/audio-course/chapter1``, ``course`` for ``/course/...``;
    ``None`` for a link relative to the lesson."""
    path = urlsplit(href.strip()).path
    if not path.startswith("/"):
        return None
    head, _, rest = path.lstrip("/").partition("/")
    return rest.partition("/")[0] if head == "learn" else head


def is_page_of(target: str, pages: Collection[str]) -> bool:
    """``target`` is one of ``pages`` (a course's lessons, ``chapter1/introduction``) or
    the index of one of their chapters."""
    page = target.partition("#")[0]
    return page in pages or any(p.startswith(f"{page}/") for p in pages)


_CHAPTER = re.compile(r"chapter\d+")


def of_another_course(target: str, address: str | None, pages: Collection[str],
                      ours: Collection[str]) -> bool:
    """A link to another course's page: written with an address that no link to one of
    ``pages`` (this course's lessons) has (``ours``), to no page of this course, in one of
    its chapters (a page of another course's numbering) or in a course without chapters.
    A link to a chapter the course lacks altogether may be to its own pages (a checkout
    that holds a part of the course)."""
    if address is None or address in ours or is_page_of(target, pages):
        return False
    chapters = {p.partition("/")[0] for p in pages}
    chapters = {c for c in chapters if _CHAPTER.fullmatch(c)}
    return not chapters or target.partition("#")[0].partition("/")[0] in chapters


def course_pages(markdown: str, local: str) -> Iterator[tuple[str, str | None, int]]:
    """Each course page ``markdown`` links to, the course its address names
    (:func:`course_address`), and the line of ``markdown`` the link starts on (0 for
    its first)."""
    if "chapter" not in local and "chapter" not in markdown and "&" not in markdown:
        # No target can name a chapter (only an entity, `&#99;`, decodes into one): every
        # link would be read to be dropped, as in a course whose pages are not chapters.
        return
    for href, line in hrefs(markdown):
        target = course_target(href, local)
        if target is not None:
            yield target, course_address(href), line
