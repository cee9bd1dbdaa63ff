"""Where a lesson's notebook goes and what it is called."""

from __future__ import annotations

import functools
from pathlib import PurePosixPath

from coursekit.lessons.model import Framework, Lesson

_FRAMEWORK_NAMES = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}


def notebook_path(lesson: Lesson, framework: Framework, option: str | None = None) -> str:
    """Where the notebook goes, relative to ``<build>/notebooks``: ``<stem>.ipynb``,
    ``<stem>_<framework>.ipynb`` for one framework of a lesson with framework blocks,
    ``<stem>_<option>.ipynb`` for one option of its tabs (``<stem>_<framework>_<option>``
    with both)."""
    split = lesson.framework is Framework.BOTH and framework is not Framework.BOTH
    return _path(lesson.language, lesson.local, framework.value if split else None, option)


@functools.lru_cache(maxsize=4096)
def _path(language: str, local: str, framework: str | None, option: str | None) -> str:
    # Cached: a build asks it for each notebook's head cells, name and file.
    stem = PurePosixPath(local)
    for suffix in (framework, option):
        if suffix is not None:
            stem = stem.with_name(f"{stem.name}_{suffix}")
    return f"{language}/{stem}.ipynb"


def notebook_title(lesson: Lesson, framework: Framework, option: str | None = None) -> str:
    """The lesson's title, with the framework of a notebook for one framework and the
    option of one for an option of its tabs: ``Title (PyTorch, smolagents)``."""
    title = lesson.title or lesson.local
    named = [_FRAMEWORK_NAMES[framework]] if framework in _FRAMEWORK_NAMES else []
    if option is not None:
        named.append(option)
    if named:
        title += f" ({', '.join(named)})"
    return title


def notebook_option(lesson: str, notebook: str, framework: str) -> str | None:
    """The option of a lesson's tabs that a notebook of it holds, read back from the
    names :func:`notebook_path` gives (``tools_smolagents.ipynb`` of ``tools.mdx``:
    ``smolagents``); ``None`` for a notebook of the whole lesson or of one framework."""
    stem, name = PurePosixPath(lesson).stem, PurePosixPath(notebook).stem
    option = name.removeprefix(f"{stem}_").removeprefix(f"{framework}_")
    if name == stem or option in (name, framework):
        return None
    return option
