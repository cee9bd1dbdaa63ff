"""``--update-baseline`` replaces what the baseline recorded of a checked language's
toctree, which the check reads and reports on though it does not list it as checked: a
section translated since leaves the baseline, where its entry stayed and would absorb
the same finding when it came back. Clean counterpart: a run naming one lesson does not
report the toctree, so it keeps its entry."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

TOCTREE = ("- title: 1. Intro\n  sections:\n  - local: chapter1/intro\n    title: Intro\n"
           "  - local: chapter1/more\n    title: More\n")
LESSON = "# Intro\n\n```python\nx = 1\nprint(x)\n```\n"
FRENCH_TOCTREE = "chapters/fr/_toctree.yml"


def _course(root: Path) -> Path:
    """An English course of two lessons, whose French translation lacks the second
    (TRN001 at the French toctree)."""
    for language, lessons in (("en", ("intro", "more")), ("fr", ("intro",))):
        folder = root / "chapters" / language
        (folder / "chapter1").mkdir(parents=True)
        for name in lessons:
            (folder / "chapter1" / f"{name}.mdx").write_text(LESSON, encoding="utf-8")
        toctree = TOCTREE if language == "en" else TOCTREE.split("  - local: chapter1/more")[0]
        (folder / "_toctree.yml").write_text(toctree, encoding="utf-8")
    return root


def _update(root: Path, baseline: Path, *args: str) -> set[tuple[str, str]]:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), *args, "--baseline",
                                    str(baseline), "--update-baseline"])
    assert done.exit_code == 0, done.output
    document = json.loads(baseline.read_text(encoding="utf-8"))
    return {(entry["path"], entry["rule"]) for entry in document["findings"]}


def _translate(root: Path) -> None:
    (root / "chapters/fr/chapter1/more.mdx").write_text(LESSON, encoding="utf-8")
    (root / FRENCH_TOCTREE).write_text(TOCTREE, encoding="utf-8")


def test_a_whole_update_drops_a_toctree_finding_that_is_gone(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    assert (FRENCH_TOCTREE, "TRN001") in _update(root, baseline)
    _translate(root)
    assert (FRENCH_TOCTREE, "TRN001") not in _update(root, baseline)


def test_an_update_of_the_language_drops_it_too(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    _update(root, baseline)
    _translate(root)
    assert (FRENCH_TOCTREE, "TRN001") not in _update(root, baseline, "--lang", "fr")


def test_an_update_naming_one_lesson_keeps_the_toctree_entry(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    baseline = tmp_path / "baseline.json"
    _update(root, baseline)
    _translate(root)
    named = str(root / "chapters/fr/chapter1/intro.mdx")
    assert (FRENCH_TOCTREE, "TRN001") in _update(root, baseline, named)
