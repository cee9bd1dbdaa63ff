"""check_subtitles over small courses: bilingual files, alignment, coverage, configuration."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.corpus import Corpus
from coursekit.report.baseline import identity
from coursekit.subtitles import check_subtitles

MakeCourse = Callable[..., Path]


def cue(n: int, start: float, end: float, *lines: str) -> str:
    def ts(s: float) -> str:
        ms = round(s * 1000)
        return f"00:{ms // 60000:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"
    return f"{n}\n{ts(start)} --> {ts(end)}\n" + "".join(f"{x}\n" for x in lines) + "\n"


EN = [
    "We load the dataset first.", "Then we call trainer.train() to start.",
    "The learning rate is 5e-5 here.", "We set num_labels=3 for the model.",
    "And that is all for this video.", "Thanks for watching.",
]
FR = [
    "Nous chargeons d'abord le jeu de données.", "Puis on lance trainer.train().",
    "Le taux d'apprentissage est ici de 5e-5.", "Nous fixons num_labels=3 pour le modèle.",
    "Et c'est tout pour cette vidéo.", "Merci d'avoir regardé.",
]
ZH = ["首先我们加载数据集。", "然后调用 trainer.train() 开始。", "学习率是 5e-5。",
      "我们为模型设置 num_labels=3。", "这就是本视频的全部内容。", "感谢观看。"]


def srt(texts: Sequence[str] | Sequence[tuple[str, ...]], shift: float = 0.0) -> str:
    out = []
    for i, text in enumerate(texts):
        lines = (text,) if isinstance(text, str) else text
        out.append(cue(i + 1, 3 * i + 1 + shift, 3 * i + 3.5 + shift, *lines))
    return "".join(out)


def rules_of(root: Path, lang: str | None = None) -> list[tuple[str, int | None]]:
    result = check_subtitles(Corpus(Course.open(root)))
    return [(d.rule, d.cue) for d in result.diagnostics
            if lang is None or f"/{lang}/" in d.path]


def test_clean_translation_same_timing(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": srt(FR)})
    assert rules_of(root) == []


def test_resegmented_translation_is_clean(make_course: MakeCourse) -> None:
    merged = [(f"{FR[i]} {FR[i + 1]}") for i in (0, 2, 4)]
    fr = "".join(cue(k + 1, 6 * k + 1, 6 * k + 6.5, text) for k, text in enumerate(merged))
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": fr},
                       "[subtitles]\nmax-cps = 30\nmax-chars-per-line = 100\n")
    assert rules_of(root) == []


def test_systematic_offset_reported_once(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": srt(FR, shift=1.5)})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [d.rule for d in found] == ["SUB405"]
    assert "1.500 s later" in found[0].message


@pytest.mark.parametrize(("edit", "rule"), [
    (lambda fr: [*fr[:1], EN[1], *fr[2:]], "SUB407"),  # identical to the source
    (lambda fr: [*fr[:1], "So we call it to start the run.", *fr[2:]], "SUB407"),
    (lambda fr: [*fr[:2], "Le taux d'apprentissage est ici de 5e-4.", *fr[3:]], "SUB408"),
    (lambda fr: [*fr[:3], "Nous fixons num_labels pour le modèle.", *fr[4:]], "SUB408"),
    (lambda fr: [*fr[:4], "Et.", *fr[5:]], "SUB409"),
])
def test_alignment_finds_planted_defect(
    make_course: MakeCourse, edit: Callable[[list[str]], list[str]], rule: str,
) -> None:
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": srt(edit(list(FR)))})
    assert [r for r, _ in rules_of(root)] == [rule]


def test_uncovered_speech_and_cue_over_silence(make_course: MakeCourse) -> None:
    en = srt(EN) + cue(7, 30, 34, "A long closing remark here.")
    fr = srt(FR) + cue(7, 40, 42, "Une remarque.")
    root = make_course({"en/01_a.srt": en, "fr/01_a.srt": fr})
    assert sorted(r for r, _ in rules_of(root)) == ["SUB403", "SUB404", "SUB406"]


def test_coverage_missing_and_extra(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN), "en/02_b.srt": srt(EN),
                        "fr/01_a.srt": srt(FR), "fr/03_c.srt": srt(FR)})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert sorted((d.rule, d.path) for d in found) == [
        ("SUB401", "subtitles/fr/02_b.srt"), ("SUB402", "subtitles/fr/03_c.srt"),
    ]


def test_metadata_lists_a_missing_file(make_course: MakeCourse) -> None:
    meta = "id,title,link,srt_filename\nabc,A,https://y/abc,01_a.srt\nxyz,B,https://y/x,02_b.srt\n"
    root = make_course({"en/01_a.srt": srt(EN), "en/metadata.csv": meta})
    assert rules_of(root) == [("SUB410", None)]


def test_a_metadata_row_with_more_fields_than_the_header_is_named_not_misread(
        make_course: MakeCourse) -> None:
    header = "id,title,link,srt_filename\n"
    shifted = header + "abc,Intro, part 1,https://y/abc,01_a.srt\n"  # an unquoted comma
    root = make_course({"en/01_a.srt": srt(EN), "en/metadata.csv": shifted})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.line) for d in found] == [("SUB411", 2)]
    assert "the row has 5 fields, the header 4" in found[0].message
    # Its counterparts: the field quoted, and a comma ending each line, read as meant.
    for meta in (header + 'abc,"Intro, part 1",https://y/abc,01_a.srt\n',
                 header.replace("\n", ",\n") + "abc,Intro,https://y/abc,01_a.srt,\n"):
        clean = make_course({"en/01_a.srt": srt(EN), "en/metadata.csv": meta})
        assert rules_of(clean) == []


@pytest.mark.parametrize("broken", [
    srt(EN).replace("00:00:07,000 --> 00:00:09,500", "00:00:07,000 -> 00:00:09,500"),
    srt(EN).replace("00:00:07,000 --> 00:00:09,500", "00:00:07,000 --> 00:00:07,100"),
])
def test_a_source_cue_s_own_timing_defect_is_not_repeated_in_each_translation(
        make_course: MakeCourse, broken: str) -> None:
    assert broken != srt(EN)
    root = make_course({"en/01_a.srt": broken, "fr/01_a.srt": srt(FR)})
    assert [rule for rule, _ in rules_of(root, "fr")] == []
    assert rules_of(root, "en")  # reported once, on the source
    # Its counterpart: a translated cue shown over the source's silence, which a sound
    # source does not explain, is still a finding.
    late = srt(FR) + cue(7, 30, 32, "Une phrase de trop.")
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": late})
    assert ("SUB404", 7) in rules_of(root, "fr")


def _sbv(texts: Sequence[str]) -> str:
    """``texts`` as a YouTube .sbv file, timed as :func:`srt` times them."""
    def ts(s: float) -> str:
        return f"0:00:{int(s):02d}.{round(s * 1000) % 1000:03d}"
    return "".join(f"{ts(3 * i + 1)},{ts(3 * i + 3.5)}\n{text}\n\n"
                   for i, text in enumerate(texts))


def test_a_translation_in_the_other_format_is_the_same_video_s(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.sbv": _sbv(FR)})
    assert rules_of(root) == []  # paired by its stem: no SUB401/SUB402, and aligned
    late = _sbv(FR) + "0:00:30.000,0:00:32.000\nUne phrase de trop.\n\n"
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.sbv": late})
    assert ("SUB404", 7) in rules_of(root, "fr")  # checked against the English file
    # Its counterpart: another video's file stays unpaired.
    (root / "subtitles/fr/01_a.sbv").unlink()
    root = make_course({"en/01_a.srt": srt(EN), "fr/02_b.sbv": _sbv(FR)})
    assert sorted(rule for rule, _ in rules_of(root)) == ["SUB401", "SUB402"]


def test_bilingual_detected_and_checked(make_course: MakeCourse) -> None:
    zh: list[tuple[str, ...]] = [(ZH[i], EN[i]) for i in range(6)]
    zh[1] = ("然后调用 trainer.train() 开始。", "then we call trainer.train() to start")
    zh[2] = ("学习率是 5e-5。", "The learning rate is 5e-5 there.")
    zh[3] = (EN[3],)
    zh[4] = (ZH[4],)
    root = make_course({"en/01_a.srt": srt(EN), "zh-CN/01_a.srt": srt(zh)})
    assert rules_of(root, "zh-CN") == [
        ("SUB303", 2), ("SUB304", 3), ("SUB301", 4), ("SUB302", 5),
    ]


def test_a_bilingual_cue_with_only_its_source_line_is_a_warning(make_course: MakeCourse) -> None:
    zh: list[tuple[str, ...]] = [(ZH[i], EN[i]) for i in range(6)]
    zh[1] = ("trainer.train()",)
    root = make_course({"en/01_a.srt": srt(EN), "zh-CN/01_a.srt": srt(zh)})
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.severity.value, d.cue) for d in found if d.rule == "SUB301"] == [
        ("SUB301", "warning", 2)]


@pytest.mark.parametrize(("source", "found"), [
    (f"<i>{EN[2]}</i>", []),
    (f"<b>{EN[2]}", []),
    (f"<i>{EN[2].replace('here', 'there')}</i>", [("SUB304", 3)]),
])
def test_embedded_source_line_is_compared_as_shown(
    make_course: MakeCourse, source: str, found: list[tuple[str, int]],
) -> None:
    zh: list[tuple[str, ...]] = [(ZH[i], EN[i]) for i in range(6)]
    zh[2] = (f"<i>{ZH[2]}</i>", source)
    root = make_course({"en/01_a.srt": srt(EN), "zh-CN/01_a.srt": srt(zh)})
    assert [f for f in rules_of(root, "zh-CN") if f[0] != "SUB207"] == found


@pytest.mark.parametrize(("line", "found"), [
    ("x" * 42 + " ", [("SUB205", 1)]),
    ("x" * 42 + "\u3000", [("SUB205", 1)]),
    ("x" * 42 + "y", [("SUB202", 1)]),
    ("x" * 41 + " y", [("SUB202", 1)]),
])
def test_line_length_is_of_the_text_as_shown(
    make_course: MakeCourse, line: str, found: list[tuple[str, int]],
) -> None:
    root = make_course({"en/01_a.srt": cue(1, 1, 5, line)})
    assert rules_of(root) == found


def test_clean_bilingual_uses_translated_line_for_readability(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN),
                        "zh-CN/01_a.srt": srt([(ZH[i], EN[i]) for i in range(6)])})
    assert rules_of(root) == []


def test_configuration_disables_and_changes_severity(make_course: MakeCourse) -> None:
    text = srt(["This line is definitely far too long for anybody to read in time."])
    config = ('[subtitles]\ndisable = ["line-too-long"]\n'
              '[subtitles.en]\nseverity = {SUB201 = "error"}\n')
    root = make_course({"en/01_a.srt": text}, config)
    found = check_subtitles(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.severity.value) for d in found] == [("SUB201", "error")]


def test_bad_configuration_is_a_finding_not_a_crash(make_course: MakeCourse) -> None:
    root = make_course({"en/01_a.srt": srt(EN)}, '[subtitles]\nmax-cps = "fast"\n')
    assert rules_of(root) == []
    [finding] = config_findings(Course.open(root))
    assert (finding.rule, finding.line) == ("CFG001", 2)


def test_fingerprint_survives_renumbering_and_retiming(make_course: MakeCourse) -> None:
    long = "This line is definitely far too long for anybody to read in time."
    before = make_course({"en/01_a.srt": cue(1, 1, 2, long)})
    ids = [identity(d) for d in check_subtitles(Corpus(Course.open(before))).diagnostics]
    after = make_course({"en/01_a.srt": cue(1, 0.5, 1, "Intro.") + cue(2, 1.1, 2.2, long)})
    new_ids = [identity(d) for d in check_subtitles(Corpus(Course.open(after))).diagnostics]
    assert ids and set(ids) <= set(new_ids)


@pytest.mark.parametrize("code", [
    "trainer.get_train_dataloader().", "5e-5, 459", "num_labels=3 model.config.id2label",
    'batch["labels"][0] -> 2',
])
def test_cue_of_code_only_needs_no_translation(make_course: MakeCourse, code: str) -> None:
    en = [*EN[:2], code, *EN[3:]]
    it = [*FR[:2], code, *FR[3:]]
    root = make_course({"en/01_a.srt": srt(en), "it/01_a.srt": srt(it)})
    assert rules_of(root, "it") == []


def test_code_with_untranslated_words_is_still_reported(make_course: MakeCourse) -> None:
    line = "Call trainer.get_train_dataloader() now."
    root = make_course({"en/01_a.srt": srt([*EN[:2], line, *EN[3:]]),
                        "it/01_a.srt": srt([*FR[:2], line, *FR[3:]])})
    assert rules_of(root, "it") == [("SUB407", 3)]


def test_bilingual_split_follows_the_source_cue(make_course: MakeCourse) -> None:
    en = list(EN)
    en[1] = "Then we call trainer.get_train_dataloader()."
    zh: list[tuple[str, ...]] = [(ZH[i], en[i]) for i in range(6)]
    zh[1] = ("然后调用", "trainer.get_train_dataloader()", en[1])
    root = make_course({"en/01_a.srt": srt(en), "zh-CN/01_a.srt": srt(zh)})
    assert rules_of(root, "zh-CN") == []


def test_bilingual_split_keeps_a_two_line_source_cue(make_course: MakeCourse) -> None:
    en: list[tuple[str, ...]] = [(text,) for text in EN]
    en[1] = ("Then we call", "trainer.train() to start.")
    zh: list[tuple[str, ...]] = [(ZH[i], *en[i]) for i in range(6)]
    root = make_course({"en/01_a.srt": srt(en), "zh-CN/01_a.srt": srt(zh)})
    assert rules_of(root, "zh-CN") == []


def test_bilingual_split_still_reports_a_reworded_source_line(make_course: MakeCourse) -> None:
    zh: list[tuple[str, ...]] = [(ZH[i], EN[i]) for i in range(6)]
    zh[2] = ("学习率是", "5e-5", "The learning rate is 5e-5 there.")
    root = make_course({"en/01_a.srt": srt(EN), "zh-CN/01_a.srt": srt(zh)})
    assert rules_of(root, "zh-CN") == [("SUB304", 3)]
