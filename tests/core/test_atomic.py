"""Atomic writes leave the old file or the new one, never a part."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.atomic import write_bytes_atomic, write_text_atomic
from coursekit.leftovers import FOREIGN_AGE, this_system


def test_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "a.txt"
    write_text_atomic(target, "one")
    write_text_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["a.txt"]


def test_failed_write_keeps_the_old_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.bin"
    write_bytes_atomic(target, b"old")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.bin"]


def test_a_rewritten_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "a.srt"
    target.write_bytes(b"old")
    target.chmod(0o644)
    write_bytes_atomic(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    target.chmod(0o600)
    write_bytes_atomic(target, b"newer")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_new_file_gets_the_mode_of_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_bytes_atomic(tmp_path / "new.ipynb", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.ipynb").stat().st_mode) == 0o640


def _dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def test_leftovers_of_a_killed_write_are_removed_by_the_next_one(tmp_path: Path) -> None:
    killed = tmp_path / f".3.ipynb.coursekit.{this_system()}.{_dead_pid()}.abcd1234.tmp"
    live = tmp_path / f".2.ipynb.coursekit.{this_system()}.{os.getppid()}.abcd1234.tmp"
    mine = tmp_path / ".notes.tmp"
    for path in (killed, live, mine):
        path.write_bytes(b"partial")
    write_bytes_atomic(tmp_path / "4.ipynb", b"{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["4.ipynb", live.name, mine.name])


def _other_system() -> str:
    return "0" * 8 if this_system() != "0" * 8 else "1" * 8


@pytest.mark.parametrize("named", ["other", "none"])
def test_a_leftover_of_another_system_is_removed_only_once_it_is_old(
    tmp_path: Path, named: str
) -> None:
    # A process id of another container or machine sharing the folder says nothing
    # here: the file may be a write in progress there, and is left while it is fresh.
    system = f"{_other_system()}." if named == "other" else ""
    fresh = tmp_path / f".1.ipynb.coursekit.{system}{_dead_pid()}.abcd1234.tmp"
    stale = tmp_path / f".2.ipynb.coursekit.{system}{_dead_pid()}.abcd1234.tmp"
    for path in (fresh, stale):
        path.write_bytes(b"partial")
    an_hour_ago = stale.stat().st_mtime - FOREIGN_AGE - 60
    os.utime(stale, (an_hour_ago, an_hour_ago))
    write_bytes_atomic(tmp_path / "4.ipynb", b"{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["4.ipynb", fresh.name])


def test_this_systems_leftover_is_judged_by_its_process_at_any_age(tmp_path: Path) -> None:
    live = tmp_path / f".2.ipynb.coursekit.{this_system()}.{os.getppid()}.abcd1234.tmp"
    live.write_bytes(b"partial")
    long_ago = live.stat().st_mtime - 10 * FOREIGN_AGE
    os.utime(live, (long_ago, long_ago))
    write_bytes_atomic(tmp_path / "4.ipynb", b"{}")
    assert live.read_bytes() == b"partial"


@pytest.mark.parametrize("name", [
    ".notes.20240101.tmp",                  # eight characters where the number goes
    ".draft.srt.backup_1.tmp",
    ".4.ipynb.xzwz7wa2.tmp",                # no pid, no marker
    ".3.ipynb.{dead}.abcd1234.tmp",         # a dead pid, but no marker
    ".3.ipynb.coursekit.{dead}.ABCD1234.tmp",   # not the hex this module writes
    ".3.ipynb.coursekit.{dead}.abcd123.tmp",
    ".coursekit.{dead}.abcd1234.tmp",       # no target name
])
def test_hidden_files_that_only_look_like_leftovers_are_kept(tmp_path: Path, name: str) -> None:
    decoy = tmp_path / name.format(dead=_dead_pid())
    decoy.write_bytes(b"someone's notes")
    write_bytes_atomic(tmp_path / "a.srt", b"new")
    assert decoy.read_bytes() == b"someone's notes"


def test_a_killed_write_leaves_the_old_file_and_the_next_run_cleans_up(tmp_path: Path) -> None:
    target = tmp_path / "a.srt"
    target.write_bytes(b"old")
    script = ("import os, sys\nfrom pathlib import Path\nimport coursekit.atomic as a\n"
              "def die(fd): os.kill(os.getpid(), 9)\nos.fsync = die\n"
              "a.write_bytes_atomic(Path(sys.argv[1]), b'new')\n")
    run = subprocess.run([sys.executable, "-c", script, str(target)], check=False)
    assert run.returncode == -9
    assert target.read_bytes() == b"old"
    assert len(list(tmp_path.iterdir())) == 2
    write_bytes_atomic(tmp_path / "b.srt", b"other")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.srt", "b.srt"]


def test_a_write_makes_the_folders_it_needs_and_then_writes_beside_them(tmp_path: Path) -> None:
    first = tmp_path / "a" / "b" / "one.txt"
    write_bytes_atomic(first, b"1")
    write_bytes_atomic(first.with_name("two.txt"), b"2")
    assert first.read_bytes() == b"1"
    assert sorted(p.name for p in first.parent.iterdir()) == ["one.txt", "two.txt"]


def test_a_temporary_name_already_taken_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import itertools

    from coursekit import atomic

    monkeypatch.setattr(atomic, "_names", itertools.count(0))
    taken = tmp_path / f".a.txt.coursekit.{this_system()}.{os.getpid()}.00000000.tmp"
    taken.write_bytes(b"someone else's")
    write_bytes_atomic(tmp_path / "a.txt", b"new")
    assert (tmp_path / "a.txt").read_bytes() == b"new"
    assert taken.read_bytes() == b"someone else's"


@pytest.mark.parametrize("name", [
    "a" * 240 + ".mdx",                     # 244 bytes: the temporary name would be 275
    "01_" + "字" * 81 + ".srt",              # 250 bytes in UTF-8, 88 characters
], ids=["ascii", "cjk"])
def test_a_file_whose_name_is_near_the_longest_is_rewritten(tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    target.write_bytes(b"old")
    write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_the_shortened_temporary_of_a_killed_write_is_swept(tmp_path: Path) -> None:
    name = "字" * 84  # 252 bytes
    script = ("import os, sys\nfrom pathlib import Path\nimport coursekit.atomic as a\n"
              "def die(fd): os.kill(os.getpid(), 9)\nos.fsync = die\n"
              "a.write_bytes_atomic(Path(sys.argv[1]), b'new')\n")
    run = subprocess.run([sys.executable, "-c", script, str(tmp_path / name)], check=False)
    assert run.returncode == -9
    (left,) = tmp_path.iterdir()
    assert ".coursekit." in left.name and len(os.fsencode(left.name)) <= 255
    write_bytes_atomic(tmp_path / "b.srt", b"other")
    assert [p.name for p in tmp_path.iterdir()] == ["b.srt"]


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_file_of_another_user_rewritten_by_root_stays_theirs(tmp_path: Path) -> None:
    """A CI container runs as root on a checkout its author owns: a fixed lesson that
    became root's could no longer be saved by its author."""
    target = tmp_path / "1.mdx"
    target.write_bytes(b"old")
    os.chown(target, 4321, 4322)
    target.chmod(0o4751)  # set after the owner, which clears it
    write_bytes_atomic(target, b"new")
    facts = target.stat()
    assert (facts.st_uid, facts.st_gid, stat.S_IMODE(facts.st_mode)) == (4321, 4322, 0o4751)
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["1.mdx"]


def test_files_of_this_user_and_new_files_are_this_users(tmp_path: Path) -> None:
    mine = tmp_path / "mine.srt"
    mine.write_bytes(b"old")
    write_bytes_atomic(mine, b"new")
    write_bytes_atomic(tmp_path / "new.srt", b"new")
    for path in (mine, tmp_path / "new.srt"):
        assert (path.stat().st_uid, path.stat().st_gid) == (os.getuid(), os.getgid())


def _acl(*entries: tuple[int, int, int]) -> bytes:
    """A ``system.posix_acl_access`` value: version 2, then (tag, permissions, id)."""
    import struct

    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)


def _set_or_skip(path: Path, name: str, value: bytes) -> None:
    try:
        os.setxattr(path, name, value)
    except OSError as exc:
        pytest.skip(f"{name} cannot be set here: {exc.strerror}")


def test_a_rewritten_file_keeps_its_extended_attributes_and_access_list(
        tmp_path: Path) -> None:
    """A shared checkout lets a translator write a lesson through an access control
    list: a fix that dropped it took that right away, and the user's own attributes."""
    target = tmp_path / "1.mdx"
    target.write_bytes(b"old")
    target.chmod(0o640)
    anyone = 0xFFFFFFFF
    acl = _acl((0x01, 6, anyone), (0x02, 6, 4321), (0x04, 4, anyone), (0x10, 6, anyone),
               (0x20, 0, anyone))
    _set_or_skip(target, "user.coursekit-test", b"kept")
    _set_or_skip(target, "system.posix_acl_access", acl)
    write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert os.getxattr(target, "user.coursekit-test") == b"kept"
    assert os.getxattr(target, "system.posix_acl_access") == acl
    assert stat.S_IMODE(target.stat().st_mode) == 0o660  # the list's mask is the group's
    assert [p.name for p in tmp_path.iterdir()] == ["1.mdx"]


def test_a_file_without_extended_attributes_gets_none(tmp_path: Path) -> None:
    (tmp_path / "a.srt").write_bytes(b"old")
    write_bytes_atomic(tmp_path / "a.srt", b"new")
    write_bytes_atomic(tmp_path / "new.srt", b"new")
    for name in ("a.srt", "new.srt"):
        assert [a for a in os.listxattr(tmp_path / name) if a.startswith("user.")] == []
        assert "system.posix_acl_access" not in os.listxattr(tmp_path / name)
