"""Where a lesson's notebook goes and what it is called."""

from __future__ import annotations

from pathlib import PurePosixPath

from coursekit.lessons.model import Framework, Lesson

_FRAMEWORK_NAMES = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}


def notebook_path(lesson: Lesson, framework: Framework) -> str:
    """Where the notebook goes, relative to ``<build>/notebooks``."""
    stem = PurePosixPath(lesson.local)
    if lesson.framework is Framework.BOTH and framework is not Framework.BOTH:
        stem = stem.with_name(f"{stem.name}_{framework.value}")
    return f"{lesson.language}/{stem}.ipynb"


def notebook_title(lesson: Lesson, framework: Framework) -> str:
    """The lesson's title, with the framework of a notebook for one framework."""
    title = lesson.title or lesson.local
    if framework in _FRAMEWORK_NAMES:
        title += f" ({_FRAMEWORK_NAMES[framework]})"
    return title
