"""The hub-id scanner: every kind of reference, and what is not a hub id."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.standins.catalog import load_catalog
from coursekit.standins.missing import check_references
from coursekit.standins.scan import HubReference, Snippet, references


def refs(*sources: str) -> set[tuple[str, str, int]]:
    snippets, line = [], 1
    for source in sources:
        snippets.append(Snippet(source, "lesson.mdx", line))
        line += source.count("\n") + 3
    return {(r.kind, r.hub_id, r.line) for r in references(snippets)}


def test_direct_string_arguments_of_each_loader() -> None:
    found = refs(
        'from transformers import AutoTokenizer\n'
        'tok = AutoTokenizer.from_pretrained("distilbert-base-uncased")\n'
        'raw = load_dataset("glue", "mrpc")\n'
        'metric = evaluate.load("glue", "mrpc")\n'
        'model = TFAutoModelForSequenceClassification.from_pretrained('
        'pretrained_model_name_or_path="bert-base-cased")\n'
    )
    assert found == {
        ("models", "distilbert-base-uncased", 2), ("datasets", "glue", 3),
        ("metrics", "glue", 4), ("models", "bert-base-cased", 5),
    }


def test_checkpoint_variable_resolves_across_cells() -> None:
    found = refs('checkpoint = "bert-base-uncased"',
                 "model = AutoModel.from_pretrained(checkpoint)")
    assert ("models", "bert-base-uncased", 1) in found
    assert ("models", "bert-base-uncased", 4) in found


def test_checkpoint_like_name_counts_even_unused() -> None:
    assert refs('model_checkpoint = "google-bert/bert-base-cased"') == {
        ("models", "google-bert/bert-base-cased", 1)
    }


def test_saved_folders_local_paths_and_packaged_builders_are_not_hub_ids() -> None:
    found = refs(
        'model.save_pretrained("my-finetuned-model")\n'
        'again = AutoModel.from_pretrained("my-finetuned-model")\n'
        'local = AutoModel.from_pretrained("./models/bert")\n'
        'data = load_dataset("csv", data_files="x.csv")\n'
        'other = AutoModel.from_pretrained(some_call())\n'
    )
    assert found == set()


def test_shell_and_magic_lines_are_skipped_and_lines_kept() -> None:
    assert refs('!pip install datasets\n%time x = 1\nraw = load_dataset("glue", "mnli")') == {
        ("datasets", "glue", 3)
    }


def test_unparsable_code_yields_nothing() -> None:
    assert refs('tok = AutoTokenizer.from_pretrained("bert-base-cased"') == set()


@given(st.text())
def test_never_raises_on_any_text(text: str) -> None:
    references([Snippet(text, "x.mdx", 1)])


def test_unknown_ids_are_reported_once_at_first_use() -> None:
    found = references([Snippet(
        'a = AutoModel.from_pretrained("gpt2")\nb = AutoModel.from_pretrained("gpt2")\n'
        'c = load_dataset("imdb")\nd = AutoModel.from_pretrained("bert-base-cased")\n'
        'm = evaluate.load("bleu")\n',
        "content/en/chapter1/1.mdx", 10,
    )])
    result = check_references(found, load_catalog())
    assert sorted((d.rule, d.line, d.message) for d in result.diagnostics) == [
        ("STD101", 10, "model `gpt2` has no offline stand-in (and 1 more use(s))"),
        ("STD101", 12, "dataset `imdb` has no offline stand-in"),
        ("STD101", 14, "metric `bleu` has no offline stand-in"),
    ]


def test_catalogued_ids_are_clean() -> None:
    found = [HubReference(kind, hub_id, "x.mdx", 1) for kind, hub_id in [
        ("models", "distilbert-base-uncased"), ("models", "bert-base-uncased"),
        ("datasets", "glue"), ("datasets", "nyu-mll/glue"), ("metrics", "glue"),
        ("metrics", "accuracy"), ("metrics", "f1"),
    ]]
    assert check_references(found, load_catalog()).diagnostics == []


def test_course_entries_make_an_id_known() -> None:
    catalog = load_catalog({"models": {"gpt2": {
        "architecture": "bert", "size": "tiny", "tokenizer": "cased", "seed": 4}}})
    found = [HubReference("models", "gpt2", "x.mdx", 1)]
    assert check_references(found, catalog).diagnostics == []
