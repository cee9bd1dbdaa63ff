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


CHUNKS = """\
tokenized = raw.map(tokenize, batched=True, remove_columns=["text", "label"])
chunk_size = 128

def group_texts(examples):
    joined = {k: sum(examples[k], []) for k in examples}
    total = len(joined["input_ids"]) // chunk_size * chunk_size
    return {k: [t[i : i + chunk_size] for i in range(0, total, chunk_size)]
            for k, t in joined.items()}

chunks = tokenized.map(group_texts, batched=True)
"""


@pytest.mark.parametrize(("split", "expected"), [
    ("train_size = 10_000\ntest_size = int(0.1 * train_size)\n"
     "small = chunks['train'].train_test_split(train_size=train_size, test_size=test_size)",
     10_000),
    ("held_out = 1000\nsmall = chunks['train'].train_test_split(test_size=held_out, seed=42)",
     1000),
    ("n = 500\nn = n * 4\nsample = chunks['train'].shuffle(seed=0).select(range(n))", 2000),
    # The clean counterparts: a fraction, and a name no literal gives.
    ("fraction = 0.1\nsmall = chunks['train'].train_test_split(test_size=fraction)", 0),
    ("small = chunks['train'].train_test_split(test_size=len(chunks) // 10)", 0),
    ("size = 0.2\nsize = compute()\nchunks['train'].train_test_split(test_size=size)", 0),
])
def test_counts_given_by_names_reach_through_what_the_lesson_derives(
        split: str, expected: int) -> None:
    """Tokenize, group into chunks, then split: the chunk size in a slice is a length
    of tokens, not rows; the split's sizes are rows of the dataset the chunks came from."""
    assert reach([CHUNKS, split]) == expected


def test_a_chunked_corpus_split_at_real_counts_is_built_at_real_size(tmp_path: Path) -> None:
    split = ("train_size = 10_000\ntest_size = int(0.1 * train_size)\n"
             "small = chunks['train'].train_test_split(train_size=train_size, "
             "test_size=test_size, seed=42)")
    scan = scan_course(_imdb_course(tmp_path / "real", CHUNKS + split))
    assert scan.reach == {"imdb": 10_000}
    assert beyond_blocks(scan.reach, load_catalog().subset(scan.needed)) == {"imdb"}
    # The clean counterpart: the same pipeline split by a fraction keeps the block.
    clean = scan_course(_imdb_course(tmp_path / "block", CHUNKS + "small = chunks['train']"
                                     ".train_test_split(test_size=0.1, seed=42)"))
    assert beyond_blocks(clean.reach, load_catalog().subset(clean.needed)) == set()


def _imdb_course(root: Path, code: str) -> Course:
    lesson = root / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    (lesson.parent.parent / "_toctree.yml").write_text(
        "- title: One\n  sections:\n  - local: chapter1/1\n    title: One\n", encoding="utf-8")
    lesson.write_text(f'# One\n\n```py\nfrom datasets import load_dataset\n\n'
                      f'raw = load_dataset("imdb")\n```\n\n```py\n{code}\n```\n',
                      encoding="utf-8")
    return Course.open(root)
