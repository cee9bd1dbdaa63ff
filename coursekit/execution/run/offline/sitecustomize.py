"""The offline guard, loaded by every lesson kernel while verification is offline.

Python imports ``sitecustomize`` at start-up, before the lesson's code, so this
folder on the kernel's ``PYTHONPATH`` is enough. The guard:

- refuses connections to other hosts than this machine, with an ``OSError`` that
  names the host, and remembers each refusal;
- remembers every Hub file a library looked for and could not find offline, by
  its repo id, since the libraries' own errors do not name it;
- sends the Hub writes (``create_repo``, ``push_to_hub``, uploads, a dataset's
  ``push_to_hub``) to a local hub in the kernel, where a later ``from_pretrained`` or
  ``load_dataset`` of the pushed repo finds them (``coursekit_localhub``), and makes
  logging in a no-op;
- lets verification load the stand-ins at their real widths, on request
  (``coursekit_realwidths``);
- lets a Gradio demo launched with ``debug=True`` return instead of holding the cell
  until someone closes it;
- keeps the refusals for the running cell (forgotten when IPython starts the next one),
  for verification to ask ``coursekit_offline.refused()`` after a cell fails.

It then runs the ``sitecustomize`` it shadows, if there is one.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

_LOCAL = ("localhost", "127.0.0.1", "::1", "0.0.0.0", "")
_refused: list[str] = []
_hooked: list[bool] = []


class NetworkRefusedError(ConnectionRefusedError):
    """What a lesson's connection attempt gets while verification is offline."""


def _forget(*_: Any) -> None:
    _refused.clear()


def _hook() -> None:
    """Forget the refusals when the next cell starts (silent requests do not count)."""
    if _hooked:
        return
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if shell is not None:
        shell.events.register("pre_run_cell", _forget)
        _hooked.append(True)


def note(target: str) -> None:
    """Remember that the running cell needed ``target`` (a host or a Hub repo)."""
    _hook()
    if target not in _refused:
        _refused.append(target)


def refused() -> list[str]:
    """What the last cell needed and did not get."""
    _hook()
    return list(_refused)


def _host(address: Any) -> str | None:
    if isinstance(address, tuple) and address and isinstance(address[0], str | bytes):
        host = address[0].decode() if isinstance(address[0], bytes) else address[0]
        return None if host in _LOCAL or host.startswith("127.") else host
    return None


def _guard(method: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(self: socket.socket, address: Any, *args: Any) -> Any:
        host = _host(address) if self.family in (socket.AF_INET, socket.AF_INET6) else None
        if host is not None:
            note(f"host {host}")
            raise NetworkRefusedError(
                f"network access to {host} refused: verification runs offline "
                "(`coursekit verify --network` allows it)"
            )
        return method(self, address, *args)

    return guarded


def _guard_resolver(resolve: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        if isinstance(name, str) and name not in _LOCAL and not name.startswith("127."):
            note(f"host {name}")
            raise socket.gaierror(socket.EAI_NONAME,
                                  f"{name}: name resolution refused, verification runs offline")
        return resolve(host, *args, **kwargs)

    return guarded


def _repo_is_local(repo_id: str, repo_type: str | None) -> bool:
    """Whether the Hub cache holds anything of the repo (a stand-in, a local push)."""
    try:
        constants = importlib.import_module("huggingface_hub.constants")
    except ImportError:
        return False
    kind = (repo_type or "model") + "s"
    folder = Path(constants.HF_HUB_CACHE) / f"{kind}--{repo_id.replace('/', '--')}"
    return folder.is_dir()


def _watch_hub(function: Callable[..., Any]) -> Callable[..., Any]:
    """Note the repo of a Hub look-up that fails because it is not in the cache."""

    def watched(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except Exception as exc:
            if type(exc).__name__ in ("LocalEntryNotFoundError", "OfflineModeIsEnabled"):
                repo_id = kwargs.get("repo_id", args[0] if args else None)
                repo_type = kwargs.get("repo_type")
                if isinstance(repo_id, str) and not _repo_is_local(repo_id, repo_type):
                    kind = "dataset" if repo_type == "dataset" else (repo_type or "model")
                    note(f"Hub {kind} {repo_id}")
            raise

    watched.__wrapped__ = function  # type: ignore[attr-defined]
    watched.__name__ = getattr(function, "__name__", "watched")
    watched.__doc__ = function.__doc__
    return watched


def _watch_functions(*names: str) -> Callable[[ModuleType], None]:
    def patch(module: ModuleType) -> None:
        for name in names:
            original = getattr(module, name, None)
            if callable(original):
                setattr(module, name, _watch_hub(original))

    return patch


def _local_hub(patch: str, where: str = "coursekit_localhub") -> Callable[[ModuleType], None]:
    def apply(module: ModuleType) -> None:
        getattr(importlib.import_module(where), patch)(module)

    return apply


def _real_widths(module: ModuleType) -> None:
    importlib.import_module("coursekit_realwidths").patch_models(module)


def _demo_does_not_block(module: ModuleType) -> None:
    """``demo.launch(debug=True)`` holds the cell until someone stops the demo; the
    demo is up once it returns, so verification goes on to the next cell."""

    def block_thread(_self: Any) -> None:
        print("coursekit: the demo is running; verification does not wait for it to close")

    blocks = getattr(module, "Blocks", None)
    if blocks is not None and hasattr(blocks, "block_thread"):
        blocks.block_thread = block_thread


_DATASETS = "coursekit_localdatasets"
_HUB_PATCHES: dict[str, Callable[[ModuleType], None]] = {
    "huggingface_hub.file_download": _watch_functions("hf_hub_download"),
    "huggingface_hub._snapshot_download": _watch_functions("snapshot_download"),
    "huggingface_hub.hf_api": _local_hub("patch_hf_api"),
    "huggingface_hub._login": _local_hub("patch_login"),
    "datasets.arrow_dataset": _local_hub("patch_dataset_push", _DATASETS),
    "datasets.dataset_dict": _local_hub("patch_dataset_dict_push", _DATASETS),
    "datasets.load": _local_hub("patch_dataset_load", _DATASETS),
    "gradio.blocks": _demo_does_not_block,
    "transformers.modeling_utils": _real_widths,
    "transformers.modeling_tf_utils": _real_widths,
}


class _PatchingLoader(importlib.abc.Loader):
    """Runs a module, then patches it, before any other module can import from it."""

    def __init__(self, loader: importlib.abc.Loader,
                 patch: Callable[[ModuleType], None]) -> None:
        self.loader = loader
        self.patch = patch

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        self.patch(module)


class _HubFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        patch = _HUB_PATCHES.get(fullname)
        if patch is None:
            return None
        for finder in sys.meta_path:
            if finder is self:
                continue
            spec = finder.find_spec(fullname, path, target) if hasattr(finder, "find_spec") \
                else None
            if spec is not None and spec.loader is not None:
                spec.loader = _PatchingLoader(spec.loader, patch)
                return spec
        return None


def install() -> None:
    # Without a local hub (an unwritable folder), pushes fail as the guard's refusals.
    with contextlib.suppress(OSError):
        importlib.import_module("coursekit_localhub").prepare()
    socket.socket.connect = _guard(socket.socket.connect)  # type: ignore[method-assign]
    socket.socket.connect_ex = _guard(socket.socket.connect_ex)  # type: ignore[method-assign]
    socket.getaddrinfo = _guard_resolver(socket.getaddrinfo)
    sys.meta_path.insert(0, _HubFinder())


def forked() -> None:
    """Called in a kernel forked from a process that loaded this guard (coursekit's
    ``zygote``), once it is in its own working folder: the local hub is the kernel's."""
    with contextlib.suppress(OSError):
        importlib.import_module("coursekit_localhub").relocate()


def _chain() -> None:
    """Run the ``sitecustomize`` this one shadows (a distribution's own), if any."""
    here = Path(__file__).resolve().parent
    for entry in sys.path:
        if not entry or Path(entry).resolve() == here:
            continue
        candidate = Path(entry) / "sitecustomize.py"
        if candidate.is_file():
            spec = importlib.util.spec_from_file_location("_shadowed_sitecustomize", candidate)
            if spec is not None and spec.loader is not None:
                try:
                    spec.loader.exec_module(importlib.util.module_from_spec(spec))
                except Exception:  # a broken site hook must not stop the kernel
                    return
            return


if os.environ.get("COURSEKIT_OFFLINE") == "1" and "coursekit_offline" not in sys.modules:
    sys.modules["coursekit_offline"] = sys.modules[__name__]
    install()
_chain()
