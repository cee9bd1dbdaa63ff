"""The packages a lesson installs itself: its ``!pip install`` lines.

Read from every code cell of the notebook (the builder's install cell and the
lesson's own cells), so that ``verify --install-lesson-requirements`` can put them
into an overlay of the kernel. Options are dropped; a line that installs from a
file or another index is left alone, as an overlay could not honour it. What a line
installs from a URL (``git+https://...``) is read apart (:func:`url_requirements`): it
is declared, but no offline overlay can install it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from typing import Any

_PIP = re.compile(r"^\s*[!%]\s*(?:python3? -m )?pip3? install\s+(?P<args>.+)$", re.MULTILINE)
_WITH_VALUE = {"-c", "--constraint", "-e", "--editable", "-t", "--target", "--prefix"}
_UNSUPPORTED = {"-r", "--requirement", "-i", "--index-url", "--extra-index-url", "-f",
                "--find-links"}
_REQUIREMENT = re.compile(r"[A-Za-z0-9][\w.-]*(?:\[[\w,.-]+\])?(?:\s*[<>=!~]=?\s*[\w.*+!-]+"
                          r"(?:\s*,\s*[<>=!~]=?\s*[\w.*+!-]+)*)?")


def pip_requirements(code: str) -> list[str]:
    """The requirements of the ``pip install`` lines of one cell."""
    found: list[str] = []
    for line in _PIP.finditer(code):
        try:
            words = shlex.split(line["args"].split("#", 1)[0])
        except ValueError:
            continue
        if any(w.split("=", 1)[0] in _UNSUPPORTED for w in words):
            continue
        skip = False
        for word in words:
            if skip:
                skip = False
            elif word.startswith("-"):
                skip = word in _WITH_VALUE
            elif _REQUIREMENT.fullmatch(word) and word not in found:
                found.append(word)
    return found


_URL = re.compile(r"(?:git\+)?(?:https?|ssh)://\S+")


def url_requirements(code: str) -> list[str]:
    """What the ``pip install`` lines of one cell install from a URL, in order, once each."""
    found: list[str] = []
    for line in _PIP.finditer(code):
        for word in line["args"].split("#egg=", 1)[0].split():
            if _URL.fullmatch(word) and word not in found:
                found.append(word)
    return found


def notebook_requirements(cells: Iterable[Any]) -> list[str]:
    """Every requirement the notebook's code cells install, in order, once each."""
    found: list[str] = []
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        found += [r for r in pip_requirements(text) if r not in found]
    return found
