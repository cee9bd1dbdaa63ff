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
    assert minilm is not None and minilm["weights"] == "minilm"


def test_the_shipped_catalog_maps_many_ids_to_families() -> None:
    catalog = load_catalog()
    assert len(catalog.entries["models"]) >= 100
    sst2 = catalog.get("models", "distilbert-base-uncased-finetuned-sst-2-english")
    assert sst2 is not None
    assert (sst2["architecture"], sst2["tokenizer"], sst2["head"], sst2["labels"]) == (
        "distilbert", "wordpiece-uncased", "sequence-classification", ["NEGATIVE", "POSITIVE"])
    for hub_id, family in [("gpt2", "gpt2"), ("t5-small", "t5"),
                           ("openai/whisper-small", "whisper"),
                           ("camembert-base", "camembert"), ("xlnet-base-cased", "xlnet"),
                           ("huggingface-course/codeparrot-ds", "gpt2"),
                           ("Helsinki-NLP/opus-mt-en-fr", "marian"),
                           ("microsoft/deberta-v3-base", "deberta-v2"),
                           ("microsoft/speecht5_tts", "speecht5-tts"),
                           ("microsoft/speecht5_hifigan", "speecht5-hifigan"),
                           ("suno/bark-small", "bark"), ("facebook/musicgen-small", "musicgen"),
                           ("laion/clap-htsat-unfused", "clap"),
                           ("laion/clap-htsat-fused", "clap-fused")]:
        entry = catalog.get("models", hub_id)
        assert entry is not None and entry["family"] == family, hub_id


def test_a_family_records_the_real_checkpoint_where_it_differs_from_the_class() -> None:
    catalog = load_catalog()
    cased = catalog.get("models", "bert-base-cased")
    t5 = catalog.get("models", "t5-small")
    gpt2 = catalog.get("models", "gpt2")
    assert cased is not None and cased["config"] == {"vocab_size": 28996}
    assert t5 is not None and t5["vocabulary"] == 32100
    assert gpt2 is not None and "config" not in gpt2 and "vocabulary" not in gpt2


def test_a_model_carries_facts_of_its_own_over_its_family() -> None:
    catalog = load_catalog()
    small, large = (catalog.get("models", f"Qwen/Qwen2.5-{s}-Instruct") for s in ("0.5B", "7B"))
    assert small is not None and large is not None
    assert "vocab_size" not in small["config"]  # the class default, 151,936
    assert large["config"] == {"tie_word_embeddings": False, "bos_token_id": 151643,
                               "eos_token_id": 151645, "vocab_size": 152064}
    assert large["vocabulary"] == small["vocabulary"] == 151665
    for pair, size in [("en-fr", 59514), ("fr-en", 59514), ("zh-en", 65001), ("en-zh", 65001)]:
        marian = catalog.get("models", f"Helsinki-NLP/opus-mt-{pair}")
        assert marian is not None
        assert (marian["config"]["vocab_size"], marian["config"]["pad_token_id"],
                marian["config"]["max_position_embeddings"]) == (size, size - 1, 512)
    other = catalog.get("models", "Helsinki-NLP/opus-mt-en-de")
    assert other is not None and "vocab_size" not in other["config"]


def test_a_small_checkpoint_records_its_real_widths_over_the_class_defaults() -> None:
    """The widths a stand-in shrinks are what verification builds at real size: those of
    the 125M GPT-Neo and the 0.6B Qwen3, not of their classes' 1.3B and 8B defaults."""
    catalog = load_catalog()
    neo, qwen3 = catalog.get("models", "EleutherAI/gpt-neo-125M"), catalog.get(
        "models", "Qwen/Qwen3-0.6B")
    assert neo is not None and qwen3 is not None
    assert (neo["architecture"], neo["config"]["hidden_size"], neo["config"]["num_layers"],
            neo["config"]["attention_types"]) == ("gpt_neo", 768, 12, [[["global", "local"], 6]])
    assert (qwen3["architecture"], qwen3["vocabulary"], qwen3["config"]["hidden_size"],
            qwen3["config"]["tie_word_embeddings"]) == ("qwen3", 151669, 1024, True)


def test_a_course_model_overrides_one_fact_and_keeps_the_others() -> None:
    catalog = load_catalog({"models": {
        "x/qwen": {"family": "qwen2-chat", "config": {"vocab_size": 151936},
                   "vocabulary": 151670},
        "x/plain": "qwen2-chat"}})
    mine, plain = catalog.get("models", "x/qwen"), catalog.get("models", "x/plain")
    assert mine is not None and plain is not None
    assert mine["config"] == {**plain["config"], "vocab_size": 151936}
    assert (mine["vocabulary"], plain["vocabulary"]) == (151670, 151665)


def test_real_counts_are_per_configuration_where_they_differ() -> None:
    catalog = load_catalog()
    wikitext, vox = catalog.get("datasets", "wikitext"), catalog.get("datasets", "qmeeus/voxpopuli")
    assert wikitext is not None and vox is not None
    assert wikitext["real"]["wikitext-103-raw-v1"]["train"] == 1801350
    assert wikitext["real"]["wikitext-2-raw-v1"] == {"train": 36718, "validation": 3760,
                                                    "test": 4358}
    assert vox["real"] == {"nl": {"train": 20968}}
    imdb = catalog.get("datasets", "imdb")
    assert imdb is not None and imdb["real"]["train"] == 25000


def test_a_course_declares_an_id_in_two_lines(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit.standins.models]\n"my-org/my-bert" = "bert-cased"\n', encoding="utf-8")
    catalog = load_catalog(Course.open(tmp_path).config.section("standins"))
    entry = catalog.get("models", "my-org/my-bert")
    assert entry is not None and entry["tokenizer"] == "wordpiece-cased"


def test_subset_keeps_only_what_is_named() -> None:
    small = load_catalog().subset([("models", "gpt2"), ("metrics", "wer"), ("models", "nope/x")])
    assert list(small) == [("models", "gpt2"), ("metrics", "wer")]


def test_a_text_to_spectrogram_model_brings_the_default_vocoder() -> None:
    small = load_catalog().subset([("models", "microsoft/speecht5_tts")])
    assert list(small) == [("models", "microsoft/speecht5_hifigan"),
                           ("models", "microsoft/speecht5_tts")]
    alone = load_catalog().subset([("models", "microsoft/speecht5_asr")])
    assert list(alone) == [("models", "microsoft/speecht5_asr")]


def test_canonical_form_is_stable_and_changes_with_entries() -> None:
    extra = {"models": {"x/y": "bert-cased"}}
    assert load_catalog().canonical() == load_catalog().canonical()
    assert load_catalog(extra).canonical() != load_catalog().canonical()


@pytest.mark.parametrize(("table", "message"), [
    ({"model": {}}, "unknown stand-in kind `model`"),
    ({"families": {"x": {"architecture": "gpt3", "tokenizer": "bpe"}}}, "bad `architecture`"),
    ({"families": {"x": {"architecture": "bert"}}}, "lacks `tokenizer`"),
    ({"families": {"x": {"architecture": "distilbert", "tokenizer": "wordpiece-uncased",
                         "weights": "minilm"}}}, "minilm is an uncased bert"),
    ({"families": {"x": {"architecture": "bark", "tokenizer": "bpe", "variant": "fused"}}},
     "bad `variant`"),
    ({"families": {"x": {"architecture": "gpt2", "tokenizer": "bpe", "config": [1]}}},
     "`config` must be a table"),
    ({"families": {"x": {"architecture": "gpt2", "tokenizer": "bpe", "vocabulary": 0}}},
     "bad `vocabulary` 0"),
    ({"models": {"x": "no-such-family"}}, "unknown family `no-such-family`"),
    ({"models": {"x": {"family": "gpt2", "labels": "nope"}}}, "unknown label set `nope`"),
    ({"models": {"x": {"family": "gpt2", "head": "fly"}}}, "bad `head`"),
    ({"models": {"x": {"family": "gpt2", "config": 50257}}},
     "models `x`: `config` must be a table"),
    ({"models": {"x": {"family": "gpt2", "vocabulary": "50257"}}},
     "models `x`: bad `vocabulary` '50257'"),
    ({"models": {"x": {"family": "gpt2", "vocab": 50257}}}, "unknown key(s) vocab"),
    ({"schemas": {"x": {"features": {"a": "string"}, "splits": {"train": 4},
                        "configs": ["a"], "real": {"b": {"train": 9}}}}},
     "schemas `x`: `real` names configuration(s) b that `configs` lacks"),
    ({"schemas": {"x": {"features": {"a": "string"}, "splits": {"train": 4},
                        "configs": ["a"], "real": {"a": {"test": 9}}}}},
     "`real` names split(s) test that `splits` lacks"),
    ({"schemas": {"x": {"features": {"a": "string"}, "splits": {"train": 4},
                        "configs": ["a"], "real": {"a": {"train": 9}, "train": 9}}}},
     "`real` maps split names to row counts, or configuration names"),
    ({"datasets": {"x": {"schema": "glue", "configs": ["cola"]}}}, "configs must be among"),
    ({"datasets": {"x": "no-schema"}}, "unknown schema `no-schema`"),
    ({"schemas": {"x": {"features": {"a": "string"}, "splits": {"train": 0}}}},
     "`splits` maps split names"),
    ({"metrics": {"x": {"metric": "bleu", "extra": 1}}}, "unknown key(s) extra"),
    ({"metrics": {"x": "bleurt"}}, "bad `metric`"),
])
def test_bad_entries_are_rejected_with_their_id(table: dict[str, object], message: str) -> None:
    with pytest.raises(CatalogError, match=None) as caught:
        load_catalog(table)
    assert message in str(caught.value)


def test_scan_reports_a_bad_course_catalog_as_a_finding(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit.standins.models.x]\nfamily = "gpt3"\n', encoding="utf-8")
    result = scan_course(Course.open(tmp_path))
    assert [d.rule for d in result.diagnostics] == ["STD102"]
    assert result.diagnostics[0].path == "pyproject.toml"


def test_scan_course_reads_lessons_through_the_loader(tmp_path: Path) -> None:
    lesson = tmp_path / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(
        "# Title\n\n```py\nfrom datasets import load_dataset\n\n"
        'raw = load_dataset("glue", "mrpc")\nmodel = AutoModel.from_pretrained("acme/gpt5")\n```\n',
        encoding="utf-8",
    )
    result = scan_course(Course.open(tmp_path))
    assert {(r.kind, r.hub_id, r.line) for r in result.references} == {
        ("datasets", "glue", 6), ("models", "acme/gpt5", 7)}
    assert [(d.rule, d.path, d.line) for d in result.diagnostics] == [
        ("STD101", "content/en/chapter1/1.mdx", 7)]


def test_a_reupload_keeps_its_own_columns() -> None:
    catalog = load_catalog()
    reupload = catalog.get("datasets", "qmeeus/voxpopuli")
    original = catalog.get("datasets", "facebook/voxpopuli")
    assert reupload is not None and original is not None
    assert "text" in reupload["features"] and "normalized_text" not in reupload["features"]
    assert "normalized_text" in original["features"] and "text" not in original["features"]
