"""Whose status a shell command line exits with, where that can be told for sure.

A shell exits with the status of the last command it ran: in a pipeline (``pip list |
grep torch``) the last command's, whatever the commands before it did; after ``;``,
``||`` or ``&`` the last pipeline's; after ``&&`` either pipeline's. So the status of
``!pip list | grep torch`` is grep's, and grep's status 1 says only that no line
matched (an error is 2): the learner's answer is "not installed", not a broken lesson.
:func:`answered_no` tells such a status from a failure.
"""

from __future__ import annotations

import re
import shlex
from pathlib import PurePosixPath

_MATCHERS = frozenset({"grep", "egrep", "fgrep", "zgrep"})
"""Programs whose status 1 means "nothing matched" and 2 an error."""
_PIPES = frozenset({"|", "|&"})
_THEN = frozenset({";", "||", "&"})
"""What may come before the last pipeline for the line to exit with that pipeline's
status, whatever ran before (not ``&&``: a command before it that fails stops the line
with its own status)."""
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def _tokens(command: str) -> list[str] | None:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote
        return None


def _punctuation(token: str) -> bool:
    return bool(token) and all(c in "();<>|&" for c in token)


def last_pipeline(command: str) -> list[str] | None:
    """The program each command of the pipeline ``command`` exits with the status of runs
    (``["pip", "grep"]`` for ``pip list | grep x``); ``None`` when that cannot be told:
    a subshell, a group, a function, an ``&&`` before that pipeline, a line that does not
    parse, a script of more than one line (its ``set -e`` or ``exit`` may end it
    earlier)."""
    lines = [line for line in command.splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != 1:
        return None
    tokens = _tokens(lines[0])
    if tokens is None or any(t in ("(", ")", "{", "}") or "`" in t or "$(" in t
                             for t in tokens):
        return None
    while tokens and tokens[-1] in _THEN:
        tokens.pop()
    ops = [i for i, t in enumerate(tokens) if _punctuation(t) and t not in _PIPES
           and "<" not in t and ">" not in t]
    if ops and tokens[ops[-1]] not in _THEN:
        return None
    start = ops[-1] + 1 if ops else 0
    programs: list[str] = []
    words: list[str] = []
    for token in [*tokens[start:], "|"]:
        if token not in _PIPES:
            words.append(token)
            continue
        program = _program(words)
        if program is None:
            return None
        programs.append(program)
        words = []
    return programs


def _program(words: list[str]) -> str | None:
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
    programs = last_pipeline(command)
    if not programs or programs[-1] not in _MATCHERS:
        return False
    return len(programs) == 1 or not printed.strip()
