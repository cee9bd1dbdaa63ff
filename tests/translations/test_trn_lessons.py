"""One translated lesson against its source: every kind of planted drift, each with a
clean counterpart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.lessons.model import Block, Framework
from coursekit.translations.check import compare_lessons
from coursekit.translations.code_changes import Change
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings
from coursekit.translations.stale import bundled

from .trn_lessons import (
    LOOP,
    SETUP,
    SHAPES,
    code,
    error,
    heading,
    lesson,
    marker,
    prose,
    question,
    result,
    video,
)

EN = "content/en/chapter8/4.mdx"
FR = "content/fr/chapter8/4.mdx"
SETTINGS = Settings()
LINKS = "See [the data chapter](/course/chapter5/2) and [below](#debugging)."
ERROR_CODE = "trainer.train()\n"


def source_blocks() -> list[Block]:
    return [
        heading(1, "Debugging", "debugging-the-pipeline", level=1),
        video(3, "L-WSwUWde1U"),
        prose(5, LINKS),
        heading(7, "Check your data", "check-your-data"),
        code(9, SETUP),
        code(13, SHAPES, outputs=(result(17, "{'input_ids': torch.Size([8, 65])}"),)),
        marker(20, "if", Framework.PT),
        code(21, LOOP, framework=Framework.PT),
        marker(25, "else", Framework.TF),
        code(26, "model.fit(data)\n", framework=Framework.TF),
        marker(29, "end", Framework.BOTH),
        heading(31, "Debugging", "debugging"),
        code(33, ERROR_CODE, outputs=(error(36, "ValueError", "expected sequence of length 43"),)),
    ]


def translated(
    replace: dict[int, Block | None] | None = None, add: Sequence[Block] = ()
) -> list[Block]:
    """The French lesson: the source with prose translated, then the planted changes.

    ``replace`` maps a source block's line to its replacement (``None`` drops it).
    """
    replace = replace or {}
    blocks: list[Block] = []
    for block in source_blocks():
        if block.line in replace:
            new = replace[block.line]
            if new is not None:
                blocks.append(new)
        elif block.line == 5:
            blocks.append(prose(5, LINKS.replace("See", "Voir").replace("below", "plus bas")))
        else:
            blocks.append(block)
    return sorted([*blocks, *add], key=lambda b: b.line)


def check(blocks: list[Block], settings: Settings = SETTINGS) -> list[Diagnostic]:
    src = digest(lesson(EN, *source_blocks()))
    tgt = digest(lesson(FR, *blocks))
    return compare_lessons(src, tgt, settings)


def rules(found: list[Diagnostic]) -> list[str]:
    return sorted(d.rule for d in found)


def test_a_faithful_translation_is_clean() -> None:
    assert check(translated()) == []


def test_translated_comments_and_strings_are_ignored_by_default() -> None:
    commented = code(9, "# charger le tokeniseur\n" + SETUP.replace("ckpt)", "ckpt)  # ici"))
    assert check(translated({9: commented})) == []


def test_variations_are_reported_when_not_ignored() -> None:
    commented = code(9, "# charger\n" + SETUP)
    found = check(translated({9: commented}), Settings(ignored=frozenset({Change.WHITESPACE})))
    assert rules(found) == ["TRN202"]
    assert found[0].line == 9
    assert "comments differ" in found[0].message


def test_code_drift_is_reported_with_a_diff_and_the_source_location() -> None:
    drifted = code(21, LOOP.replace("loss.backward()", "loss.backward(retain_graph=True)"),
                   framework=Framework.PT)
    found = check(translated({21: drifted}))
    assert rules(found) == ["TRN201"]
    assert found[0].path == FR
    assert found[0].line == 21
    assert f"{EN}:21" in found[0].message
    assert "+ loss.backward(retain_graph=True)" in found[0].message


def test_syntax_error_only_in_the_translation() -> None:
    broken = code(13, SHAPES.replace("(loader))", "(loader)"),
                  outputs=source_blocks()[5].outputs)  # type: ignore[union-attr]
    found = check(translated({13: broken}))
    assert rules(found) == ["TRN203"]
    assert found[0].message.startswith("SyntaxError:")
    assert found[0].line == 14
    # The fix shows the line that broke, after the source's line, before other changes.
    assert found[0].hint is not None
    shown = found[0].hint.splitlines()[1:3]
    assert shown[0].startswith("- ") and shown[0].endswith("(loader))")
    assert shown[1].startswith("+ ") and shown[1].endswith("(loader)")


def test_renamed_variable_is_an_undefined_name() -> None:
    renamed = code(9, SETUP.replace("tokenizer =", "tokeniseur ="))
    extra = code(12, "tokens = tokenizer('bonjour')\n")
    found = check(translated({9: renamed}, add=[extra]))
    names = [d for d in found if d.rule == "TRN204"]
    assert len(names) == 1
    assert names[0].line == 13
    assert "`tokenizer`" in names[0].message
    assert names[0].hint == "this lesson defines `tokeniseur`: renamed?"


def test_a_name_only_the_translation_reads_unbound_is_an_undefined_name() -> None:
    extra = code(12, "print(clip[0], 16000)\n")
    names = [d for d in check(translated(add=[extra])) if d.rule == "TRN204"]
    assert [(d.line, d.fingerprint) for d in names] == [(13, "clip")]
    assert names[0].message.endswith("the source neither defines nor uses it")
    # Its counterpart: a name the source reads unbound too (`loader`, from an earlier
    # lesson) is the source's to define, not a defect of the translation.
    shared = code(12, "print(len(loader))\n")
    assert [d for d in check(translated(add=[shared])) if d.rule == "TRN204"] == []


def test_a_missing_block_is_reported_once_and_later_blocks_still_pair() -> None:
    found = check(translated({13: None}))
    assert rules(found) == ["TRN107"]
    assert found[0].line == 9
    assert f"{EN}:13" in found[0].message


def test_an_extra_block_is_reported() -> None:
    found = check(translated(add=[code(15, "print('en plus')\n")]))
    assert rules(found) == ["TRN108"]
    assert found[0].line == 15


def test_a_missing_output_block_is_reported() -> None:
    found = check(translated({13: code(13, SHAPES)}))
    assert rules(found) == ["TRN109"]


def test_documented_error_missing() -> None:
    found = check(translated({33: code(33, ERROR_CODE, outputs=(result(36, "ok"),))}))
    assert rules(found) == ["TRN301"]
    assert "ValueError: expected sequence of length 43" in found[0].message


def test_documented_error_extra() -> None:
    raised = code(13, SHAPES, outputs=(error(17, "KeyError", "'input_ids'"),))
    found = check(translated({13: raised}))
    assert rules(found) == ["TRN302"]
    assert found[0].line == 17


def test_documented_error_with_a_translated_message() -> None:
    changed = code(33, ERROR_CODE,
                   outputs=(error(36, "ValueError", "séquence attendue de longueur 43"),))
    found = check(translated({33: changed}))
    assert rules(found) == ["TRN303"]
    assert found[0].line == 36


def test_documented_error_with_a_qualified_name_is_the_same_error() -> None:
    qualified = code(33, ERROR_CODE, outputs=(
        error(36, "builtins.ValueError", "expected  sequence of length 43"),))
    assert check(translated({33: qualified})) == []


def test_a_changed_anchor() -> None:
    found = check(translated({7: heading(7, "Vérifier vos données", "verifier-vos-donnees")}))
    assert rules(found) == ["TRN102"]
    assert found[0].line == 7
    assert "`check-your-data`" in found[0].message


def test_a_missing_heading_changes_the_count_and_loses_its_anchor() -> None:
    found = check(translated({7: None}))
    assert rules(found) == ["TRN101", "TRN102"]


def test_duplicate_anchor_ids_are_the_lesson_rule_s_not_a_translation_rule() -> None:
    found = check(translated({31: heading(31, "Débogage", "check-your-data")}))
    assert rules(found) == ["TRN102"]
    assert found[0].severity is Severity.NOTE


def test_video_replaced() -> None:
    found = check(translated({3: video(3, "other-video")}))
    assert rules(found) == ["TRN104", "TRN104"]


def test_framework_blocks_changed() -> None:
    found = check(translated({25: None, 26: None, 20: marker(20, "if", Framework.PT)}))
    framework = [d for d in found if d.rule == "TRN105"]
    assert len(framework) == 1
    assert framework[0].line == 20
    assert framework[0].severity is Severity.ERROR  # the TensorFlow branch is gone


def test_framework_blocks_the_source_dropped_are_a_warning() -> None:
    """A translation that keeps a block its source no longer has builds both notebooks
    and loses nothing; the source's own block is still there."""
    kept: list[Block] = [marker(40, "if", Framework.PT), prose(41, "PyTorch."),
                         marker(42, "else", Framework.TF), prose(43, "TensorFlow."),
                         marker(44, "end", Framework.BOTH)]
    framework = [d for d in check(translated(add=kept)) if d.rule == "TRN105"]
    assert [d.severity for d in framework] == [Severity.WARNING]
    assert "keeps every block of the source" in framework[0].message


PT, TF, BOTH = Framework.PT, Framework.TF, Framework.BOTH


def _groups(bare_first: bool = False) -> list[Block]:
    """Three ``pt/tf`` blocks (lines 1-9, 11-19, 21-29), then a ``tf`` one (31-35); with
    ``bare_first``, the first block's code without its markers."""
    blocks: list[Block] = []
    for n in range(3):
        at = 10 * n + 1
        blocks += [marker(at, "if", PT), code(at + 1, f"x = torch.ones({n})\n", framework=PT),
                   marker(at + 4, "else", TF), code(at + 5, f"x = tf.ones({n})\n", framework=TF),
                   marker(at + 8, "end", BOTH)]
    blocks += [marker(31, "if", TF), code(32, "model.compile('adam')\n", framework=TF),
               marker(35, "end", BOTH)]
    if bare_first:
        blocks = [replace(b, framework=BOTH) if b.line in (2, 6) else b
                  for b in blocks if b.line not in (1, 5, 9)]
    return blocks


def test_framework_markers_lost_around_a_block_are_found_where_they_were() -> None:
    """The translation keeps a later ``tf`` block, so its blocks' frameworks first differ
    at its third block: the finding is on the first block's code, left bare."""
    src = digest(lesson(EN, *_groups()))
    found = compare_lessons(src, digest(lesson(FR, *_groups(bare_first=True))), SETTINGS)
    [framework] = [d for d in found if d.rule == "TRN105"]
    assert framework.line == 2
    assert framework.message == (
        f"framework blocks [pt/tf, pt/tf, tf] differ from those of {EN} "
        "[pt/tf, pt/tf, pt/tf, tf] from block 1 on (line 1 there)")
    assert compare_lessons(src, digest(lesson(FR, *_groups())), SETTINGS) == []


def test_course_links_changed() -> None:
    relinked = prose(5, "Voir [le chapitre](/course/fr/chapter5/3) et [plus bas](#debugging).")
    found = check(translated({5: relinked}))
    # one link to another page in the place of the source's: one finding naming both
    assert rules(found) == ["TRN106"]
    assert [d.fingerprint for d in found] == ["retargeted:chapter5/2:chapter5/3"]


UNITS = ("* [Unit 1](/course/chapter1): audio data.\n"
         "* [Unit 2](/course/chapter2): pipelines, for\nclassification and recognition.\n"
         "* [Unit 3](/course/chapter3): architectures.")
UNITS_FR = ("* [Unité 1](/course/fr/chapter1) : les données audio.\n"
            "* [Unité 2](/course/fr/chapter2) : les pipelines.\n"
            "* [Unité 3](/course/fr/chapter3) : les architectures.")


def _units(text: str) -> list[Diagnostic]:
    """The link findings on a translation whose section of units (its list at line 44)
    reads ``text``, against the source's list at line 42."""
    src = digest(lesson(EN, *source_blocks(), heading(40, "Units", "units"), prose(42, UNITS)))
    tgt = digest(lesson(FR, *translated(), heading(40, "Unités", "units"), prose(44, text)))
    return [d for d in compare_lessons(src, tgt, SETTINGS) if d.rule == "TRN106"]


def test_each_link_of_a_list_is_found_on_its_own_line_on_both_sides() -> None:
    """Each link of the source's list names the line of its item (the second item wraps),
    and the finding stands on the line of the translation's item of the same number."""
    bare = "* Unité 1 : les données.\n* Unité 2 : les pipelines.\n* Unité 3 : les architectures."
    assert [(d.line, d.message) for d in _units(bare)] == [
        (44 + n, f"no link to `chapter{n + 1}` (the source {EN}:{line} links to it)")
        for n, line in enumerate((42, 43, 45))]
    relinked = _units(UNITS_FR.replace("/chapter3)", "/chapter4)"))
    assert [(d.line, d.fingerprint) for d in relinked] == [
        (46, "retargeted:chapter3:chapter4")]
    assert _units(UNITS_FR) == []  # the clean counterpart


def test_a_quiz_at_a_lesson_path_is_a_section_mismatch_and_nothing_else() -> None:
    quiz: list[Block] = [heading(1, "Quiz de fin de chapitre", "end-of-chapter-quiz", level=1),
            question(3), question(9)]
    found = check(quiz)
    assert rules(found) == ["TRN003"]
    assert "the source is a lesson, this file a quiz" in found[0].message


def test_a_lesson_that_ends_with_a_section_quiz_is_a_lesson() -> None:
    end_quiz = [question(100), question(106)]
    src = digest(lesson(EN, *source_blocks(), *end_quiz))
    assert compare_lessons(src, digest(lesson(FR, *translated(), *end_quiz)), SETTINGS) == []
    found = compare_lessons(src, digest(lesson(FR, *translated())), SETTINGS)
    assert "TRN003" not in rules(found)


def test_a_translation_the_source_outgrew_is_outdated_not_another_lesson() -> None:
    """Only the first heading and no code left: the source was rewritten since."""
    found = check([heading(1, "Débogage", "debugging-the-pipeline", level=1), prose(3, "Voir.")])
    assert "TRN003" not in rules(found)
    assert {"TRN101", "TRN107"} <= set(rules(found))


def test_another_lesson_at_the_same_path_is_a_section_mismatch() -> None:
    other: list[Block] = [heading(1, "Autre", None, level=1), code(5, "import numpy as np\n"),
             code(9, "np.zeros(3)\n"), code(12, "np.ones(2)\n")]
    assert rules(check(other)) == ["TRN003"]


def test_an_older_version_with_the_source_s_video_is_no_section_mismatch() -> None:
    """The source was rewritten (other code, other headings, no anchors): the video it
    still shows says the translation is an older version of the same lesson."""
    older: list[Block] = [heading(1, "Autre version", None, level=1), video(3, "L-WSwUWde1U"),
                          code(5, "import numpy as np\n"), code(9, "np.zeros(3)\n"),
                          code(12, "np.ones(2)\n")]
    found = check(older)
    assert "TRN003" not in rules(found)
    assert "TRN107" in rules(found)


def test_an_older_version_with_the_source_s_image_is_no_section_mismatch() -> None:
    figure = '<img src="https://example.org/course/loss-curve.png" alt="loss">'
    src = digest(lesson(EN, *source_blocks(), prose(40, f"The loss:\n{figure}")))
    older: list[Block] = [heading(1, "Autre version", None, level=1), prose(2, "![perte]"
                          "(https://example.org/course/loss-curve.png)"),
                          code(5, "import numpy as np\n"), code(9, "np.zeros(3)\n"),
                          code(12, "np.ones(2)\n")]
    found = compare_lessons(src, digest(lesson(FR, *older)), SETTINGS)
    assert "TRN003" not in rules(found)
    other_image = [older[0], prose(2, "![autre](https://example.org/course/other.png)"),
                   *older[2:]]
    assert rules(compare_lessons(src, digest(lesson(FR, *other_image)), SETTINGS)) == [
        "TRN003"]


def test_fingerprints_survive_line_shifts() -> None:
    drifted = LOOP.replace("loss.backward()", "loss.backward(retain_graph=True)")
    first = check(translated({21: code(21, drifted, framework=Framework.PT)}))
    shifted = [b for b in translated() if b.line != 21]
    moved = check(sorted(
        [*(_shift(b, 7) for b in shifted), code(28, drifted, framework=Framework.PT)],
        key=lambda b: b.line,
    ))
    assert [d.fingerprint for d in first] == [d.fingerprint for d in moved]
    assert first[0].line != moved[0].line


def _shift(block: Block, by: int) -> Block:
    return replace(block, line=block.line + by)


def _expecting(line: int, name: str, message: str) -> Block:
    from types import MappingProxyType

    from coursekit.lessons.model import Directive

    directive = Directive(line=line - 1, kind="expect-error",
                          args=MappingProxyType({"name": name, "message": message}))
    return replace(code(line, ERROR_CODE), directives=(directive,))


def test_an_error_declared_by_a_directive_must_be_kept() -> None:
    source = [b for b in source_blocks() if b.line != 33] + [_expecting(33, "KeyError", "x")]
    src = digest(lesson(EN, *source))
    kept = digest(lesson(FR, *source))
    dropped = digest(lesson(FR, *[*source[:-1], code(33, ERROR_CODE)]))
    assert compare_lessons(src, kept, SETTINGS) == []
    assert rules(compare_lessons(src, dropped, SETTINGS)) == ["TRN301"]


STALE = "from transformers import AdamW\noptimizer = AdamW(model.parameters())\n"
CURRENT = "from torch.optim import AdamW\noptimizer = AdamW(model.parameters())\n"


WITH_STALE_APIS = Settings(stale_apis=bundled())


def test_stale_api_the_source_no_longer_uses() -> None:
    src = digest(lesson(EN, *source_blocks(), code(40, CURRENT)))
    tgt = digest(lesson(FR, *translated(), code(40, STALE)))
    found = compare_lessons(src, tgt, WITH_STALE_APIS)
    assert rules(found) == ["TRN201", "TRN401"]
    assert next(d for d in found if d.rule == "TRN401").line == 41


def test_stale_api_shared_with_the_source_is_no_translation_finding() -> None:
    src = digest(lesson(EN, *source_blocks(), code(40, STALE)))
    tgt = digest(lesson(FR, *translated(), code(40, STALE)))
    assert compare_lessons(src, tgt, WITH_STALE_APIS) == []


def test_an_error_whose_block_was_rewritten_is_not_both_missing_and_extra() -> None:
    loop = "for batch in loader:\n    outputs = model(**batch)\n    loss.backward()\n"
    rewritten = code(33, loop,
                     outputs=(error(37, "ValueError", "expected sequence of length 43"),))
    found = check(translated({33: rewritten}))
    assert not {"TRN301", "TRN302"} & set(rules(found))
    assert "TRN303" not in rules(found)
    dropped = code(33, "for batch in loader:\n    outputs = model(**batch)\n    loss.backward()\n")
    assert "TRN301" in rules(check(translated({33: dropped})))
    translated_message = code(33, "for batch in loader:\n    outputs = model(**batch)\n",
                              outputs=(error(36, "ValueError", "longueur attendue 43"),))
    assert rules(check(translated({33: translated_message}))).count("TRN303") == 1


def test_a_chapter_index_and_a_page_of_that_chapter_are_the_same_link() -> None:
    index = prose(5, "Voir [le chapitre](/course/chapter5) et [plus bas](#debugging).")
    page = prose(5, "See [the chapter](../chapter5/1) and [below](#debugging).")
    src = digest(lesson(EN, *[page if b.line == 5 else b for b in source_blocks()]))
    tgt = digest(lesson(FR, *[index if b.line == 5 else b for b in translated()]))
    assert "TRN106" not in rules(compare_lessons(src, tgt, SETTINGS))
    other_chapter = prose(5, "Voir [le chapitre](/course/chapter6) et [plus bas](#debugging).")
    tgt = digest(lesson(FR, *[other_chapter if b.line == 5 else b for b in translated()]))
    assert [d.fingerprint for d in compare_lessons(src, tgt, SETTINGS)] == [
        "retargeted:chapter5/1:chapter6"]


def test_a_rewritten_block_in_place_is_drift_not_missing_and_extra() -> None:
    found = check(translated({9: code(9, "from datasets import load_dataset as load\n")}))
    assert "TRN107" not in rules(found) and "TRN108" not in rules(found)
    dropped = [b for b in translated() if b.line != 9]
    assert "TRN107" in rules(check(dropped))


def test_translated_text_in_a_plain_fence_is_no_finding() -> None:
    src = digest(lesson(EN, *source_blocks(), code(40, "Alfred says: hello there\n", info="")))
    tgt = digest(lesson(FR, *translated(), code(40, "Alfred dit : bonjour\n", info="")))
    assert compare_lessons(src, tgt, SETTINGS) == []


def test_a_block_that_swallowed_a_fence_is_the_lesson_rule_s() -> None:
    swallowed = code(13, "Voir plus bas.\n```python\nx = 1\n")
    assert "TRN203" not in rules(check(translated({13: swallowed})))


def test_text_in_a_python_fence_may_be_translated() -> None:
    transcript = "Human: Divide 6790 by 5\nAlfred: The result is 1358.0.\n"
    translated_transcript = "Humain : divise 6790 par 5\nAlfred : le résultat est 1358.0.\n"
    src = digest(lesson(EN, *source_blocks(), code(40, transcript)))
    tgt = digest(lesson(FR, *translated(), code(40, translated_transcript)))
    assert compare_lessons(src, tgt, SETTINGS) == []
    broken = digest(lesson(FR, *translated(), code(40, "print(6790 / 5\n")))
    src = digest(lesson(EN, *source_blocks(), code(40, "print(6790 / 5)\n")))
    assert rules(compare_lessons(src, broken, SETTINGS)) == ["TRN203"]


def _many_blocks(count: int, name: str) -> list[Block]:
    return [code(10 + 5 * i, f"{name}_{i} = compute({i}, {name!r})\nprint({name}_{i})\n")
            for i in range(count)]


def test_a_long_run_of_differing_blocks_is_aligned_in_chunks_and_says_so() -> None:
    from coursekit.translations.align import CHUNK

    count = 3 * CHUNK
    src = digest(lesson(EN, *_many_blocks(count, "alpha")))
    tgt = digest(lesson(FR, *_many_blocks(count, "beta")))
    found = compare_lessons(src, tgt, SETTINGS)
    capped = [d for d in found if d.rule == "TRN006"]
    assert len(capped) == 1
    assert capped[0].line == 10 and capped[0].path == FR
    assert f"{count} code blocks of the source (from {EN}:10)" in capped[0].message
    assert rules(found).count("TRN201") == count  # each block still compared with its own


def test_a_short_run_of_differing_blocks_is_aligned_whole() -> None:
    src = digest(lesson(EN, *_many_blocks(20, "alpha")))
    tgt = digest(lesson(FR, *_many_blocks(20, "beta")))
    found = compare_lessons(src, tgt, SETTINGS)
    assert rules(found) == ["TRN201"] * 20
