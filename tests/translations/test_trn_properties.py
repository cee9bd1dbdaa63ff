"""Properties of alignment and comparison on arbitrary block sequences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.lessons.model import Code, Framework
from coursekit.translations.align import align
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, error, heading, lesson

SNIPPETS = (
    "x = 1\n", "x = 1  # note\n", "print(x)\n", "y = f(x\n", "for i in r:\n    g(i)\n",
    "from transformers import AdamW\n", "'''doc\n# not a comment\n'''\n", "!pip install x\n",
)

blocks = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(SNIPPETS), st.text(max_size=40)),
        st.sampled_from(list(Framework)),
        st.booleans(),
    ),
    max_size=8,
)


Spec = list[tuple[str, Framework, bool]]


def _codes(spec: Spec) -> list[Code]:
    return [
        code(10 * (i + 1), source, framework=fw,
             outputs=(error(10 * (i + 1) + 5, "ValueError", "bad"),) if raises else ())
        for i, (source, fw, raises) in enumerate(spec)
    ]


@given(blocks, blocks)
@settings(max_examples=150, deadline=None)
def test_alignment_keeps_every_block_once_and_in_order(a: Spec, b: Spec) -> None:
    src, tgt = _codes(a), _codes(b)
    pairs = align(src, tgt)
    assert [p.source for p in pairs if p.source is not None] == src
    assert [p.translation for p in pairs if p.translation is not None] == tgt


@given(blocks, blocks, st.lists(st.sampled_from(["a", "b", "c", None]), max_size=4))
@settings(max_examples=150, deadline=None)
def test_comparison_never_raises_and_locates_in_the_translation(
    a: Spec, b: Spec, anchors: list[str | None]
) -> None:
    heads = [heading(1000 + i, "H", anchor) for i, anchor in enumerate(anchors)]
    src = digest(lesson("content/en/chapter1/1.mdx", *_codes(a)))
    tgt = digest(lesson("content/fr/chapter1/1.mdx", *_codes(b), *heads))
    found = compare_lessons(src, tgt, Settings())
    assert all(d.path == "content/fr/chapter1/1.mdx" for d in found)


@given(blocks)
@settings(max_examples=100, deadline=None)
def test_a_lesson_compared_with_itself_is_clean(a: Spec) -> None:
    src = digest(lesson("content/en/chapter1/1.mdx", *_codes(a)))
    tgt = digest(lesson("content/fr/chapter1/1.mdx", *_codes(a)))
    assert compare_lessons(src, tgt, Settings()) == []
