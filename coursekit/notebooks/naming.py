"""Where a lesson's notebook goes and what it is called.

An option of a lesson's tabs names its notebook by its id as written when the id is
*plain*: letters, digits, ``.``, ``_`` and ``-``, starting with a letter or a digit, and
neither a framework suffix (``pt``, ``tf``) nor starting with one and ``_``, which would
read as a framework notebook's name (``4_tf.ipynb`` of the option ``tf`` of ``4.mdx``
is the notebook of ``4_tf.mdx``). Any other id, and a plain id equal but for case to an
earlier one of the lesson (two files of one name on macOS and Windows), is escaped:
``+`` then the id with every byte but a lowercase letter, a digit, ``.``, ``_`` and
``-`` written ``+XX`` (``llama index``: ``+llama+20index``; ``pt``: ``+pt``). The escaped
name cannot leave the folder, is never a plain id nor a framework suffix, and differs
from every other, case folded; so :func:`notebook_option` reads any id back exactly.
"""

from __future__ import annotations

import functools
import re
from pathlib import PurePosixPath
from urllib.parse import unquote

from coursekit.lessons.model import Framework, Lesson

_FRAMEWORK_NAMES = {Framework.PT: "PyTorch", Framework.TF: "TensorFlow"}
_SUFFIXES = (Framework.PT.value, Framework.TF.value)
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_KEPT = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789._-")
_ESCAPE = "+"
_MAX_ESCAPED = 200
"""The longest escaped name of an option: with a lesson's stem, it fits a file name."""


def _plain(option: str) -> bool:
    folded = option.casefold()
    return bool(_PLAIN.fullmatch(option)) and not any(
        folded == suffix or folded.startswith(f"{suffix}_") for suffix in _SUFFIXES)


def _escaped(option: str) -> str:
    return _ESCAPE + "".join(chr(byte) if byte in _KEPT else f"{_ESCAPE}{byte:02X}"
                             for byte in option.encode())


def option_fits(option: str) -> bool:
    """Whether ``option`` can name a notebook: it is not empty, nor so long that its
    escaped name (up to three characters a byte) would not fit in a file name."""
    return bool(option) and len(_escaped(option)) <= _MAX_ESCAPED


def option_name(option: str, earlier: tuple[str, ...] = ()) -> str:
    """The name ``option`` has in a notebook's file name: the id as written when plain
    and no id of ``earlier`` equals it but for case, else escaped."""
    folded = option.casefold()
    if _plain(option) and not any(o != option and o.casefold() == folded for o in earlier):
        return option
    return _escaped(option)


def _earlier(lesson: Lesson, option: str) -> tuple[str, ...]:
    """The ids of ``lesson``'s tabs that open before ``option``'s first tab does."""
    ids = dict.fromkeys(tab.option for tab in lesson.tabs)
    return tuple(ids)[:tuple(ids).index(option)] if option in ids else tuple(ids)


def notebook_path(lesson: Lesson, framework: Framework, option: str | None = None) -> str:
    """Where the notebook goes, relative to ``<build>/notebooks``: ``<stem>.ipynb``,
    ``<stem>_<framework>.ipynb`` for one framework of a lesson with framework blocks,
    ``<stem>_<option>.ipynb`` for one option of its tabs (``<stem>_<framework>_<option>``
    with both), the option named by :func:`option_name`."""
    split = lesson.framework is Framework.BOTH and framework is not Framework.BOTH
    name = None if option is None else option_name(option, _earlier(lesson, option))
    return _path(lesson.language, lesson.local, framework.value if split else None, name)


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
    ``smolagents``; ``tools_+pt.ipynb``: ``pt``); ``None`` for a notebook of the whole
    lesson or of one framework."""
    stem, name = PurePosixPath(lesson).stem, PurePosixPath(notebook).stem
    rest = name.removeprefix(f"{stem}_")
    if rest == name:
        return None
    if framework in _SUFFIXES:
        # A plain option never starts with a framework suffix: this one is the notebook's.
        if rest == framework:
            return None
        rest = rest.removeprefix(f"{framework}_")
    if not rest.startswith(_ESCAPE):
        return rest
    # No kept character is a ``%``: the escapes are percent-encoding with another sign.
    return unquote(rest[1:].replace(_ESCAPE, "%"))
