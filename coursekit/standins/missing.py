"""Which hub ids a course's lessons load, and which of them have no stand-in."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.lessons.model import CodeRole, Lesson
from coursekit.standins import rules
from coursekit.standins.catalog import (
    GLUE_CONFIGS,
    Catalog,
    CatalogError,
    family_names,
    load_catalog,
)
from coursekit.standins.hub_references import LOAD, HubReference, Snippet, references, unique_ids
from coursekit.standins.reach import reach

SINGULAR = {"models": "model", "datasets": "dataset", "metrics": "metric", "tools": "tool"}
UNCOVERED = re.compile(r"parler|speechbrain|pyannote|encodec|musicgen-melody|"
                       r"detr|sam-|(?<!la)clip|llava|-vl-|tapas|layoutlm")
"""Architectures no shipped family stands in for (speech synthesis, vision-language...)."""
PUBLISHED_REVISION = "main"
"""The revision a model stand-in is published under (beside the revisions the kernel's
transformers pins for its pipeline defaults, which lessons do not name)."""
GUESSES = [  # (pattern of an id, the family, schema or metric to suggest)
    (r"speecht5_?asr", "speecht5-asr"), (r"speecht5_?vc", "speecht5-vc"),
    (r"hifigan", "speecht5-hifigan"), (r"speecht5", "speecht5-tts"), (r"bark", "bark"),
    (r"musicgen", "musicgen"), (r"clap.*(?<!un)fused", "clap-fused"), (r"clap", "clap"),
    (r"opus-mt|marian", "marian"), (r"deberta", "deberta-v2"),
    (r"whisper", "whisper"), (r"mms-tts|vits", "vits"), (r"wav2vec2|xls-?r|mms-", "wav2vec2-ctc"),
    (r"hubert", "hubert"),
    (r"vit|deit|beit|swin|convnext", "vit"), (r"gpt-?neo(?!x)", "gpt-neo"),
    (r"gpt|codeparrot|opt-", "gpt2"),
    (r"(^|[/_-])mt5", "mt5"), (r"(^|[/_-])(flan-)?t5", "t5"), (r"bart", "bart"),
    (r"xlm-?r", "xlm-roberta"), (r"camembert", "camembert"), (r"roberta", "roberta"),
    (r"distilbert.*uncased", "distilbert-uncased"), (r"distilbert", "distilbert-cased"),
    (r"bert.*cased|cased", "bert-cased"),
    (r"qwen3", "qwen3-chat"), (r"qwen", "qwen2-chat"),
    (r"llama|smol|mistral|phi|gemma|instruct|chat", "llama-chat"),
    (r"", "bert-uncased"),
]
DATASET_GUESSES = [(r"voice|speech|libri|audio|minds|fleurs|vox", "common_voice"),
                   (r"squad|qa", "squad"), (r"ner|conll", "conll2003"), (r"", "imdb")]


@dataclass(slots=True)
class ScanResult:
    references: list[HubReference] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    missing: set[tuple[str, str]] = field(default_factory=set)
    """(kind, hub id) pairs without a stand-in."""
    reach: dict[str, int] = field(default_factory=dict)
    """Dataset id -> the largest row number or count a lesson that loads it reads
    (see :mod:`coursekit.standins.reach`)."""
    scanned: list[str] = field(default_factory=list)
    """The lessons read, from the course root (a report's ``checked``)."""

    @property
    def needed(self) -> set[tuple[str, str]]:
        """(kind, hub id) of every loaded reference: what the stand-in build covers."""
        return {(r.kind, r.hub_id) for r in self.references if r.role == LOAD}

    def by_role(self, role: str) -> list[HubReference]:
        return [r for r in self.references if r.role == role]


def listing(result: ScanResult) -> dict[str, list[dict[str, Any]]]:
    """What the scan found, as its JSON report lists it beside the findings: each hub id
    the lessons load (``ok`` or ``missing``, its uses and the first), and the push
    targets and placeholders, which are not loaded."""
    from coursekit.standins.hub_references import PLACEHOLDER_ROLE, PUSH

    loaded = [{"kind": SINGULAR[kind], "id": hub_id,
               "status": "missing" if (kind, hub_id) in result.missing else "ok",
               "uses": len(uses), "first": _place(min(uses, key=lambda r: (r.path, r.line))),
               "configs": sorted({u.config for u in uses if u.config}),
               "revisions": sorted({u.revision for u in uses if u.revision}),
               "via": sorted({u.via for u in uses if u.via})}
              for (kind, hub_id), uses in unique_ids(result.references).items()]
    apart = {role: [{"id": hub_id, "at": f"{path}:{line}"}
                    for hub_id, path, line in sorted({(r.hub_id, r.path, r.line)
                                                      for r in result.by_role(role)})]
             for role in (PUSH, PLACEHOLDER_ROLE)}
    return {"ids": loaded, "push_targets": apart[PUSH], "placeholders": apart[PLACEHOLDER_ROLE]}


def _place(ref: HubReference) -> str:
    return f"{ref.path}:{ref.line}"


def suggestion(kind: str, hub_id: str) -> str:
    """The two lines of ``pyproject.toml`` that give ``hub_id`` a stand-in (for a tool,
    which no entry can give one, how its cell runs)."""
    lowered = hub_id.lower()
    if kind == "tools":
        return ("a Hub tool's code comes from its Space, which no stand-in holds: the cell "
                "runs for real with `coursekit verify --network`")
    if kind == "models" and UNCOVERED.search(lowered):
        return (f"no shipped family has this architecture; if one of them serves the lesson:\n"
                f'[tool.coursekit.standins.models]\n"{hub_id}" = "<family>"  # families: '
                + ", ".join(family_names()))
    if kind == "models":
        value = next(f for pattern, f in GUESSES if re.search(pattern, lowered))
    elif kind == "datasets":
        value = next(f for pattern, f in DATASET_GUESSES if re.search(pattern, lowered))
    else:
        value = "accuracy"
    return f'[tool.coursekit.standins.{kind}]\n"{hub_id}" = "{value}"'


def _hint(kind: str, hub_id: str) -> str:
    lines = suggestion(kind, hub_id)
    if lines.startswith(("no shipped family", "a Hub tool")):
        return lines
    return "add to pyproject.toml (any family, schema or metric of the catalog):\n" + lines


def lesson_references(lesson: Lesson, defaults: Mapping[str, str] | None = None,
                      ) -> list[HubReference]:
    snippets = [Snippet(code.source, lesson.path, code.line + 1)
                for code in lesson.code_blocks() if code.role is CodeRole.PYTHON]
    return references(snippets, defaults)


def lesson_reach(lesson: Lesson, refs: Sequence[HubReference]) -> int:
    """How far ``lesson`` reads the datasets it loads (0 when it loads none): the
    largest row number or count its Python code reads (:mod:`coursekit.standins.reach`)."""
    if not any(r.kind == "datasets" and r.role == LOAD for r in refs):
        return 0
    return reach(c.source for c in lesson.code_blocks() if c.role is CodeRole.PYTHON)


def check_references(found: Sequence[HubReference], catalog: Catalog) -> ScanResult:
    """One STD101 finding per hub id without a stand-in, at its first use."""
    result = ScanResult(references=list(found))
    for (kind, hub_id), uses in unique_ids(found).items():
        if catalog.get(kind, hub_id) is None:
            first = min(uses, key=lambda r: (r.path, r.line))
            others = f" (and {len(uses) - 1} more use(s))" if len(uses) > 1 else ""
            via = f" (the default model of {first.via})" if first.via else ""
            result.missing.add((kind, hub_id))
            result.diagnostics.append(rules.STANDIN_MISSING.at(
                first.path, first.line,
                f"{SINGULAR[kind]} `{hub_id}`{via} has no offline stand-in{others}",
                hint=_hint(kind, hub_id),
            ))
    _check_configs(found, catalog, result)
    _check_revisions(found, catalog, result)
    return result


def _check_configs(found: Sequence[HubReference], catalog: Catalog, result: ScanResult) -> None:
    """One STD101 finding per configuration a lesson loads a dataset in that its stand-in
    is not built with (``load_dataset("glue", "sst2")``: the glue stand-in has mrpc and
    mnli), at its first use."""
    wanted: dict[tuple[str, str], list[HubReference]] = {}
    for ref in found:
        spec = catalog.get(ref.kind, ref.hub_id) if ref.role == LOAD and ref.config else None
        if spec is not None and ref.config not in spec.get("configs", [ref.config]):
            wanted.setdefault((ref.hub_id, ref.config), []).append(ref)
    for (hub_id, config), uses in sorted(wanted.items()):
        first = min(uses, key=lambda r: (r.path, r.line))
        others = f" (and {len(uses) - 1} more use(s))" if len(uses) > 1 else ""
        spec = catalog.get("datasets", hub_id) or {}
        result.missing.add(("datasets", hub_id))
        result.diagnostics.append(rules.STANDIN_MISSING.at(
            first.path, first.line,
            f"dataset `{hub_id}` in configuration `{config}` has no offline stand-in (its "
            f"stand-in has {', '.join(spec['configs'])}){others}",
            hint=_config_hint(hub_id, config, spec),
        ))


def _check_revisions(found: Sequence[HubReference], catalog: Catalog,
                     result: ScanResult) -> None:
    """One STD101 finding per revision other than ``main`` that a lesson loads a model
    stand-in at (``revision="v2"``, ``org/name@v2``): offline, the Hub cache answers only
    the revisions it holds, at the first use."""
    wanted: dict[tuple[str, str], list[HubReference]] = {}
    for ref in found:
        if (ref.kind == "models" and ref.role == LOAD and ref.revision
                and ref.revision != PUBLISHED_REVISION
                and catalog.get(ref.kind, ref.hub_id) is not None):
            wanted.setdefault((ref.hub_id, ref.revision), []).append(ref)
    for (hub_id, revision), uses in sorted(wanted.items()):
        first = min(uses, key=lambda r: (r.path, r.line))
        others = f" (and {len(uses) - 1} more use(s))" if len(uses) > 1 else ""
        result.missing.add(("models", hub_id))
        result.diagnostics.append(rules.STANDIN_MISSING.at(
            first.path, first.line,
            f"model `{hub_id}` at revision `{revision}` has no offline stand-in (its "
            f"stand-in is published as `{PUBLISHED_REVISION}`){others}",
            hint="a lesson that needs no particular revision loads the id without it; "
                 "this one runs for real with `coursekit verify --network`",
        ))


def _config_hint(hub_id: str, config: str, spec: Mapping[str, Any]) -> str:
    """The lines of ``pyproject.toml`` that build ``hub_id``'s stand-in in ``config`` too."""
    if spec["schema"] == "glue" and config not in GLUE_CONFIGS:
        return (f"the glue stand-in is built in {', '.join(GLUE_CONFIGS)} only: this "
                "configuration runs for real with `coursekit verify --network`")
    configs = ", ".join(f'"{c}"' for c in [*spec["configs"], config])
    return ("add to pyproject.toml (the configurations the stand-in is built in):\n"
            f'[tool.coursekit.standins.datasets."{hub_id}"]\n'
            f'schema = "{spec["schema"]}"\nconfigs = [{configs}]')


def course_defaults(course: Course) -> dict[str, str]:
    """Pipeline defaults of the course's kernels (the first framework's win)."""
    from coursekit.standins.defaults import kernel_defaults

    merged: dict[str, str] = {}
    for fw in reversed([str(f) for f in course.config.frameworks] or ["pt"]):
        merged.update(kernel_defaults("pt" if fw == "both" else fw))
    return merged


def scan_course(course: Course, languages: Sequence[str] | None = None) -> ScanResult:
    """Every hub reference of the course's lessons, checked against its catalog."""
    from coursekit.language_folders import unlisted_folders
    from coursekit.lessons.load import load_listed_lessons

    try:
        catalog = load_catalog(course.config.section("standins"))
    except CatalogError as exc:
        where = course.relative(course.config.path) if course.config.path else "pyproject.toml"
        return ScanResult(diagnostics=[rules.STANDIN_CATALOG_INVALID.at(where, None, str(exc))])
    defaults = course_defaults(course)
    found: list[HubReference] = []
    reaches: dict[str, int] = {}
    scanned: list[str] = []
    lessons, unlisted = load_listed_lessons(course, languages)
    for lesson in lessons:
        scanned.append(lesson.path)
        refs = lesson_references(lesson, defaults)
        found += refs
        far = lesson_reach(lesson, refs)
        for ref in refs:
            if ref.kind == "datasets" and ref.role == LOAD:
                reaches[ref.hub_id] = max(reaches.get(ref.hub_id, 0), far)
    result = check_references(found, catalog)
    result.diagnostics[:0] = unlisted_folders(course, unlisted, "its lessons are not scanned")
    result.reach = reaches
    result.scanned = scanned
    return result
