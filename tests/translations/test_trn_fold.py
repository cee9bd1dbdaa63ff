"""An outdated translation's differences from its source fold into its one finding,
unless it had them from every version of the source it followed: those versions are
compared one at a time, only while a difference may still be the translation's own."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import Block
from coursekit.translations.check import compare_lessons, differences
from coursekit.translations.digest import Digest, digest
from coursekit.translations.history import Commit
from coursekit.translations.outdated import fold
from coursekit.translations.settings import Settings
from coursekit.translations.verdict import Verdict
from tests.translations.trn_lessons import LOOP, SETUP, code, heading, lesson

EN = "content/en/chapter2/3.mdx"
FR = "content/fr/chapter2/3.mdx"
SETTINGS = Settings()
TRANSLATED = Commit("a" * 40, "2024-01-01", "Traduction", order=2)
SINCE = Commit("b" * 40, "2024-02-01", "Train with retained graphs", order=1)
DRIFTED_SETUP = SETUP.replace("(ckpt)", '("camembert-base")')
NEW_LOOP = LOOP.replace("loss.backward()", "loss.backward(retain_graph=True)")


def _lesson(path: str, setup: str, loop: str, *more: Block) -> Digest:
    return digest(lesson(path, heading(1, "Training", "training", level=1),
                         code(3, setup), code(7, loop), *more))


THEN = _lesson(EN, SETUP, LOOP)
NOW = _lesson(EN, SETUP, NEW_LOOP)
VERDICT = Verdict(outdated=True, translated=TRANSLATED, since=SINCE, then=THEN,
                  followed=(THEN,), changed=("code",))


def _fold(translation: Digest, followed: Sequence[Digest] = (THEN,),
          read: list[Digest] | None = None) -> list[Diagnostic]:
    def against() -> Iterator[list[Diagnostic]]:
        for version in followed:
            if read is not None:
                read.append(version)
            yield differences(version, translation, SETTINGS)

    return fold(compare_lessons(NOW, translation, SETTINGS), NOW, translation, VERDICT,
                against())


def _shown(found: list[Diagnostic]) -> list[tuple[str, int | None]]:
    return [(d.rule, d.line) for d in found if not d.folded]


def test_what_the_source_changed_folds_and_the_translations_own_drift_stays() -> None:
    behind = _lesson(FR, SETUP, LOOP)
    found = _fold(behind)
    assert _shown(found) == [("TRN005", 1)]
    assert [(d.rule, d.line) for d in found if d.folded] == [("TRN201", 7)]
    # Its counterpart: a drift it had from the version it followed is its own.
    drifted = _lesson(FR, DRIFTED_SETUP, LOOP)
    found = _fold(drifted)
    assert _shown(found) == [("TRN005", 1), ("TRN201", 3)]
    assert [(d.rule, d.line) for d in found if d.folded] == [("TRN201", 7)]


def test_a_later_version_is_not_read_once_no_difference_can_be_the_translations_own() -> None:
    behind = _lesson(FR, SETUP, LOOP)
    read: list[Digest] = []
    _fold(behind, (THEN, _lesson(EN, DRIFTED_SETUP, LOOP)), read)
    assert read == [THEN]  # against THEN it had nothing: the second version is moot
    # Its counterpart: a difference it had from the first is asked of the second too.
    drifted = _lesson(FR, DRIFTED_SETUP, LOOP)
    read = []
    found = _fold(drifted, (THEN, _lesson(EN, DRIFTED_SETUP, LOOP)), read)
    assert len(read) == 2
    # It did not have the drift from the second version: not its own after all.
    assert _shown(found) == [("TRN005", 1)]


def test_nothing_is_compared_when_no_finding_could_fold() -> None:
    current_code = _lesson(FR, SETUP, NEW_LOOP)
    read: list[Digest] = []
    found = _fold(current_code, (THEN,), read)
    assert read == []
    assert _shown(found) == [("TRN005", 1)]


def test_differences_leave_out_what_the_translations_own_code_breaks() -> None:
    renamed = _lesson(FR, SETUP.replace("tokenizer =", "tokeniseur ="),
                      LOOP, code(11, "tokens = tokenizer('bonjour')\n"))
    everything = compare_lessons(THEN, renamed, SETTINGS)
    assert "TRN204" in {d.rule for d in everything}  # an undefined name
    assert [d for d in everything if d.rule != "TRN204"] == differences(THEN, renamed, SETTINGS)
