"""The default model of each ``pipeline(task)``, read from the kernel's own transformers.

The table ``SUPPORTED_TASKS`` in ``transformers/pipelines/__init__.py`` is read with
``ast`` (importing transformers takes seconds and a framework), so the defaults are
always those of the transformers a lesson will run with.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import cache
from pathlib import Path

TRANSLATION = "translation"


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None


def _model_of(default: object, framework: str) -> str | None:
    """The model id of a ``default`` entry (``{"model": (id, rev)}`` or per framework)."""
    if not isinstance(default, Mapping):
        return None
    model = default.get("model")
    if isinstance(model, Mapping):
        model = model.get(framework) or model.get("pt")
    if isinstance(model, tuple) and model and isinstance(model[0], str):
        return model[0]
    for value in default.values():  # translation: {("en", "fr"): {"model": ...}}
        found = _model_of(value, framework)
        if found:
            return found
    return None


def read_defaults(source: str, framework: str) -> dict[str, str]:
    """Task (and alias) -> default model id, from the text of ``pipelines/__init__.py``."""
    tasks: dict[str, str] = {}
    aliases: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        if not isinstance(target, ast.Name) or not isinstance(node.value, ast.Dict):
            continue
        if target.id == "TASK_ALIASES":
            value = _literal(node.value)
            if isinstance(value, dict):
                aliases = {str(k): str(v) for k, v in value.items()}
        elif target.id == "SUPPORTED_TASKS":
            for key, entry in zip(node.value.keys, node.value.values, strict=False):
                task = _literal(key) if key is not None else None
                if not isinstance(task, str) or not isinstance(entry, ast.Dict):
                    continue
                for sub_key, sub_value in zip(entry.keys, entry.values, strict=False):
                    if sub_key is not None and _literal(sub_key) == "default":
                        model = _model_of(_literal(sub_value), framework)
                        if model:
                            tasks[task] = model
    for alias, task in aliases.items():
        if task in tasks:
            tasks[alias] = tasks[task]
    return tasks


def default_model(task: str, defaults: Mapping[str, str]) -> str | None:
    if task in defaults:
        return defaults[task]
    if task.startswith(TRANSLATION + "_"):
        return defaults.get(TRANSLATION)
    return None


@cache
def kernel_defaults(framework: str = "pt") -> dict[str, str]:
    """The defaults of the installed ``framework`` kernel (empty when it is not installed)."""
    from coursekit.kernels import kernel_status

    prefix = kernel_status(f"coursekit-{framework}", framework).prefix
    for source in sorted(Path(prefix).glob(
            "lib/python3*/site-packages/transformers/pipelines/__init__.py")):
        return read_defaults(source.read_text(encoding="utf-8"), framework)
    return {}
