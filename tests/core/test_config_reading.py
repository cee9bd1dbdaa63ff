"""Where configuration problems are located: by the TOML reader's data, never by text."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course, load_config
from coursekit.config.check import config_findings
from coursekit.config.discovery import find_root


@pytest.mark.parametrize(("text", "line"), [
    ("a = 1\n\nb = nope\n", 3),  # the reader stops in the third line
    ('[tool.coursekit]\nbuild-dir = "x"\n[tool.coursekit\n', 3),
    # at the end of the file the reader is past the last line: the last that holds text
    ("a = 1\nb = [1,\n", 2),
    ("a = 1\nb = [1,\n\n  \n", 2),
    ('[tool.coursekit]\nselect = ["SUB"', 2),
    ("a = 1\nb =", 2),
])
def test_a_file_toml_cannot_read_is_one_finding_at_the_readers_line(
    tmp_path: Path, text: str, line: int,
) -> None:
    (tmp_path / "coursekit.toml").write_text(text, encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert (finding.rule, finding.line) == ("CFG001", line)
    assert "cannot read coursekit.toml" in finding.message


@pytest.mark.parametrize(("data", "line", "said"), [
    (b'\xef\xbb\xbflanguages = ["en"]\n', 1, "starts with a byte order mark (U+FEFF)"),
    (b'languages = ["en"]\nbuild-dir = "\xe9"\n', 2, "is not UTF-8 (byte 0xe9 at line 2)"),
])
def test_a_file_that_is_no_toml_text_says_why_at_its_line(
    tmp_path: Path, data: bytes, line: int, said: str,
) -> None:
    (tmp_path / "coursekit.toml").write_bytes(data)
    [finding] = config_findings(Course.open(tmp_path))
    assert (finding.rule, finding.line) == ("CFG001", line)
    assert f"cannot read coursekit.toml: it {said}" in finding.message


@pytest.mark.parametrize(("make", "said"), [
    (lambda p: p.symlink_to("../shared/coursekit.toml"),
     "it is a link to ../shared/coursekit.toml, which does not exist"),
    (lambda p: p.mkdir(), "it is a folder"),
    (lambda p: os.mkfifo(p), "it is not a regular file"),  # and is never opened
])
def test_a_configuration_entry_that_is_no_file_is_cfg001_not_passed_over(
    tmp_path: Path, make: Callable[[Path], None], said: str,
) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.coursekit]\nbuild-dir = "b"\n')
    make(tmp_path / "coursekit.toml")
    course = Course.open(tmp_path)
    assert course.config.build_dir == "build"  # not the pyproject's, which is not read
    found = [(d.path, d.line, d.message) for d in config_findings(course)]
    assert ("coursekit.toml", 1, f"[tool.coursekit] cannot read coursekit.toml: {said}") \
        in found


def test_values_nested_too_deeply_are_found_at_the_deepest_line(tmp_path: Path) -> None:
    deep = "[" * 5_000 + "]" * 5_000
    (tmp_path / "coursekit.toml").write_text(f"a = 1\n\nb = {deep}\n", encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert finding.line == 3 and "nested too deeply" in finding.message


@pytest.mark.parametrize("name", ["coursekit.toml", "pyproject.toml"])
def test_a_number_too_long_to_convert_is_a_finding_at_its_line(tmp_path: Path, name: str) -> None:
    long = "9" * 5_000  # past the digits Python converts to an int
    (tmp_path / name).write_text(
        f"[tool.coursekit]\nbuild-dir = \"b\"\n\n[tool.coursekit.format]\nline-length = {long}\n",
        encoding="utf-8")
    assert find_root(tmp_path) == tmp_path  # the search for the course does not stop either
    [finding] = config_findings(Course.open(tmp_path))
    assert (finding.rule, finding.line) == ("CFG001", 5)
    assert f"cannot read {name}: a number too long to be read (at line 5)" in finding.message


def test_a_long_number_that_converts_is_read(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit]\nbuild-dir = "b"\n[x]\ny = ' + "9" * 400 + "\n",
        encoding="utf-8")
    assert find_root(tmp_path) == tmp_path
    assert config_findings(Course.open(tmp_path)) == []
    assert load_config(tmp_path).build_dir == "b"


def test_a_message_quoting_a_line_does_not_move_the_finding(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text('tool = "at line 7"\n', encoding="utf-8")
    [finding] = config_findings(Course.open(tmp_path))
    assert "`tool` must be a table" in finding.message
    assert finding.line is None


def test_every_unknown_framework_is_a_finding_and_the_default_is_kept(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text('\nframeworks = ["jax", "pt", "mx"]\n')
    config = load_config(tmp_path)
    assert config.frameworks == ("pt", "tf")
    assert [(p.keys, p.message.split("`")[1]) for p in config.problems] == [
        (("frameworks",), "jax"), (("frameworks",), "mx")]
    assert [d.line for d in config_findings(Course.open(tmp_path))] == [2, 2]


def test_known_frameworks_are_kept(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text('frameworks = ["tf"]\n')
    config = load_config(tmp_path)
    assert config.frameworks == ("tf",) and config.problems == ()


_LOADED = """
import sys
from coursekit.config import Course
from coursekit.config.check import config_findings
from coursekit.config.discovery import find_root
from coursekit.execution.plan.settings import read_settings
findings = config_findings(Course.open(sys.argv[1]))
assert [d.message for d in findings] == ["[tool.coursekit.verify] `timeout` must be a positive "
                                         "number up to 604800, got -1"], findings
print(sorted(m for m in sys.modules if m.startswith("coursekit.execution")))
"""


@pytest.mark.parametrize("verify_loaded", [False, True])
def test_checking_the_verify_table_does_not_load_the_executor(
    tmp_path: Path, verify_loaded: bool,
) -> None:
    (tmp_path / "coursekit.toml").write_text("[verify]\ntimeout = -1\n")
    script = _LOADED if verify_loaded else _LOADED.replace(
        "from coursekit.execution.plan.settings import read_settings\n", "")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout
    assert ("coursekit.execution.plan.settings" in out) is verify_loaded
