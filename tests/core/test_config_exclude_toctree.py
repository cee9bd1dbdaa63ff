"""A ``_toctree.yml`` that ``exclude`` takes is not read: it has no findings of its own,
no lesson of its language is held against it, and the pattern excluded something (no
CFG008); a toctree not excluded is read as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

TOCTREE = ("- title: One\n  sections:\n  - local: chapter1/1\n    title: First\n"
           "  - local: chapter1/2\n    title: Second\n")
BROKEN = "- title: One\n  sections: [\n"
"""A toctree that does not read as one (LES152)."""
LESSON = "# One\n\n```py\nprint(1)\n```\n"


def _course(root: Path, config: str) -> Path:
    """Two English and French lessons, in toctrees that list both; the French one does
    not read as a toctree."""
    for language, toctree in (("en", TOCTREE), ("fr", BROKEN)):
        folder = root / "content" / language / "chapter1"
        folder.mkdir(parents=True)
        (folder / "1.mdx").write_text(LESSON, encoding="utf-8")
        (folder / "2.mdx").write_text(LESSON, encoding="utf-8")
        (root / "content" / language / "_toctree.yml").write_text(toctree, encoding="utf-8")
    (root / "coursekit.toml").write_text(config, encoding="utf-8")
    return root


def _findings(root: Path, *args: str) -> list[tuple[str, str]]:
    from coursekit.cli import cli

    result = CliRunner().invoke(cli, ["check", "--format", "json", "--root", str(root), *args])
    assert "Traceback" not in result.output, result.output
    return sorted((d["rule"], d["path"]) for d in json.loads(result.output)["diagnostics"])


@pytest.mark.parametrize("config", [
    'exclude = ["content/fr/_toctree.yml"]\n',
    'extend-exclude = ["**/fr/_toctree.yml", "content/en/chapter9"]\n',
], ids=["path", "with-another"])
@pytest.mark.parametrize("cache", [(), ("--no-cache",)], ids=["cached", "uncached"])
def test_an_excluded_toctree_is_not_read(tmp_path: Path, config: str,
                                         cache: tuple[str, ...]) -> None:
    root = _course(tmp_path, config)
    expected = [("CFG008", "coursekit.toml")] if "chapter9" in config else []
    for _ in range(2):  # the second run from the check cache, where there is one
        assert _findings(root, *cache) == expected


def test_a_toctree_not_excluded_is_read(tmp_path: Path) -> None:
    root = _course(tmp_path, "")
    assert _findings(root, "--no-cache") == [("LES152", "content/fr/_toctree.yml")]
