"""A kernel's ``HF_HOME`` mirrors the stand-in set in a folder of its own: what is
written there (a new file, a file rewritten in place, one replaced) stays there, and a
forked kernel's libraries read that folder, not the zygote's."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path, PurePosixPath
from types import ModuleType
from typing import Any

import pytest

from coursekit.execution.run.hfhome import (
    COPIED_BYTES,
    home_env,
    make_home,
    remove_home,
    without_user_caches,
)
from coursekit.execution.run.zygote_main import move_home

WEIGHTS = b"w" * (COPIED_BYTES + 1)


def _standin_set(root: Path) -> Path:
    repo = root / "hub" / "models--org--tiny"
    (repo / "blobs").mkdir(parents=True)
    (repo / "blobs" / "abc").write_bytes(WEIGHTS)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("1111")
    (repo / "snapshots" / "1111").mkdir(parents=True)
    (repo / "snapshots" / "1111" / "model.bin").symlink_to("../../blobs/abc")
    table = root / "datasets" / "org___rows" / "default" / "0.0.0" / "f00"
    table.mkdir(parents=True)
    (table / "rows-train.arrow").write_bytes(WEIGHTS)
    (table / "dataset_info.json").write_text("{}")
    return root


def _state(root: Path) -> dict[str, tuple[bool, bytes | str]]:
    """Every entry under ``root``: whether it is a link, and its target or content."""
    state: dict[str, tuple[bool, bytes | str]] = {}
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        if path.is_symlink():
            state[name] = (True, os.readlink(path))
        elif path.is_file():
            state[name] = (False, path.read_bytes())
        else:
            state[name] = (False, "folder")
    return state


@pytest.mark.parametrize("offline", [True, False], ids=["offline", "network"])
def test_what_a_kernel_writes_in_its_home_stays_there(tmp_path: Path, offline: bool) -> None:
    shared = _standin_set(tmp_path / "set")
    before = _state(shared)
    env = {"HF_HOME": str(shared), **({"HF_HUB_OFFLINE": "1"} if offline else {})}
    home = make_home(env)
    assert home is not None
    try:
        assert home_env({**env, "A": "1"}, home) == {**env, "HF_HOME": str(home), "A": "1"}
        repo = home / "hub" / "models--org--tiny"
        # The set reads through it, as it is.
        assert (repo / "snapshots" / "1111" / "model.bin").read_bytes() == WEIGHTS
        assert (repo / "refs" / "main").read_text() == "1111"
        # A new file, a file rewritten in place, a file replaced, a file removed.
        (home / "accelerate").mkdir()
        (home / "accelerate" / "default_config.yaml").write_text("compute_environment: x\n")
        (home / "hub" / "models--learner--pushed").mkdir()
        table = home / "datasets" / "org___rows" / "default" / "0.0.0" / "f00"
        (table / "cache-0123.arrow").write_bytes(b"mapped")
        (table / "dataset_info.json").write_text('{"changed": true}')
        replacement = table / "replacement"
        replacement.write_bytes(b"new rows")
        os.replace(replacement, table / "rows-train.arrow")
        # Offline, a repo of the set is linked whole (nothing writes into it); with the
        # network, a download rewrites its ref and adds blobs.
        assert repo.is_symlink() == offline
        if not offline:
            (repo / "refs" / "main").write_text("2222")
            (repo / "blobs" / "def").write_bytes(b"real weights")
            (repo / "blobs" / "abc").unlink()
    finally:
        remove_home(home)
    assert _state(shared) == before
    assert not home.exists()


def test_a_kernel_without_stand_ins_keeps_its_home(tmp_path: Path) -> None:
    assert make_home({}) is None
    assert make_home({"HF_HOME": str(tmp_path / "absent")}) is None
    assert home_env({"HF_HOME": "/user/cache"}, None) == {"HF_HOME": "/user/cache"}


def test_the_users_cache_folders_do_not_reach_a_kernel_with_stand_ins() -> None:
    user = {"HF_DATASETS_CACHE": "/user/datasets", "HF_HUB_CACHE": "/user/hub",
            "HUGGINGFACE_HUB_CACHE": "/user/old-hub", "HF_MODULES_CACHE": "/user/modules",
            "PATH": "/bin", "HF_TOKEN": "hf_x", "HF_HOME": "/user/hf"}
    standins = {"HF_HOME": "/set", "HF_HUB_OFFLINE": "1"}
    assert without_user_caches({**user, **standins}, standins) == {
        "PATH": "/bin", "HF_TOKEN": "hf_x", "HF_HOME": "/set", "HF_HUB_OFFLINE": "1"}
    # Without stand-ins the kernel reads the user's caches, as the user's own would.
    assert without_user_caches(user, {}) == user


class _Shy:
    """An object whose class must not be asked (a lazy or deprecated proxy)."""

    @property  # type: ignore[misc]
    def __class__(self) -> Any:
        raise AssertionError("its class was read")


def test_a_forked_kernel_reads_its_own_home_where_the_zygote_read_the_set() -> None:
    module = ModuleType("lesson_library")
    names: dict[str, Any] = {
        "HOME": "/set", "CACHE": "/set/hub", "TABLES": PurePosixPath("/set/datasets"),
        "SIBLING": "/set2/hub", "OTHER": "/elsewhere", "ROOTS": ["/set/modules", "/x"],
        "COUNT": 3, "SHY": _Shy(),
    }
    vars(module).update(names)
    exec("def write_config(mixed='no', location='/set/accelerate/default_config.yaml', *,"
         " log='/set/xet/logs'): return location, log", vars(module))
    move_home("/set", "/kernel/home", [module])
    assert module.HOME == "/kernel/home"
    assert module.CACHE == "/kernel/home/hub"
    assert PurePosixPath("/kernel/home/datasets") == module.TABLES
    assert module.SIBLING == "/set2/hub"  # another folder that starts with the same text
    assert module.OTHER == "/elsewhere"
    assert module.ROOTS == ["/kernel/home/modules", "/x"]
    assert module.COUNT == 3
    assert module.write_config() == ("/kernel/home/accelerate/default_config.yaml",
                                     "/kernel/home/xet/logs")


def _kinds(home: Path) -> dict[str, str]:
    """Each top entry of ``home``: ``link -> target`` or ``file: content``."""
    return {p.name: f"link -> {os.readlink(p)}" if p.is_symlink()
            else f"file: {p.read_text()}" for p in home.iterdir()}


def test_a_fifo_or_a_socket_in_the_set_is_linked_never_opened(tmp_path: Path) -> None:
    shared = tmp_path / "set"
    shared.mkdir()
    (shared / "small.json").write_text("{}")
    os.mkfifo(shared / "pipe")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(shared / "sock"))
        home = make_home({"HF_HOME": str(shared)})
    assert home is not None
    try:
        assert _kinds(home) == {"small.json": "file: {}",
                                "pipe": f"link -> {shared / 'pipe'}",
                                "sock": f"link -> {shared / 'sock'}"}
    finally:
        remove_home(home)


MIRROR_CAPPED = """
import os, resource, sys
from coursekit.execution.run.hfhome import make_home, remove_home
resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))
home = make_home({"HF_HOME": sys.argv[1]})
print(sorted((p.name, p.is_symlink()) for p in home.iterdir()))
remove_home(home)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_in_the_set_is_linked_never_copied(tmp_path: Path) -> None:
    """Copying ``/dev/zero`` never ends: it filled the disk (here: a 1 MiB file limit)."""
    shared = tmp_path / "set"
    shared.mkdir()
    (shared / "small.json").write_text("{}")
    os.mknod(shared / "zero", 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    run = subprocess.run([sys.executable, "-c", MIRROR_CAPPED, str(shared)], text=True,
                         capture_output=True, timeout=60, check=False,
                         env={**os.environ, "TMPDIR": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[('small.json', False), ('zero', True)]"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]


MIRROR_FULL = """
import resource, sys
from coursekit.execution.run.hfhome import make_home
resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))  # as a full disk: writes stop
try:
    make_home({"HF_HOME": sys.argv[1]})
except OSError as exc:
    print(exc.strerror, exc.filename2, sep="\t")
"""


def test_a_home_that_cannot_be_written_whole_is_removed_naming_the_file(
        tmp_path: Path) -> None:
    shared = _standin_set(tmp_path / "set")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (shared / "datasets" / "config.json").write_bytes(b"{}".ljust(COPIED_BYTES))
    run = subprocess.run([sys.executable, "-c", MIRROR_FULL, str(shared)], text=True,
                         capture_output=True, timeout=60, check=False,
                         env={**os.environ, "TMPDIR": str(scratch)})
    assert run.returncode == 0, run.stderr
    reason, copy = run.stdout.strip().split("\t")
    assert reason == "File too large" and copy.endswith("/datasets/config.json")
    assert list(scratch.iterdir()) == []  # no half-made home is left
    # With room, the same set mirrors whole.
    home = make_home({"HF_HOME": str(shared)})
    assert home is not None
    assert (home / "datasets" / "config.json").read_bytes() == b"{}".ljust(COPIED_BYTES)
    remove_home(home)
