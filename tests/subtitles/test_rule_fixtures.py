"""Every per-file rule against its planted-defect fixture, and the clean counterpart."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.subtitles import check_file, load_subtitle_file, parse_subtitles
from coursekit.subtitles.rules import BOM
from coursekit.subtitles.settings import settings_for

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "subtitles"

DEFECTS = FIXTURES / "defects"
SETTINGS, _ = settings_for({"bom": "forbid"}, "en")


def _cases() -> list[pytest.param]:  # type: ignore[valid-type]
    cases = []
    text = (DEFECTS / "expected.txt").read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        name, _, expected = line.partition(": ")
        rule, _, where = expected.partition("@")
        cases.append(pytest.param(name, rule, None if where == "-" else int(where),
                                  id=f"expected.txt:{number}:{rule}"))
    return cases


def _findings(path: Path) -> list[tuple[str, int | None]]:
    sub = load_subtitle_file(path, "en", path.name)
    return [(d.rule, d.line) for d in check_file(sub, SETTINGS, None, "en")]


@pytest.mark.parametrize(("name", "rule", "line"), _cases())
def test_planted_defect_is_reported_alone(name: str, rule: str, line: int | None) -> None:
    assert _findings(DEFECTS / name) == [(rule, line)]


def test_clean_counterpart_has_no_findings() -> None:
    assert _findings(FIXTURES / "clean.srt") == []


def test_every_file_rule_has_a_fixture() -> None:
    from coursekit.subtitles import rules

    per_file = {r.code for r in vars(rules).values()
                if isinstance(r, type(BOM)) and r.code[3] in "012"}
    covered = {p.name.split("-", 1)[0] for p in DEFECTS.glob("*.srt")}
    # covered in test_loader.py, test_robustness.py; SUB021 (a folder's .vtt file, no
    # .srt one) in test_unread_formats.py
    untested_here = {"SUB015", "SUB016", "SUB020", "SUB021"}
    assert per_file - covered == untested_here


@pytest.mark.parametrize(("text", "markup"), [
    ("We call `trainer.train()` here.", True),
    ("This is **the** point.", True),
    ("This is __the key__ point.", True),
    ("Its __init__ method sets it up.", False),  # Python's names, as said
    ("then __init__ calls __call__", False),
    ("We pass **kwargs along.", False),
    ("That is 2**10 items.", False),
])
def test_markdown_markup_is_a_pair_or_a_backtick_not_a_python_name(
    text: str, markup: bool,
) -> None:
    data = f"1\n00:00:01,000 --> 00:00:04,000\n{text}\n\n".encode()
    sub = parse_subtitles(data, Path("x.srt"), "en")
    found = [d.rule for d in check_file(sub, SETTINGS, None, "en")]
    assert found == (["SUB206"] if markup else [])
