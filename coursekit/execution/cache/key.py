"""Cache keys: what a kernel run depends on, and nothing else.

Code is hashed as its token stream without comments and blank lines, so a
translation that only translates comments shares the English run. Language,
prose and expectations are not part of the key: they change the verdict, not
what the kernel does.
"""

from __future__ import annotations

import hashlib
import io
import json
import tokenize
from collections.abc import Iterable

from coursekit.execution.plan.model import CellPlan

KEY_VERSION = 4
"""Raised whenever what a run does for the same key changes (how a drifted call is
run again, say), so that no stored run of an older way is replayed."""
_DROPPED = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING}


def code_fingerprint(code: str) -> str:
    """A hash of ``code`` that ignores comments and layout outside the code's tokens.

    Code that does not tokenize (IPython magics, shell escapes, broken code, and from
    Python 3.12 on a carriage return before a non-ASCII character) is hashed as written,
    minus trailing whitespace.
    """
    try:
        tokens = [
            # A NEWLINE token's text is "\n" or "" (at the end of a file): keep its type only.
            f"{tok.type}:{'' if tok.type == tokenize.NEWLINE else tok.string}"
            for tok in tokenize.generate_tokens(io.StringIO(code).readline)
            if tok.type not in _DROPPED
        ]
        basis = "\x00".join(tokens)
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        basis = "raw\x00" + "\n".join(line.rstrip() for line in code.strip().splitlines())
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()


def run_key(
    cells: Iterable[CellPlan],
    *,
    kernel: str,
    environment: str,
    standins: str,
    device: str,
    default_timeout: float,
) -> str:
    """The key of one notebook's kernel run."""
    document = {
        "version": KEY_VERSION,
        "kernel": kernel,
        "environment": environment,
        "standins": standins,
        "device": device,
        "cells": [
            [code_fingerprint(c.code), c.skip is not None, c.timeout or default_timeout]
            for c in cells
        ],
    }
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
