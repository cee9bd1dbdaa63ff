"""Code a newcomer can read: no module over 300 lines, no function over 50.

Sizes are measured as a reader meets them: a module's lines, and a function's lines
from its ``def`` to its last line (decorators aside, nested functions counted in the
function that holds them and on their own). What is still over is listed in
``ALLOWED`` with the reason; an entry that is no longer needed fails too, so the list
only shrinks.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

MODULE_LIMIT = 300
FUNCTION_LIMIT = 50
PACKAGE = Path(__file__).resolve().parents[1] / "coursekit"

ALLOWED: dict[str, str] = {
    # A path ending in "/" allows everything below it; "path::name" one function.
}


@dataclass(frozen=True, slots=True)
class Oversize:
    key: str
    """``path`` of a module, ``path::qualified.name`` of a function."""
    lines: int
    limit: int


def _functions(tree: ast.AST, prefix: str = "") -> list[tuple[str, int]]:
    """(qualified name, lines) of every function in ``tree``, nested ones included."""
    found: list[tuple[str, int]] = []
    for node in ast.iter_child_nodes(tree):
        name = prefix
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{node.name}"
            if not isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                found.append((name, node.end_lineno - node.lineno + 1))
            name += "."
        found.extend(_functions(node, name))
    return found


def oversized(
    root: Path, base: Path, module_limit: int = MODULE_LIMIT,
    function_limit: int = FUNCTION_LIMIT,
) -> list[Oversize]:
    """Every module under ``root`` over ``module_limit`` lines and every function over
    ``function_limit``, keyed by their paths relative to ``base``."""
    found: list[Oversize] = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(base).as_posix()
        lines = len(text.splitlines())
        if lines > module_limit:
            found.append(Oversize(where, lines, module_limit))
        for name, size in _functions(ast.parse(text, str(path))):
            if size > function_limit:
                found.append(Oversize(f"{where}::{name}", size, function_limit))
    return found


def allowed_by(key: str, allowed: dict[str, str]) -> str | None:
    """The allow-list entry that covers ``key``, if any."""
    path = key.split("::", 1)[0]
    for entry in allowed:
        if entry == key or (entry.endswith("/") and path.startswith(entry)):
            return entry
    return None


def test_no_module_or_function_is_over_its_limit() -> None:
    over = oversized(PACKAGE, PACKAGE.parent)
    unexpected = [f"{o.key}: {o.lines} lines (limit {o.limit})"
                  for o in over if allowed_by(o.key, ALLOWED) is None]
    assert unexpected == [], "split these along their jobs:\n" + "\n".join(unexpected)


def test_every_allowance_is_still_needed() -> None:
    used = {allowed_by(o.key, ALLOWED) for o in oversized(PACKAGE, PACKAGE.parent)}
    assert sorted(set(ALLOWED) - used) == [], "now within the limits: drop from ALLOWED"


def _module(lines: int, function_lines: int) -> str:
    body = [f"    x{i} = {i}" for i in range(function_lines - 2)]
    function = ["def long_one() -> int:", *body, "    return 0"]
    class_body = ["class Holder:", "    def method(self) -> None:", "        pass"]
    head = [*class_body, *function]
    return "\n".join(head + ["pass"] * (lines - len(head))) + "\n"


def test_a_planted_long_module_and_function_are_found(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "big.py").write_text(_module(301, 51))
    over = oversized(tmp_path / "pkg", tmp_path)
    assert [(o.key, o.lines) for o in over] == [("pkg/big.py", 301),
                                                ("pkg/big.py::long_one", 51)]


def test_code_at_the_limits_passes(tmp_path: Path) -> None:
    (tmp_path / "fit.py").write_text(_module(300, 50))
    assert oversized(tmp_path, tmp_path) == []


def test_a_method_is_named_with_its_class(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("class A:\n    def f(self) -> None:\n" + "        pass\n" * 3)
    assert [o.key for o in oversized(tmp_path, tmp_path, function_limit=3)] == ["m.py::A.f"]


_TOKENIZER_MAKE = "coursekit/standins/builder/tokenizer.py::_make"


@pytest.mark.parametrize(("key", "entry"), [
    ("coursekit/execution/run/verify.py", "coursekit/execution/"),
    ("coursekit/execution/verify.py::verify_course", "coursekit/execution/"),
    ("coursekit/big.py", "coursekit/big.py"),
    ("coursekit/big.py::load", None),
    (_TOKENIZER_MAKE, _TOKENIZER_MAKE),
    ("coursekit/standins/builder/tokenizer.py", None),
    ("coursekit/executions.py", None),
])
def test_the_allow_list_covers_only_what_it_names(key: str, entry: str | None) -> None:
    allow_list = {"coursekit/execution/": "a folder", "coursekit/big.py": "a module",
                  _TOKENIZER_MAKE: "a function"}
    assert allowed_by(key, allow_list) == entry


def test_a_folder_entry_covers_what_is_below_it() -> None:
    allowed = {"pkg/sub/": "being split"}
    assert allowed_by("pkg/sub/deep/a.py::f", allowed) == "pkg/sub/"
    assert allowed_by("pkg/subway.py", allowed) is None
