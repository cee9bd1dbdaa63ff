"""Which datasets a course reads past their block of rows, and so gets at real size."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.config import Course
from coursekit.standins.catalog import CatalogError, load_catalog
from coursekit.standins.missing import scan_course
from coursekit.standins.reach import beyond_blocks, block_rows, reach

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("code", "expected"), [
    ('raw["train"][123456]', 123456),
    ("raw.train_test_split(test_size=1000, seed=0)", 1000),
    ("raw.train_test_split(train_size=2000)", 2000),
    ("raw.train_test_split(test_size=0.1)", 0),
    ("small = raw.shuffle(seed=42).select(range(160))", 160),
    ("small = raw.select(range(10, 5000))", 5000),
    ("stream.take(300)", 300),
    ('raw["train"][:3]', 3),
    ('raw["train"][-1]', 0),
    ('inputs["input_ids"][0]', 0),
    ("raw.select([0, 10, 20])", 0),
])
def test_reach_is_the_largest_row_number_or_count(code: str, expected: int) -> None:
    assert reach([code]) == expected


@given(st.text())
def test_reach_never_raises(text: str) -> None:
    assert reach([text]) >= 0


def _course(tmp_path: Path, code: str) -> Course:
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    (lesson.parent.parent / "_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/1\n    title: One\n", encoding="utf-8")
    lesson.write_text(f"# One\n\n```py\nfrom datasets import load_dataset\n\n"
                      f'raw = load_dataset("glue", "mnli")\n{code}\n```\n', encoding="utf-8")
    return Course.open(tmp_path)


def test_a_lesson_that_reads_past_the_block_gets_real_rows(tmp_path: Path) -> None:
    scan = scan_course(_course(tmp_path, 'raw["train"][123456]'))
    assert scan.reach == {"glue": 123456}
    catalog = load_catalog().subset(scan.needed)
    assert beyond_blocks(scan.reach, catalog) == {"glue"}
    assert catalog.at_real_size({"glue"}).get("datasets", "glue")["rows"] == "real"  # type: ignore[index]


def test_a_lesson_within_the_block_keeps_it(tmp_path: Path) -> None:
    scan = scan_course(_course(tmp_path, 'raw["train"].select(range(160))'))
    assert beyond_blocks(scan.reach, load_catalog()) == set()
    assert block_rows(load_catalog().get("datasets", "glue") or {}) == 256


def test_the_bundled_course_trains_on_blocks() -> None:
    """Its training lessons run a whole epoch: their datasets stay at block size."""
    scan = scan_course(Course.open(REPO))
    assert beyond_blocks(scan.reach, load_catalog()) == set()


def test_rows_and_real_counts_are_checked() -> None:
    with pytest.raises(CatalogError, match="bad `rows`"):
        load_catalog({"datasets": {"x": {"schema": "imdb", "rows": "all"}}})
    with pytest.raises(CatalogError, match="`real` names split"):
        load_catalog({"schemas": {"x": {"features": {"a": "string"}, "splits": {"train": 4},
                                        "real": {"dev": 9}}}})
    entry = load_catalog({"datasets": {"x": {"schema": "imdb", "rows": "real"}}}).get(
        "datasets", "x")
    assert entry is not None
    assert entry["rows"] == "real"
    assert entry["real"]["train"] == 25000
