"""``coursekit fix errors`` pairs a translation's output fences with its source's through
their code blocks: two fences of the source that document the same text under
different code, one of them translated in the translation."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.judgement.model import CellResult, Verdict
from tests.fixes.error_course import write_report

SAME = "TypeError: 'NoneType' object is not subscriptable"
TRANSLATED = "TypeError: l'oggetto 'NoneType' non è indicizzabile"

LESSON = """# {title}

```py
d = {{}}
d["label"]
```

```python out
{first}
```

```py
[1][3]
```

```python out
{second}
```
"""
RAISED = {3: "KeyError: 'label'", 12: "IndexError: list index out of range"}
"""What the verification saw at each code fence of the English lesson."""


def _course(root: Path, first: str) -> Path:
    for language, title, shown in (("en", "Errors", SAME), ("it", "Errori", first)):
        folder = root / "content" / language
        (folder / "chapter1").mkdir(parents=True)
        (folder / "_toctree.yml").write_text(
            "- title: C\n  sections:\n  - local: chapter1/1\n    title: E\n", encoding="utf-8")
        (folder / "chapter1" / "1.mdx").write_text(
            LESSON.format(title=title, first=shown, second=SAME), encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    cells = [CellResult(index=index, source=f"content/en/chapter1/1.mdx:{line}",
                        verdict=Verdict.ERROR_DRIFT, documented=SAME, raised=raised)
             for index, (line, raised) in enumerate(RAISED.items())]
    return write_report(root / "report.json", VerifyReport(notebooks=[NotebookResult(
        "content/en/chapter1/1.mdx", "en", "pt", "en/chapter1/1.ipynb", cells=cells)]))


@pytest.mark.parametrize(("first", "expected"), [
    (TRANSLATED, (TRANSLATED, RAISED[12])),  # the first fence translated: left
    (SAME, (RAISED[3], RAISED[12])),  # the clean counterpart: both follow the source
])
def test_a_translated_fence_leaves_the_next_one_its_own_update(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], first: str,
        expected: tuple[str, str]) -> None:
    report = _course(tmp_path, first)
    code = main(["fix", "errors", "--root", str(tmp_path), "--from", str(report)])
    err = capsys.readouterr().err
    assert code == 0
    assert (tmp_path / "content/it/chapter1/1.mdx").read_text("utf-8") == LESSON.format(
        title="Errori", first=expected[0], second=expected[1])
    left = [line for line in err.splitlines() if "EXE102 left" in line]
    assert left == ([f"content/it/chapter1/1.mdx:3: EXE102 left `{SAME}`: its output fence "
                     "differs from the source's: update it by hand"]
                    if first == TRANSLATED else [])


def test_a_translation_without_the_block_is_named_without_the_source_s_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = _course(tmp_path, SAME)
    italian = tmp_path / "content/it/chapter1/1.mdx"
    kept = LESSON.format(title="Errori", first=SAME, second=SAME).split("```py\n[1][3]")[0]
    italian.write_text(kept, encoding="utf-8")  # it lacks the second block
    assert main(["fix", "errors", "--root", str(tmp_path), "--from", str(report)]) == 0
    left = [line for line in capsys.readouterr().err.splitlines() if "EXE102 left" in line]
    assert left == [f"content/it/chapter1/1.mdx: EXE102 left `{SAME}`: the translation has no "
                    "code block paired with the source's: bring its code up to date first "
                    "(`coursekit fix translations`)"]  # not line 12, the source's
    assert italian.read_text("utf-8") == kept.replace(SAME, RAISED[3], 1)
