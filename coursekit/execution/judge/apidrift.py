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
from typing import Any

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
        return (f"prints {self.api.label} where the lesson's output shows none: "
                f"{self.api.label} {self.api.reason}")

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


def shim(code: str, api: StaleApi) -> str | None:
    """``code`` with its uses of ``api`` fixed as ``coursekit fix drift`` fixes them (a
    renamed keyword in the drifted callable's calls only, a moved name imported from its
    new module, unsafe fixes included: the run only has to get past the drifted call);
    ``None`` when the entry has no fix or the code does not use it."""
    from coursekit.fixes.code import fix_code
    from coursekit.lessons.model import Code
    from coursekit.lessons.python import CodeFacts, code_facts
    from coursekit.translations.stale import StaleApiScan

    scan = StaleApiScan((api,))
    names = frozenset(code_facts(code).import_bindings)

    def uses(facts: CodeFacts) -> tuple[Any, ...]:
        return scan.uses(Code(0, "python", "py", facts.source, known_facts=facts), names)

    fixed = fix_code(code, uses, unsafe=True)
    return fixed.source if fixed.applied and fixed.source != code else None


def shim_note(api: StaleApi) -> str:
    if api.moved_to is not None:
        return f"ran again with `{api.label.strip('`')}` taken from `{api.moved_to}`"
    if api.rename is None:
        return f"ran again with {api.label} fixed as `coursekit fix drift` fixes it"
    old = f"{api.keyword}=" if api.keyword is not None else f".{api.method}()"
    new = f"{api.rename}=" if api.keyword is not None else f".{api.rename}()"
    return f"ran again with `{old}` renamed `{new}`"
