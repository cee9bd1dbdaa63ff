"""The diffs of ``fix lessons --dry-run`` and ``fix translations --dry-run`` on a lesson
saved with a byte order mark: its first line holds the mark, as git shows it, so the
diff applies with ``git apply``. Each case beside its counterpart."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from coursekit.cli import main
from tests.fixes.test_fix_translations import EN, FR, _source
from tests.formatting.course import write_course
from tests.git_history import plant_pair
from tests.translations.test_trn_freshness import TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

LESSON = Path("content/en/chapter1/1.mdx")


def _applies(root: Path, diff: str) -> None:
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "apply", "--check", "-"], input=diff.encode(),
                   check=True, capture_output=True)


@pytest.mark.parametrize("bom", ["\ufeff", ""])
def test_the_lessons_diff_of_a_file_with_a_mark_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bom: str) -> None:
    root = write_course(tmp_path)
    text = (root / LESSON).read_text(encoding="utf-8")
    (root / LESSON).write_text(bom + text.replace("# Models\n\nLoad a model:\n\n", ""),
                               encoding="utf-8")
    assert main(["fix", "lessons", "--root", str(root), "--lang", "en", "--dry-run"]) == 1
    diff = capsys.readouterr().out
    assert diff.split("\n")[3] == f" {bom}```py"  # the first line, in the hunk's context
    _applies(root, diff)


@pytest.mark.parametrize("bom", ["\ufeff", ""])
def test_the_translations_diff_of_a_file_with_a_mark_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bom: str) -> None:
    en = EN.replace("We load a dataset of short clips.\n\n", "")
    fr = FR.replace("Nous chargeons un jeu de données de courts extraits.\n\n", "")
    root = plant_pair(tmp_path / "course", TOCTREE, en, bom + fr)
    _source(root, en.replace("from datasets import load_dataset",
                             "from datasets import Audio, load_dataset"))
    assert main(["fix", "translations", "--root", str(root), "--dry-run"]) == 1
    diff = capsys.readouterr().out
    assert diff.split("\n")[3] == f" {bom}# Charger des sons[[loading]]"
    _applies(root, diff)


@pytest.mark.parametrize("fences", [80, 2])
def test_the_diff_of_a_long_lesson_shows_only_the_lines_that_change(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fences: int) -> None:
    # 80 fences make a lesson of over 200 lines, where difflib took the closing fence
    # line, in more than 1% of them, for noise and showed the last one changed.
    root = write_course(tmp_path)
    blocks = "".join(f"```py\nx{k} = {k}\n```\n\n" for k in range(fences))
    (root / LESSON).write_text(f"# Models\n\n{blocks}```py\ny=[1,2 ,3]\n```\n",
                               encoding="utf-8")
    assert main(["fix", "lessons", "--root", str(root), "--lang", "en", "--dry-run"]) == 1
    diff = capsys.readouterr().out
    changed = [line for line in diff.splitlines()
               if line[:1] in "+-" and not line.startswith(("---", "+++"))]
    assert changed == ["-y=[1,2 ,3]", "+y = [1, 2, 3]"]
    _applies(root, diff)
