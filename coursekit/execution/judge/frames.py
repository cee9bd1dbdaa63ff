"""Where an exception was raised: in the lesson's own code, or inside a library.

IPython's traceback lists the frames outermost first, each headed ``Cell In[3], line 2``
(code the kernel was given) or ``File /path/module.py:12, in name()``. An exception
whose innermost frame is a file of an installed package or of the standard library was
raised by that library, so a ``NameError`` there names the library's variable (``torch``
inside transformers), never one of the lesson's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_FILE_FRAME = re.compile(r"^File (?P<path>[^\n]+?):(?P<line>\d+)(?:, in |\n|$)")
_CELL_FRAME = re.compile(r"^(?:Cell In\[\d*\]|Input In \[\d*\])")
_LIBRARY_ROOT = re.compile(r"(?<=/)(?:site-packages|dist-packages|lib/python3\.\d+)/")


def raising_file(traceback: Sequence[str]) -> str | None:
    """The file of the innermost frame when it is not the kernel's own input (``None``
    for an exception raised by the cell's code, or a traceback without frames)."""
    innermost: str | None = None
    for chunk in traceback:
        text = chunk.lstrip()
        if _CELL_FRAME.match(text):
            innermost = None
        elif (found := _FILE_FRAME.match(text)) is not None:
            innermost = f"{found['path']}:{found['line']}"
    return innermost


def library_frame(traceback: Sequence[str]) -> str | None:
    """``transformers/pipelines/base.py:1042``: the installed library or standard module
    whose code raised the exception, as a path under its install root; ``None`` when the
    lesson's code (a cell, a file the lesson wrote, ``exec``) raised it."""
    where = raising_file(traceback)
    if where is None:
        return None
    roots = list(_LIBRARY_ROOT.finditer(where))
    return where[roots[-1].end():] if roots else None


def library_call(called: str) -> str | None:
    """``transformers/trainer.py:2206, in Trainer.train``: the library call a cell made
    that raised (a ``file:line:name`` the kernel reported), as a path under its install
    root; ``None`` when it is not a library's."""
    path, _, rest = called.rpartition(":")
    path, _, line = path.rpartition(":")
    roots = list(_LIBRARY_ROOT.finditer(path))
    if not roots or not line.isdigit():
        return None
    return f"{path[roots[-1].end():]}:{line}, in {rest}"
