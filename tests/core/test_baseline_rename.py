"""A lesson renamed (``git mv``, or moved by hand) keeps its baselined findings: the
entries of a file that is gone cover the one new file whose findings are theirs. Clean
counterparts: a new file with the same findings beside the old one, still there,
inherits nothing, nor do two new files that could each be the renamed one."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from click.testing import CliRunner

from coursekit.cli import cli

LESSON = "# Lesson\n\n```py:\nx = 1\n```\n\n```py:\ny = 2\n```\n"
"""Two LES105 findings."""


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                   cwd=root, check=True, capture_output=True)


def _toctree(*names: str) -> str:
    return "- title: A\n  sections:\n" + "".join(
        f"  - local: {name}\n    title: {name}\n" for name in names)


def _course(root: Path, languages: tuple[str, ...] = ("en",)) -> Path:
    for language in languages:
        folder = root / "chapters" / language
        folder.mkdir(parents=True)
        (folder / "_toctree.yml").write_text(_toctree("01_a"), encoding="utf-8")
        (folder / "01_a.mdx").write_text(LESSON, encoding="utf-8")
    return root


def _rename(root: Path, language: str, *names: str) -> None:
    """Name the lesson ``01_a`` of ``language`` ``names`` (a copy each), the old one gone."""
    folder = root / "chapters" / language
    for name in names:
        (folder / f"{name}.mdx").write_bytes((folder / "01_a.mdx").read_bytes())
    (folder / "01_a.mdx").unlink()
    (folder / "_toctree.yml").write_text(_toctree(*names), encoding="utf-8")


def _new(root: Path, baseline: Path) -> list[str]:
    """The files of the findings new against ``baseline``."""
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline", str(baseline),
                                    "--format", "json"])
    assert done.exit_code in (0, 1), done.output
    return [d["path"] for d in json.loads(done.stdout)["diagnostics"]]


def _record(root: Path, baseline: Path) -> None:
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--baseline", str(baseline),
                                    "--update-baseline"])
    assert done.exit_code == 0, done.output


def test_a_lesson_moved_with_git_keeps_its_entries(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _git(root, "init", "-q", ".")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "course")
    _record(root, baseline)
    _git(root, "mv", "chapters/en/01_a.mdx", "chapters/en/01_intro.mdx")
    (root / "chapters/en/_toctree.yml").write_text(_toctree("01_intro"), encoding="utf-8")
    assert _new(root, baseline) == []
    _record(root, baseline)  # the update records the new name, and drops the old
    paths = {e["path"] for e in json.loads(baseline.read_text(encoding="utf-8"))["findings"]}
    assert paths == {"chapters/en/01_intro.mdx"}


def test_a_lesson_renamed_in_every_language_keeps_the_entries_of_each(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course", ("en", "fr")), tmp_path / "b.json"
    _record(root, baseline)
    for language in ("en", "fr"):  # the same findings: each goes by its folder
        _rename(root, language, "01_b")
    assert _new(root, baseline) == []


def test_a_baseline_without_contexts_follows_a_rename(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    document = json.loads(baseline.read_text(encoding="utf-8"))
    for entry in document["findings"]:
        del entry["contexts"]
    baseline.write_text(json.dumps(document), encoding="utf-8")
    _rename(root, "en", "01_b")
    assert _new(root, baseline) == []


def test_a_new_file_beside_the_old_one_inherits_nothing(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    folder = root / "chapters" / "en"
    (folder / "01_copy.mdx").write_text(LESSON, encoding="utf-8")
    (folder / "_toctree.yml").write_text(_toctree("01_a", "01_copy"), encoding="utf-8")
    assert _new(root, baseline) == ["chapters/en/01_copy.mdx"] * 2


def test_two_files_that_could_be_the_renamed_one_inherit_nothing(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    _rename(root, "en", "01_b", "01_c")
    assert sorted(_new(root, baseline)) == ["chapters/en/01_b.mdx"] * 2 + [
        "chapters/en/01_c.mdx"] * 2


def test_a_renamed_file_with_other_findings_inherits_nothing(tmp_path: Path) -> None:
    root, baseline = _course(tmp_path / "course"), tmp_path / "b.json"
    _record(root, baseline)
    _rename(root, "en", "01_b")
    moved = root / "chapters/en/01_b.mdx"
    moved.write_text(LESSON.replace("```py:\ny", "```python\ny") + "\n```\nopen\n",
                     encoding="utf-8")  # an unclosed fence instead of the second typo
    assert "chapters/en/01_b.mdx" in _new(root, baseline)
