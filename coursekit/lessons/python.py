"""What a piece of lesson Python says, read once: the one place lesson code is parsed.

Notebook cells are IPython, not Python, so the text is first made *runnable*
with one rule for IPython lines, keeping line numbers:

- a cell magic on the first line (``%%time``, ``%%capture``...) is blanked; the
  body stays Python for the magics that run it (:data:`PYTHON_CELL_MAGICS`) and is
  blanked for the others (``%%writefile``, ``%%bash``: the body is not Python);
- ``%time``/``%timeit`` keep the statement they run (``%time model = train()``
  binds ``model``);
- any other line magic, shell escape (``!pip install x``) or help request
  (``model?``, ``?model``) becomes ``pass`` at its indentation, so the blocks
  around it still parse;
- ``files = !ls`` and ``x = %env`` keep their assignment (to ``None``).

Every analysis (imports, bound and read names, the last statement, the syntax
error) reads the tree parsed from that text; the token views that a translated block
is compared by (tokens, tokens without comments, the skeleton with strings blanked,
code lines) read the text as written. :class:`CodeFacts` computes each
fact on first use. A lesson's code blocks carry theirs (``Code.facts``); lessons
read together (a check run, a build) share one :class:`CodeFactsTable`, so a block
repeated byte for byte in every translation is parsed once for all of them.
"""

from __future__ import annotations

import ast
import builtins
import enum
import functools
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass

from coursekit.lessons.python_tokens import Token, significant_tokens

PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})
"""Cell magics whose body is Python run in the notebook's namespace."""
STATEMENT_LINE_MAGICS = frozenset({"time", "timeit"})
"""Line magics followed by a statement that runs in the notebook's namespace."""
BUILTIN_NAMES = frozenset(dir(builtins)) | {"__file__", "__name__", "display", "get_ipython"}
"""Names a notebook cell may use without defining them."""

_MARKS = ("!", "%", "?")
_ASSIGNED = re.compile(r"^(\s*)([A-Za-z_][\w.\[\]'\", ]*?)\s*=\s*[!%]")
_HELP = re.compile(r"^\s*(\?{1,2}[\w.]+|[\w.]+\?{1,2})\s*$")
_PARSE_FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT


class IPythonKind(enum.StrEnum):
    SHELL = "shell"
    """``!command``."""
    LINE_MAGIC = "line magic"
    """``%name ...``."""
    CELL_MAGIC = "cell magic"
    """``%%name ...`` on the first line."""
    HELP = "help"
    """``name?`` or ``?name``."""


@dataclass(frozen=True, slots=True)
class IPythonLine:
    """A line that IPython reads and Python would not."""

    line: int
    """1-based line inside the source."""
    kind: IPythonKind
    name: str
    """The magic's name (``time``, ``writefile``) or the shell command (``pip``); empty for help."""
    text: str
    """The line as written, stripped."""


class LastStatement(enum.StrEnum):
    """How the last statement of a code block shows its value in Jupyter."""

    RESULT = "result"
    """An expression: Jupyter shows its value as ``execute_result``."""
    DISPLAY = "display"
    """A ``display(...)`` call: the value shows as ``display_data``."""
    STREAM = "stream"
    """Anything else: only what the code prints shows."""


def _word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0] if words else ""


def _read_ipython(source: str) -> tuple[str, tuple[IPythonLine, ...]]:
    """The runnable text of ``source`` and its IPython lines (see the module docstring)."""
    if not any(mark in source for mark in _MARKS):
        return source, ()
    lines = source.split("\n")
    found: list[IPythonLine] = []
    out: list[str] = []
    body_is_python = True
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        if number == 1 and stripped.startswith("%%"):
            name = _word(stripped[2:])
            found.append(IPythonLine(number, IPythonKind.CELL_MAGIC, name, stripped))
            body_is_python = name in PYTHON_CELL_MAGICS
            out.append("")
        elif not body_is_python:
            out.append("")
        elif stripped.startswith("!"):
            found.append(IPythonLine(number, IPythonKind.SHELL, _word(stripped[1:]), stripped))
            out.append(indent + "pass")
        elif stripped.startswith("%"):
            name = _word(stripped.lstrip("%"))
            found.append(IPythonLine(number, IPythonKind.LINE_MAGIC, name, stripped))
            statement = stripped.lstrip("%")[len(name):].strip()
            keep = name in STATEMENT_LINE_MAGICS and statement and not statement.startswith("-")
            out.append(indent + (statement if keep else "pass"))
        elif _HELP.match(line):
            found.append(IPythonLine(number, IPythonKind.HELP, "", stripped))
            out.append(indent + "pass")
        elif (assigned := _ASSIGNED.match(line)) is not None:
            rest = line[assigned.end() - 1:].strip()
            kind = IPythonKind.SHELL if rest.startswith("!") else IPythonKind.LINE_MAGIC
            found.append(IPythonLine(number, kind, _word(rest.lstrip("!%")), stripped))
            out.append(f"{assigned.group(1)}{assigned.group(2)} = None")
        else:
            out.append(line)
    return "\n".join(out), tuple(found)


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


def _in_order(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, in source order (:func:`ast.walk` goes breadth first)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


_HOLDS_STATEMENTS = (ast.stmt, ast.ExceptHandler, ast.match_case)


def _statements_in_order(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement, in source order: :func:`_in_order` without descending into
    expressions, which hold no statements."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed([
            child for child in ast.iter_child_nodes(node)
            if isinstance(child, _HOLDS_STATEMENTS)
        ]))


@dataclass(frozen=True, slots=True)
class Names:
    """Names a source binds and names it reads, each with its first line in the source.

    Scopes are flattened: a lesson reads as one script.
    """

    defined: tuple[tuple[str, int], ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    star_import: bool = False
    """``from x import *``: any name may be defined."""


class CodeFacts:
    """Everything the package reads from one Python source text, each fact computed once."""

    def __init__(self, source: str) -> None:
        self.source = source

    @functools.cached_property
    def _read(self) -> tuple[str, tuple[IPythonLine, ...]]:
        return _read_ipython(self.source)

    @property
    def runnable(self) -> str:
        """The source as plain Python (the IPython lines replaced, line numbers kept)."""
        return self._read[0]

    @property
    def ipython(self) -> tuple[IPythonLine, ...]:
        """The IPython lines, in order."""
        return self._read[1]

    @functools.cached_property
    def _parsed(self) -> ast.Module | SyntaxError:
        try:  # what ast.parse does, with top-level ``await`` allowed as in a notebook
            tree = compile(self.runnable, "<lesson>", "exec", flags=_PARSE_FLAGS,
                           dont_inherit=True)
        except SyntaxError as exc:
            # Kept without its traceback, whose frames would keep alive whatever the
            # callers held (a whole build or check) for as long as the facts live.
            return exc.with_traceback(None)
        except (ValueError, RecursionError) as exc:  # NUL bytes; nesting too deep
            return SyntaxError(str(exc) or type(exc).__name__)
        except MemoryError:  # CPython's parser gives up so on deep unary nesting (`----1`)
            return SyntaxError("the code is nested too deeply for Python's parser")
        assert isinstance(tree, ast.Module)
        return tree

    @property
    def tree(self) -> ast.Module | None:
        """The syntax tree of :attr:`runnable`; shared, so never to be changed."""
        return self._parsed if isinstance(self._parsed, ast.Module) else None

    @property
    def error(self) -> SyntaxError | None:
        """Why the source does not parse (``msg``, ``lineno`` in the source, ``text``)."""
        return self._parsed if isinstance(self._parsed, SyntaxError) else None

    @functools.cached_property
    def imports(self) -> tuple[str, ...]:
        """Top-level names of the imported modules, nested imports included, in order and
        without repeats; relative imports (the lesson's own files) left out."""
        found: dict[str, None] = {}
        for _, qualified in self.import_bindings:
            found.setdefault(qualified.split(".", 1)[0], None)
        return tuple(found)

    @functools.cached_property
    def imported_modules(self) -> tuple[str, ...]:
        """Dotted names of the imported modules, in order and without repeats
        (``from llama_index.core import X`` gives ``llama_index.core``): which part of a
        namespace package the code needs. Relative imports are left out."""
        if "import" not in self.source or self.tree is None:
            return ()
        found: dict[str, None] = {}
        for node in _statements_in_order(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.setdefault(alias.name, None)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.setdefault(node.module, None)
        return tuple(found)

    @functools.cached_property
    def attribute_names(self) -> frozenset[str]:
        """Every attribute the code reads or calls (``ds.add_faiss_index`` gives
        ``add_faiss_index``)."""
        if self.tree is None:
            return frozenset()
        return frozenset(n.attr for n in ast.walk(self.tree) if isinstance(n, ast.Attribute))

    @functools.cached_property
    def tokens(self) -> tuple[Token, ...] | None:
        """The significant tokens of the source as written (comments kept, indentation as
        structure, not width): how a translated block is compared with its source.
        ``None`` when the text cannot be tokenized as Python."""
        return significant_tokens(self.source)

    @functools.cached_property
    def tokens_without_comments(self) -> tuple[Token, ...] | None:
        if self.tokens is None:
            return None
        return tuple(t for t in self.tokens if t[0] != tokenize.COMMENT)

    @functools.cached_property
    def skeleton(self) -> tuple[Token, ...] | None:
        """The tokens without comments and with each string literal blanked: what the
        code does, whatever its text says. Adjacent literals count as one
        (``"Extract all the text. " "Return only it."`` is one string that a translation
        may write as one literal), and so does an f-string's inside."""
        if self.tokens_without_comments is None:
            return None
        return _skeleton(self.tokens_without_comments)

    @functools.cached_property
    def code_lines(self) -> tuple[str, ...] | None:
        """Each code line with its indentation and single-spaced words, comment lines
        dropped: a cheap stand-in for tokens when a translation only adds or rewords
        comment lines. ``None`` when only the tokenizer can tell: a ``#`` line may sit
        inside a string literal (triple quotes), or a line has a ``#`` after code."""
        return _code_lines(self.source)

    @functools.cached_property
    def import_bindings(self) -> tuple[tuple[str, str], ...]:
        """(local name, qualified name) of every absolute import, in order:
        ``import numpy as np`` gives ``("np", "numpy")``, ``import torch.nn`` gives
        ``("torch", "torch")``, ``from a.b import c`` gives ``("c", "a.b.c")``."""
        if "import" not in self.source or "import" not in self.runnable or self.tree is None:
            return ()
        found: list[tuple[str, str]] = []
        for node in _statements_in_order(self.tree):  # an import is a statement
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    found.append((alias.asname, alias.name) if alias.asname else (top, top))
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.extend((alias.asname or alias.name, f"{node.module}.{alias.name}")
                             for alias in node.names if alias.name != "*")
        return tuple(found)

    @functools.cached_property
    def names(self) -> Names:
        """Bound and read names."""
        if self.tree is None:
            return Names()
        defined: dict[str, int] = {}
        used: dict[str, int] = {}
        star = False
        for node in ast.walk(self.tree):
            line = getattr(node, "lineno", 1)
            for name in _bound_by(node):
                _first(defined, name, line)
            if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
                star = True
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                _first(used, node.id, line)
        return Names(_by_line(defined), _by_line(used), star)

    @property
    def defined_names(self) -> frozenset[str]:
        """The names the source binds."""
        return frozenset(name for name, _ in self.names.defined)

    @functools.cached_property
    def last_statement(self) -> LastStatement:
        """A bare expression ending in ``;`` is silenced by Jupyter, and ``print(...)``
        returns ``None``, so both count as stream output."""
        if self.tree is None or not self.tree.body:
            return LastStatement.STREAM
        last = self.tree.body[-1]
        if not isinstance(last, ast.Expr):
            return LastStatement.STREAM
        value = last.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            if value.func.id == "print":
                return LastStatement.STREAM
            if value.func.id == "display":
                return LastStatement.DISPLAY
        if self.source.rstrip().endswith(";"):
            return LastStatement.STREAM
        return LastStatement.RESULT

    @property
    def last_expression(self) -> ast.expr | None:
        """The value of the last statement, when it is an expression."""
        if self.tree is None or not self.tree.body or not isinstance(self.tree.body[-1], ast.Expr):
            return None
        return self.tree.body[-1].value


_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _skeleton(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    out: list[Token] = []
    depth = 0
    for kind, text in tokens:
        if kind == _FSTRING_START:
            depth += 1
            continue
        if depth:
            if kind == _FSTRING_END:
                depth -= 1
                if not depth and not (out and out[-1] == (tokenize.STRING, "")):
                    out.append((tokenize.STRING, ""))
            continue
        if kind == tokenize.STRING:
            if not (out and out[-1] == (tokenize.STRING, "")):
                out.append((tokenize.STRING, ""))
            continue
        out.append((kind, text))
    return tuple(out)


def _code_lines(source: str) -> tuple[str, ...] | None:
    if '"""' in source or "'''" in source:
        return None
    kept: list[str] = []
    for line in source.split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if "#" in stripped:
            return None
        indent = line[: len(line) - len(line.lstrip())]
        kept.append(indent + " ".join(stripped.split()))
    return tuple(kept)


def code_facts(source: str) -> CodeFacts:
    """The facts of one source text, computed on first use of each."""
    return CodeFacts(source)


class CodeFactsTable:
    """The facts of each distinct source text met while lessons are read together: the
    table of one run, dropped with it."""

    def __init__(self) -> None:
        self._facts: dict[str, CodeFacts] = {}

    def __call__(self, source: str) -> CodeFacts:
        found = self._facts.get(source)
        if found is None:
            found = self._facts[source] = CodeFacts(source)
        return found


def defined_names(source: str) -> frozenset[str]:
    """The names ``source`` binds: ``defined_names("!pip install x\\nmodel = 1")`` is
    ``{"model"}``."""
    return code_facts(source).defined_names
