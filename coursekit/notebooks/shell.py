"""Shell fences that a notebook should run: package installs, as ``!`` lines.

Other shell commands (``huggingface-cli login``, ``accelerate launch``...) are
meant for a terminal, so they do not become cells.
"""

from __future__ import annotations

import re

_PROMPT = re.compile(r"^\s*\$\s+")
_INSTALL = re.compile(r"^(?:python3?\s+-m\s+)?pip3?\s+install\s+\S")


def _commands(source: str) -> list[str]:
    """Commands of a shell fence, with ``\\`` continuations joined and prompts removed."""
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


def install_lines(source: str) -> list[str]:
    """The ``!pip install ...`` lines of a shell fence, in order."""
    return ["!" + command for command in _commands(source) if _INSTALL.match(command)]
