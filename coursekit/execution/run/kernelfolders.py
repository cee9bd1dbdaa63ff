"""The folders a lesson kernel gets of its own, made together and removed together.

Each kernel has a working folder (its current directory), a pip layer when its lessons'
``pip install`` is confined (:mod:`piplayer`), an ``HF_HOME`` over the stand-in set
(:mod:`hfhome`) and a temporary folder that holds the compilers' caches, all in the
temporary folder and named for the run (:mod:`scratch`). A start that cannot make one
of them (a full disk, a folder it may not write) removes those already made and raises
:class:`FolderError`, which names the temporary folder, the cause and what to do; a
start stopped meanwhile (Ctrl-C) removes them too.

The caches are those a lesson's code fills for the user and every later process:
``torch.compile`` writes its generated code and shared objects into
``$TMPDIR/torchinductor_<user>`` (seen with a compiled cell in the PyTorch kernel; its
precompiled headers go there even with ``TORCHINDUCTOR_CACHE_DIR`` set, so the kernel's
``TMPDIR`` is its own folder), and on a GPU Triton's kernels into ``~/.triton/cache`` and
PyTorch's CUDA JIT into ``~/.cache/torch/kernels``; IPython keeps every cell a kernel
ran in ``~/.ipython/profile_default/history.sqlite`` (``%history -g`` reads them all) and
runs the user's start-up scripts from there. One notebook's compiled artefacts and code
would reach the next one, and the next run: each kernel's ``TMPDIR`` and these variables
point into a folder of its own.
"""

from __future__ import annotations

import asyncio
import errno
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from coursekit.execution.run.hfhome import made_home, remove_home
from coursekit.execution.run.piplayer import PipPolicy, make_layer, remove_layer
from coursekit.execution.run.scratch import owned_folder

_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})
CACHES = {
    "TORCHINDUCTOR_CACHE_DIR": "torchinductor",
    "TRITON_CACHE_DIR": "triton",
    "PYTORCH_KERNEL_CACHE_PATH": "torch-kernels",
    "IPYTHONDIR": "ipython",
}
"""The variables that place a compiler's per-user cache, and its folder in the kernel's
temporary folder."""


class FolderError(RuntimeError):
    """A folder of the kernel's own could not be made in the temporary folder."""

    def __init__(self, what: str, cause: OSError) -> None:
        self.where = tempfile.gettempdir()
        self.no_room = cause.errno in _NO_ROOM
        reason = (cause.strerror or str(cause)) if cause.errno else str(cause)
        super().__init__(f"its {what} cannot be made in {self.where}: {reason}")

    @property
    def hint(self) -> str:
        """What to do about it: free space, or a temporary folder that can be written."""
        if self.no_room:
            return f"free space in {self.where}, or point TMPDIR at a folder with room"
        return f"make {self.where} writable, or point TMPDIR at a folder that is"


@dataclass(slots=True)
class KernelFolders:
    """A kernel's working folder, pip layer, ``HF_HOME`` and temporary folder (see the
    module's text)."""

    workdir: Path | None = None
    layer: Path | None = None
    home: Path | None = None
    tmp: Path | None = None

    def cache_env(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` with the kernel's own temporary folder, and the compilers' caches in it."""
        if self.tmp is None:
            return env
        return {**env, "TMPDIR": str(self.tmp),
                **{name: str(self.tmp / sub) for name, sub in CACHES.items()}}

    def remove(self) -> None:
        for folder in (self.workdir, self.tmp):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
        remove_layer(self.layer)
        remove_home(self.home)

    async def removed(self) -> None:
        """:meth:`remove` in a thread (a mirrored ``HF_HOME`` has many entries)."""
        await asyncio.to_thread(self.remove)


async def make_folders(env: dict[str, str], pip: PipPolicy | None) -> KernelFolders:
    """The folders of a kernel whose profile gives ``env`` (the stand-ins' ``HF_HOME``)
    and, with ``pip``, a pip layer; :class:`FolderError` when one cannot be made, with
    none left behind."""
    folders = KernelFolders()
    what = "working folder"
    try:
        folders.workdir = owned_folder("run")
        what = "temporary folder"
        folders.tmp = owned_folder("tmp")
        what = "pip layer"
        folders.layer = make_layer(pip) if pip is not None else None
        what = "HF_HOME (a mirror of the stand-in set)"
        folders.home = await made_home(env)
    except BaseException as exc:  # Ctrl-C too: nothing is left behind
        folders.remove()
        if isinstance(exc, OSError):
            raise FolderError(what, exc) from exc
        raise
    return folders
