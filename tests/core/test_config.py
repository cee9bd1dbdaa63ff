"""Configuration and course discovery."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import ConfigError, Course, load_config
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


@pytest.mark.parametrize("text", ['languages = "en"\n', 'frameworks = ["jax"]\n',
                                  "colour = 3\n", "= broken"])
def test_bad_configuration_names_the_file(tmp_path: Path, text: str) -> None:
    (tmp_path / "coursekit.toml").write_text(text)
    with pytest.raises(ConfigError, match=r"coursekit\.toml"):
        load_config(tmp_path)


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
