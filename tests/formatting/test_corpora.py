"""``fix lessons`` on copies of the real courses in ``../shared/corpora``: only code
lines change, a second run changes nothing, ``check`` then finds nothing to format;
in black mode, the same fences change, the same way, as with the courses' own script
(:mod:`tests.formatting.reference`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.formatting.check import lesson_formats
from coursekit.formatting.lessons import CodeFormatter
from coursekit.formatting.settings import FormatSettings, Formatter
from coursekit.lessons.python import CodeFacts
from tests.formatting.reference import reference_fences
from tests.formatting.support import FORMATTERS, outside_code

ROOT = Path(__file__).resolve().parents[2]
CORPORA = next(
    (c for c in (ROOT.parent / "shared" / "corpora", ROOT.parents[1] / "shared" / "corpora")
     if c.is_dir()),
    ROOT.parent / "shared" / "corpora",
)
NAMES = ["audio-course", "agents-course"]


def _corpus(name: str) -> Path:
    root = CORPORA / name
    if not root.is_dir():
        pytest.skip(f"{root} is absent (the shared corpora belong beside the checkout)")
    return root


def _lesson_bytes(root: Path) -> dict[Path, bytes]:
    course = Course.open(root)
    return {file.relative_to(root): file.read_bytes()
            for lang in course.lesson_languages() for file in course.lesson_files(lang)}


def _fix(root: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["fix", "lessons", "--root", str(root)]) == 0
    return capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("formatter", FORMATTERS)
@pytest.mark.parametrize("name", NAMES)
def test_fix_changes_code_lines_only_once_and_leaves_nothing_to_check(
        name: str, formatter: Formatter, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / name
    shutil.copytree(_corpus(name), copy)
    # The formatters' own line length, 88: the audio course is formatted at 90.
    (copy / "coursekit.toml").write_text(f'[tool.coursekit.format]\nformatter = "{formatter}"\n',
                                         encoding="utf-8")
    before = _lesson_bytes(copy)
    summary = _fix(copy, capsys)
    after = _lesson_bytes(copy)
    changed = [path for path in before if before[path] != after[path]]
    assert changed
    assert f" in {len(changed)} of {len(before)} file(s)" in summary
    for path in changed:
        assert outside_code(after[path]) == outside_code(before[path]), path
    assert " 0 fence(s) in 0 of " in _fix(copy, capsys)
    assert _lesson_bytes(copy) == after
    assert main(["check", "lessons", "--root", str(copy), "--select", "LES124",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["diagnostics"] == []


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_black_mode_changes_the_fences_the_courses_script_changes(name: str) -> None:
    corpus = Corpus(Course.open(_corpus(name)))
    corpus._formatter = CodeFormatter(FormatSettings(Formatter.BLACK, line_length=90))
    compared = 0
    for lesson in lesson_formats(corpus):
        ours = {change.line: change.formatted for change in lesson.changes}
        python_fences = {code.line for code in corpus.lesson(lesson.file).code_blocks()
                         if code.role.value == "python"}
        for fence in reference_fences("".join(lesson.lines)):
            if fence.line not in python_fences or CodeFacts(fence.code).error is not None:
                # CommonMark reads the line as the content of another fence (LES103), or
                # the code is no Python (it does not parse): left alone by design.
                assert fence.line not in ours
                continue
            compared += 1
            where = f"{lesson.path}:{fence.line}"
            assert (fence.line in ours) == fence.changed, where
            if fence.changed:
                assert ours[fence.line] == fence.formatted, where
    assert compared > 500
