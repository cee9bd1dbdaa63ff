"""A block the translation has elsewhere, or in another fence, is one finding that says
where it is, not a block "missing" and a block with "no counterpart in the source"."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, lesson

EN = "content/en/chapter2/5.mdx"
FR = "content/fr/chapter2/5.mdx"
LOAD = "from datasets import load_dataset\nraw = load_dataset('glue')\n"
TOKENIZE = "# tokenize\nfrom transformers import AutoTokenizer\ntok = AutoTokenizer()\n"
MAP = "def encode(row):\n    return tok(row['text'])\n\ndata = raw.map(encode)\n"
SHOW = "print(data[0])\n"


def _found(source: list[tuple[str, str]], translation: list[tuple[str, str]]
           ) -> list[Diagnostic]:
    def blocks(texts: list[tuple[str, str]]) -> list[object]:
        return [code(1 + 10 * i, text, info=info) for i, (info, text) in enumerate(texts)]

    src = digest(lesson(EN, *blocks(source)))  # type: ignore[arg-type]
    tgt = digest(lesson(FR, *blocks(translation)))  # type: ignore[arg-type]
    return compare_lessons(src, tgt, Settings())


SOURCE = [("py", LOAD), ("py", TOKENIZE), ("py", MAP), ("py", SHOW)]


def test_two_blocks_in_another_order_are_one_finding_that_says_where() -> None:
    found = _found(SOURCE, [("py", LOAD), ("py", MAP), ("py", TOKENIZE.replace(
        "# tokenize", "# tokeniser")), ("py", SHOW)])
    assert [(d.rule, d.line) for d in found] == [("TRN107", 21)]
    assert found[0].message == (
        f"the source's ```py block `# tokenize` ({EN}:11) is at line 21 here, in another "
        "order than in the source")


def test_a_block_written_in_another_fence_is_one_finding_that_says_it_does_not_run() -> None:
    indented = "".join(f"    {line}" for line in TOKENIZE.splitlines(keepends=True))
    found = _found(SOURCE, [("py", LOAD), ("bash", indented), ("py", MAP), ("py", SHOW)])
    # Its names are undefined where the notebook runs them: that error stays.
    assert [(d.rule, d.line) for d in found] == [("TRN107", 11), ("TRN204", 23)]
    assert found[0].message == (
        f"the source's ```py block `# tokenize` ({EN}:11) is a ```bash block here "
        "(line 11): its code does not run")


def test_a_block_dropped_and_another_added_are_still_missing_and_extra() -> None:
    found = _found(SOURCE, [("py", LOAD), ("py", TOKENIZE), ("py", SHOW),
                            ("py", "import matplotlib\nplot(histogram)\n")])
    assert sorted(d.rule for d in found if d.rule != "TRN204") == ["TRN107", "TRN108"]
