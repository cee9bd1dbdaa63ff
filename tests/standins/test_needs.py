"""What a course needs of the stand-ins, kept between runs: the same as a full scan,
each lesson read again only when it changed, a damaged cache read around."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.lessons.load import load_lesson
from coursekit.lessons.model import Lesson
from coursekit.standins import needs
from coursekit.standins.missing import scan_course

REPO = Path(__file__).resolve().parents[2]
CORPORA = REPO.parent / "shared" / "corpora"

LESSON = """# Lesson {n}

```py
from datasets import load_dataset
from transformers import AutoModel
raw = load_dataset("{dataset}")
model = AutoModel.from_pretrained("{model}")
{read}
```
"""


def _course(root: Path) -> Course:
    (root / "content" / "en").mkdir(parents=True)
    for n, (dataset, model, read) in enumerate([
        ("imdb", "bert-base-uncased", 'raw["train"][40000]'),
        ("glue", "distilbert-base-uncased", ""),
        ("imdb", "gpt2", 'raw["train"][100]'),
    ]):
        (root / "content" / "en" / f"{n}.mdx").write_text(
            LESSON.format(n=n, dataset=dataset, model=model, read=read), encoding="utf-8")
    return Course.open(root)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    def load(course: Course, file: Path, *args: object) -> Lesson:
        read.append(file.name)
        return load_lesson(course, file, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(needs, "load_lesson", load)
    return read


def _scan(course: Course) -> needs.Needs:
    scan = scan_course(course)
    return scan.needed, scan.reach


def test_the_needs_are_those_of_a_full_scan(tmp_path: Path) -> None:
    course = _course(tmp_path)
    found = needs.course_needs(course, tmp_path / "cache")
    assert found == _scan(course)
    assert ("models", "gpt2") in found[0]
    assert found[1]["imdb"] == 40000
    assert needs.course_needs(course, tmp_path / "cache") == found  # from the cache


@pytest.mark.parametrize("name", ["audio-course", "agents-course"])
def test_the_needs_of_real_courses_are_those_of_a_full_scan(name: str, tmp_path: Path) -> None:
    if not (CORPORA / name).is_dir():
        pytest.skip(f"the corpus {name} is not beside the checkout")
    course = Course.open(CORPORA / name)
    assert needs.course_needs(course, tmp_path / "cache") == _scan(course)
    assert needs.course_needs(course, tmp_path / "cache") == _scan(course)


def test_only_a_changed_lesson_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    course = _course(tmp_path)
    needs.course_needs(course, tmp_path / "cache")
    read = _counting(monkeypatch)
    needs.course_needs(course, tmp_path / "cache")
    assert read == []
    lesson = tmp_path / "content" / "en" / "2.mdx"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("gpt2", "t5-small"),
                      encoding="utf-8")
    needed, _ = needs.course_needs(course, tmp_path / "cache")
    assert read == ["2.mdx"]
    assert ("models", "t5-small") in needed
    assert ("models", "gpt2") not in needed


def test_without_a_folder_every_lesson_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    course = _course(tmp_path)
    read = _counting(monkeypatch)
    needs.course_needs(course)
    needs.course_needs(course)
    assert sorted(read) == ["0.mdx", "0.mdx", "1.mdx", "1.mdx", "2.mdx", "2.mdx"]
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"format": 1, "entries": {"x": 1}}'])
def test_a_damaged_cache_is_read_around(tmp_path: Path, damage: bytes) -> None:
    course = _course(tmp_path)
    expected = needs.course_needs(course, tmp_path / "cache")
    shards = list((tmp_path / "cache").rglob("en.json"))
    assert shards
    for shard in shards:
        shard.write_bytes(damage)
    assert needs.course_needs(course, tmp_path / "cache") == expected


def test_a_stored_entry_of_another_shape_is_read_again(tmp_path: Path) -> None:
    course = _course(tmp_path)
    expected = needs.course_needs(course, tmp_path / "cache")
    shard = next((tmp_path / "cache").rglob("en.json"))
    text = shard.read_text(encoding="utf-8").replace('"reach":40000', '"reach":"far"')
    shard.write_text(text.replace('"loads":[["datasets","imdb"]', '"loads":[["datasets"]'),
                     encoding="utf-8")
    assert needs.course_needs(course, tmp_path / "cache") == expected


def test_a_cache_folder_that_cannot_be_made_only_costs_the_reading(tmp_path: Path) -> None:
    course = _course(tmp_path)
    (tmp_path / "blocked").write_text("a file where the folder would go", encoding="utf-8")
    assert needs.course_needs(course, tmp_path / "blocked" / "needs") == _scan(course)
    assert (tmp_path / "blocked").is_file()


def test_special_files_in_a_shards_place_are_read_around_and_left(tmp_path: Path) -> None:
    """A FIFO is never waited on; a link is replaced, never written through."""
    course = _course(tmp_path)
    expected = needs.course_needs(course, tmp_path / "cache")
    shard = next((tmp_path / "cache").rglob("en.json"))
    shard.unlink()
    os.mkfifo(shard)
    assert needs.course_needs(course, tmp_path / "cache") == expected
    assert shard.is_fifo()
    shard.unlink()
    outside = tmp_path / "outside.json"
    outside.write_text("kept", encoding="utf-8")
    shard.symlink_to(outside)
    assert needs.course_needs(course, tmp_path / "cache") == expected
    assert outside.read_text(encoding="utf-8") == "kept"
