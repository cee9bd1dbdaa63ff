"""The scanner on ids given to other libraries' loaders, Hub tools and pinned revisions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from coursekit.standins.catalog import load_catalog
from coursekit.standins.hub_references import HubReference, Snippet, references
from coursekit.standins.loaders import split_revision
from coursekit.standins.missing import ScanResult, check_references, listing


def found(source: str) -> set[tuple[str, str, str, str]]:
    """(kind, id, revision, role) of each reference in ``source``."""
    return {(r.kind, r.hub_id, r.revision, r.role)
            for r in references([Snippet(source, "lesson.mdx", 1)])}


def test_an_id_written_with_its_revision_is_the_id_at_that_revision() -> None:
    assert found(
        "from pyannote.audio import Pipeline\n"
        'diarize = Pipeline.from_pretrained("acme/diarizer@3.0", use_auth_token=True)\n'
        'seg = Model.from_pretrained(pretrained_model_name_or_path="acme/segmenter@v1/fix")\n'
        'model_id = "acme/checkpoint@rc-2"\n'
    ) == {("models", "acme/diarizer", "3.0", "load"),
          ("models", "acme/segmenter", "v1/fix", "load"),
          ("models", "acme/checkpoint", "rc-2", "load")}


def test_a_revision_keyword_is_kept_with_the_id() -> None:
    assert found(
        'tag = "v2.0"\n'
        'tok = AutoTokenizer.from_pretrained("acme/bert", revision=tag)\n'
        'raw = load_dataset("acme/corpus", revision="refs/convert/parquet")\n'
        'clf = pipeline("text-classification", model="acme/clf", revision="main")\n'
    ) == {("models", "acme/bert", "v2.0", "load"),
          ("datasets", "acme/corpus", "refs/convert/parquet", "load"),
          ("models", "acme/clf", "main", "load")}


def test_an_address_or_a_bare_at_sign_is_no_id() -> None:
    assert found(
        'model_name = "someone@example.org"\n'
        'a = AutoModel.from_pretrained("acme/model@")\n'
        'b = AutoModel.from_pretrained("@acme/model")\n'
    ) == set()


def test_model_ids_given_to_other_libraries_constructors_are_read() -> None:
    assert found(
        "from llama_index.embeddings.huggingface import HuggingFaceEmbedding\n"
        'embed = HuggingFaceEmbedding(model_name="acme/embedder-small")\n'
        'again = HuggingFaceEmbedding("acme/embedder-base")\n'
        'llm = HuggingFaceLLM(context_window=2048, model_name="acme/chat-1b",\n'
        '                     tokenizer_name="acme/chat-tokenizer")\n'
        'st = SentenceTransformer("acme/sentence-encoder")\n'
        'rank = CrossEncoder(model_name="acme/reranker")\n'
        'lc = HuggingFaceEmbeddings(model_name="acme/lc-embedder")\n'
        'hp = HuggingFacePipeline.from_model_id(model_id="acme/lc-llm", task="text-generation")\n'
        'agent_model = TransformersModel(model_id="acme/agent-llm")\n'
    ) == {("models", hub_id, "", "load") for hub_id in (
        "acme/embedder-small", "acme/embedder-base", "acme/chat-1b", "acme/chat-tokenizer",
        "acme/sentence-encoder", "acme/reranker", "acme/lc-embedder", "acme/lc-llm",
        "acme/agent-llm")}


def test_remote_clients_local_paths_and_other_arguments_are_not_read() -> None:
    assert found(
        "llm = HuggingFaceLLM(4096)\n"
        'remote = HuggingFaceInferenceAPI(model_name="acme/remote-llm")\n'
        'client = InferenceClientModel(model_id="acme/remote-agent")\n'
        'chat = InferenceClient(model="acme/remote-chat")\n'
        'local = HuggingFaceEmbedding(model_name="./my-embedder")\n'
        'other = Summariser(model_name_or_path="acme/not-a-loader")\n'
        'hp = Pipeline.from_model_id(model_id="acme/not-langchain")\n'
    ) == set()


def test_a_hub_tool_is_a_tool_id() -> None:
    assert found(
        "from smolagents import load_tool, Tool as T\n"
        'image_tool = load_tool("acme/image-maker", trust_remote_code=True)\n'
        'named = load_tool(repo_id="acme/search-tool")\n'
        'other = T.from_hub("acme/hub-tool")\n'
        'mine = load_tool("{your_username}/my_tool")\n'
    ) == {("tools", "acme/image-maker", "", "load"), ("tools", "acme/search-tool", "", "load"),
          ("tools", "acme/hub-tool", "", "load"),
          ("tools", "{your_username}/my_tool", "", "placeholder")}


def test_built_in_tasks_spaces_run_remotely_and_agents_are_no_tool_ids() -> None:
    assert found(
        'speaker = load_tool("text-to-speech")\n'
        'search = load_tools(["serpapi"])\n'
        'space = Tool.from_space("acme/image-space", name="image", description="x")\n'
        'agent = agent.from_hub("acme/agent")\n'
    ) == set()


def test_a_tool_has_no_stand_in_and_says_how_its_cell_runs() -> None:
    refs = references([Snippet('t = load_tool("acme/image-maker")\n', "x.mdx", 4)])
    result = check_references(refs, load_catalog())
    [finding] = result.diagnostics
    assert (finding.rule, finding.line) == ("STD101", 4)
    assert finding.message == "tool `acme/image-maker` has no offline stand-in"
    assert finding.hint == ("a Hub tool's code comes from its Space, which no stand-in "
                            "holds: the cell runs for real with `coursekit verify --network`")
    assert listing(result)["ids"][0]["kind"] == "tool"


def test_a_model_of_no_shipped_family_at_a_revision_is_one_finding() -> None:
    refs = references([Snippet('p = Pipeline.from_pretrained("pyannote/acme-diarizer@2.0")\n',
                               "x.mdx", 1)])
    [finding] = check_references(refs, load_catalog()).diagnostics
    assert finding.message == "model `pyannote/acme-diarizer` has no offline stand-in"
    assert (finding.hint or "").startswith("no shipped family has this architecture")


def test_a_stand_in_loaded_at_another_revision_than_main_is_reported() -> None:
    refs = references([Snippet(
        'a = AutoModel.from_pretrained("openai/whisper-small", revision="v2")\n'
        'b = AutoModel.from_pretrained("openai/whisper-small@v2")\n'
        'c = AutoModel.from_pretrained("bert-base-uncased", revision="main")\n'
        'd = AutoModel.from_pretrained("distilbert-base-uncased")\n', "x.mdx", 1)])
    result = check_references(refs, load_catalog())
    assert [(d.line, d.message) for d in result.diagnostics] == [
        (1, "model `openai/whisper-small` at revision `v2` has no offline stand-in (its stand-in "
            "is published as `main`) (and 1 more use(s))")]
    assert result.missing == {("models", "openai/whisper-small")}
    ids = {i["id"]: i for i in listing(result)["ids"]}
    assert ids["openai/whisper-small"]["revisions"] == ["v2"]
    assert ids["bert-base-uncased"]["revisions"] == ["main"]
    assert (ids["bert-base-uncased"]["status"], ids["distilbert-base-uncased"]["status"]) \
        == ("ok", "ok")


def test_the_listing_names_each_revision_once() -> None:
    uses = [HubReference("models", "acme/m", "x.mdx", n, revision=r)
            for n, r in ((1, "v1"), (2, "v1"), (3, ""))]
    assert listing(ScanResult(references=uses))["ids"][0]["revisions"] == ["v1"]


NAME = st.from_regex(r"[A-Za-z0-9][\w.-]{0,8}/[\w.-]{1,8}", fullmatch=True)
REVISION = st.from_regex(r"\w[\w./-]{0,8}", fullmatch=True)


@given(NAME, REVISION)
def test_an_id_and_its_revision_part_again(hub_id: str, revision: str) -> None:
    assert split_revision(f"{hub_id}@{revision}") == (hub_id, revision)


@given(st.text())
def test_text_without_an_owner_or_an_at_sign_has_no_revision(text: str) -> None:
    if "@" not in text or "/" not in text.partition("@")[0]:
        assert split_revision(text) is None
