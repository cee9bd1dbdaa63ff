"""Documented errors written in the code itself, read and proven on a real kernel.

A lesson often writes the error a line raises in a comment below it
(``# ImportError: cannot import name ...``) or quotes it in a string block; such a cell
expects that error. A comment that is not an exception line, or one after code on the
same line, documents nothing.
"""

from __future__ import annotations

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course
from coursekit.lessons.exceptions import documented_in_code
from coursekit.lessons.python import CodeFacts

from .conftest import COURSE_TOML

pytestmark = pytest.mark.kernel

LESSON = '''\
# Errors in the code

```py
from json import loads_fast
# ImportError: cannot import name 'loads_fast' from 'json'
```

```py
int("seven")
"""
ValueError: invalid literal for int() with base 10: 'seven'
"""
```

```py
int("eight")
# TypeError: an integer is required
```

```py
total = 1 + 1  # ValueError: not documented, a remark on the same line
# Output: 2
```
'''


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> NotebookResult:
    root = tmp_path_factory.mktemp("in-code")
    (root / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    lesson = root / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(LESSON, encoding="utf-8")
    report = verify_course(Course.open(root), paths=[lesson], device="cpu", jobs=1)
    [notebook] = report.notebooks
    return notebook


def test_errors_written_in_code_are_documented_errors(result: NotebookResult) -> None:
    verdicts = [c.verdict for c in result.cells]
    assert verdicts == [Verdict.REPRODUCED, Verdict.REPRODUCED, Verdict.ERROR_DRIFT,
                        Verdict.OK]
    drifted = result.cells[2]
    assert drifted.documented == "TypeError: an integer is required"
    assert drifted.raised.startswith("ValueError: invalid literal for int()")


def test_the_reader_takes_only_whole_exception_lines() -> None:
    found = documented_in_code(CodeFacts('x = 1\n"""\nKeyError: \'label\' """\n'), 20)
    assert found is not None
    assert (found.name, found.message, found.line) == ("KeyError", "'label'", 21)
    assert documented_in_code(CodeFacts("x = 1  # ValueError: remark\n"), 1) is None
    assert documented_in_code(CodeFacts("# Output: 2\n# Error: not a class\nx = 2\n"), 1) is None
    assert documented_in_code(CodeFacts("def broken(:\n# ValueError: x\n"), 1) is None
