"""A Hugging Face home of each kernel's own, over the shared stand-in set.

Every kernel of a framework reads the same stand-in set as its ``HF_HOME``, and so do
later runs. What a lesson writes there (``accelerate config default``, the cache file
of a ``map`` next to a stand-in dataset, xet's logs, a Hub download) would be found by
the next notebook and the next run: verdicts would hang on the order notebooks ran in,
and no cache key holds such a file. Each kernel's ``HF_HOME`` is therefore a folder of
its own, removed with it, that mirrors the set: its folders are the kernel's own, its
files links to the set's (a regular file of at most ``COPIED_BYTES`` is copied, so that
rewriting it in place, as a Hub ref or a lock is, stays in the kernel; a FIFO, a device
or a socket is linked, never read: ``/dev/zero`` would fill the disk), and the set's
own links (a Hub snapshot's, relative) are kept as they are. What the lesson, or a command it runs
with ``!``, creates, replaces or removes there stays in that folder.

Offline, the Hub cache's repos are linked whole, as the kernel's local hub links them
(``offline/coursekit_localhub.py``): nothing writes into a repo the set holds (a push
makes a repo of the kernel's own), and the repos hold most of the set's entries. On the
largest stand-in set (about 1,900 entries, on a busy 2-core machine) the home takes
0.03-0.09 s to make, where mirroring the Hub cache too takes 0.8-2.5 s and as long
again to remove, which only a run with the network (whose downloads do write into
repos) pays.

A kernel forked from a zygote (:mod:`zygote`) has imported with the set's ``HF_HOME``:
the paths its libraries read then are moved to its own folder as it starts
(:func:`coursekit.execution.run.zygote_main.move_home`, some 0.15 s with transformers,
datasets and accelerate imported ahead).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from pathlib import Path

from coursekit.execution.run.scratch import owned_folder

HOME = "HF_HOME"
USER_CACHES = frozenset({
    "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_ASSETS_CACHE", "HUGGINGFACE_ASSETS_CACHE",
    "HF_XET_CACHE", "HF_TOKEN_PATH", "HF_DATASETS_CACHE", "HF_MODULES_CACHE",
    "HF_DATASETS_DOWNLOADED_DATASETS_PATH", "HF_DATASETS_EXTRACTED_DATASETS_PATH",
    "HF_EVALUATE_CACHE", "HF_METRICS_CACHE", "HF_DATASETS_DOWNLOADED_EVALUATE_PATH",
    "HF_DATASETS_EXTRACTED_EVALUATE_PATH", "TRANSFORMERS_CACHE", "PYTORCH_TRANSFORMERS_CACHE",
    "PYTORCH_PRETRAINED_BERT_CACHE", "SENTENCE_TRANSFORMERS_HOME",
})
"""The libraries' folders that a variable of the user's environment would take out of
``HF_HOME`` (huggingface_hub's, datasets', evaluate's, transformers' own)."""
HUB = "hub"
OFFLINE = "HF_HUB_OFFLINE"
COPIED_BYTES = 4096


def _entries(folder: str) -> list[os.DirEntry[str]]:
    with os.scandir(folder) as found:
        return list(found)


def _mirror(source: str, target: str, linked: str | None = None) -> None:
    """Mirror ``source`` into ``target``; its folder ``linked`` gets a link to each of
    its entries, not a copy of their folders."""
    for entry in _entries(source):
        made = os.path.join(target, entry.name)
        if entry.is_symlink():
            os.symlink(os.readlink(entry.path), made)
        elif entry.is_dir():
            os.mkdir(made)
            if entry.name == linked:
                for inner in _entries(entry.path):
                    os.symlink(inner.path, os.path.join(made, inner.name))
            else:
                _mirror(entry.path, made)
        elif entry.is_file() and entry.stat().st_size <= COPIED_BYTES:
            shutil.copyfile(entry.path, made)
        else:  # a large file, or a FIFO, device or socket, which is never opened here
            os.symlink(entry.path, made)


def make_home(env: dict[str, str]) -> Path | None:
    """A fresh home mirroring ``env``'s stand-in set (its ``HF_HOME``); ``None`` without
    one (no stand-ins: the kernel's ``HF_HOME`` is left as it is)."""
    shared = env.get(HOME)
    if not shared or not Path(shared).is_dir():
        return None
    home = owned_folder("hf")
    try:
        # Offline, nothing is written into a repo of the Hub cache (a push makes a repo
        # of its own): the repos are linked whole, which spares most of the entries.
        _mirror(shared, str(home), HUB if env.get(OFFLINE) == "1" else None)
    except OSError:
        remove_home(home)
        raise
    return home


class _Handover:
    """A home made in a thread for a start that may be stopped meanwhile: whichever of
    the two comes last removes it, so that a Ctrl-C leaves no home behind."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._home: Path | None = None
        self._abandoned = False

    def make(self, env: dict[str, str]) -> Path | None:
        home = make_home(env)
        with self._lock:
            if not self._abandoned:
                self._home = home
                return home
        remove_home(home)
        return None

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
            home, self._home = self._home, None
        remove_home(home)


async def made_home(env: dict[str, str]) -> Path | None:
    """:func:`make_home` in a thread (it may take a tenth of a second); a home made for
    a start that was stopped while the thread ran is removed, not left behind."""
    handover = _Handover()
    try:
        return await asyncio.to_thread(handover.make, env)
    except BaseException:
        handover.abandon()
        raise


def without_user_caches(env: dict[str, str], profile: dict[str, str]) -> dict[str, str]:
    """``env`` without the user's ``USER_CACHES`` where ``profile`` gives the stand-ins'
    ``HF_HOME``: the kernel reads the stand-ins, and writes under its own home, not into
    the user's caches."""
    if HOME not in profile:
        return env
    return {k: v for k, v in env.items() if k not in USER_CACHES or k in profile}


def home_env(env: dict[str, str], home: Path | None) -> dict[str, str]:
    """``env`` with ``home`` as its ``HF_HOME`` (``env`` as it is without one)."""
    return env if home is None else {**env, HOME: str(home)}


def remove_home(home: Path | None) -> None:
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)
