from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "subtitles"
SEEDS = REPO.parent / "shared" / "seeds"


def cue(n: int, start: str, end: str, *lines: str) -> str:
    return f"{n}\n{start} --> {end}\n" + "".join(f"{line}\n" for line in lines) + "\n"


def bilingual(second: str) -> str:
    """Four Chinese cues with their English lines, the second cue's lines ``second``."""
    return ("1\n00:00:01,000 --> 00:00:03,000\n你好。\nHello.\n\n"
            f"2\n00:00:03,500 --> 00:00:05,000\n{second}\n"
            "3\n00:00:05,500 --> 00:00:07,000\n再见。\nGoodbye.\n\n"
            "4\n00:00:07,500 --> 00:00:09,000\n谢谢。\nThanks.\n\n")


@pytest.fixture
def make_course(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write ``{"en/01_x.srt": text, ...}`` under ``subtitles/`` and an optional config."""

    def make(files: dict[str, str | bytes], config: str = "") -> Path:
        for name, content in files.items():
            path = tmp_path / "subtitles" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        (tmp_path / "coursekit.toml").write_text(config, encoding="utf-8")
        return tmp_path

    return make


def fix_names(root: Path, rule: str, fixed: bytes, name: str = "en/01_x.srt") -> None:
    """`fix subtitles --check` on the course at ``root`` exits 1 and names ``rule``, not
    `(format)`; the fix then exits 0 and writes ``fixed`` to ``subtitles/<name>``, in
    which `check subtitles` finds nothing."""
    check = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root), "--check"])
    assert check.exit_code == 1
    assert f"would fix subtitles/{name} ({rule})" in check.output
    assert "(format)" not in check.output
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (root / "subtitles" / name).read_bytes() == fixed
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []


def fix_keeps(root: Path, data: bytes, name: str = "en/01_x.srt") -> None:
    """`check subtitles` finds nothing in the course at ``root``, and `fix subtitles`
    exits 0 and leaves ``subtitles/<name>`` as ``data``, byte for byte."""
    assert check_subtitles(Corpus(Course.open(root))).diagnostics == []
    result = CliRunner().invoke(cli, ["fix", "subtitles", "--root", str(root)])
    assert result.exit_code == 0, result.output
    assert (root / "subtitles" / name).read_bytes() == data
