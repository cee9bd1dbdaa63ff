"""Verdicts in the right category on the PyTorch lesson kernel with its stand-ins.

Planted: an ``https`` ``data_files`` entry loaded offline (``needs-network`` naming the
host, not a ``FileNotFoundError`` of the lesson), a removed pipeline keyword and the old
rouge aggregate (``api-drift`` from the table), a placeholder repo id that nothing pushed
(``placeholder-repo``, never ``needs-network``). Clean counterparts: a local
``data_files`` entry, the same pipeline and metric used as the libraries are today, a
placeholder repo id the lesson pushed to first.
"""

from __future__ import annotations

import pytest

from coursekit.config import Course
from coursekit.execution.results import NotebookResult, Verdict
from coursekit.execution.verify import verify_course

from ..kernel_skip import kernel_or_skip

pytestmark = [pytest.mark.kernel, pytest.mark.torch, pytest.mark.slow]

COURSE_TOML = """\
source-language = "en"
kernels = { pt = "coursekit-pt" }

[verify]
timeout = 240
"""
LESSON = '''\
# Categories

```py
from datasets import load_dataset

remote = load_dataset("csv", data_files="https://data.example.org/files/reviews.csv")
```

```py
with open("reviews.csv", "w") as handle:
    handle.write("text,label\\nfine,1\\nbad,0\\n")
local = load_dataset("csv", data_files="reviews.csv")
print(local["train"].num_rows)
```

```python out
2
```

```py
from transformers import pipeline

grouped = pipeline("ner", model="dslim/bert-base-NER", grouped_entities=True)
```

```py
tagger = pipeline("ner", model="dslim/bert-base-NER", aggregation_strategy="simple")
entities = tagger("Sylvain works at Hugging Face in Brooklyn.")
```

```py
import evaluate

rouge = evaluate.load("rouge")
scores = rouge.compute(predictions=["a cat sat"], references=["a cat sat down"])
scores["rouge1"].mid.fmeasure
```

```py
round(float(scores["rouge1"]), 2) > 0
```

```py
from transformers import AutoModelForTokenClassification

mine = AutoModelForTokenClassification.from_pretrained("your-username/bert-finetuned-ner")
```

```py
tagger.model.push_to_hub("your-username/bert-pushed-ner")
again = AutoModelForTokenClassification.from_pretrained("your-username/bert-pushed-ner")
```
'''


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> NotebookResult:
    kernel_or_skip("pt")
    root = tmp_path_factory.mktemp("categories")
    (root / "coursekit.toml").write_text(COURSE_TOML, encoding="utf-8")
    lesson = root / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(LESSON, encoding="utf-8")
    report = verify_course(Course.open(root), paths=[lesson], device="cpu", jobs=1,
                           use_cache=False)
    [notebook] = report.notebooks
    return notebook


def test_each_failure_has_its_category(result: NotebookResult) -> None:
    verdicts = [(c.verdict, c.cause) for c in result.cells]
    assert verdicts == [
        (Verdict.NEEDS_NETWORK, None),
        (Verdict.OK, None),
        (Verdict.API_DRIFT, None),
        (Verdict.OK, None),
        (Verdict.API_DRIFT, None),
        (Verdict.OK, None),
        (Verdict.PLACEHOLDER_REPO, None),
        (Verdict.OK, None),
    ], [c.detail for c in result.cells]
    remote, _, grouped, _, mid, _, placeholder, _ = result.cells
    assert "`host data.example.org`" in remote.detail
    assert "`grouped_entities=`" in grouped.detail
    assert "aggregation_strategy" in grouped.hint
    assert "`evaluate`'s rouge returns each score as a plain number" in mid.detail
    assert "`your-username/bert-finetuned-ner`, a placeholder" in placeholder.detail
    assert result.headline == "needs-network"
    [note] = [d for d in result.diagnostics if d.rule == "EXE109"]
    assert note.severity.value == "note"
    assert "[tool.coursekit.standins.models]" in (note.hint or "")
