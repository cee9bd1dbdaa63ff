"""Measuring subtitle text: visual length, scripts and stop words.

Visual length is one plain count, character by character: a faster count (ASCII runs
at once, the width of each other character remembered) made the whole ``check`` of a
real-shaped course of 250 subtitle files 1.03x faster (``bench/speed_paths.py --only
visual-length`` at 8442fab, before it went), short of the 1.3x a speed path must
bring to stay.

Words are read by one pattern: a pattern of their own for ASCII texts (the same words)
made the whole ``check subtitles`` of the real-shaped set of ``bench/realshape.py``
1.025x faster (median of 11 rounds, single rounds 0.98-1.11x), short of it too.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_TAG = re.compile(r"</?\s*(?:i|b|u|font|c|v|s)\b[^<>]*>|\{\\[^{}]*\}", re.IGNORECASE)
"""A formatting tag, or an ASS override (``{\\an8}``). A tag ends before the next ``<``
(an override before the next ``{``): an unclosed ``<i `` is then read up to the next
tag, not to the end of the text, so many unclosed tags take linear time, not quadratic."""
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)*(?:e[-+]?\d+)?%?", re.IGNORECASE)
_CODE_MARK = re.compile(r"[_=()\[\]{}`]|\w\.\w")
_SENTENCE_END = ".,;:!?\"'"


def strip_tags(text: str) -> str:
    """Text as shown: without `<i>`-style tags and `{\\an8}`-style overrides."""
    return _TAG.sub("", text) if "<" in text or "{" in text else text


@lru_cache(maxsize=4096)
def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def visual_length(text: str, cjk: bool) -> float:
    """Length of shown text as subtitle guidelines count it.

    In CJK subtitles a full-width character counts 1 and a half-width one 0.5; in
    other languages a character counts 1 and a full-width one 2. Combining marks
    count 0.
    """
    wide = narrow = 0
    for char in strip_tags(text):
        if _is_wide(char):
            wide += 1
        elif not unicodedata.combining(char):
            narrow += 1
    return wide + narrow * 0.5 if cjk else wide * 2 + narrow


def shown_length(text: str) -> float:
    """``visual_length(text, False)``, with no further call for ASCII text without tags."""
    if text.isascii() and "<" not in text and "{" not in text:
        return len(text)
    return visual_length(text, False)


def said_invisible(text: str) -> str:
    """The invisible characters of ``text`` (format characters), named after a colon, or
    nothing: a quote cannot show them. A byte order mark inside a file starts another
    file, joined on."""
    found = sorted({c for c in text if not c.isascii() and unicodedata.category(c) == "Cf"})
    if not found:
        return ": its digits are not 0-9 (full-width?)" if text.strip().isdigit() else ""
    names = ", ".join(f"U+{ord(c):04X} ({_invisible_name(c)})" for c in found)
    joined = ", the start of another file joined on?" if _BOM in found else ""
    return f": it holds the invisible {names}{joined}"


_BOM = "\ufeff"


def _invisible_name(char: str) -> str:
    return "a byte order mark" if char == _BOM else unicodedata.name(char, "?").lower()


_ASCII = re.compile(r"[\x00-\x7f]+")


def has_cjk(text: str) -> bool:
    # ASCII characters are never wide: only the others are looked at.
    return not text.isascii() and any(_is_wide(c) and c.isalpha() for c in _ASCII.sub("", text))


def latin_letter_ratio(text: str) -> float:
    """Share of letters that are Latin (ASCII letters or Latin with diacritics)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 0.0
    latin = sum(1 for c in letters if c.isascii() or "LATIN" in unicodedata.name(c, ""))
    return latin / len(letters)


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _is_code_word(token: str) -> bool:
    token = token.rstrip(_SENTENCE_END)
    return (not any(c.isalpha() for c in token) or _NUMBER.fullmatch(token) is not None
            or _CODE_MARK.search(token) is not None)


def is_code_only(text: str) -> bool:
    """Whether every word of ``text`` is a number or a code identifier
    (``trainer.get_train_dataloader().``, ``num_labels=3``, ``5e-5``): such a cue
    reads the same in every language."""
    tokens = text.split()
    return bool(tokens) and all(_is_code_word(t) for t in tokens)


def _stops(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOP_WORDS: dict[str, frozenset[str]] = {
    "en": _stops(
        "the a an and or but of to in on at for with is are was were be been it this that "
        "these those we you they he she i our your their my his her its from by as not can "
        "will would have has had do does did so if then there here what which who how"
    ),
    "fr": _stops(
        "le la les un une des et ou mais de du au aux en dans sur pour avec est sont était "
        "être ce cette ces nous vous ils elles il elle je notre votre leur mon son sa ses "
        "pas ne que qui quoi comment donc si alors y a"
    ),
    "it": _stops(
        "il lo la i gli le un uno una e o ma di del della dei delle a al alla in nel nella "
        "su per con è sono era essere questo questa questi noi voi loro lui lei io nostro "
        "vostro non che chi come quindi se allora ci"
    ),
    "es": _stops(
        "el la los las un una unos unas y o pero de del al en sobre para con es son era ser "
        "este esta estos nosotros vosotros ellos él ella yo nuestro no que quien como si"
    ),
    "de": _stops(
        "der die das ein eine und oder aber von zu im in auf für mit ist sind war sein "
        "dieser diese wir ihr sie er es ich unser nicht dass wer wie wenn dann"
    ),
    "pt": _stops(
        "o a os as um uma e ou mas de do da dos das em no na para com é são era ser este "
        "esta nós vós eles ele ela eu nosso não que quem como se"
    ),
}
