"""Which cells display only sizes: lengths, shapes, step counts.

Sizes follow the data a lesson runs on (stand-in datasets are smaller than the
real ones, batches are padded to their longest sentence), so a documented
``459`` or ``torch.Size([8, 65])`` is an illustration, not a promise. A cell
displays only sizes when its last line shows ``len(...)``, ``.shape``,
``.num_rows``, ``.size()`` or names earlier cells computed from those, alone or
in tuples, lists, dicts and arithmetic.
"""

from __future__ import annotations

import ast

from coursekit.lessons.python import code_facts

_SIZE_ATTRIBUTES = {"shape", "num_rows", "ndim"}
_SIZE_METHODS = {"size", "numel", "dim", "nelement"}


class SizeNames:
    """Fed cells in order; knows which names hold sizes and which cells show only sizes."""

    def __init__(self) -> None:
        self._names: set[str] = set()

    def _is_size(self, node: ast.expr) -> bool:
        match node:
            case ast.Call(func=ast.Name(id="len")):
                return True
            case ast.Call(func=ast.Attribute(attr=attr)) if attr in _SIZE_METHODS:
                return True
            case ast.Attribute(attr=attr) if attr in _SIZE_ATTRIBUTES:
                return True
            case ast.Name(id=name):
                return name in self._names
            case ast.Subscript(value=value):
                return self._is_size(value)
            case ast.BinOp(left=left, right=right):
                return self._is_size(left) or self._is_size(right)
            case ast.Tuple(elts=parts) | ast.List(elts=parts):
                return bool(parts) and all(self._is_size(p) for p in parts)
            case ast.Dict(values=values):
                return bool(values) and all(self._is_size(v) for v in values)
            case ast.DictComp(value=value):
                return self._is_size(value)
            case ast.ListComp(elt=elt):
                return self._is_size(elt)
        return False

    def shows_only_sizes(self, code: str) -> bool:
        """Whether the cell's displayed value (or printed arguments) are all sizes."""
        shown = code_facts(code).last_expression
        if shown is None:
            return False
        match shown:
            case ast.Call(func=ast.Name(id="print"), args=args) if args:
                return all(self._is_size(a) for a in args)
        return self._is_size(shown)

    def record(self, code: str) -> None:
        """Learn the names the cell binds to sizes (and forget those it rebinds)."""
        tree = code_facts(code).tree
        if tree is None:
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if self._is_size(node.value):
                    self._names.update(targets)
                else:
                    self._names.difference_update(targets)
