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


def _command_lines(source: str) -> list[tuple[str, list[str]]]:
    """Each command of a shell fence with the lines it was written on: ``\\``
    continuations joined, prompts (and a notebook's ``!`` or ``%``) removed."""
    commands: list[tuple[str, list[str]]] = []
    pending = ""
    written: list[str] = []
    for raw in source.splitlines():
        line = raw.strip() if pending else raw.rstrip()
        written.append(raw)
        if line.endswith("\\"):
            pending += line[:-1].rstrip() + " "
            continue
        commands.append((_PROMPT.sub("", pending + line).strip(), written))
        pending, written = "", []
    if pending:
        commands.append((_PROMPT.sub("", pending).strip(), written))
    return commands


def _commands(source: str) -> list[str]:
    """Commands of a shell fence (:func:`_command_lines`), without their lines."""
    return [command for command, _ in _command_lines(source)]


_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|<[^<>\s]+>")
"""A part of a command the reader fills in (``llama-index-{component-type}``,
``<package>``): such a line is a template, not a command to run."""


def _installs(command: str) -> bool:
    return bool(_INSTALL.match(command)) and not _PLACEHOLDER.search(command)


def install_lines(source: str) -> list[str]:
    """The ``!pip install ...`` lines of a shell fence, in order; a template with
    placeholders to fill in is none."""
    return ["!" + command for command in _commands(source) if _installs(command)]


def fence_rest(code: Code) -> str:
    """The lines of a fence that :func:`fence_installs` makes no ``!`` line of (a
    ``huggingface-cli login`` after a ``pip install``), as written; empty when the
    fence installs nothing, as it is then shown whole, or holds nothing else."""
    if not fence_installs(code):
        return ""
    rest = [(command, lines) for command, lines in _command_lines(code.source)
            if not _installs(command)]
    if all(not command or command.startswith("#") for command, _ in rest):
        return ""  # blank lines and comments about the installs
    return "\n".join(raw for _, lines in rest for raw in lines).strip("\n")


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
