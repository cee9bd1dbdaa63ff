"""Configuration and course discovery."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from coursekit.config import Course, load_config
from coursekit.config.check import config_findings
from coursekit.languages import is_cjk, normalise, primary_subtag


def test_defaults_without_configuration(tmp_path: Path) -> None:
    config = load_config(tmp_path)
    assert config.source_language == "en"
    assert config.frameworks == ("pt", "tf")
    assert config.kernels["tf"] == "coursekit-tf"


def test_pyproject_table_and_sections(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit]\nsource-language = "fr"\nlanguages = ["fr", "zh-cn"]\n'
        '[tool.coursekit.subtitles]\nmax-cps = 15\n', encoding="utf-8")
    config = load_config(tmp_path)
    assert config.source_language == "fr"
    assert config.languages == ("fr", "zh-CN")
    assert config.section("subtitles")["max-cps"] == 15
    assert dict(config.section("verify")) == {}


def test_coursekit_toml_wins_over_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.coursekit]\nbuild-dir = "a"\n')
    (tmp_path / "coursekit.toml").write_text('build-dir = "b"\n')
    assert load_config(tmp_path).build_dir == "b"


@pytest.mark.parametrize(("text", "line"), [
    ('\nlanguages = "en"\n', 2), ('frameworks = ["jax"]\n', 1), ("\n\ncolour = 3\n", 3),
    ("= broken", 1),
])
def test_bad_configuration_is_one_finding_with_file_and_line(
    tmp_path: Path, text: str, line: int,
) -> None:
    (tmp_path / "coursekit.toml").write_text(text)
    course = Course.open(tmp_path)
    [finding] = config_findings(course)
    assert (finding.rule, finding.path, finding.line) == ("CFG001", "coursekit.toml", line)


def test_bad_value_keeps_the_default(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text('languages = "en"\nbuild-dir = "out"\n')
    config = load_config(tmp_path)
    assert config.languages == () and config.build_dir == "out"


def test_tool_coursekit_form_is_read_in_coursekit_toml(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text(
        '[tool.coursekit]\nbuild-dir = "b"\n[tool.coursekit.subtitles]\nmax-cps = 12\n')
    config = load_config(tmp_path)
    assert config.build_dir == "b"
    assert config.section("subtitles")["max-cps"] == 12
    assert config_findings(Course.open(tmp_path)) == []


TYPO_IN_EVERY_TABLE = """\
[project]
name = "course"

[tool.coursekit]
source-languag = "en"
select = ["SUB", "XYZ9"]
severity = { TRN102 = "loud" }
per-file-ignores = { "content/fr/*" = "TRN" }

[tool.coursekit.subtitles]
frame-rate = 0
max-cpss = 17

[tool.coursekit.subtitles.fr]
max-lines = "two"

[tool.coursekit.translations]
ignore-change = ["comments"]

[tool.coursekit.verify]
timeout = "fast"
preimport = 3

[tool.coursekit.standins.models."org/model"]
architecture = "gpt"

[tool.coursekit.subtitle]
max-cps = 1

[tool.coursekit.notebooks]
kernal = "python3"
"""


def test_a_typo_in_every_table_is_one_finding_each(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(TYPO_IN_EVERY_TABLE)
    findings = config_findings(Course.open(tmp_path))
    assert [(d.rule, d.path, d.line) for d in findings] == [
        ("CFG001", "pyproject.toml", line)
        for line in (5, 6, 7, 8, 11, 12, 15, 18, 21, 22, 24, 27, 31)
    ]
    assert "frame-rate" in findings[4].message and "max-cpss" in findings[5].message


@pytest.mark.parametrize(("text", "line"), [
    ("tool = 5\n", None), ('[tool]\ncoursekit = ["en"]\n', 2),
    ("[tool.coursekit.verify]\noutput-tolerance = -1\n", 2),
    ("[tool.coursekit.verify]\nstartup_timeout = true\n", 2),
    ('[tool.coursekit.verify]\nfork-kernels = "no"\n', 2),
    ("[tool.coursekit.verify]\ninstall-timeout = 0\n", 2),
    ("[tool.coursekit.subtitles]\nframe-rate = 0\n", 2),
    ("[tool.coursekit.subtitles]\nmax-chars-per-line = 4.5\n", 2),
    ("[tool.coursekit.subtitles.french]\nmax-cps = 4\n", 1),
    ('[tool.coursekit]\nsubtitles = "on"\n', 2),
])
def test_bad_values_of_every_shape_are_findings(
    tmp_path: Path, text: str, line: int | None,
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    [finding] = config_findings(Course.open(tmp_path))
    assert (finding.rule, finding.line) == ("CFG001", line)


def test_forking_kernels_is_on_by_default_and_can_be_turned_off(tmp_path: Path) -> None:
    from coursekit.execution.plan.settings import read_settings

    assert read_settings(Course.open(tmp_path)).fork_kernels
    (tmp_path / "pyproject.toml").write_text("[tool.coursekit.verify]\nfork-kernels = false\n")
    course = Course.open(tmp_path)
    assert config_findings(course) == []
    assert not read_settings(course).fork_kernels


_VERIFY_VALUES = {"timeout": 7, "startup-timeout": 8, "output-tolerance": 0.5,
                  "preimport": False, "extension-budget": 9, "fork-kernels": False,
                  "install-timeout": 10}


@pytest.mark.parametrize("dashes", [True, False], ids=["dashes", "underscores"])
@pytest.mark.parametrize("key", sorted(_VERIFY_VALUES))
def test_every_verify_key_is_read_in_either_spelling(
    tmp_path: Path, key: str, dashes: bool,
) -> None:
    from coursekit.config.verify_table import KEYS
    from coursekit.execution.plan.settings import read_settings

    assert set(_VERIFY_VALUES) == set(KEYS)
    value = _VERIFY_VALUES[key]
    written = key if dashes else key.replace("-", "_")
    (tmp_path / "coursekit.toml").write_text(
        f"[verify]\n{written} = {str(value).lower()}\n", encoding="utf-8")
    course = Course.open(tmp_path)
    assert config_findings(course) == []
    assert getattr(read_settings(course), key.replace("-", "_")) == value


def test_both_layouts_are_discovered(tmp_path: Path) -> None:
    for lang in ("fr", "en", "zh-CN"):
        (tmp_path / "chapters" / lang / "chapter1").mkdir(parents=True)
        (tmp_path / "chapters" / lang / "chapter1" / "1.mdx").write_text("# T\n")
    (tmp_path / "chapters" / "en" / "chapter10").mkdir()
    (tmp_path / "chapters" / "en" / "chapter10" / "1.mdx").write_text("# T\n")
    (tmp_path / "chapters" / "en" / "chapter2").mkdir()
    (tmp_path / "chapters" / "en" / "chapter2" / "1.mdx").write_text("# T\n")
    course = Course.open(tmp_path)
    assert course.content_dir.name == "chapters"
    assert course.lesson_languages() == ["en", "fr", "zh-CN"]
    files = [course.relative(p) for p in course.lesson_files("en")]
    assert files == ["chapters/en/chapter1/1.mdx", "chapters/en/chapter2/1.mdx",
                     "chapters/en/chapter10/1.mdx"]


def test_content_layout_preferred(tmp_path: Path) -> None:
    (tmp_path / "content" / "en").mkdir(parents=True)
    assert Course.open(tmp_path).content_dir.name == "content"


def test_language_tags() -> None:
    assert normalise("zh_cn") == "zh-CN"
    assert normalise("ZH-hant-tw") == "zh-Hant-TW"
    assert primary_subtag("zh-TW") == "zh"
    assert is_cjk("zh-CN") and is_cjk("ja") and not is_cjk("fr")


def test_lesson_files_are_the_lesson_names_outside_linked_folders(tmp_path: Path) -> None:
    base = tmp_path / "content" / "en"
    for name in ["chapter1/1.mdx", "chapter1/README.md", "chapter1/notes.md", "chapter1/.md",
                 "chapter1/..md", "chapter1/x.MDX", "chapter2/deep/er/2.mdx", ".hidden/3.mdx",
                 "4.mdx.bak", "top.mdx"]:
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text("# T\n")
    (base / "folder.mdx").mkdir()
    (base / "linked.mdx").symlink_to(base / "top.mdx")
    (base / "dangling.mdx").symlink_to(base / "missing.mdx")
    (base / "to-folder.mdx").symlink_to(base / "chapter1")
    (base / "loop").symlink_to(base)
    os.mkfifo(base / "pipe.mdx")
    course = Course.open(tmp_path)
    listed = [p.relative_to(base).as_posix() for p in course.lesson_files("en")]
    assert listed == [".hidden/3.mdx", "chapter1/1.mdx", "chapter1/..md", "chapter1/notes.md",
                      "chapter2/deep/er/2.mdx", "dangling.mdx", "linked.mdx", "pipe.mdx",
                      "top.mdx"]


def test_language_folders_are_listed_once_until_their_folder_changes(tmp_path: Path) -> None:
    for language in ("en", "fr"):
        (tmp_path / "content" / language).mkdir(parents=True)
    course = Course.open(tmp_path)
    first = course.lesson_languages()
    assert first == ["en", "fr"]
    # Asked again, the listing is the one read (a run asks for it per language and file).
    content = course.content_dir
    assert course._folders(content) is course._folders(content)
    # A folder that came since is seen: the lesson folder's entries changed.
    time.sleep(0.02)  # past the file system's clock tick, as between two edits
    (tmp_path / "content" / "ko").mkdir()
    assert course.lesson_languages() == ["en", "fr", "ko"]
    time.sleep(0.02)
    (tmp_path / "content" / "fr").rename(tmp_path / "content" / "es")
    assert course.lesson_languages() == ["en", "es", "ko"]
