"""Every family's stand-in, as built, against the real architecture: its configuration
class's defaults (no download) with the catalog's facts, a model's own over its
family's. What a lesson observes (vocabulary size, positions, special token ids, label
maps) must be the real one."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins import StandinEnv, StandinError, prepare
from coursekit.standins.build import builder_root
from coursekit.standins.catalog import load_catalog

from ..kernel_skip import kernel_or_skip
from .conftest import AUDIO_SAMPLES, FACT_SAMPLES, FAMILY_SAMPLES

Runner = Callable[[str, StandinEnv, str], dict[str, object]]
SAMPLES = {**FAMILY_SAMPLES, **AUDIO_SAMPLES, **FACT_SAMPLES,
           "sst2": "distilbert-base-uncased-finetuned-sst-2-english"}
FIDELITY = '''
import json, sys
sys.path.insert(0, {root!r})
import transformers
from builder.fidelity import differences
SPECS = json.loads({specs!r})
out = {{}}
for family, (hub_id, spec) in SPECS.items():
    config_class = (transformers.SpeechT5HifiGanConfig if spec["architecture"] == "speecht5_hifigan"
                    else transformers.AutoConfig)
    config = config_class.from_pretrained(hub_id)
    tokenizer = (None if spec["tokenizer"] == "none"
                 else transformers.AutoTokenizer.from_pretrained(hub_id))
    out[family] = differences(spec, config, tokenizer)
# planted: a GPT-2 stand-in of a 953-token vocabulary, its end token last
from tokenizers import Tokenizer, models
hub_id, spec = SPECS["gpt2"]
config = transformers.AutoConfig.from_pretrained(hub_id)
config.vocab_size = 953
words = {{f"w{{i}}": i for i in range(952)}} | {{"<|endoftext|>": 952}}
small = transformers.PreTrainedTokenizerFast(
    tokenizer_object=Tokenizer(models.WordLevel(words, unk_token="w0")),
    eos_token="<|endoftext|>")
planted = differences(spec, config, small)
# planted facts of a model: the 7B Qwen given the 0.5B's 151,936 ids, and Marian en-fr's
# vocabulary without its pad id, each against the stand-in built from the catalog
def against(family, config):
    hub_id, spec = SPECS[family]
    return differences({{**spec, "config": config}},
                       transformers.AutoConfig.from_pretrained(hub_id),
                       transformers.AutoTokenizer.from_pretrained(hub_id))
qwen, marian = SPECS["qwen2-chat 7B"][1]["config"], SPECS["marian"][1]["config"]
facts = {{"qwen": against("qwen2-chat 7B", {{**qwen, "vocab_size": 151936}}),
         "marian": against("marian", {{k: v for k, v in marian.items()
                                      if k not in ("pad_token_id", "decoder_start_token_id")}})}}
print(json.dumps({{"families": out, "planted": planted, "facts": facts}}))
'''


@pytest.fixture(scope="module")
def fidelity(pt_standins: StandinEnv, run_in_kernel: Runner) -> dict[str, object]:
    catalog = load_catalog()
    specs = {family: (hub_id, dict(catalog.get("models", hub_id) or {}))
             for family, hub_id in SAMPLES.items()}
    script = FIDELITY.format(root=str(builder_root()), specs=json.dumps(specs))
    return run_in_kernel("pt", pt_standins, script)


@pytest.mark.torch
@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(SAMPLES))
def test_stand_in_keeps_what_a_lesson_observes(family: str, fidelity: dict[str, object],
                                               ) -> None:
    families = fidelity["families"]
    assert isinstance(families, dict)
    assert families[family] == [], families[family]


@pytest.mark.torch
@pytest.mark.slow
def test_a_shrunk_vocabulary_is_told_apart(fidelity: dict[str, object]) -> None:
    planted = fidelity["planted"]
    assert isinstance(planted, list)
    assert any(p.startswith("vocab_size is 953") for p in planted), planted
    assert any("has 953 tokens, the real one 50257" in p for p in planted), planted
    assert any("eos token is id 952, the model's 50256" in p for p in planted), planted


@pytest.mark.torch
@pytest.mark.slow
def test_a_wrong_fact_of_one_model_is_told_apart(fidelity: dict[str, object]) -> None:
    facts = fidelity["facts"]
    assert isinstance(facts, dict)
    assert facts["qwen"] == ["vocab_size is 152064, the real architecture's 151936"]
    assert set(facts["marian"]) == {
        "pad_token_id is 59513, the real architecture's 58100",
        "decoder_start_token_id is 59513, the real architecture's 58100",
        "the tokenizer's pad token is id 59513, the model's 58100"}


@pytest.mark.torch
@pytest.mark.slow
def test_a_model_whose_facts_disagree_is_not_built(tmp_path: Path) -> None:
    """A Marian pair given its real vocabulary but not its pad id: the tokenizer's pad,
    last of 59,514 tokens, is not the configuration's, and the builder says so."""
    kernel_or_skip("pt")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.coursekit.standins.models."x/opus-mt-en-xx"]\nfamily = "marian"\n'
        "config = { vocab_size = 59514, decoder_vocab_size = 59514 }\n", encoding="utf-8")
    with pytest.raises(StandinError) as caught:
        prepare(Course.open(tmp_path), "pt", ids={("models", "x/opus-mt-en-xx")})
    assert "the tokenizer's pad token is id 59513, the model's 58100" in caught.value.output


@pytest.mark.parametrize(("text_ids", "differs"), [(119_547, False), (28_996, True)])
def test_bark_is_told_apart_by_what_its_semantic_model_reads(text_ids: int,
                                                             differs: bool) -> None:
    from types import SimpleNamespace

    from coursekit.standins.builder.fidelity import config_differences

    # 10,048 semantic ids, the text tokenizer's ids, then five markers.
    config = SimpleNamespace(semantic_config=SimpleNamespace(
        input_vocab_size=10_048 + text_ids + 5))
    found = config_differences({"architecture": "bark"}, config, None)
    assert bool(found) is differs
