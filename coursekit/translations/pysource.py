"""Python code of lesson blocks, read with ``tokenize`` and ``ast``.

Every function here is a pure function of the code text and is cached: most
translated code blocks are byte-identical across languages, so a course with
many translations reads each distinct block once.
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import tokenize
from dataclasses import dataclass
from functools import lru_cache

_CACHE = 1 << 15
_MAGIC = re.compile(r"^[ \t]*[!%]")
_DROPPED = frozenset({tokenize.NL, tokenize.ENDMARKER})
_LAYOUT = frozenset({tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE})
BUILTIN_NAMES = frozenset(dir(builtins)) | {"__file__", "__name__", "display", "get_ipython"}
"""Names a notebook cell may use without defining them."""

Token = tuple[int, str]


def runnable(source: str) -> str:
    """``source`` with IPython shell and magic lines (``!pip``, ``%time``) blanked.

    Lines are blanked rather than removed so that line numbers stay those of the block.
    """
    if "!" not in source and "%" not in source:
        return source
    return "\n".join("" if _MAGIC.match(line) else line for line in source.split("\n"))


@lru_cache(maxsize=_CACHE)
def tokens(source: str) -> tuple[Token, ...] | None:
    """Significant tokens of ``source`` (indentation kept as structure, not width).

    ``None`` when the text cannot be tokenized as Python.
    """
    out: list[Token] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _DROPPED:
                continue
            out.append((tok.type, "" if tok.type in _LAYOUT else tok.string))
    except (tokenize.TokenError, SyntaxError):
        return None
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def without_comments(source: str) -> tuple[Token, ...] | None:
    toks = tokens(source)
    if toks is None:
        return None
    return tuple(t for t in toks if t[0] != tokenize.COMMENT)


@lru_cache(maxsize=_CACHE)
def skeleton(source: str) -> tuple[Token, ...] | None:
    """Tokens without comments and with every string literal blanked."""
    toks = without_comments(source)
    if toks is None:
        return None
    return tuple((tokenize.STRING, "") if t[0] == tokenize.STRING else t for t in toks)


def words(source: str) -> tuple[str, ...]:
    """Whitespace-separated words: how non-Python blocks are compared."""
    return tuple(source.split())


@dataclass(frozen=True, slots=True)
class Parsed:
    """The result of parsing one code block."""

    tree: ast.Module | None
    error: str | None = None
    """The ``SyntaxError`` message, when the block does not parse."""
    error_line: int | None = None
    """1-based line of the error inside the block."""
    error_text: str | None = None
    """The offending line, stripped."""


@lru_cache(maxsize=_CACHE)
def parse(source: str) -> Parsed:
    """Parse a code block as a notebook cell (magics blanked, top-level ``await`` allowed)."""
    flags = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    try:
        tree = compile(runnable(source), "<lesson>", "exec", flags=flags, dont_inherit=True)
    except SyntaxError as exc:
        text = (exc.text or "").strip() or None
        return Parsed(None, exc.msg, exc.lineno, text)
    except ValueError as exc:  # NUL bytes in the source
        return Parsed(None, str(exc), None, None)
    assert isinstance(tree, ast.Module)
    return Parsed(tree)


@dataclass(frozen=True, slots=True)
class Names:
    """Names a code block binds and names it reads, each with its first line in the block."""

    defined: tuple[tuple[str, int], ...]
    used: tuple[tuple[str, int], ...]
    star_import: bool = False
    """``from x import *``: any name may be defined."""


_EMPTY_NAMES = Names((), ())


def _bound_by(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.Import):
        return [a.asname or a.name.split(".")[0] for a in node.names]
    if isinstance(node, ast.ImportFrom):
        return [a.asname or a.name for a in node.names if a.name != "*"]
    if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
        return [node.name]
    if isinstance(node, ast.Global | ast.Nonlocal):
        return list(node.names)
    return []


def _first(found: dict[str, int], name: str, line: int) -> None:
    if name not in found or line < found[name]:
        found[name] = line


def _by_line(found: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(found.items(), key=lambda item: (item[1], item[0])))


@lru_cache(maxsize=_CACHE)
def names(source: str) -> Names:
    """Bound and read names of a block, scopes flattened (a lesson reads as one script)."""
    tree = parse(source).tree
    if tree is None:
        return _EMPTY_NAMES
    defined: dict[str, int] = {}
    used: dict[str, int] = {}
    star = False
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 1)
        for name in _bound_by(node):
            _first(defined, name, line)
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            star = True
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            _first(used, node.id, line)
    return Names(_by_line(defined), _by_line(used), star)
