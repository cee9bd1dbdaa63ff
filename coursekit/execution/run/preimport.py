"""Pre-importing: a pool kernel imports the lessons' third-party packages before a
notebook gets it, so the seconds ``import torch`` takes are spent while the kernel
waits, not inside the first cells.

What to import is read from the notebooks' code (:mod:`coursekit.lessons.python`): the
top-level package of each ``import`` and absolute ``from ... import``, without the
standard library, and each name imported from a top-level package itself
(``transformers:pipeline`` for ``from transformers import pipeline``). A lazy package
loads only its shell on import and what a name needs when the name is first read:
``import transformers`` takes under a second, reading its ``pipeline`` some 8 s more
(the audio course's pipeline lessons, 2 cores), which the lesson's first cell paid
when only the package was imported ahead.
Nothing that could change a verdict is imported ahead:

- only the imports before a notebook first changes what an import may read (the
  environment, ``sys.path``, the working folder, warning filters, a shell escape or
  an unknown magic), so ``os.environ["HF_HUB_OFFLINE"] = "1"`` still comes first;
- only packages that at least half of the profile's notebooks import, as every
  kernel of the pool pays for each package.

The warm-up runs silently (no history, no execution count, no outputs kept) in a
namespace of its own: it leaves nothing behind but ``sys.modules`` (and the names a
lazy package keeps once read). A package that is not installed is not tried, and one
that fails to import, or a name that cannot be read, is reported, so the pool can
start a kernel that never tried it: either way the lesson's own cell meets the error
itself, as a first import.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from coursekit.execution.plan.model import CellPlan, NotebookPlan
from coursekit.execution.run.kernel import WarmKernel
from coursekit.execution.run.zygote_main import NAME_SEPARATOR, import_ahead
from coursekit.lessons.python import IPythonKind, IPythonLine, code_facts

_SETTERS = frozenset({"environ", "putenv", "unsetenv", "chdir", "filterwarnings",
                      "simplefilter", "load_dotenv"})
"""Names whose use changes what a later import reads or how it reports."""
_HARMLESS_MAGICS = frozenset({"time", "timeit", "capture", "matplotlib"})


_WARMUP = ("import importlib\nimport importlib.util\nNAME_SEPARATOR = {separator!r}\n"
           "{function}\nimport_ahead({names!r})\n")
"""The zygote's own import loop (:func:`zygote_main.import_ahead`), run in the kernel."""


def _harmless(line: IPythonLine) -> bool:
    return line.kind is not IPythonKind.SHELL and line.name in _HARMLESS_MAGICS


def _changes_environment(node: ast.AST) -> bool:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and (
            inner.attr in _SETTERS
            or (inner.attr == "path" and isinstance(inner.value, ast.Name)
                and inner.value.id == "sys")
        ):
            return True
        if isinstance(inner, ast.Name) and inner.id in _SETTERS:
            return True
        if isinstance(inner, ast.alias) and inner.name in _SETTERS:
            return True
    return False


def _imported(statement: ast.stmt) -> Iterator[str]:
    for node in ast.walk(statement):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".", 1)[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            package = node.module.split(".", 1)[0]
            yield package
            if node.module == package:
                yield from (f"{package}{NAME_SEPARATOR}{alias.name}" for alias in node.names
                            if alias.name != "*")


def _cell_imports(cell: CellPlan) -> tuple[list[str], bool]:
    """The packages ``cell`` imports, in order, up to its first environment change, and
    whether it makes one."""
    facts = code_facts(cell.code)
    tree = facts.tree
    if tree is None or not all(_harmless(line) for line in facts.ipython):
        return [], True  # code we cannot read, or a magic we do not know, may do anything
    found: list[str] = []
    for statement in tree.body:
        if _changes_environment(statement):
            return found, True
        found.extend(_imported(statement))
    return found, False


def _third_party(entry: str) -> bool:
    return entry.partition(NAME_SEPARATOR)[0] not in sys.stdlib_module_names


def notebook_imports(plan: NotebookPlan) -> list[str]:
    """The third-party packages ``plan`` imports before it first changes its environment,
    and the names it imports from them (``package:name``), in order of first use."""
    found: dict[str, None] = {}
    for cell in plan.cells:
        if cell.skip is not None:
            continue
        names, changes = _cell_imports(cell)
        found.update(dict.fromkeys(filter(_third_party, names)))
        if changes:
            break
    return list(found)


def modules_to_preimport(plans: Iterable[NotebookPlan]) -> tuple[str, ...]:
    """The packages and names at least half of ``plans`` import, in order of first use."""
    counts: Counter[str] = Counter()
    order: dict[str, None] = {}
    total = 0
    for plan in plans:
        total += 1
        names = notebook_imports(plan)
        counts.update(names)
        order.update(dict.fromkeys(names))
    return tuple(name for name in order if counts[name] * 2 >= total)


def warmup_code(modules: Iterable[str]) -> str:
    """A statement that imports ``modules`` (and reads the names among them) and leaves
    no name in the user namespace."""
    source = _WARMUP.format(separator=NAME_SEPARATOR, function=inspect.getsource(import_ahead),
                            names=list(modules))
    return f"exec({source!r}, {{'__name__': '__coursekit_preimport__'}})"


def _failed_expression(modules: Iterable[str]) -> str:
    """The modules that are installed but did not import, and the names of them that
    could not be read (those of packages not installed are not tried). A name is read
    again to tell: a lazy package keeps what it loaded, but not always in its
    ``__dict__``; a kernel where it fails again is not handed out."""
    return (f"[e for e, (p, _, n) in ((e, e.partition({NAME_SEPARATOR!r})) for e in "
            f"{tuple(modules)!r}) if __import__('importlib.util').util.find_spec(p) is not None"
            " and (p not in __import__('sys').modules"
            " or bool(n) and not hasattr(__import__('sys').modules[p], n))]")


async def warm_up(kernel: WarmKernel, modules: Iterable[str], timeout: float,
                    ) -> list[str] | None:
    """Import ``modules`` in ``kernel``, silently: the modules that failed to import, or
    ``None`` when the warm-up did not finish in time or the kernel died (that kernel
    should not be used)."""
    kc = kernel.kc
    wanted = tuple(modules)
    msg_id = kc.execute(warmup_code(wanted), silent=True, store_history=False,
                        user_expressions={"failed": _failed_expression(wanted)})
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    reply: dict[str, Any] | None = None
    idle = False
    # The reply says it ran; the idle status that its outputs are all sent, so none is
    # still on its way to be taken for a cell's.
    while reply is None or not idle:
        left = deadline - loop.time()
        if left <= 0 or not await kernel.km.is_alive():
            return None
        channel = kc.shell_channel if reply is None else kc.iopub_channel
        try:
            msg: dict[str, Any] = await channel.get_msg(timeout=min(left, 1.0))
        except Exception:  # queue.Empty: look at the kernel and the clock again
            continue
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        if reply is None:
            reply = msg if msg.get("msg_type") == "execute_reply" else None
        elif msg.get("msg_type") == "status":
            idle = msg.get("content", {}).get("execution_state") == "idle"
    return _failed(reply)


def _failed(reply: dict[str, Any]) -> list[str]:
    value = reply.get("content", {}).get("user_expressions", {}).get("failed", {})
    try:
        failed = ast.literal_eval(value["data"]["text/plain"])
    except (KeyError, TypeError, ValueError, SyntaxError):
        return []
    return [str(name) for name in failed] if isinstance(failed, list) else []
