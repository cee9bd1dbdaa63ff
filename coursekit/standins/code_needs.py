"""Whether the code a kernel runs may load anything from the Hub, and so needs stand-ins.

The stand-ins exist for the libraries that read the Hub's caches (``transformers``,
``datasets``, ``evaluate``, ``huggingface_hub``...). A notebook that loads nothing
from the Hub (no reference :mod:`~coursekit.standins.hub_references` finds) and whose
code can reach no such library needs none: ``verify`` then prepares no stand-in set
for it, and asks nothing of a lesson kernel to build one. The judgement leans towards
"needs": code importing anything beyond the standard library and a few numerical
libraries that never read the Hub, code that imports by name (``__import__``,
``importlib``) or runs other code (``exec``, ``subprocess``, ``os.system``, ``%run``, a
shell command) may load from the Hub unseen. A cell that does not parse runs nothing.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable

from coursekit.lessons.ipython_lines import IPythonKind, IPythonLine
from coursekit.lessons.python import code_facts
from coursekit.standins.hub_references import LOAD, Snippet, references

HUBLESS_LIBRARIES = frozenset({
    "numpy", "pandas", "torch", "tensorflow", "matplotlib", "sklearn", "scipy", "PIL",
    "seaborn", "tqdm", "IPython", "sympy",
})
"""Libraries beside the standard library that never read the Hub's caches."""
QUIET_MAGICS = frozenset({
    "matplotlib", "time", "timeit", "capture", "prun", "load_ext", "autoreload", "config",
    "pwd", "who", "whos", "html", "markdown", "latex", "javascript", "pip",
})
"""IPython magics that run no code of their own (``%%time``'s body is read as Python)."""
QUIET_SHELL = frozenset({"pip", "ls", "pwd", "nvidia-smi"})
"""Shell commands that load nothing from the Hub."""
RUNNING_MODULES = frozenset({"importlib", "runpy", "subprocess", "multiprocessing", "pty"})
"""Standard modules that import or run code this reading cannot see."""
RUNNERS = frozenset({"__import__", "exec", "eval", "compile", "import_module"})
"""Calls (by a bare name: ``model.eval()`` is a method) that import or run unseen code."""
OS_RUNNERS = ("system", "popen", "exec", "spawn", "posix_spawn")
"""``os`` functions (by their name's start) that run another program."""


def may_use_hub(sources: Iterable[str]) -> bool:
    """Whether code cells ``sources`` (of one notebook, in order) may load from the Hub."""
    snippets: list[Snippet] = []
    for number, source in enumerate(sources, start=1):
        facts = code_facts(source)
        if facts.tree is None:
            continue
        if any(not _quiet(line) for line in facts.ipython):
            return True
        if any(not _hubless(name) for name in facts.imports) or _runs_unseen(facts.tree):
            return True
        snippets.append(Snippet(source, "<notebook>", number))
    return any(ref.role == LOAD for ref in references(snippets))


def _quiet(line: IPythonLine) -> bool:
    if line.kind is IPythonKind.HELP:
        return True
    if line.kind is IPythonKind.SHELL:
        return line.name in QUIET_SHELL
    return line.name in QUIET_MAGICS


def _hubless(module: str) -> bool:
    if module in RUNNING_MODULES:
        return False
    return module in HUBLESS_LIBRARIES or module in sys.stdlib_module_names


def _runs_unseen(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in RUNNERS:
            return True
        if (isinstance(func, ast.Attribute) and func.attr.startswith(OS_RUNNERS)
                and isinstance(func.value, ast.Name) and func.value.id == "os"):
            return True
    return False
