"""API drift: a cell that fails because the library removed or renamed what it calls.

The error is read against the stale-API table the translation check uses
(``coursekit.stale_apis``, extended by the course): an unexpected keyword argument,
a name that cannot be imported, a module or object without the attribute, a
pipeline task the library no longer has, an object of a type the library now gives in
place of another (named in the message, handed to the library that raised:
:func:`given_drift_of`, or shown in an output where the lesson documents none of it:
:func:`output_drift_of`). For an
entry with a ``rename``, :func:`shim` rewrites the cell so that ``--shim-drift`` can
run it again and the cells after it are judged on what the lesson meant.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from coursekit.stale_apis import ANY_CALL, StaleApi

_KEYWORD = re.compile(r"(?:(?P<callable>[\w.]+)\(\) )?got an unexpected keyword argument "
                      r"'(?P<keyword>\w+)'")
_IMPORT = re.compile(r"cannot import name '(?P<name>\w+)' from '(?P<module>[\w.]+)'")
_MODULE_ATTRIBUTE = re.compile(r"module '(?P<module>[\w.]+)' has no attribute '(?P<name>\w+)'")
_OBJECT_ATTRIBUTE = re.compile(r"(?:'(?:[\w.]+\.)?(?P<type>\w+)' )?object has no attribute "
                               r"'(?P<name>\w+)'")
# transformers: "The task summarization has been removed from transformers." (v5) and
# "Unknown task conversational, available tasks are [...]" (removed earlier).
_TASK = re.compile(r"(?:The task (?P<removed>[\w-]+) has been removed|"
                   r"Unknown task (?P<unknown>[\w-]+),)")


@dataclass(frozen=True, slots=True)
class Drift:
    api: StaleApi
    raised: str
    """What the cell raised, one line."""
    inside: str = ""
    """The library that raised, when what it was given is the drifted type."""

    @property
    def detail(self) -> str:
        given = f" inside `{self.inside}`, given one" if self.inside else ""
        return f"{self.api.label} {self.api.reason} (raises `{self.raised}`{given})"

    @property
    def hint(self) -> str:
        return f"use {self.api.use}"


def _short(dotted: str) -> str:
    return dotted.rsplit(".", 1)[-1]


def _keyword_api(apis: Sequence[StaleApi], callable_name: str, keyword: str) -> StaleApi | None:
    # "TrainingArguments.__init__" -> "TrainingArguments"
    owner = [part for part in callable_name.split(".") if not part.startswith("__")]
    short = owner[-1] if owner else ""
    candidates = [a for a in apis if a.keyword == keyword]
    for api in candidates:
        if api.call != ANY_CALL and api.call is not None and _short(api.call) == short:
            return api
    # A subclass named after its base (Seq2SeqTrainingArguments of TrainingArguments).
    for api in candidates:
        if (api.call != ANY_CALL and api.call is not None and short[:1].isupper()
                and short.endswith(_short(api.call))):
            return api
    return next((a for a in candidates if a.call == ANY_CALL), None) or (
        candidates[0] if candidates and not short else None)


def drift_of(apis: Sequence[StaleApi], ename: str, evalue: str) -> Drift | None:
    """The table entry an error shows the lesson ran into, if any."""
    message = evalue.strip().split("\n", 1)[0]
    raised = f"{ename}: {message}" if message else ename
    found: StaleApi | None = None
    if ename == "TypeError" and (match := _KEYWORD.search(message)):
        found = _keyword_api(apis, match["callable"] or "", match["keyword"])
    elif ename == "ImportError" and (match := _IMPORT.search(message)):
        dotted = f"{match['module']}.{match['name']}"
        found = next((a for a in apis if a.name is not None and (
            a.name == dotted or (a.name.split(".")[0] == dotted.split(".")[0]
                                 and _short(a.name) == match["name"]))), None)
    elif ename == "AttributeError" and (match := _MODULE_ATTRIBUTE.search(message)):
        dotted = f"{match['module']}.{match['name']}"
        found = next((a for a in apis if a.name == dotted), None)
    elif ename == "AttributeError" and (match := _OBJECT_ATTRIBUTE.search(message)):
        methods = {match["name"], f"{match['type']}.{match['name']}"}
        found = next((a for a in apis if a.method in methods), None)
    elif ename == "KeyError" and (match := _TASK.search(message)):
        task = match["removed"] or match["unknown"]
        found = next((a for a in apis if a.task is not None and (
            task == a.task or task.startswith(a.task + "_"))), None)
    if found is None:
        found = next((a for a in apis if a.type is not None
                      and re.search(rf"\b{re.escape(a.type)}\b", message)), None)
    return Drift(found, raised) if found is not None else None


def given_drift_of(apis: Sequence[StaleApi], ename: str, evalue: str, given: Sequence[str],
                   inside: str | None) -> Drift | None:
    """The ``type`` entry of a value the lesson handed to the library that raised: a
    pipeline given datasets 4's ``AudioDecoder`` where it reads arrays fails with a
    message that names no type, yet the type is the change."""
    if inside is None:
        return None
    names = {_short(t) for t in given}
    found = next((a for a in apis if a.type is not None and a.type in names), None)
    if found is None:
        return None
    message = evalue.strip().split("\n", 1)[0]
    return Drift(found, f"{ename}: {message}" if message else ename, inside)


@dataclass(frozen=True, slots=True)
class OutputDrift:
    """A cell that ran, whose output shows an object of a type the library now gives
    where the lesson documents another output."""

    api: StaleApi

    @property
    def detail(self) -> str:
        return f"prints {self.api.label} where the lesson documents none: {self.api.reason}"

    @property
    def hint(self) -> str:
        return f"use {self.api.use}"


def output_drift_of(apis: Sequence[StaleApi], documented: str, shown: str) -> OutputDrift | None:
    """The ``type`` entry whose class ``shown`` names and ``documented`` does not."""
    for api in apis:
        if api.type is None:
            continue
        word = re.compile(rf"\b{re.escape(api.type)}\b")
        if word.search(shown) and not word.search(documented):
            return OutputDrift(api)
    return None


_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


def moved_to(api: StaleApi) -> tuple[str, str] | None:
    """``(module, name)`` an importable name moved to, when the entry's ``use`` is one
    dotted path (``torch.optim.AdamW``); ``None`` for any other advice."""
    if api.name is None or not _DOTTED.fullmatch(api.use):
        return None
    module, _, name = api.use.rpartition(".")
    return module, name


def _import_shim(code: str, api: StaleApi) -> str | None:
    """``code`` with ``from <old module> import <name>`` importing the name from where it
    moved, the statement's other names left as they were."""
    import ast

    from coursekit.lessons.python import code_facts

    target = moved_to(api)
    tree = code_facts(code).tree
    if target is None or tree is None or api.name is None:
        return None
    old_module, _, old_name = api.name.rpartition(".")
    lines = code.split("\n")
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and node.module == old_module
                and any(a.name == old_name for a in node.names)
                and node.end_lineno is not None):
            continue
        indent = lines[node.lineno - 1][: node.col_offset]
        moved = [a for a in node.names if a.name == old_name]
        kept = [a for a in node.names if a.name != old_name]
        text = [ast.unparse(ast.ImportFrom(node.module, kept, node.level))] if kept else []
        text += [f"from {target[0]} import {target[1]}"
                 + (f" as {a.asname or a.name}" if (a.asname or a.name) != target[1] else "")
                 for a in moved]
        edits.append((node.lineno - 1, node.end_lineno, "\n".join(indent + t for t in text)))
    for start, end, replacement in sorted(edits, reverse=True):
        lines[start:end] = [replacement]
    changed = "\n".join(lines)
    return changed if edits and changed != code else None


def _called(func: object) -> str:
    import ast

    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _keyword_shim(code: str, api: StaleApi) -> str | None:
    """``code`` with the keyword renamed in the calls of the entry's callable only (a
    ``tokenizer=`` of ``Trainer(...)``, never the ``tokenizer=`` of another class in
    the same cell): ``""`` when no such call passes it, ``None`` when the code does not
    parse (the caller then falls back to the text)."""
    import ast

    from coursekit.lessons.python import code_facts

    tree = code_facts(code).tree
    if tree is None or api.keyword is None or api.rename is None:
        return None
    wanted = _short(api.call) if api.call not in (None, ANY_CALL) else ""
    spots: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node.func)
        if wanted and not (name == wanted or (name[:1].isupper() and name.endswith(wanted))):
            continue
        spots += [(kw.lineno, kw.col_offset) for kw in node.keywords if kw.arg == api.keyword]
    lines = code.split("\n")
    for row, column in sorted(spots, reverse=True):
        raw = lines[row - 1].encode()
        before, after = raw[:column].decode(), raw[column:].decode()
        lines[row - 1] = before + api.rename + after.removeprefix(api.keyword)
    return "\n".join(lines) if spots else ""


def shim(code: str, api: StaleApi) -> str | None:
    """``code`` with the renamed keyword or method replaced, or a moved name imported
    from its new module; ``None`` when the entry has neither or the code does not
    contain the old name."""
    if api.rename is None:
        return _import_shim(code, api) if moved_to(api) is not None else None
    if api.keyword is not None:
        changed = _keyword_shim(code, api)
        if changed is not None:
            return changed or None
        pattern = re.compile(rf"(?<![\w.]){re.escape(api.keyword)}(\s*=(?!=))")
    elif api.method is not None:
        pattern = re.compile(rf"(\.\s*){re.escape(api.method)}\b")
        changed = pattern.sub(lambda m: m.group(1) + str(api.rename), code)
        return changed if changed != code else None
    else:
        return None
    changed = pattern.sub(lambda m: str(api.rename) + m.group(1), code)
    return changed if changed != code else None


def shim_note(api: StaleApi) -> str:
    moved = moved_to(api)
    if api.rename is None and moved is not None:
        return f"ran again with `{_short(str(api.name))}` imported from `{moved[0]}`"
    old = f"{api.keyword}=" if api.keyword is not None else f".{api.method}()"
    new = f"{api.rename}=" if api.keyword is not None else f".{api.rename}()"
    return f"ran again with `{old}` renamed `{new}`"
