"""What besides a lesson's bytes decides the outputs a build makes of it: the build's
options and the course's notebook settings, hashed into the key the manifest records."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from coursekit import __version__
from coursekit.config import Course
from coursekit.lessons.model import Framework
from coursekit.notebooks.convert import notebook_settings
from coursekit.notebooks.paired_text import JUPYTEXT_FORMATS

LAYOUT = 2
"""What notebooks a lesson yields, for a build of the same coursekit version: 2 since
a lesson whose tabs hold code yields one per option (a build made before is built again)."""


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """The choices of one build that decide every lesson's outputs."""

    with_prose: bool
    jupytext: str | None
    kernels: tuple[tuple[str, str], ...]
    quizzes: bool
    notebooks: tuple[str, bool, str, str]
    """:meth:`NotebookSettings.key` of the course's ``[tool.coursekit.notebooks]``."""

    @classmethod
    def of(cls, course: Course, *, with_prose: bool, jupytext: str | None,
           quizzes: bool | None) -> BuildOptions:
        """The options of a build of ``course``; ``quizzes`` defaults to the course's
        ``[tool.coursekit.notebooks] quizzes``. An unknown ``jupytext`` format is a
        ``ValueError``."""
        if jupytext is not None and jupytext not in JUPYTEXT_FORMATS:
            raise ValueError(f"unknown jupytext format `{jupytext}` (expected py:percent or md)")
        settings = notebook_settings(course)
        return cls(
            with_prose=with_prose,
            jupytext=jupytext,
            kernels=tuple(sorted(course.config.kernels.items())),
            quizzes=settings.quizzes if quizzes is None else quizzes,
            notebooks=settings.key(),
        )

    def key(self, framework: Framework) -> str:
        """What besides the lesson bytes decides its outputs."""
        payload = json.dumps([
            __version__, LAYOUT, self.with_prose, self.jupytext, self.kernels, framework.value,
            self.quizzes, self.notebooks,
        ])
        return hashlib.sha256(payload.encode()).hexdigest()[:16]
