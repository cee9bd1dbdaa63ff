"""The calls that load from the Hub, and which of their arguments name the id.

Besides the ``transformers``, ``datasets`` and ``evaluate`` loaders, libraries built on
them download a model by an id given to a constructor (llama-index's
``HuggingFaceEmbedding(model_name=...)``, sentence-transformers'
``SentenceTransformer(...)``, smolagents' ``TransformersModel(model_id=...)``), and
smolagents fetches a tool's code from a Space (``load_tool("org/name")``). Clients of a
model or Space that runs elsewhere (``InferenceClient``, ``InferenceClientModel``,
``HuggingFaceInferenceAPI``, ``HuggingFaceEndpoint``, ``Tool.from_space``) are no
loaders: they fetch nothing into the Hub cache a stand-in could fill, and an offline
run judges them by the host they reach.

An id may carry its revision after ``@`` (pyannote's
``Pipeline.from_pretrained("org/name@2.1")``): :func:`split_revision` parts them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass

MODEL, DATASET, METRIC, TOOL = "models", "datasets", "metrics", "tools"
_AT_REVISION = re.compile(r"^(?P<id>[\w.-]+/[\w.-]+)@(?P<revision>\w[\w./-]*)$")
"""An owner/name id with a revision after ``@``; a bare ``name@host`` (an address) is
none."""


@dataclass(frozen=True, slots=True)
class Loader:
    """A call that loads from the Hub by the id some of its arguments give."""

    kind: str
    """``models``, ``datasets``, ``metrics`` or ``tools``."""
    keywords: tuple[str, ...]
    """Keywords whose value is an id."""
    positional: bool = True
    """Whether the first positional argument is the id."""
    owner: str = ""
    """The class or module the call must be an attribute of (``Tool.from_hub``), if any."""

    def arguments(self, node: ast.Call) -> list[ast.expr]:
        """The arguments of ``node`` that name an id."""
        first = node.args[:1] if self.positional else []
        return [*first, *(kw.value for kw in node.keywords if kw.arg in self.keywords)]


PIPELINE = Loader(MODEL, ("model",), positional=False)
"""``pipeline(task, model)``: its model comes second, or is the task's default."""
LOADERS: dict[str, tuple[Loader, ...]] = {
    "pipeline": (PIPELINE,),
    "from_pretrained": (Loader(MODEL, ("pretrained_model_name_or_path",)),),
    "load_dataset": (Loader(DATASET, ("path",)),),
    "load": (Loader(METRIC, ("path",), owner="evaluate"),),
    "load_metric": (Loader(METRIC, ("path",)),),
    # llama-index, sentence-transformers, langchain and smolagents download these models
    # with transformers or sentence-transformers.
    "HuggingFaceEmbedding": (Loader(MODEL, ("model_name",)),),
    "HuggingFaceLLM": (Loader(MODEL, ("model_name", "tokenizer_name"), positional=False),),
    "SentenceTransformer": (Loader(MODEL, ("model_name_or_path",)),),
    "CrossEncoder": (Loader(MODEL, ("model_name_or_path", "model_name")),),
    "HuggingFaceEmbeddings": (Loader(MODEL, ("model_name",), positional=False),),
    "from_model_id": (Loader(MODEL, ("model_id",), owner="HuggingFacePipeline"),),
    "TransformersModel": (Loader(MODEL, ("model_id",)),),
    "load_tool": (Loader(TOOL, ("repo_id",)),),
    "from_hub": (Loader(TOOL, ("repo_id",), owner="Tool"),),
}
"""Function, method or class name -> the loaders it may be."""


def callee(node: ast.Call, aliases: Mapping[str, str] | None = None) -> tuple[str | None, str]:
    """(object name, attribute or function name) of a call, a name an import binds read
    as what it imports (``aliases``: local name -> qualified name): ``load`` after
    ``from evaluate import load`` is ``("evaluate", "load")``, ``ev.load`` after
    ``import evaluate as ev`` too."""
    func, aliases = node.func, aliases or {}
    if isinstance(func, ast.Attribute):
        owner = aliases.get(func.value.id, func.value.id) if isinstance(func.value, ast.Name) \
            else None
        return owner, func.attr
    if isinstance(func, ast.Name):
        module, _, name = aliases.get(func.id, func.id).rpartition(".")
        return module or None, name
    return None, ""


def loader_of(node: ast.Call, aliases: Mapping[str, str] | None = None) -> Loader | None:
    """The loader ``node`` calls, if it loads from the Hub."""
    owner, name = callee(node, aliases)
    last = (owner or "").rpartition(".")[2]
    return next((loader for loader in LOADERS.get(name, ())
                 if not loader.owner or loader.owner == last), None)


def split_revision(text: str) -> tuple[str, str] | None:
    """(id, revision) of an id written with its revision (``org/name@2.1``), else None."""
    match = _AT_REVISION.match(text)
    return (match["id"], match["revision"]) if match else None
