"""How far into its datasets a lesson reads: which stand-ins need their real row counts.

A dataset stand-in holds a small block of distinct rows by default, so that a lesson
that trains over a whole split stays cheap on a CPU. A lesson that reads a row by a
number (``dataset["train"][123456]``), takes a numbered slice (``select(range(5000))``,
``take(2000)``) or splits off a number of rows (``train_test_split(test_size=1000)``)
needs the real dataset's length instead. The largest such number written in a lesson
is its *reach*; each dataset the lesson loads whose block is shorter than that reach is
built at its real size (rows repeated, so the disk still holds one block).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from typing import Any

from coursekit.lessons.python import code_facts
from coursekit.standins.catalog import Catalog

SIZED_CALLS = ("select", "take", "skip")
"""Dataset methods whose first argument is a row count or numbered rows."""
SIZE_KEYWORDS = ("test_size", "train_size")


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


def _node_reach(node: ast.AST) -> int:
    if isinstance(node, ast.Subscript):
        return _integer(node.slice)
    if isinstance(node, ast.Call):
        found = [_integer(kw.value) for kw in node.keywords if kw.arg in SIZE_KEYWORDS]
        if isinstance(node.func, ast.Attribute) and node.func.attr in SIZED_CALLS:
            found += [_integer(a) for a in node.args[:1]]
        return max(found, default=0)
    return 0


def reach(sources: Iterable[str]) -> int:
    """The largest row number or row count the code reads (0 when none is written)."""
    best = 0
    for source in sources:
        tree = code_facts(source).tree
        if tree is not None:
            best = max((best, *(_node_reach(n) for n in ast.walk(tree))))
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
