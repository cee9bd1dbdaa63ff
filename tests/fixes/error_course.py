"""A course planted for ``fix errors``: a lesson documenting errors in every shape (a
traceback, a frames fragment, a line cut short with ``...``, a quoted line in a
blockquote), in English and three translations (output fences byte for byte around
translated prose, one with Windows line breaks, one whose first output was translated),
a clean lesson in every language, and the verification report that judged them: four
errors proven drifted, one not reached (a cascade), one the stand-ins may explain."""

from __future__ import annotations

from pathlib import Path

from coursekit.diagnostics import Diagnostic
from coursekit.execution.results import NotebookResult, VerifyReport
from coursekit.judgement.model import CellResult, Verdict
from coursekit.lessons.parse import parse_lesson
from coursekit.report.verify_json import verify_document

TOCTREE = """- title: Chapter 1
  sections:
  - local: chapter1/1
    title: Debugging
  - local: chapter1/2
    title: Clean
"""

TRACE = """Traceback (most recent call last):
  File "train.py", line 3, in <module>
    model(inputs)
ValueError: You have to specify either input_ids or inputs_embeds"""

DEBUGGING = """# {title}

{prose}

```py
model(inputs)
```

{says}

```python out
{trace}
```

```py
trainer.train()
```

```python out
---> 12 trainer.train()
KeyError: 'label'
```

```py
tokenizer(pairs)
```

```python out
TypeError: TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, InputSequence]]...
```

```py
outputs = model(**batch)
```

```python out
AttributeError: 'list' object has no attribute 'size'
```

```py
model(long_inputs)
```

```python out
IndexError: index out of range in self
```

> {quote}
>
> ```py
> pipe(text)
> ```
>
> ```python out
> "KeyError: 'label'"
> ```
"""

CLEAN = """# {title}

{prose}

```py
int("x")
```

```python out
ValueError: invalid literal for int() with base 10: 'x'
```
"""

TRANSLATED_TRACE = TRACE.replace("You have to specify either input_ids or inputs_embeds",
                                 "Devi specificare input_ids oppure inputs_embeds")

LANGUAGES = {
    # language: (title, prose, what the model says, quote)
    "en": ("Debugging", "We call the model.", "The model says:", "A pipeline:"),
    "fr": ("Débogage", "Nous appelons le modèle.", "Le modèle répond :", "Un pipeline :"),
    "zh-CN": ("调试", "我们调用模型。", "模型说：", "一个管道："),
    "it": ("Debug", "Chiamiamo il modello.", "Il modello dice:", "Una pipeline:"),
}
CRLF_LANGUAGE = "zh-CN"
"""Its lessons are written with Windows line breaks."""
OWN_LANGUAGE = "it"
"""Its first output fence is translated: it differs from the source's."""

RAISED = {
    # code fence index: (verdict, raised, note, cause)
    0: (Verdict.ERROR_DRIFT,
        "ValueError: You must specify exactly one of input_ids or inputs_embeds", "", None),
    1: (Verdict.ERROR_DRIFT, "KeyError: 'labels'", "", None),
    2: (Verdict.ERROR_DRIFT, "TypeError: argument 'text': 'list' object cannot be converted "
        "to 'PyString' when the pairs are given as lists of lists of words", "", None),
    3: (Verdict.NOT_REACHED, "NameError: name 'batch' is not defined", "", 1),
    4: (Verdict.ERROR_DRIFT, "RuntimeError: The size of tensor a (64) must match",
        "the notebook runs on stand-ins (`tiny/bert`: the real architectures, shrunk in "
        "width and depth); a documented error that depends on the real model's hidden "
        "size cannot show on them", None),
    5: (Verdict.ERROR_DRIFT, "KeyError: 'labels'",
        "the real architecture (`tiny/bert` built at its real widths from its "
        "configuration, random weights) raises the same: the libraries changed, not "
        "only the stand-in", None),
}
"""What the verification saw at each code fence of the English lesson."""


def lesson_text(template: str, language: str) -> str:
    title, prose, says, quote = LANGUAGES[language]
    trace = TRANSLATED_TRACE if language == OWN_LANGUAGE else TRACE
    text = template.format(title=title, prose=prose, says=says, quote=quote, trace=trace)
    return text.replace("\n", "\r\n") if language == CRLF_LANGUAGE else text


def lesson_path(language: str, number: int) -> Path:
    return Path("content", language, "chapter1", f"{number}.mdx")


def write_course(root: Path) -> Path:
    for language in LANGUAGES:
        folder = root / "content" / language
        (folder / "chapter1").mkdir(parents=True)
        (folder / "_toctree.yml").write_text(TOCTREE, encoding="utf-8")
        for number, template in ((1, DEBUGGING), (2, CLEAN)):
            (root / lesson_path(language, number)).write_bytes(
                lesson_text(template, language).encode("utf-8"))
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    return root


def _cells(number: int, template: str, raised: dict[int, tuple[Verdict, str, str, int | None]]
           ) -> list[CellResult]:
    path = lesson_path("en", number).as_posix()
    lesson = parse_lesson(lesson_text(template, "en"), path=path, language="en")
    cells = []
    for index, code in enumerate(lesson.code_blocks()):
        documented = " or ".join(f"{o.exception.name}: {o.exception.message}".rstrip(": ")
                                 for o in code.outputs if o.exception is not None)
        verdict, error, note, cause = raised.get(index, (Verdict.REPRODUCED, "", "", None))
        cells.append(CellResult(index=index, source=f"{path}:{code.line}", verdict=verdict,
                                cause=cause, note=note, documented=documented,
                                raised=error))
    return cells


def verify_report() -> VerifyReport:
    """The report of a verification of the English lessons, as ``verify_course`` gives it."""
    return VerifyReport(notebooks=[
        NotebookResult("content/en/chapter1/1.mdx", "en", "pt", "en/chapter1/1.ipynb",
                       cells=_cells(1, DEBUGGING, RAISED)),
        NotebookResult("content/en/chapter1/2.mdx", "en", "pt", "en/chapter1/2.ipynb",
                       cells=_cells(2, CLEAN, {})),
    ])


def write_report(path: Path, report: VerifyReport | None = None) -> Path:
    """``report`` as ``verify --format json`` writes it."""
    import json

    found = report or verify_report()
    diagnostics: list[Diagnostic] = found.all_diagnostics()
    path.write_text(json.dumps(verify_document(found, diagnostics)), encoding="utf-8")
    return path
