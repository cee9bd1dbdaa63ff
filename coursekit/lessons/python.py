"""What a piece of lesson Python says, read once: the one place lesson code is parsed.

Notebook cells are IPython, not Python, so the text is first made *runnable* with
one rule for IPython lines, keeping line numbers (:mod:`coursekit.lessons.ipython_lines`).

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
import contextlib
import contextvars
import enum
import functools
import re
import tokenize
import unicodedata
from collections.abc import Iterator

# IPythonKind and IPythonLine are re-exported: callers read a cell's IPython lines here.
from coursekit.lessons.ipython_lines import IPythonKind as IPythonKind
from coursekit.lessons.ipython_lines import IPythonLine as IPythonLine
from coursekit.lessons.ipython_lines import read_ipython
from coursekit.lessons.python_names import Names, names_in, statements_in_order
from coursekit.lessons.python_tokens import Token, code_lines, significant_tokens, skeleton

BUILTIN_NAMES = frozenset(dir(builtins)) | {"__file__", "__name__", "display", "get_ipython"}
"""Names a notebook cell may use without defining them."""

_PARSE_FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
_BARE_INSTALL = re.compile(r"(?:python3?\s+-m\s+)?pip3?\s+install\s+\S")


class LastStatement(enum.StrEnum):
    """How the last statement of a code block shows its value in Jupyter."""

    RESULT = "result"
    """An expression: Jupyter shows its value as ``execute_result``."""
    DISPLAY = "display"
    """A ``display(...)`` call: the value shows as ``display_data``."""
    STREAM = "stream"
    """Anything else: only what the code prints shows."""


class CodeFacts:
    """Everything the package reads from one Python source text, each fact computed once."""

    def __init__(self, source: str) -> None:
        self.source = source

    @functools.cached_property
    def _read(self) -> tuple[str, tuple[IPythonLine, ...]]:
        return read_ipython(self.source)

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
    def installs_only(self) -> bool:
        """Whether the source is package installs written for a shell in a Python fence
        (``pip install x``, without the ``!`` that would make it an IPython line): every
        line a ``pip install`` or a comment, and no Python."""
        lines = (s for line in self.source.splitlines() if (s := line.strip()) and s[0] != "#")
        first = next(lines, None)  # most code stops here: its first line is no install
        return first is not None and bool(_BARE_INSTALL.match(first)) and \
            all(_BARE_INSTALL.match(s) for s in lines) and self.error is not None

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
        for node in statements_in_order(self.tree):
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

    def reads_attribute(self, name: str) -> bool:
        """Whether ``name`` (ASCII) is one of :attr:`attribute_names`; the tree is walked
        only when the text holds the name, as written or in the NFKC form that Python
        reads identifiers in (``ｘ`` is ``x``). A text that is not ASCII (a translated
        comment) is normalised for the test: an ASCII name composes with no character
        before it, so NFKC of the whole text holds it wherever NFKC of an identifier is it."""
        text = self.runnable
        if name not in text and (text.isascii() or name not in unicodedata.normalize("NFKC", text)):
            return False
        return name in self.attribute_names

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
        return skeleton(self.tokens_without_comments)

    @functools.cached_property
    def code_lines(self) -> tuple[str, ...] | None:
        """Each code line with its indentation and single-spaced words, comment lines
        dropped: a cheap stand-in for tokens when a translation only adds or rewords
        comment lines. ``None`` when only the tokenizer can tell: a ``#`` line may sit
        inside a string literal (triple quotes), or a line has a ``#`` after code."""
        return code_lines(self.source)

    @functools.cached_property
    def import_bindings(self) -> tuple[tuple[str, str], ...]:
        """(local name, qualified name) of every absolute import, in order:
        ``import numpy as np`` gives ``("np", "numpy")``, ``import torch.nn`` gives
        ``("torch", "torch")``, ``from a.b import c`` gives ``("c", "a.b.c")``."""
        if "import" not in self.source or "import" not in self.runnable or self.tree is None:
            return ()
        found: list[tuple[str, str]] = []
        for node in statements_in_order(self.tree):  # an import is a statement
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
        return names_in(self.tree)

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



_RUN_TABLE: contextvars.ContextVar[CodeFactsTable | None] = contextvars.ContextVar(
    "coursekit_code_facts", default=None)
"""The table of the run in progress (:func:`shared_code_facts`), if any."""


def code_facts(source: str) -> CodeFacts:
    """The facts of one source text, computed on first use of each; within
    :func:`shared_code_facts`, shared by every caller that reads the same text."""
    table = _RUN_TABLE.get()
    return CodeFacts(source) if table is None else table(source)


@contextlib.contextmanager
def shared_code_facts() -> Iterator[CodeFactsTable]:
    """One table for every :func:`code_facts` (and every lesson block read without a
    table of its own) in the block, its tasks and threads: a run whose stages each read
    the same code (verify's planner, pre-imports and judge) reads it once. Nothing
    outlives the block."""
    table = CodeFactsTable()
    token = _RUN_TABLE.set(table)
    try:
        yield table
    finally:
        _RUN_TABLE.reset(token)


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


_DETECTED = re.compile(r"\(detected at line (\d+)\)")


def error_in_file(error: SyntaxError, fence_line: int) -> str:
    """``error``'s message with the line it names counted in the lesson file rather than
    in the block whose fence opens at ``fence_line`` (an unterminated string is "detected
    at line 36" of its block)."""
    return _DETECTED.sub(lambda m: f"(detected at line {fence_line + int(m[1])})",
                         error.msg or "")
