"""The hub-id scanner: every kind of reference, and what is not a hub id."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit.standins.catalog import load_catalog
from coursekit.standins.hub_references import HubReference, Snippet, references
from coursekit.standins.missing import check_references


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


def test_loaders_imported_under_their_own_or_another_name_are_read() -> None:
    found = refs(
        "from evaluate import load\nimport evaluate as ev\n"
        "from datasets import load_dataset as ld\nfrom transformers import pipeline as make\n",
        'wer = load("wer")\nacc = ev.load("accuracy")\nraw = ld("imdb")\n'
        'clf = make("text-classification", model="acme/classifier")\n',
    )
    assert found == {("metrics", "wer", 8), ("metrics", "accuracy", 9),
                     ("datasets", "imdb", 10), ("models", "acme/classifier", 11)}


def test_a_load_that_is_not_the_hub_loaders_is_no_reference() -> None:
    assert refs('from json import load\nimport torch as ev\n'
                'a = load("wer")\nb = ev.load("accuracy")\nc = load("imdb")\n') == set()


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
        'a = AutoModel.from_pretrained("acme/gpt5")\nb = AutoModel.from_pretrained("acme/gpt5")\n'
        'c = load_dataset("acme/speech")\nd = AutoModel.from_pretrained("bert-base-cased")\n'
        'm = evaluate.load("bleurt")\n',
        "content/en/chapter1/1.mdx", 10,
    )])
    result = check_references(found, load_catalog())
    assert sorted((d.rule, d.line, d.message) for d in result.diagnostics) == [
        ("STD101", 10, "model `acme/gpt5` has no offline stand-in (and 1 more use(s))"),
        ("STD101", 12, "dataset `acme/speech` has no offline stand-in"),
        ("STD101", 14, "metric `bleurt` has no offline stand-in"),
    ]
    hints = {d.line: d.hint or "" for d in result.diagnostics}
    assert hints[10].endswith('[tool.coursekit.standins.models]\n"acme/gpt5" = "gpt2"')
    assert hints[12].endswith('"acme/speech" = "common_voice"')


def test_an_architecture_without_a_family_is_said_so() -> None:
    found = [HubReference("models", "speechbrain/spkrec-ecapa-voxceleb", "x.mdx", 3)]
    [finding] = check_references(found, load_catalog()).diagnostics
    assert finding.hint is not None
    assert finding.hint.startswith("no shipped family has this architecture")
    assert '"speechbrain/spkrec-ecapa-voxceleb" = "<family>"' in finding.hint


@pytest.mark.parametrize(("hub_id", "family"), [
    ("acme/speecht5_tts_finetuned_nl", "speecht5-tts"), ("acme/speecht5_asr-de", "speecht5-asr"),
    ("acme/hifigan-vocoder", "speecht5-hifigan"), ("acme/bark-tiny", "bark"),
    ("acme/musicgen-stereo-small", "musicgen"), ("acme/clap-htsat-unfused-v2", "clap"),
    ("acme/clap-htsat-fused-v2", "clap-fused"), ("acme/opus-mt-en-eo", "marian"),
    ("acme/deberta-v3-finetuned", "deberta-v2"), ("acme/gpt-neo-1.3B-ft", "gpt-neo"),
    ("acme/gpt-neox-20b", "gpt2"), ("acme/Qwen3-1.7B", "qwen3-chat"),
    ("acme/Qwen2.5-3B", "qwen2-chat"),
])
def test_speech_and_translation_ids_get_their_family_suggested(hub_id: str, family: str,
                                                               ) -> None:
    [finding] = check_references([HubReference("models", hub_id, "x.mdx", 3)],
                                 load_catalog()).diagnostics
    assert (finding.hint or "").endswith(f'"{hub_id}" = "{family}"')


def test_pipeline_calls_name_their_model_or_the_task_default() -> None:
    found = references([Snippet(
        'a = pipeline("sentiment-analysis")\nb = pipeline("ner", model="dslim/bert-base-NER")\n'
        'c = pipeline("fill-mask", "camembert-base")\nd = pipeline("summarization")\n',
        "x.mdx", 1)], {"sentiment-analysis": "distilbert-base-uncased-finetuned-sst-2-english"})
    assert {(r.hub_id, r.line, r.via) for r in found} == {
        ("distilbert-base-uncased-finetuned-sst-2-english", 1, 'pipeline("sentiment-analysis")'),
        ("dslim/bert-base-NER", 2, ""), ("camembert-base", 3, "")}


def test_push_targets_and_placeholders_are_listed_apart() -> None:
    found = references([Snippet(
        'args = TrainingArguments("out", hub_model_id="sgugger/bert-finetuned-mrpc")\n'
        'model.push_to_hub("lewtun/my-model")\n'
        'm = AutoModel.from_pretrained("lewtun/my-model")\n'
        'n = AutoModel.from_pretrained("your-username/my-awesome-model")\n'
        'o = AutoModel.from_pretrained("<your-name>/model")\n'
        'api.upload_folder(folder_path="out", repo_id="lewtun/other")\n'
        'llm = HuggingFaceEndpoint(repo_id="Qwen/Qwen2.5-Coder-32B-Instruct")\n', "x.mdx", 1)])
    assert {(r.hub_id, r.role) for r in found} == {
        ("sgugger/bert-finetuned-mrpc", "push-target"), ("lewtun/my-model", "push-target"),
        ("lewtun/other", "push-target"),
        ("your-username/my-awesome-model", "placeholder"), ("<your-name>/model", "placeholder")}
    assert check_references(found, load_catalog()).diagnostics == []


def test_catalogued_ids_are_clean() -> None:
    found = [HubReference(kind, hub_id, "x.mdx", 1) for kind, hub_id in [
        ("models", "distilbert-base-uncased"), ("models", "bert-base-uncased"),
        ("datasets", "glue"), ("datasets", "nyu-mll/glue"), ("metrics", "glue"),
        ("metrics", "accuracy"), ("metrics", "f1"),
    ]]
    assert check_references(found, load_catalog()).diagnostics == []


def test_course_entries_make_an_id_known() -> None:
    catalog = load_catalog({"models": {"acme/gpt5": "gpt2"}})
    found = [HubReference("models", "acme/gpt5", "x.mdx", 1)]
    assert check_references(found, catalog).diagnostics == []


CONFIGS = ('a = load_dataset("glue", "sst2")\nb = load_dataset("glue", "mrpc")\n'
           'c = load_dataset("mozilla-foundation/common_voice_13_0", name="ko", split="test")\n'
           'd = load_dataset("PolyAI/minds14", name="en-US")\ne = load_dataset("imdb")\n')


def test_a_dataset_loaded_in_a_configuration_its_stand_in_lacks_is_reported() -> None:
    found = references([Snippet(CONFIGS, "x.mdx", 1)])
    result = check_references(found, load_catalog())
    assert sorted((d.line, d.message) for d in result.diagnostics) == [
        (1, "dataset `glue` in configuration `sst2` has no offline stand-in "
            "(its stand-in has mrpc, mnli)"),
        (3, "dataset `mozilla-foundation/common_voice_13_0` in configuration `ko` has no "
            "offline stand-in (its stand-in has en, fr, de, es, it, nl, dv, hi, pt, sv-SE, "
            "tr, ja)"),
    ]
    assert result.missing == {("datasets", "glue"),
                              ("datasets", "mozilla-foundation/common_voice_13_0")}
    hint = {d.line: d.hint or "" for d in result.diagnostics}[3]
    assert hint.endswith('schema = "common_voice"\nconfigs = ["en", "fr", "de", "es", "it", '
                         '"nl", "dv", "hi", "pt", "sv-SE", "tr", "ja", "ko"]')


def test_a_course_entry_with_the_configuration_makes_it_known() -> None:
    catalog = load_catalog({"datasets": {
        "mozilla-foundation/common_voice_13_0": {"schema": "common_voice", "configs": ["ko"]},
        "glue": {"schema": "glue", "configs": ["mrpc"]},
    }})
    found = references([Snippet(CONFIGS.replace('"sst2"', '"mrpc"'), "x.mdx", 1)])
    assert check_references(found, catalog).diagnostics == []
