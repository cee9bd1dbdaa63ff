"""The jupytext text file paired with a notebook (``build --jupytext``)."""

from __future__ import annotations

import re

from coursekit.notebooks.cells import JsonDict
from coursekit.notebooks.convert import as_notebook_node

JUPYTEXT_FORMATS = {"py:percent": ".py", "md": ".md"}
# The paired text file is for reading and diffing: the notebook keeps the metadata.
_JUPYTEXT_FILTERS = {"notebook_metadata_filter": "-all", "cell_metadata_filter": "-coursekit"}


def paired_text(path: str, document: JsonDict, name: str) -> tuple[str, bytes]:
    """The path and bytes of the text file in jupytext format ``name`` paired with the
    notebook ``document`` at ``path``."""
    extension = JUPYTEXT_FORMATS[name]
    fmt = {"extension": extension, "format_name": name.partition(":")[2] or "markdown",
           **_JUPYTEXT_FILTERS}
    import jupytext  # only paired-text builds need it, and it is slow to import

    text = jupytext.writes(as_notebook_node(_protected(document, name)), fmt=fmt)
    return path.removesuffix(".ipynb") + extension, text.encode("utf-8", "surrogateescape")


_LONG_FENCE = re.compile(r"^`{4,}", re.MULTILINE)


def _protected(document: JsonDict, name: str) -> JsonDict:
    """``document`` with each markdown cell that holds a fence of four backticks or
    more (one quoting a fence of three) marked for the Markdown format, which then
    writes the cell between ``<!-- #region -->`` and ``<!-- #endregion -->``: jupytext
    reads such a fence's inner fence as its end, and the code cell after it as text."""
    if name != "md":
        return document
    cells = [
        {**cell, "metadata": {**cell["metadata"], "region_name": "region"}}
        if cell["cell_type"] == "markdown" and _LONG_FENCE.search(cell["source"]) else cell
        for cell in document["cells"]
    ]
    return {**document, "cells": cells}
