"""A stand-in set rebuilt from the same inputs has the same bytes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from coursekit.standins.build import build_into
from coursekit.standins.catalog import load_catalog


def tree(root: Path) -> dict[str, str]:
    """Relative path -> sha256 of the content (or ``link:`` target for links)."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[name] = "link:" + os.readlink(path)
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@pytest.mark.torch
@pytest.mark.slow
def test_rebuild_is_byte_identical(tmp_path: Path, pt_python: Path) -> None:
    python = pt_python
    catalog = load_catalog()
    small = catalog.subset([("models", "distilbert-base-cased"), ("models", "gpt2"),
                            ("models", "t5-small"), ("models", "Helsinki-NLP/opus-mt-en-fr"),
                            ("models", "microsoft/speecht5_tts"),
                            ("datasets", "squad"),
                            ("datasets", "hf-internal-testing/librispeech_asr_dummy"),
                            ("metrics", "glue")])
    hf_home = tmp_path / "hf-home"
    build_into(hf_home, small, "pt", python)
    first = tree(hf_home)
    build_into(hf_home, small, "pt", python)
    assert tree(hf_home) == first
    assert any(name.endswith("model.safetensors") for name in first)
    assert any(name.endswith(".arrow") for name in first)
    assert any(name.endswith("/glue.py") for name in first)
    assert any("librispeech_asr_dummy" in name and name.endswith(".arrow") for name in first)
    # Unigram and SentencePiece training give the same pieces every time
    assert any(name.endswith("t5-small/refs/main") for name in first)
    assert any(name.endswith("/source.spm") for name in first)
    assert any(name.endswith("/spm_char.model") for name in first)
