"""Cache keys: what a kernel run depends on, and nothing else.

Code is hashed as its token stream without comments and blank lines, so a
translation that only translates comments shares the English run. Language,
prose and expectations are not part of the key: they change the verdict, not
what the kernel does.
"""

from __future__ import annotations

import hashlib
import json
import tokenize
from collections.abc import Iterable

from coursekit.execution.plan.model import CellPlan
from coursekit.lessons.python_tokens import significant_tokens

KEY_VERSION = 5
"""Raised whenever what a run does for the same key changes (how a drifted call is
run again, say), so that no stored run of an older way is replayed."""


def code_fingerprint(code: str) -> str:
    """A hash of ``code`` that ignores comments and layout outside the code's tokens: its
    significant tokens (those a translated block is compared by) without its comments.

    Code that does not tokenize (broken code, and from Python 3.12 on a carriage return
    before a non-ASCII character) is hashed as written, minus trailing whitespace.
    """
    tokens = significant_tokens(code)
    if tokens is None:
        basis = "raw\x00" + "\n".join(line.rstrip() for line in code.strip().splitlines())
    else:
        basis = "\x00".join(f"{kind}:{text}" for kind, text in tokens
                            if kind != tokenize.COMMENT)
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
