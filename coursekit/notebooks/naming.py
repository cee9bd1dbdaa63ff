"""Where a lesson's notebook goes and what it is called."""

from __future__ import annotations

import functools
from pathlib import PurePosixPath

from coursekit.lessons.model import Framework, Lesson

_FRAMEWORK_NAMES = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}


def notebook_path(lesson: Lesson, framework: Framework) -> str:
    """Where the notebook goes, relative to ``<build>/notebooks``."""
    split = lesson.framework is Framework.BOTH and framework is not Framework.BOTH
    return _path(lesson.language, lesson.local, framework.value if split else None)


@functools.lru_cache(maxsize=4096)
def _path(language: str, local: str, framework: str | None) -> str:
    # Cached: a build asks it for each notebook's head cells, name and file.
    stem = PurePosixPath(local)
    if framework is not None:
        stem = stem.with_name(f"{stem.name}_{framework}")
    return f"{language}/{stem}.ipynb"


def notebook_title(lesson: Lesson, framework: Framework) -> str:
    """The lesson's title, with the framework of a notebook for one framework."""
    title = lesson.title or lesson.local
    if framework in _FRAMEWORK_NAMES:
        title += f" ({_FRAMEWORK_NAMES[framework]})"
    return title
