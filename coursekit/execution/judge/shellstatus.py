"""Whose status a shell command line exits with, where that can be told for sure.

A shell exits with the status of the last command it ran: in a pipeline (``pip list |
grep torch``) the last command's, whatever the commands before it did; after ``;``,
``||`` or ``&`` the last pipeline's. After ``&&`` either pipeline's: ``a && b`` that
exits non-zero ended on ``a`` (``b`` never ran) or on ``b``. Of such a chain only the
pipelines that can fail are candidates, so ``!pip list | grep -q x && echo found`` that
exits 1 ended on grep (``echo`` exits 0): the learner's answer "not installed", not a
broken lesson. :func:`answered_no` tells such a status from a failure, and
:func:`ending_candidates` gives the pipelines a failed line may have ended on.
"""

from __future__ import annotations

import re
import shlex
from pathlib import PurePosixPath

_MATCHERS = frozenset({"grep", "egrep", "fgrep", "zgrep"})
"""Programs whose status 1 means "nothing matched" and 2 an error."""
_PIPES = frozenset({"|", "|&"})
_LISTS = frozenset({";", "&", "&&", "||"})
_RESTART = frozenset({";", "&", "||"})
"""What starts the chain a non-zero status can come from: after ``||`` the pipeline runs
only when the one before failed, after ``;`` or ``&`` whatever it did; a pipeline
before them that failed is never the line's last status."""
_NEVER_FAIL = frozenset({"echo", "true", ":"})
"""Programs that exit 0 whatever they are given (with no redirection to fail on)."""
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")

Command = list[str]
"""A simple command's words, its redirections among them."""
Pipeline = list[Command]


def _tokens(command: str) -> list[str] | None:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote
        return None


def _punctuation(token: str) -> bool:
    return bool(token) and all(c in "();<>|&" for c in token)


def _line_tokens(command: str) -> list[str] | None:
    """The tokens of ``command``'s one line; ``None`` for a script of more lines (its
    ``set -e`` or ``exit`` may end it earlier), a subshell, a group, a substitution or
    a line that does not parse."""
    lines = [line for line in command.splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != 1:
        return None
    tokens = _tokens(lines[0])
    if tokens is None or any(t in ("(", ")", "{", "}") or "`" in t or "$(" in t
                             for t in tokens):
        return None
    while tokens and tokens[-1] in (";", "&"):
        tokens.pop()
    return tokens


def _list(tokens: list[str]) -> list[tuple[str, Pipeline]] | None:
    """The pipelines of an and-or list, each with the operator before it (``""`` for
    the first)."""
    found: list[tuple[str, Pipeline]] = []
    op = ""
    pipeline: Pipeline = []
    words: Command = []
    for token in [*tokens, ";"]:
        if token in _PIPES or token in _LISTS:
            if not words:
                return None
            pipeline.append(words)
            words = []
            if token in _LISTS:
                found.append((op, pipeline))
                op, pipeline = token, []
        elif _punctuation(token) and "<" not in token and ">" not in token:
            return None  # ``;;``, ``|||``: not a line of simple commands
        else:
            words.append(token)
    return found


def _can_fail(pipeline: Pipeline) -> bool:
    last = pipeline[-1]
    return program(last) not in _NEVER_FAIL or any(_punctuation(w) for w in last)


def ending_candidates(command: str) -> list[Pipeline] | None:
    """The pipelines of ``command`` whose status it exits with when that is non-zero:
    those of its last ``&&`` chain that can fail, in order; ``None`` when that cannot be
    told (see :func:`_line_tokens`)."""
    tokens = _line_tokens(command)
    pipelines = _list(tokens) if tokens else None
    if not pipelines:
        return None
    start = max(i for i, (op, _) in enumerate(pipelines) if i == 0 or op in _RESTART)
    return [p for _, p in pipelines[start:] if _can_fail(p)]


def status_pipeline(command: str) -> list[str] | None:
    """The program each command runs of the one pipeline ``command``, having exited
    non-zero, exits with the status of (``["pip", "grep"]`` for ``pip list | grep x``, as
    for ``pip list | grep -q x && echo found``); ``None`` when that cannot be told: a
    line that does not parse, or an ``&&`` chain of two pipelines that can fail."""
    candidates = ending_candidates(command)
    if candidates is None or len(candidates) != 1:
        return None
    programs = [program(words) for words in candidates[0]]
    return None if None in programs else [p for p in programs if p is not None]


def program(words: Command) -> str | None:
    """The program a simple command runs: its first word past variable assignments and
    redirections."""
    skip = False
    for word in words:
        if skip:
            skip = False
        elif _punctuation(word):
            skip = True  # a redirection: its target follows
        elif not _ASSIGNMENT.match(word) and not word.isdigit():
            return PurePosixPath(word).name
    return None


def answered_no(command: str, status: int, printed: str) -> bool:
    """Whether ``command``, which exited with ``status`` having ``printed`` its last
    lines, answered "no line matched" rather than failed: its status is grep's 1, and
    the commands before grep in its pipeline said nothing (their errors are the only
    thing a grep that matched nothing leaves printed: ``cat: x: No such file``)."""
    if status != 1:
        return False
    programs = status_pipeline(command)
    if not programs or programs[-1] not in _MATCHERS:
        return False
    return len(programs) == 1 or not printed.strip()
