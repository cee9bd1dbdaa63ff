"""The one MarkdownIt instance that reads the course dialect.

CommonMark's block rules, less indented code (MDX has none) and the HTML block
(tags and comments have their own rules), with a paragraph that an indented
fence ends and headings made one token each, plus the dialect rules from
``dialect_block/``. Inline parsing is switched off: the
lesson model keeps Markdown source, so only block structure is needed.

markdown-it's own block loop and block state run it; its ruler hands the loop, for
each line, only the rules the line's first character allows
(:mod:`coursekit.lessons.rule_dispatch`, 1.10x on a whole cold ``build``). A block
tokenizer of our own (the same dispatch, with line tables made a list at a time) made
the whole ``check`` of a real-shaped course 1.28x faster and a cold ``build`` 1.21x
(``bench/speed_paths.py --only lesson-parser --repeat 5`` at 44664d8, before it went).
"""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt
from markdown_it.ruler import RuleOptionsType
from markdown_it.rules_core import StateCore

from coursekit.lessons.dialect_block.comment import comment
from coursekit.lessons.dialect_block.component import component
from coursekit.lessons.dialect_block.fence import fence
from coursekit.lessons.dialect_block.framework import framework_marker
from coursekit.lessons.dialect_block.heading import atx_heading, split_anchor
from coursekit.lessons.dialect_block.paragraph import paragraph, paragraph_or_setext_heading
from coursekit.lessons.dialect_block.tip import tip
from coursekit.lessons.rule_dispatch import FirstCharacterRuler

MAX_NESTING = 200
"""Container depth markdown-it follows; past it, it drops the rest of the text.
CommonMark's preset stops at 20, which a quote 21 levels deep passes."""
_INTERRUPTS: RuleOptionsType = {"alt": ["paragraph", "reference", "blockquote", "list"]}
_HEADING_INTERRUPTS: RuleOptionsType = {"alt": ["paragraph", "reference", "blockquote"]}
"""What markdown-it's heading rule interrupts."""


@cache
def lesson_markdown() -> MarkdownIt:
    """The shared parser; building it costs far more than parsing one lesson."""
    return build_lesson_markdown()


def build_lesson_markdown(
    *, one_reading: bool = True, normalised: bool = True, dispatched: bool = True,
) -> MarkdownIt:
    """A parser of the dialect. ``one_reading``: a heading is one token made by the
    dialect's rules, and a paragraph's lines are read once for both the setext heading
    and the paragraph (else markdown-it's heading rules make a heading's three tokens,
    the setext one reading the lines first); ``normalised``: the text comes with its line
    breaks and NULs normalised already (as :func:`coursekit.lessons.parse.normalise`
    does), so markdown-it's own pass over the whole text to do it again is skipped;
    ``dispatched``: a line is offered only to the rules its first character allows
    (:mod:`coursekit.lessons.rule_dispatch`), else to each rule in turn."""
    md = MarkdownIt("commonmark", {"maxNesting": MAX_NESTING})
    md.disable(["code", "html_block", "inline", "text_join"])
    if normalised:
        md.disable("normalize")
    md.block.ruler.at("fence", fence, _INTERRUPTS)
    if one_reading:
        md.block.ruler.at("heading", atx_heading, _HEADING_INTERRUPTS)
        md.block.ruler.at("paragraph", paragraph_or_setext_heading)
        md.block.ruler.disable("lheading")
    else:
        md.block.ruler.at("paragraph", paragraph)
        md.core.ruler.after("block", "heading_anchors", _heading_anchors)
    md.block.ruler.before("fence", "framework_marker", framework_marker, _INTERRUPTS)
    md.block.ruler.before("fence", "comment", comment, _INTERRUPTS)
    md.block.ruler.before("fence", "tip", tip, _INTERRUPTS)
    md.block.ruler.after("tip", "component", component, _INTERRUPTS)
    if dispatched:
        md.block.ruler = FirstCharacterRuler(md.block.ruler)
    return md


def _heading_anchors(state: StateCore) -> None:
    """Each heading's text and anchor on its opening token, as the dialect's heading
    token has them (with markdown-it's heading rules, three tokens a heading)."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and index + 1 < len(tokens):
            text, anchor = split_anchor(tokens[index + 1].content)
            token.meta = {"text": text, "anchor": anchor}
