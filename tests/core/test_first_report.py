"""The first text report of ``coursekit check``: errors first with their fix, warnings
one line per rule and language, notes counted only, outdated translations one table per
language, one finding per convention a language keeps, and a baseline as the advice."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.config import Course
from coursekit.corpus import Corpus
from coursekit.report.aggregate import CONVENTION_FILES, aggregate
from coursekit.report.overview import render_overview
from coursekit.subtitles.rules import LINE_TOO_LONG, OVERLAP
from coursekit.translations.check import check_translations
from coursekit.translations.rules import ANCHOR_MISSING, LINK_MISMATCH, UNDEFINED_NAME
from tests.git_history import commit as _commit
from tests.git_history import git as _git
from tests.translations.test_trn_freshness import (
    LOAD,
    LOAD_FR,
    PLAY,
    PLAY_FR,
    TOCTREE,
)

PLANTED = [
    LINK_MISMATCH.at("content/fr/a.mdx", None, "no link to `chapter2`"),
    LINK_MISMATCH.at("content/fr/b.mdx", None, "no link to `chapter3`"),
    LINK_MISMATCH.at("content/es/a.mdx", None, "no link to `chapter2`"),
    UNDEFINED_NAME.at("content/fr/c.mdx", 12, "`model` is used but never defined: `model.fit()`",
                      hint="define `model` as the source does"),
    ANCHOR_MISSING.at("content/fr/a.mdx", 1, "`# Titre` has no anchor"),
    LINE_TOO_LONG.at("subtitles/fr/01.srt", 5, "cue 2 has a line of 50 characters", cue=2),
    OVERLAP.at("subtitles/fr/01.srt", 9, "cue 3 overlaps cue 2", cue=3,
               hint="shift cue 3"),
]


def _overview(found: list, **kwargs: object) -> list[str]:  # type: ignore[type-arg]
    out = io.StringIO()
    render_overview(found, out, "check", **kwargs)  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def test_errors_come_first_each_with_its_fix() -> None:
    lines = _overview(PLANTED)
    assert lines[0] == "errors (2), each with its fix:"
    assert lines[1] == ("content/fr/c.mdx:12: error TRN204 `model` is used but never "
                        "defined: `model.fit()`")
    assert lines[2] == "    fix: define `model` as the source does"
    assert lines[3] == "subtitles/fr/01.srt:9 (cue 3): error SUB104 cue 3 overlaps cue 2"
    assert lines[4] == "    fix: shift cue 3"


def test_warnings_are_one_line_per_rule_and_language() -> None:
    lines = _overview(PLANTED)
    start = lines.index("warnings (4), by rule and language (coursekit check --show-all "
                        "lists each):")
    assert lines[start + 1:start + 4] == [
        "  TRN106 link-mismatch  fr: 2 in 2 files (first content/fr/a.mdx)",
        "  TRN106 link-mismatch  es: 1 in 1 file (first content/es/a.mdx)",
        "  SUB202 line-too-long  fr: 1 in 1 file (first subtitles/fr/01.srt:5)",
    ]
    assert not any("no link to" in line for line in lines)


def test_per_cue_findings_folded_at_their_worst_say_so() -> None:
    cues = [LINE_TOO_LONG.at("subtitles/fr/01.srt", line, f"line of {50 + line} characters",
                             cue=line, excess=float(line)) for line in (5, 9, 61)]
    [folded] = aggregate(cues)
    assert folded.line == 61  # the worst
    lines = _overview([folded])
    assert "  SUB202 line-too-long  fr: 3 in 1 file (worst subtitles/fr/01.srt:61)" in lines


def test_notes_are_counted_not_shown() -> None:
    lines = _overview(PLANTED)
    body = lines[:next(i for i, line in enumerate(lines) if line.startswith("check:"))]
    assert not any("TRN102" in line or "has no anchor" in line for line in body)
    assert "check: 2 errors, 4 warnings, 1 note in 5 files (1 note not shown: --show-all " \
        "lists them)" in lines


def test_a_report_without_notes_says_nothing_of_them() -> None:
    lines = _overview([d for d in PLANTED if d.rule != "TRN102"])
    assert "check: 2 errors, 4 warnings in 5 files" in lines
    assert not any("not shown" in line for line in lines)


def test_the_advice_starts_a_baseline_and_never_ignores_a_rule() -> None:
    lines = _overview(PLANTED)
    advice = [line for line in lines if line.startswith("  to ")]
    assert advice[0].startswith("  to start from here: coursekit check --baseline "
                                "coursekit-baseline.json --update-baseline")
    assert not any("--ignore" in line for line in lines)


def test_findings_new_against_a_baseline_are_fixed_or_recorded_in_it() -> None:
    lines = _overview(PLANTED, baseline=Path("ci/baseline.json"))
    assert "  new since ci/baseline.json: fix them, or record them with coursekit check " \
        "--baseline ci/baseline.json --update-baseline" in lines
    assert not any("to start from here" in line for line in lines)


@pytest.mark.parametrize("baseline", [None, Path("ci/baseline.json")])
def test_the_advice_to_record_findings_puts_a_bad_configuration_first(
    baseline: Path | None,
) -> None:
    from coursekit.config.rules import BAD_CONFIG

    bad = BAD_CONFIG.at("coursekit.toml", 1, "[tool.coursekit] unknown key `colour`")
    [advice] = [line for line in _overview([bad, *PLANTED], baseline=baseline)
                if "--update-baseline" in line]
    assert "once the configuration's CFG001 findings are fixed (every run exits 2 while " \
           "they remain), " in advice
    [advice] = [line for line in _overview(PLANTED, baseline=baseline)
                if "--update-baseline" in line]
    assert "CFG001" not in advice


def test_a_run_against_a_baseline_names_it_in_its_advice(tmp_path: Path) -> None:
    root = _course(tmp_path, {"en/a.mdx": "# A\n\n</Tip>\n"})
    baseline = tmp_path / "recorded.json"
    runner = CliRunner()
    args = ["check", "lessons", "--root", str(root), "--no-cache", "--baseline", str(baseline)]
    runner.invoke(cli, [*args, "--update-baseline"])
    (root / "content" / "en" / "a.mdx").write_text("# A\n\n</Tip>\n\n</Tip>\n")
    text = runner.invoke(cli, args).output
    assert f"new since {baseline}: fix them" in text
    assert "to start from here" not in text


def _course(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


LESSON = "# Lesson {n}[[lesson-{n}]]\n\nText.\n\n## Part[[part]]\n\nMore.\n"
LESSON_FR = "# Leçon {n}[[lesson-{n}]]\n\nTexte.\n\n## Partie[[part]]\n\nPlus.\n"
GLOSSARY = "\n## Glossaire\n\n- modèle : model\n"


def _glossary_course(tmp_path: Path, lessons: int, with_glossary: int) -> Path:
    toctree = "- title: One\n  sections:\n" + "".join(
        f"  - local: chapter1/{n}\n    title: L{n}\n" for n in range(1, lessons + 1))
    files = {"en/_toctree.yml": toctree, "fr/_toctree.yml": toctree}
    for n in range(1, lessons + 1):
        files[f"en/chapter1/{n}.mdx"] = LESSON.format(n=n)
        files[f"fr/chapter1/{n}.mdx"] = LESSON_FR.format(n=n) + GLOSSARY * (n <= with_glossary)
    return _course(tmp_path, files)


def test_a_heading_a_language_adds_to_every_lesson_is_one_finding(tmp_path: Path) -> None:
    root = _glossary_course(tmp_path, lessons=6, with_glossary=6)
    found = check_translations(Corpus(Course.open(root))).diagnostics
    assert [d.rule for d in found] == ["TRN101"] * 6
    assert "`## Glossaire` (line 9) has no counterpart" in found[0].message
    [one] = aggregate(found)
    assert one.count == 6
    assert "[the same in 6 files of fr, a convention of this language" in one.message


def test_a_heading_added_in_a_few_lessons_is_a_finding_in_each(tmp_path: Path) -> None:
    root = _glossary_course(tmp_path, lessons=6, with_glossary=CONVENTION_FILES - 1)
    found = check_translations(Corpus(Course.open(root))).diagnostics
    assert [(d.rule, d.count) for d in aggregate(found)] == \
        [("TRN101", 1)] * (CONVENTION_FILES - 1)


def test_errors_are_never_a_convention() -> None:
    errors = [UNDEFINED_NAME.at(f"content/fr/{n}.mdx", 3, "`model` is used but never defined")
              for n in range(CONVENTION_FILES + 2)]
    assert len(aggregate(errors)) == CONVENTION_FILES + 2


def _run(root: Path, *args: str) -> list[str]:
    result = CliRunner().invoke(cli, ["check", "lessons", "--root", str(root), *args])
    assert "Traceback" not in result.output
    return result.output.splitlines()


def test_show_all_lists_each_finding_by_file_notes_included(tmp_path: Path) -> None:
    root = _glossary_course(tmp_path, lessons=6, with_glossary=6)
    lesson = root / "content" / "fr" / "chapter1" / "1.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("[[lesson-1]]", ""),
                      encoding="utf-8")
    short = _run(root)
    assert "  TRN101 heading-count  fr: 6 in 6 files (first content/fr/chapter1/1.mdx:9)" \
        in short
    assert not any("TRN102" in line for line in short if not line.startswith(" "))
    listed = _run(root, "--show-all")
    assert sum("warning TRN101" in line for line in listed) == 6
    assert any("note TRN102" in line for line in listed)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")
def test_outdated_translations_are_one_table_per_language(tmp_path: Path) -> None:
    root = tmp_path / "course"
    root.mkdir()
    _git(root, "init", "-q")
    translated = _commit(root, {
        "en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE, "de/_toctree.yml": TOCTREE,
        "en/chapter1/1.mdx": LOAD, "fr/chapter1/1.mdx": LOAD_FR, "de/chapter1/1.mdx": LOAD_FR,
        "en/chapter1/2.mdx": PLAY, "fr/chapter1/2.mdx": PLAY_FR, "de/chapter1/2.mdx": PLAY_FR,
    }, "Course and its translations", "2024-01-01T12:00:00")
    changed = _commit(root, {"en/chapter1/1.mdx": LOAD.replace(
        'clips = load_dataset("clips-small")', 'clips = load_dataset("clips-small", split="a")')},
        "Load one split", "2024-03-05T12:00:00")
    lines = _run(root)
    start = lines.index("outdated translations (2, TRN005), by language: bring each in line "
                        "with its source")
    row = (f"content/{{}}/chapter1/1.mdx  {translated[:9]} 2024-01-01  "
           f"{changed[:9]} 2024-03-05 \"Load one split\"")
    header = "    file                       translated on         source commit that changed it"
    assert lines[start + 1:start + 7] == [
        "  de (1):", header, "    " + row.format("de"),
        "  fr (1):", header, "    " + row.format("fr"),
    ]
    assert not any("warning TRN005" in line for line in lines)


def test_a_clean_course_reports_clean(tmp_path: Path) -> None:
    root = _glossary_course(tmp_path, lessons=2, with_glossary=0)
    assert _run(root) == ["check lessons: clean"]


def test_outdated_translations_of_one_language_are_never_a_convention() -> None:
    from coursekit.translations.rules import OUTDATED

    # Each names the same command, as a finding whose code can be carried over does.
    said = "outdated: its source changed; `coursekit fix translations` carries over 1 block"
    outdated = [OUTDATED.at(f"content/fr/{n}.mdx", 1, said)
                for n in range(CONVENTION_FILES + 1)]
    assert [(d.path, d.count) for d in aggregate(outdated)] == [
        (f"content/fr/{n}.mdx", 1) for n in range(CONVENTION_FILES + 1)]
    # The same words in the warnings of a rule that speaks of a thing the files share are
    # one convention.
    shared = [LINK_MISMATCH.at(f"content/fr/{n}.mdx", 1, said)
              for n in range(CONVENTION_FILES + 1)]
    assert [d.count for d in aggregate(shared)] == [CONVENTION_FILES + 1]


def test_the_fence_a_message_quotes_is_not_what_it_is_about() -> None:
    from coursekit.translations.rules import CODE_MISSING

    missing = [CODE_MISSING.at(f"content/fr/{n}.mdx", 3,
                               f"the source's ```python block `step_{n}()` is missing")
               for n in range(CONVENTION_FILES + 1)]
    assert len(aggregate(missing)) == CONVENTION_FILES + 1


def test_a_merged_finding_names_the_blocks_its_repeats_are_about() -> None:
    from coursekit.translations.rules import CODE_MISSING

    missing = [CODE_MISSING.at("content/fr/1.mdx", None,
                               f"the source's ```bash block `step_{n}` is missing")
               for n in range(3)]
    [merged] = aggregate(missing)
    assert "[and 2 more in this file: `step_1`, `step_2`;" in merged.message
