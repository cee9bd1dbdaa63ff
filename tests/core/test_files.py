"""Course files are read only when they are regular files, and read whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.files import NotARegularFile, read_regular, read_regular_with_status


@pytest.mark.parametrize("size", [0, 1, 4095, (1 << 16) + 3, 3 * (1 << 16)])
def test_a_regular_file_is_read_whole_with_the_status_of_what_was_read(
    tmp_path: Path, size: int
) -> None:
    path = tmp_path / "lesson.mdx"
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    path.write_bytes(data)
    read, status = read_regular_with_status(path)
    assert read == data
    assert (status.st_size, status.st_ino) == (size, path.stat().st_ino)
    assert read_regular(path) == data


def test_a_link_is_followed_and_what_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "a.mdx"
    target.write_bytes(b"# A\n")
    (tmp_path / "link.mdx").symlink_to(target)
    assert read_regular(tmp_path / "link.mdx") == b"# A\n"
    (tmp_path / "dangling.mdx").symlink_to(tmp_path / "missing.mdx")
    os.mkfifo(tmp_path / "pipe.mdx")
    for name, said in [("dangling.mdx", "does not exist"), ("pipe.mdx", "FIFO"),
                       (".", "directory")]:
        with pytest.raises(NotARegularFile, match=said):
            read_regular(tmp_path / name)
