"""The structure shows the flow: no module of coursekit imports, even indirectly, a module
that imports it back. Every import counts (those inside functions and those for type
checking alone too): a circle hidden in a function is still a circle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "coursekit"


def _modules(package: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for file in package.rglob("*.py"):
        parts = file.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = file
    return found


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The module ``name`` is, or the nearest package holding it."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imports(name: str, file: Path, modules: dict[str, Path]) -> set[str]:
    package = name if file.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(filter(None, (_known(a.name, modules) for a in node.names)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                target = _known(f"{base}.{alias.name}", modules) \
                    if f"{base}.{alias.name}" in modules else _known(base, modules)
                if target is not None:
                    found.add(target)
    found.discard(name)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    modules = _modules(package)
    return {name: _imports(name, file, modules) for name, file in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm,
    without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_imports_itself_back() -> None:
    assert circles(import_graph(PACKAGE)) == []


def test_a_circle_is_found_even_through_an_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "corpus.py").write_text(
        "def load():\n    from pkg.sub.check import load_file\n", encoding="utf-8")
    (package / "sub" / "check.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import videos\n"
        "if TYPE_CHECKING:\n    from pkg.corpus import Corpus\n", encoding="utf-8")
    (package / "sub" / "videos.py").write_text("from ..corpus import load\n", encoding="utf-8")
    (package / "sub" / "plain.py").write_text("from pkg.sub import check\n", encoding="utf-8")
    assert circles(import_graph(package)) == [["pkg.corpus", "pkg.sub.check", "pkg.sub.videos"]]
