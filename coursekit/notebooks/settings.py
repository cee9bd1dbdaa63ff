"""``[tool.coursekit.notebooks]``: what built notebooks carry for a learner.

``kernel`` names the kernelspec; ``quizzes`` builds notebooks for quiz pages too;
``page-url`` is the template of the course page a notebook's first cell links;
``colab-url`` the template of the notebook's address on Colab, shown as an
"Open in Colab" badge. Templates take ``{language}``, ``{local}`` (the toctree
``local`` of the lesson, ``chapter1/quiz``), ``{framework}`` (``pt``, ``tf``, or
empty for a notebook of both) and, in ``colab-url``, ``{path}`` (the notebook's
path under ``notebooks/``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coursekit.config.unknown import unknown_key
from coursekit.config.values import KERNEL_NAME
from coursekit.shown import shown

SECTION = "notebooks"
DEFAULT_KERNEL = "python3"
"""The kernelspec of built notebooks: the one Colab and a plain Jupyter have."""
PAGE_FIELDS = frozenset({"language", "local", "framework"})
COLAB_FIELDS = PAGE_FIELDS | {"path"}
_TEMPLATES = {"page-url": PAGE_FIELDS, "colab-url": COLAB_FIELDS}


@dataclass(frozen=True, slots=True)
class NotebookSettings:
    kernel: str = DEFAULT_KERNEL
    """A kernelspec name, or ``framework`` for the lesson kernel of each notebook."""
    quizzes: bool = False
    """Build notebooks for quiz pages (see :mod:`coursekit.notebooks.quiz`)."""
    page_url: str | None = None
    colab_url: str | None = None

    def key(self) -> tuple[str, bool, str, str]:
        """What of the settings decides a notebook's bytes."""
        return (self.kernel, self.quizzes, self.page_url or "", self.colab_url or "")


def _template_problem(key: str, value: Any) -> str | None:
    if not isinstance(value, str) or not value:
        return f"`{key}` must be a URL template, got {value!r}"
    try:
        fields = {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}
    except ValueError as exc:
        return f"`{key}` is not a template: {exc}"
    unknown = sorted(fields - _TEMPLATES[key])
    if unknown:
        allowed = ", ".join(f"{{{name}}}" for name in sorted(_TEMPLATES[key]))
        return f"`{key}` names {', '.join(f'{{{u}}}' for u in unknown)}; it takes {allowed}"
    return None


def _problem(key: str, value: Any) -> str | None:
    if key == "kernel":
        if isinstance(value, str) and KERNEL_NAME.fullmatch(value):
            return None
        return (f"`kernel` must be a kernel name or \"framework\", got {shown(value)}; "
                "a name has at most 100 letters, digits, `.`, `_`, `-`")
    if key == "quizzes":
        if isinstance(value, bool):
            return None
        return f"`quizzes` must be true or false, got {value!r}"
    if key in _TEMPLATES:
        return _template_problem(key, value)
    return unknown_key(key, ("kernel", "quizzes", *_TEMPLATES))


def table_problems(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Each key of ``table`` that is unknown or holds a bad value, with why."""
    found = [(key, _problem(key.replace("_", "-"), value)) for key, value in table.items()]
    return [(key, problem) for key, problem in found if problem is not None]


def read_settings(table: Mapping[str, Any]) -> NotebookSettings:
    """The settings of ``table``; a bad value is left at its default (and reported by
    :func:`table_problems`)."""
    values = {key.replace("_", "-"): value for key, value in table.items()
              if _problem(key.replace("_", "-"), value) is None}
    return NotebookSettings(
        kernel=values.get("kernel", DEFAULT_KERNEL),
        quizzes=values.get("quizzes", False),
        page_url=values.get("page-url"),
        colab_url=values.get("colab-url"),
    )
