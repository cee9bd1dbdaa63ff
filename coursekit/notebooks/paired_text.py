"""The jupytext text file paired with a notebook (``build --jupytext``)."""

from __future__ import annotations

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

    text = jupytext.writes(as_notebook_node(document), fmt=fmt)
    return path.removesuffix(".ipynb") + extension, text.encode("utf-8", "surrogateescape")
