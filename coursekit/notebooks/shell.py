"""Fences that a notebook should run as shell lines: package installs, as ``!`` lines.

Other shell commands (``huggingface-cli login``, ``accelerate launch``...) are
meant for a terminal, so they do not become cells.
"""

from __future__ import annotations

import re

from coursekit.lessons.model import Code, CodeRole

_PROMPT = re.compile(r"^\s*(?:\$\s+|[!%](?=\s*\S))\s*")
"""A shell prompt, or the ``!`` or ``%`` of a line written for a notebook
(``!pip install ...`` in a shell fence): taken off, so the command is read alone."""
_INSTALL = re.compile(r"^(?:python3?\s+-m\s+)?pip3?\s+install\s+\S")


def _commands(source: str) -> list[str]:
    """Commands of a shell fence, with ``\\`` continuations joined and prompts (and a
    notebook's ``!`` or ``%``) removed."""
    commands: list[str] = []
    pending = ""
    for raw in source.splitlines():
        line = raw.rstrip()
        if line.endswith("\\"):
            pending += line[:-1].rstrip() + " "
            continue
        commands.append(_PROMPT.sub("", pending + line).strip())
        pending = ""
    if pending:
        commands.append(_PROMPT.sub("", pending).strip())
    return commands


_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|<[^<>\s]+>")
"""A part of a command the reader fills in (``llama-index-{component-type}``,
``<package>``): such a line is a template, not a command to run."""


def install_lines(source: str) -> list[str]:
    """The ``!pip install ...`` lines of a shell fence, in order; a template with
    placeholders to fill in is none."""
    return ["!" + command for command in _commands(source)
            if _INSTALL.match(command) and not _PLACEHOLDER.search(command)]


def fence_installs(code: Code) -> list[str]:
    """The ``!pip install ...`` lines a notebook runs for a fence: those of a shell fence,
    and of a fence with no language whose every command is a package install (the
    lessons write ``pip install`` so too)."""
    if code.role is CodeRole.SHELL:
        return install_lines(code.source)
    if code.role is CodeRole.OTHER and not code.info.strip():
        commands = [c for c in _commands(code.source) if c]
        if commands and all(_INSTALL.match(c) for c in commands):
            return install_lines(code.source)
    return []
