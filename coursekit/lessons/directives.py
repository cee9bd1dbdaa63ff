"""Reading ``coursekit:`` directives from comment text.

Grammar (shell-like words after ``coursekit:``)::

    expect-error NAME ["MESSAGE PATTERN"] [device=cpu|cuda]
    skip [reason="..."]
    timeout=SECONDS        (or: timeout SECONDS)
    framework=pt|tf        (or: framework pt)
    code-synced source=COMMIT prose=COMMIT [base=COMMIT]

``code-synced`` is about the whole file, not the next code block: a translation whose
code ``coursekit fix translations`` brought up to the source's ``source`` commit, and
whose prose still follows the source as of ``prose``; ``base``, where the sync left
code to a person: the commit it merged from, which the next sync merges from again.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from coursekit.diagnostics import Rule
from coursekit.lessons import rules

PREFIX = "coursekit"
KINDS = ("expect-error", "skip", "timeout", "framework", "code-synced")
CODE_SYNCED = "code-synced"
FILE_KINDS = frozenset({CODE_SYNCED})
"""Directives about the whole lesson file, not about the code block after them."""
DEVICES = ("cpu", "cuda")
FRAMEWORKS = ("pt", "tf")
_EXCEPTION_NAME = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*")
_COMMIT = re.compile(r"[0-9a-f]{7,40}")


@dataclass(frozen=True, slots=True)
class DirectiveReading:
    kind: str
    args: dict[str, str]


@dataclass(frozen=True, slots=True)
class DirectiveProblem:
    rule: Rule
    message: str
    hint: str | None = None


def is_directive(comment: str) -> bool:
    """Whether a comment is meant as a directive (``coursekit:``, or a near miss of it)."""
    head = comment.lstrip()[: len(PREFIX) + 1].lower()
    return head.startswith(PREFIX)


def _malformed(text: str, why: str) -> DirectiveProblem:
    return DirectiveProblem(
        rules.MALFORMED_DIRECTIVE, f"directive `{text}`: {why}",
        hint='e.g. `coursekit: expect-error ValueError "message"`, `skip reason="..."`, '
        "`timeout=120`, `framework=pt`",
    )


def _split(words: list[str]) -> tuple[list[str], dict[str, str]]:
    positional: list[str] = []
    named: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if eq and re.fullmatch(r"[a-z][\w-]*", key):
            named[key] = value
        else:
            positional.append(word)
    return positional, named


def read_directive(comment: str) -> DirectiveReading | DirectiveProblem:
    """The directive a comment holds, or what is wrong with it."""
    text = " ".join(comment.split())
    body = comment.strip()[len(PREFIX) :]
    if not body.startswith(":"):
        return _malformed(text, "expected `coursekit:` followed by the directive")
    try:
        words = shlex.split(body[1:], posix=True)
    except ValueError as exc:
        return _malformed(text, f"cannot split it into words ({exc})")
    if not words:
        return _malformed(text, "no directive after `coursekit:`")
    head, eq, value = words[0].partition("=")
    kind = head.lower()
    if kind not in KINDS:
        return DirectiveProblem(
            rules.UNKNOWN_DIRECTIVE, f"unknown directive `{head}` in `{text}`",
            hint=f"known directives: {', '.join(KINDS)}",
        )
    rest = ([value] if eq else []) + words[1:]
    positional, named = _split(rest)
    return _read_kind(kind, text, positional, named)


def _read_kind(
    kind: str, text: str, positional: list[str], named: dict[str, str]
) -> DirectiveReading | DirectiveProblem:
    if kind == "expect-error":
        unknown = set(named) - {"device"}
        if unknown or not 1 <= len(positional) <= 2:
            return _malformed(text, "expected an exception name, an optional quoted message "
                              "and an optional `device=`")
        name = positional[0]
        if not _EXCEPTION_NAME.fullmatch(name):
            return _malformed(text, f"`{name}` is not an exception name")
        args = {"name": name, "message": positional[1] if len(positional) == 2 else ""}
        if "device" in named:
            if named["device"] not in DEVICES:
                return _malformed(text, f"device must be one of {', '.join(DEVICES)}")
            args["device"] = named["device"]
        return DirectiveReading(kind, args)
    if kind == "skip":
        if positional or set(named) - {"reason"}:
            return _malformed(text, 'expected only `reason="..."`')
        return DirectiveReading(kind, {"reason": named.get("reason", "")})
    if kind == "timeout":
        seconds = positional[0] if len(positional) == 1 else ""
        # ASCII digits only (`'²'.isdigit()` holds), and few enough to convert.
        if named or not (seconds.isascii() and seconds.isdigit() and len(seconds) <= 9) or (
            int(seconds) <= 0
        ):
            return _malformed(text, "expected a whole number of seconds, e.g. `timeout=120`")
        return DirectiveReading(kind, {"seconds": str(int(positional[0]))})
    if kind == CODE_SYNCED:
        if positional or not {"source", "prose"} <= set(named) <= {"source", "prose", "base"} \
                or not all(_COMMIT.fullmatch(value) for value in named.values()):
            return _malformed(text, "expected `source=COMMIT prose=COMMIT`, and "
                              "`base=COMMIT` where code is left to a person (commit ids)")
        return DirectiveReading(kind, dict(named))
    if named or len(positional) != 1 or positional[0] not in FRAMEWORKS:
        return _malformed(text, f"expected `framework=` one of {', '.join(FRAMEWORKS)}")
    return DirectiveReading(kind, {"framework": positional[0]})
