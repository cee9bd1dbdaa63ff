"""Which translated block is which source block where the two differ in their text: a
plain-text fence is the same kind of block tagged ```text or not, the closest in text is
the counterpart, and a block that an unclosed fence took in is that fence's finding."""

from __future__ import annotations

import pytest

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Code
from coursekit.lessons.parse import parse_lesson
from coursekit.translations import block_match
from coursekit.translations.block_match import twins
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from ..lesson_model import code

EN = "content/en/chapter1/3.mdx"
FR = "content/fr/chapter1/3.mdx"

SOURCE = """# Prompts

```python
messages = [{"role": "user", "content": "Hello"}]
```

The prompt is now:

```{tag}
<|system|>
You answer questions about the weather.
<|user|>
Hello
```

And the model writes:

```
Final answer: it is sunny.
```
"""

TRANSLATION = """# Les prompts

```python
messages = [{"role": "user", "content": "Hello"}]
```

Le prompt est maintenant :

```{tag}
<|system|>
Vous répondez aux questions sur la météo.
<|user|>
Hello
```

Et le modèle écrit :

```
Réponse finale : il fait beau.
```
"""


def _found(source: str, translation: str) -> list[Diagnostic]:
    src = digest(parse_lesson(source, path=EN, language="en", chapter=1, section="3"))
    tgt = digest(parse_lesson(translation, path=FR, language="fr", chapter=1, section="3"))
    return compare_lessons(src, tgt, Settings())


def test_a_translated_text_fence_without_its_tag_is_the_source_block_translated() -> None:
    found = _found(SOURCE.replace("{tag}", "text"), TRANSLATION.replace("{tag}", ""))
    assert [(d.rule, d.message) for d in found] == []


def test_a_text_fence_with_its_tag_kept_is_no_finding_either() -> None:
    found = _found(SOURCE.replace("{tag}", "text"), TRANSLATION.replace("{tag}", "text"))
    assert found == []


def test_a_fence_of_another_kind_is_still_missing_and_extra() -> None:
    found = _found(SOURCE.replace("{tag}", "json"), TRANSLATION.replace("{tag}", ""))
    assert sorted(d.rule for d in found) == ["TRN107", "TRN108"]


UNCLOSED = """# Messages

```python
system = {{"role": "system", "content": "{polite}"}}
```

With it, the assistant is polite:
```

<img src="polite.png"/>

If we change it to:

```python
system = {{"role": "system", "content": "{rebel}"}}
```

Here is the template:

```
<|im_start|>system
{polite}<|im_end|>
```
"""


def test_a_block_an_unclosed_fence_took_in_is_reported_once_as_that_fence() -> None:
    source = UNCLOSED.format(polite="Be polite.", rebel="Be rebellious.").replace(
        "With it, the assistant is polite:\n```\n", "With it, the assistant is polite:\n")
    translation = UNCLOSED.format(polite="Sois poli.", rebel="Sois rebelle.")
    lesson = parse_lesson(translation, path=FR, language="fr", chapter=1, section="3")
    assert [d.rule for d in lesson.diagnostics] == ["LES103"]
    found = _found(source, translation)
    # The second Python block is text of the fence left open: missing from the notebook.
    assert [(d.rule, d.line) for d in found] == [("TRN107", 3)]


def test_the_same_lesson_with_its_fence_closed_has_no_finding() -> None:
    source = UNCLOSED.format(polite="Be polite.", rebel="Be rebellious.").replace(
        "With it, the assistant is polite:\n```\n", "With it, the assistant is polite:\n")
    translation = UNCLOSED.format(polite="Sois poli.", rebel="Sois rebelle.").replace(
        "With it, the assistant is polite:\n```\n", "With it, the assistant is polite:\n")
    assert _found(source, translation) == []


PYTHON_LEFT_OPEN = """# Tools

```python
tools = spec.to_tool_list()
{close}
{words}

```python
[tool.name for tool in tools]
```
"""


def test_a_python_block_left_open_is_no_code_drift_beside_its_unclosed_fence() -> None:
    source = PYTHON_LEFT_OPEN.format(close="```", words="Look at each tool:")
    translation = PYTHON_LEFT_OPEN.format(close="", words="Regardons chaque outil :")
    assert [d.rule for d in parse_lesson(translation, path=FR, language="fr").diagnostics] == [
        "LES103"]
    # The source's second block is in no cell of the translated notebook.
    assert [d.rule for d in _found(source, translation)] == ["TRN107"]
    closed = PYTHON_LEFT_OPEN.format(close="```", words="Regardons chaque outil :")
    assert _found(source, closed) == []


def test_a_block_added_at_the_end_and_never_closed_is_still_a_block_with_no_counterpart(
) -> None:
    source = PYTHON_LEFT_OPEN.format(close="```", words="Look at each tool:")
    translation = source + "\n```python\nprint(len(tools))\n"
    assert [d.rule for d in parse_lesson(translation, path=FR, language="fr").diagnostics] == [
        "LES103"]
    assert [d.rule for d in _found(source, translation)] == ["TRN108"]


NEWER = """# Tracing

```python
import os
```

```python
from tracing import get_client
client = get_client()
client.check()
```

```python
from tracing.agents import Instrumentor
Instrumentor().instrument()
```
"""

OLDER = """# Le traçage

```python
import os
```

```python
from tracing.sdk import Provider
from tracing.agents import Instrumentor
from tracing.export import Exporter, Processor

provider = Provider()
provider.add(Processor(Exporter()))
Instrumentor().instrument(provider=provider)
```
"""


def test_an_older_version_of_a_block_is_compared_with_that_block_not_the_one_before_it(
) -> None:
    found = _found(NEWER, OLDER)
    assert sorted((d.rule, d.message.splitlines()[0]) for d in found) == [
        ("TRN107", f"the source's ```python block `from tracing import get_client` ({EN}:7) "
                   "is missing (after line 3)"),
        ("TRN201", f"code differs from the source block {EN}:13:"),
    ]


def test_the_same_blocks_in_the_same_order_are_no_finding() -> None:
    assert _found(NEWER, NEWER.replace("# Tracing", "# Le traçage")) == []


def test_blocks_are_measured_for_likeness_only_where_one_has_a_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[tuple[str, str]] = []

    def likeness(src: Code, tgt: Code) -> float:
        measured.append((src.source, tgt.source))
        return real(src, tgt)

    real = block_match._likeness
    monkeypatch.setattr(block_match, "_likeness", likeness)
    alone = twins([code(3, "load(data)")], [code(3, "charger(data)")])
    assert [t.source for t in alone.values()] == ["charger(data)"] and measured == []
    sources = [code(3, "x = load(a)"), code(9, "y = save(b)")]
    found = twins(sources, [code(3, "y = save(b, c)"), code(9, "x = load(a, c)")])
    assert [found[id(s)].source for s in sources] == ["x = load(a, c)", "y = save(b, c)"]
    assert len(measured) == 4
