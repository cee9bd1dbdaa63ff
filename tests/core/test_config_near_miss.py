"""An unknown key of any configuration table that is a near miss of a known key names
it (``did you mean``); a key that is like none names nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.config.check import config_findings


@pytest.mark.parametrize(("text", "meant"), [
    ('source-langauge = "en"\n', "source-language"),
    ('source_langauge = "en"\n', "source-language"),
    ('langauges = ["en"]\n', "languages"),
    ('per-file-ignore = {}\n', "per-file-ignores"),
    ("[subtitle]\nmax-cps = 3\n", "subtitles"),
    ("[subtitles]\nmaxcps = 3\n", "max-cps"),
    ("[subtitles.fr]\nmax-chars-per-lines = 30\n", "max-chars-per-line"),
    ("[verify]\ntimout = 3\n", "timeout"),
    ("[verify]\nfork_kernel = false\n", "fork-kernels"),
    ('[notebooks]\nkernal = "python3"\n', "kernel"),
    ("[format]\nline-lenght = 80\n", "line-length"),
    ("[translations]\nhistroy = true\n", "history"),
])
def test_a_near_miss_of_a_key_names_the_key(tmp_path: Path, text: str, meant: str) -> None:
    (tmp_path / "coursekit.toml").write_text(text, encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert finding.rule == "CFG001"
    assert finding.message.endswith(f"(did you mean `{meant}`?)"), finding.message


@pytest.mark.parametrize("text", [
    "colour = 3\n", "[verify]\nretries = 3\n", "[subtitles]\nfont = 'x'\n",
    "[notebooks]\nbadge = true\n", "[format]\nindent = 2\n",
])
def test_a_key_like_none_names_none(tmp_path: Path, text: str) -> None:
    (tmp_path / "coursekit.toml").write_text(text, encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert "unknown key" in finding.message and "did you mean" not in finding.message


@pytest.mark.parametrize("text", [
    'extend-ignore = ["SUB2"]\n', 'extend_ignore = ["SUB2"]\n',
    '[tool.coursekit]\nextend-ignore = ["SUB2"]\n',
])
def test_ruffs_extend_ignore_says_to_write_ignore(tmp_path: Path, text: str) -> None:
    (tmp_path / "coursekit.toml").write_text(text, encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert (finding.rule, finding.line) == ("CFG001", text.count("\n"))
    assert finding.message.endswith(
        "(write `ignore`: it already removes rules from the default selection and the "
        "command line's `--ignore` adds to it)"), finding.message


@pytest.mark.parametrize(("text", "said"), [
    ("extend-per-file-ignores = {}\n", "(did you mean `per-file-ignores`?)"),
    ("extend-selct = []\n", "(did you mean `extend-select`?)"),
    ("[verify]\nextend-ignore = 1\n", "unknown key `extend-ignore`"),  # no `ignore` there
])
def test_other_keys_keep_their_near_miss(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / "coursekit.toml").write_text(text, encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert finding.message.endswith(said), finding.message
