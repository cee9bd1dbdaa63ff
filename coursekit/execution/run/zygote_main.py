"""The process that forks lesson kernels (see :mod:`coursekit.execution.run.zygote`).

This file runs in the lesson kernel's interpreter, which has ipykernel but not
coursekit: it imports nothing of coursekit and is handed to that interpreter with
``-c``. Its argument is the JSON list of what to import ahead (``package`` or
``package:name``, as :mod:`coursekit.execution.run.preimport` writes them).

It speaks JSON lines: on standard output first ``{"ready": true, "failed": [...]}``
once the imports are done, then for every request read from standard input
(``{"connection_file", "cwd", "set", "unset"}``: the kernel's working folder and how its
environment differs from this process's start) the ``{"pid": N}`` of a kernel forked
for it.
It ends at the end of its input; its kernels watch it (``JPY_PARENT_PID``) and end
with it.
"""

import importlib
import importlib.util
import json
import os
import signal
import sys
import tempfile
from pathlib import PurePath
from types import FunctionType, ModuleType
from typing import Any

NAME_SEPARATOR = ":"
"""Between a package and a name imported from it: ``transformers:pipeline``."""
HOME = "HF_HOME"


def _reap(_signum: int, _frame: object) -> None:
    """Collect ended kernels, so that none stays a zombie."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def import_ahead(entries: list[str]) -> list[str]:
    """Import each entry (reading the name of ``package:name``), leaving those that fail
    to the lessons; also run in a kernel that pre-imports itself (``preimport``)."""
    failed = []
    for entry in entries:
        package, _, name = entry.partition(NAME_SEPARATOR)
        try:
            if importlib.util.find_spec(package) is not None:
                module = importlib.import_module(package)
                if name:
                    getattr(module, name)
        except (Exception, SystemExit):
            failed.append(entry)
    importlib.invalidate_caches()
    return failed


def _moved(value: Any, old: str, new: str) -> Any:
    """``value`` (a path, as text or ``PurePath``) under ``new`` if it is under ``old``;
    ``None`` for anything else (told by its type: an object's ``__class__`` is not read)."""
    kind = type(value)
    if kind is not str and not issubclass(kind, PurePath):
        return None
    text = str(value)
    if not text.startswith(old) or (len(text) > len(old) and text[len(old)] != os.sep):
        return None
    moved = new + text[len(old):]
    return moved if isinstance(value, str) else kind(moved)


def _moved_all(values: Any, old: str, new: str) -> list[Any] | None:
    """``values`` with each path under ``old`` moved; ``None`` when none is."""
    moved = [_moved(value, old, new) for value in values]
    if all(m is None for m in moved):
        return None
    return [value if m is None else m for value, m in zip(values, moved, strict=True)]


def _move_function(function: FunctionType, old: str, new: str) -> None:
    if (defaults := _moved_all(function.__defaults__ or (), old, new)) is not None:
        function.__defaults__ = tuple(defaults)
    keywords = function.__kwdefaults__ or {}
    if (moved := _moved_all(keywords.values(), old, new)) is not None:
        function.__kwdefaults__ = dict(zip(keywords, moved, strict=True))


def move_home(old: str, new: str, modules: list[Any]) -> None:
    """Point what ``modules`` read of ``HF_HOME`` on import (``old``, the zygote's) at
    the kernel's own (``new``): their paths under it, as names of theirs (huggingface_hub's
    and datasets' caches, accelerate's config file), in a list of theirs, or as the
    default of one of their functions (accelerate's ``write_basic_config``)."""
    old = old.rstrip(os.sep) or os.sep
    for module in modules:
        if not issubclass(type(module), ModuleType):
            continue  # what a package put in ``sys.modules`` in a module's place
        names = module.__dict__
        moved = {}
        for name, value in names.items():
            kind = type(value)
            if kind is FunctionType:
                if value.__defaults__ or value.__kwdefaults__:
                    _move_function(value, old, new)
            elif kind is list:
                if value and (items := _moved_all(value, old, new)) is not None:
                    value[:] = items
            elif (path := _moved(value, old, new)) is not None:
                moved[name] = path
        names.update(moved)


def _kernel(request: dict[str, Any], search_path: list[str], answers: int) -> None:
    """Become the kernel ``request`` asks for (runs in the forked child, never returns)."""
    try:
        os.setsid()  # a process group of its own: an interrupt reaches it and its children
        os.close(answers)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        os.chdir(str(request["cwd"]))
        # What the kernel's start differs in from this process's (what the imports here
        # set in the environment stays, as it would in a kernel that imported them).
        home = os.environ.get(HOME)
        for name in request["unset"]:
            os.environ.pop(str(name), None)
        os.environ.update({str(k): str(v) for k, v in request["set"].items()})
        if home and os.environ.get(HOME, home) != home:  # its own, over the stand-ins
            move_home(home, os.environ[HOME], list(sys.modules.values()))
        os.environ["JPY_PARENT_PID"] = str(os.getppid())  # as a kernel started alone has it
        tempfile.tempdir = None  # read by the imports here: the kernel reads its own TMPDIR
        known = set(search_path)
        added = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                 if p and p not in known]
        at = max((n + 1 for n, p in enumerate(sys.path) if p in known), default=0)
        sys.path[at:at] = added  # where the interpreter puts PYTHONPATH, after the others
        offline = sys.modules.get("coursekit_offline")
        if offline is not None:
            offline.forked()  # the local hub of this kernel, in its working folder
        if "numpy.random" in sys.modules:
            sys.modules["numpy.random"].seed()  # a state of its own, as a fresh kernel has
        from ipykernel import kernelapp

        launcher = importlib.util.find_spec("ipykernel_launcher")
        # The kernel watches this process, and ends when it goes (a verify killed, its
        # input ended). Said on the command line: the app read JPY_PARENT_PID when it
        # was imported here, before the fork, not now.
        sys.argv = [launcher.origin if launcher is not None and launcher.origin else
                    "ipykernel_launcher", "-f", str(request["connection_file"]),
                    f"--IPKernelApp.parent_handle={os.getppid()}"]
        kernelapp.launch_new_instance(argv=sys.argv[1:])
    finally:
        os._exit(0)


def main() -> None:
    if sys.path and sys.path[0] in ("", os.getcwd()):
        del sys.path[0]  # as ipykernel's launcher does; the kernel adds its folder back
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The answers go to a copy of standard output; what a package prints on import goes
    # where the kernels' own start-up output goes (standard error), not into them.
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    if not os.environ.get("MPLBACKEND"):  # as ipykernel sets it, before matplotlib reads it
        os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    import ipykernel.kernelapp  # noqa: F401  (every kernel needs it: imported once)

    failed = import_ahead(json.loads(sys.argv[1]) if len(sys.argv) > 1 else [])
    search_path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    signal.signal(signal.SIGCHLD, _reap)
    out.write(json.dumps({"ready": True, "failed": failed}) + "\n")
    out.flush()
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _kernel(request, search_path, out.fileno())
        out.write(json.dumps({"pid": pid}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
