from __future__ import annotations

from pathlib import Path

import pytest

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
