"""The stand-in catalog: shipped entries, course entries, and bad entries reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins.catalog import CatalogError, load_catalog
from coursekit.standins.missing import scan_course


def test_shipped_catalog_covers_the_lesson_hub_ids() -> None:
    catalog = load_catalog()
    for kind, hub_id in [("models", "distilbert-base-uncased"), ("models", "bert-base-cased"),
                         ("models", "distilbert-base-cased"), ("datasets", "glue"),
                         ("metrics", "glue"), ("metrics", "accuracy"), ("metrics", "f1")]:
        assert catalog.get(kind, hub_id) is not None, hub_id
    minilm = catalog.get("models", "bert-base-uncased")
    assert minilm is not None and minilm["size"] == "minilm"


def test_canonical_form_is_stable_and_changes_with_entries() -> None:
    extra = {"models": {"x/y": {"architecture": "bert", "size": "tiny", "tokenizer": "cased",
                                "seed": 9}}}
    assert load_catalog().canonical() == load_catalog().canonical()
    assert load_catalog(extra).canonical() != load_catalog().canonical()


@pytest.mark.parametrize(("table", "message"), [
    ({"model": {}}, "unknown stand-in kind `model`"),
    ({"models": {"x": {"architecture": "gpt2", "size": "tiny", "tokenizer": "cased",
                       "seed": 1}}}, "bad `architecture`"),
    ({"models": {"x": {"architecture": "bert", "size": "tiny", "tokenizer": "cased"}}},
     "lacks `seed`"),
    ({"models": {"x": {"architecture": "distilbert", "size": "minilm",
                       "tokenizer": "uncased", "seed": 1}}}, "minilm is an uncased bert"),
    ({"datasets": {"x": {"generator": "glue", "configs": ["cola"], "seed": 1}}},
     "configs must be among"),
    ({"metrics": {"x": {"metric": "bleu", "extra": 1}}}, "unknown key(s) extra"),
])
def test_bad_entries_are_rejected_with_their_id(table: dict[str, object], message: str) -> None:
    with pytest.raises(CatalogError, match=None) as caught:
        load_catalog(table)
    assert message in str(caught.value)


def test_scan_reports_a_bad_course_catalog_as_a_finding(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit.standins.models.x]\narchitecture = "gpt2"\n', encoding="utf-8")
    result = scan_course(Course.open(tmp_path))
    assert [d.rule for d in result.diagnostics] == ["STD102"]
    assert result.diagnostics[0].path == "pyproject.toml"


def test_scan_course_reads_lessons_through_the_loader(tmp_path: Path) -> None:
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(
        "# Title\n\n```py\nfrom datasets import load_dataset\n\n"
        'raw = load_dataset("glue", "mrpc")\nmodel = AutoModel.from_pretrained("gpt2")\n```\n',
        encoding="utf-8",
    )
    result = scan_course(Course.open(tmp_path))
    assert {(r.kind, r.hub_id, r.line) for r in result.references} == {
        ("datasets", "glue", 6), ("models", "gpt2", 7)}
    assert [(d.rule, d.path, d.line) for d in result.diagnostics] == [
        ("STD101", "content/en/chapter1/1.mdx", 7)]
