"""``fix subtitles --monolingual OUT`` writes its copies only inside ``OUT``: a link at a
copy's path is replaced, not written through; a FIFO there is neither read nor written
(either would wait for ever), and a linked folder below ``OUT`` leading elsewhere is not
written into. Each refusal names the copy and exits 1."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BILINGUAL = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
             "2\n00:00:03,500 --> 00:00:05,000\n再见。\nGoodbye.\n\n"
             "3\n00:00:05,500 --> 00:00:07,000\n谢谢。\nThanks.\n\n")
COPY = ("1\n00:00:01,000 --> 00:00:03,000\n你好。\n\n"
        "2\n00:00:03,500 --> 00:00:05,000\n再见。\n\n"
        "3\n00:00:05,500 --> 00:00:07,000\n谢谢。\n\n")


def _course(tmp_path: Path) -> Path:
    root = tmp_path / "course"
    (root / "subtitles/zh-CN").mkdir(parents=True)
    (root / "subtitles/zh-CN/01_a.srt").write_text(BILINGUAL, encoding="utf-8")
    (root / "coursekit.toml").write_text("", encoding="utf-8")
    (tmp_path / "mono/zh-CN").mkdir(parents=True)
    return root


def _fix(root: Path, *more: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, with a limit: a FIFO once made it wait."""
    return subprocess.run(
        [sys.executable, "-m", "coursekit", "fix", "subtitles", "--root", str(root),
         "--monolingual", str(root.parent / "mono"), *more],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=60, check=False)


def test_a_fifo_at_a_copys_path_is_refused_not_waited_on(tmp_path: Path) -> None:
    root = _course(tmp_path)
    fifo = tmp_path / "mono/zh-CN/01_a.srt"
    os.mkfifo(fifo)
    check = _fix(root, "--check")
    assert check.returncode == 1, check.stderr
    assert check.stdout == f"would write {fifo}\n"
    run = _fix(root)
    assert run.returncode == 1, run.stderr
    assert f"{fifo}: not written: a FIFO (named pipe): not replaced" in run.stderr
    assert "Traceback" not in run.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_link_at_a_copys_path_is_replaced_not_written_through(tmp_path: Path) -> None:
    root = _course(tmp_path)
    elsewhere = tmp_path / "elsewhere.srt"
    elsewhere.write_text("a file of someone else's\n", encoding="utf-8")
    copy = tmp_path / "mono/zh-CN/01_a.srt"
    copy.symlink_to(elsewhere)
    run = _fix(root)
    assert run.returncode == 0, run.stderr
    assert elsewhere.read_text(encoding="utf-8") == "a file of someone else's\n"
    assert not copy.is_symlink() and copy.read_text(encoding="utf-8") == COPY


def test_a_linked_language_folder_leading_out_is_not_written_into(tmp_path: Path) -> None:
    root = _course(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "mono/zh-CN").rmdir()
    (tmp_path / "mono/zh-CN").symlink_to(elsewhere)
    run = _fix(root)
    assert run.returncode == 1, run.stderr
    assert "leads out of the --monolingual folder" in run.stderr
    assert list(elsewhere.iterdir()) == []


def test_a_stale_copy_is_replaced_and_a_current_one_left(tmp_path: Path) -> None:
    root = _course(tmp_path)
    copy = tmp_path / "mono/zh-CN/01_a.srt"
    copy.write_text("stale\n", encoding="utf-8")
    run = _fix(root)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"wrote {copy}\n")
    assert copy.read_text(encoding="utf-8") == COPY
    assert _fix(root, "--check").returncode == 0
    assert [p.name for p in copy.parent.iterdir()] == ["01_a.srt"]
