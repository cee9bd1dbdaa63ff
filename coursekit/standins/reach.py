"""How far into its datasets a lesson reads: which stand-ins need their real row counts.

A dataset stand-in holds a small block of distinct rows by default, so that a lesson
that trains over a whole split stays cheap on a CPU. A lesson that reads a row by a
number (``dataset["train"][123456]``), takes a numbered slice (``select(range(5000))``,
``take(2000)``) or splits off a number of rows (``train_test_split(test_size=1000)``)
needs the real dataset's length instead. The largest such number written in a lesson
is its *reach*; each dataset the lesson loads whose block is shorter than that reach is
built at its real size (rows repeated, so the disk still holds one block).

The reach is the lesson's, not one variable's: a count read from anything the lesson
derived from a dataset (tokenized, grouped into chunks, filtered, split) is a count of
that dataset's rows too, since a derived dataset is as long as its source allows. A
count given by a name (``train_size = 10_000``, ``test_size = int(0.1 * train_size)``,
then ``train_test_split(train_size=train_size, test_size=test_size)``) is the value
the lesson binds it to, worked out from integer literals and arithmetic. Names are
resolved for row counts only (the size keywords and ``select``/``take``/``skip``):
a name in a subscript (``ids[:max_length]``) is far more often a length of tokens.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from coursekit.lessons.python import code_facts
from coursekit.standins.catalog import Catalog

SIZED_CALLS = ("select", "take", "skip")
"""Dataset methods whose first argument is a row count or numbered rows."""
SIZE_KEYWORDS = ("test_size", "train_size")


_OPERATORS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
}
_LARGEST = 10**12
"""No dataset has more rows: a value past it is not a row count."""

Bound = dict[str, float]
"""Names the lesson binds to numbers, and their values (an ``int`` is a count)."""


def _value(node: ast.expr | None, bound: Bound) -> float | None:
    """The number ``node`` evaluates to from literals, ``bound`` names, ``+ - * / //``
    and ``int()``/``round()``; ``None`` when it depends on anything else."""
    if isinstance(node, ast.Constant):
        value = node.value
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _value(node.operand, bound)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left, bound), _value(node.right, bound)
        if left is None or right is None or (right == 0 and isinstance(
                node.op, ast.Div | ast.FloorDiv)):
            return None
        result = _OPERATORS[type(node.op)](left, right)
        return result if abs(result) <= _LARGEST else None
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("int", "round") and len(node.args) == 1 and not node.keywords):
        inner = _value(node.args[0], bound)
        return int(inner) if inner is not None else None
    return None


def bindings(sources: Iterable[str]) -> Bound:
    """The numbers the code binds names to (``n = 10_000``), in the order it binds them:
    a name bound again keeps its last value."""
    bound: Bound = {}
    for source in sources:
        tree = code_facts(source).tree
        if tree is None:
            continue
        assigns = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Assign)),
                         key=lambda n: (n.lineno, n.col_offset))
        for assign in assigns:
            value = _value(assign.value, bound)
            for target in assign.targets:
                if isinstance(target, ast.Name):
                    if value is None:
                        bound.pop(target.id, None)
                    else:
                        bound[target.id] = value
    return bound


def _count(node: ast.expr | None, bound: Bound) -> int:
    """The row count a size argument gives: a literal or a bound name, 0 for a fraction."""
    value = _value(node, bound)
    return max(value, 0) if type(value) is int else 0


def _integer(node: ast.expr | None) -> int:
    """The integer a literal (or ``range(...)`` of literals) reaches, 0 for anything else."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return max(node.value, 0)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return 0  # counted from the end: the length is not reached
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "range"):
        return max((_integer(a) for a in node.args[:2]), default=0)
    if isinstance(node, ast.Slice):
        return max(_integer(node.lower), _integer(node.upper))
    return 0


def _sized(node: ast.expr | None, bound: Bound) -> int:
    """A size argument's rows: a count, or ``range(...)`` of counts."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        return max((_count(a, bound) for a in node.args[:2]), default=0)
    return _count(node, bound)


def _node_reach(node: ast.AST, bound: Bound) -> int:
    if isinstance(node, ast.Subscript):
        return _integer(node.slice)
    if isinstance(node, ast.Call):
        found = [_sized(kw.value, bound) for kw in node.keywords if kw.arg in SIZE_KEYWORDS]
        if isinstance(node.func, ast.Attribute) and node.func.attr in SIZED_CALLS:
            found += [_sized(a, bound) for a in node.args[:1]]
        return max(found, default=0)
    return 0


def reach(sources: Iterable[str]) -> int:
    """The largest row number or row count the code reads (0 when none is written)."""
    texts = list(sources)
    bound = bindings(texts)
    best = 0
    for source in texts:
        tree = code_facts(source).tree
        if tree is not None:
            best = max((best, *(_node_reach(n, bound) for n in ast.walk(tree))))
    return best


def block_rows(spec: Mapping[str, Any]) -> int:
    """Rows of the largest split of a resolved dataset entry at block size."""
    if spec["schema"] == "glue":
        from coursekit.standins.builder import glue

        return max(s.rows for config in spec["configs"] for s in glue.SPLITS[config])
    return max(int(n) for n in spec["splits"].values())


def beyond_blocks(reaches: Mapping[str, int], catalog: Catalog) -> set[str]:
    """Dataset ids that a lesson reads past the block of: those to build at real size."""
    return {hub_id for hub_id, far in reaches.items()
            if (spec := catalog.get("datasets", hub_id)) is not None
            and far > block_rows(spec)}
