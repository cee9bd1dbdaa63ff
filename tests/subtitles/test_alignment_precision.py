"""False-alarm shapes of the alignment rules, each beside the true defect it resembles."""

from __future__ import annotations

from pathlib import Path

from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.subtitles import check_subtitles
from tests.subtitles.test_course import EN, FR, MakeCourse, cue, srt


def found(root: Path, lang: str = "fr") -> list[tuple[str, int | None, str]]:
    result = check_subtitles(Corpus(Course.open(root)))
    return [(d.rule, d.cue, d.message) for d in result.diagnostics if f"/{lang}/" in d.path]


def rules(root: Path) -> list[str]:
    return sorted(rule for rule, _, _ in found(root))


def test_a_closing_sound_effect_is_not_uncovered_speech(make_course: MakeCourse) -> None:
    en = srt(EN) + cue(7, 18.5, 26, "(screen whooshes)") + cue(8, 26.5, 27, "[music]")
    root = make_course({"en/01_a.srt": en, "fr/01_a.srt": srt(FR)})
    assert rules(root) == []


def test_closing_speech_left_out_is_uncovered_speech(make_course: MakeCourse) -> None:
    en = srt(EN) + cue(7, 18.5, 26, "And now a long closing remark about the next video.")
    root = make_course({"en/01_a.srt": en, "fr/01_a.srt": srt(FR)})
    assert rules(root) == ["SUB403", "SUB406"]
    [mismatch] = [d for d in check_subtitles(Corpus(Course.open(root))).diagnostics
                  if d.rule == "SUB406"]
    assert (mismatch.line, mismatch.cue) == (21, 6)  # the translation's last cue


def test_a_decimal_comma_keeps_the_number(make_course: MakeCourse) -> None:
    en = [*EN[:2], "The accuracy reaches 99.9 percent here.", *EN[3:]]
    fr = [*FR[:2], "La précision atteint ici 99,9 pour cent.", *FR[3:]]
    root = make_course({"en/01_a.srt": srt(en), "fr/01_a.srt": srt(fr)})
    assert rules(root) == []
    changed = [*FR[:2], "La précision atteint ici 99,8 pour cent.", *FR[3:]]
    root = make_course({"en/01_a.srt": srt(en), "fr/01_a.srt": srt(changed)})
    assert rules(root) == ["SUB408"]


def test_messages_quote_the_file_s_own_cue_numbers(make_course: MakeCourse) -> None:
    fr = "".join(cue(i + 10, 3 * i + 1, 3 * i + 3.5, text)
                 for i, text in enumerate([*FR[:2], EN[2], *FR[3:]]))
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": fr})
    untranslated = [(c, m) for r, c, m in found(root) if r == "SUB407"]
    assert untranslated and untranslated[0][0] == 12
    assert untranslated[0][1].startswith("cue 12 ")


def test_speech_left_out_over_several_short_cues_is_uncovered(make_course: MakeCourse) -> None:
    # Six source cues of 2.5 s each, 0.5 s apart: no one of them is longer than the
    # 3 s allowed, but a translation without the middle four leaves 10 s of speech out.
    left_out = "".join(cue(k + 1, 3 * i + 1, 3 * i + 3.5, FR[i]) for k, i in enumerate((0, 5)))
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": left_out})
    [(rule, number, message)] = found(root)
    assert (rule, number) == ("SUB403", 2)
    assert "from 00:00:04,000 to 00:00:15,500" in message
    # Each cue a little late and short, the speech each misses under the limit: clean.
    late = "".join(cue(i + 1, 3 * i + 1.2, 3 * i + 3.2, text) for i, text in enumerate(FR))
    root = make_course({"en/01_a.srt": srt(EN), "fr/01_a.srt": late})
    assert "SUB403" not in rules(root)


def test_a_closing_sound_note_in_full_width_brackets_is_no_speech(
    make_course: MakeCourse,
) -> None:
    en = srt(EN) + cue(7, 18.5, 30, "(upbeat music)")
    for note, lang in [("（欢快的音乐）", "zh-CN"), ("【音楽】", "ja"), ("(musique)", "fr")]:
        texts = [f"{lang} {i}" for i in range(6)] if lang != "fr" else FR
        root = make_course({"en/01_a.srt": en, f"{lang}/01_a.srt": srt(texts)
                            + cue(7, 18.5, 30, note)})
        assert "SUB406" not in [rule for rule, _, _ in found(root, lang)], note
    # Speech the translation carries on past the source's end is still a mismatch.
    root = make_course({"en/01_a.srt": en, "zh-CN/01_a.srt": srt(EN) + cue(7, 18.5, 30, "谢谢")})
    assert "SUB406" in [rule for rule, _, _ in found(root, "zh-CN")]
