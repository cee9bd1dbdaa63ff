"""Removed and renamed APIs: one table, read by the translation check (uses found in
lesson code) and by verify (errors that such a use raises when run).

The bundled list lives in ``stale_apis.toml`` beside this module; a course adds
entries in ``[tool.coursekit.translations]`` under ``stale-apis``. Each entry has a
fix tier (:class:`Tier`), which ``coursekit fix drift`` follows.
"""

from __future__ import annotations

import ast
import enum
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

ANY_CALL = "*"


class StaleApiError(ValueError):
    """An entry of a stale-API list cannot be used."""


class Tier(enum.StrEnum):
    """How far ``coursekit fix drift`` may go with an entry (ruff's safe and unsafe fixes)."""

    SAFE = "safe"
    """The fix keeps the code's meaning: a renamed keyword or method, a moved import."""
    UNSAFE = "unsafe"
    """The fix may change behaviour (a keyword whose values changed too): applied only
    with ``--unsafe-fixes``."""
    MANUAL = "manual"
    """No fix: the entry's ``use`` says what to write."""


@dataclass(frozen=True, slots=True)
class StaleApi:
    """One removed or renamed API and how to recognise it."""

    reason: str
    use: str
    name: str | None = None
    """``module.attribute``: imported from its module or reached through it."""
    call: str | None = None
    """``module.Callable`` (or ``*``) called with ``keyword``."""
    keyword: str | None = None
    method: str | None = None
    """A method called on any object (``name``), or on objects of one class
    (``Class.name``: drift only, as the class of a call's object is not known from
    the code)."""
    task: str | None = None
    """A ``pipeline(...)`` task the library no longer has (``translation`` also
    matches its parametrized ``translation_en_to_fr``)."""
    type: str | None = None
    """A class whose objects the library now gives where lessons were written for
    another (``AudioDecoder`` for a dict): an error naming it is drift. Found by
    verify only, as lesson code does not name what a library returns."""
    rename: str | None = None
    """For a renamed keyword or method: the new name, which ``verify --shim-drift``
    substitutes for the old one to run the cell again."""
    moved_to: str | None = None
    """For a ``name``: ``module.attribute`` where it lives now (``torch.optim.AdamW``;
    ``builtins.float`` for an alias of a builtin)."""
    values: tuple[tuple[str, str], ...] = ()
    """For a ``keyword`` replaced by another one with other values: each old value (as
    :func:`ast.unparse` writes it) with the argument written in its place
    (``("True", 'aggregation_strategy="simple"')``)."""
    fix: Tier = Tier.MANUAL
    """The entry's tier: by default safe with a ``rename`` or ``moved-to``, unsafe with
    ``values`` or with a ``rename`` of a keyword of any call (``call = "*"``: another
    library's callable may still take the old name), else manual."""

    @property
    def label(self) -> str:
        if self.name is not None:
            return f"`{self.name}`"
        if self.method is not None:
            return f"`{self.method}()`" if "." in self.method else f"`.{self.method}()`"
        if self.task is not None:
            return f"the `{self.task}` pipeline"
        if self.type is not None:
            return f"a `{self.type}`"
        where = "any call" if self.call == ANY_CALL else f"`{self.call}(...)`"
        return f"the `{self.keyword}=` argument of {where}"

    @property
    def pattern(self) -> str:
        """A regular expression every block that uses this API matches (a cheap pre-filter)."""
        kind, word = self.searched
        return _SEARCHES[kind].format(re.escape(word))

    @property
    def searched(self) -> tuple[str, str]:
        """What a block that uses this API must contain: which kind of text, and its word."""
        if self.keyword is not None:
            return "keyword", self.keyword
        if self.method is not None:
            return "method", self.method.rsplit(".", 1)[-1]
        if self.task is not None:
            return "task", self.task
        if self.type is not None:
            return "type", self.type
        return "name", (self.name or "").rsplit(".", 1)[-1]


_SEARCHES = {
    "keyword": r"[(,]\s*(?:{})\s*=(?!=)",
    "method": r"\.\s*(?:{})\b",
    "task": r"[\"'](?:{})(?:_\w+)?[\"']",
    "name": r"\b(?:{})\b",
    "type": r"(?!)(?:{})",
}
"""The text around each kind of use, with a slot for the word (or words) searched."""


def search_pattern(apis: Iterable[StaleApi]) -> str:
    """One regular expression that matches where any of ``apis``' patterns does: the
    words of each kind in one alternation, so that a search tries four branches at each
    position of a block, not one per entry."""
    words: dict[str, set[str]] = {}
    for api in apis:
        kind, word = api.searched
        words.setdefault(kind, set()).add(word)
    branches = [
        _SEARCHES[kind].format("|".join(re.escape(w) for w in sorted(found)))
        for kind, found in sorted(words.items())
    ]
    return "|".join(branches) or r"(?!)"


def entry_from_table(table: Mapping[str, Any]) -> StaleApi:
    """Read one ``[[api]]`` table; raise :class:`StaleApiError` when it is malformed."""
    known = {"name", "call", "keyword", "method", "task", "type", "reason", "use", "rename",
             "moved-to", "values", "fix"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise StaleApiError(f"unknown key(s) {', '.join(unknown)}")
    if not all(isinstance(v, str) and v.strip() for k, v in table.items() if k != "values"):
        raise StaleApiError("every value must be a non-empty string")
    kinds = [k for k in ("name", "call", "method", "task", "type") if k in table]
    if len(kinds) != 1:
        raise StaleApiError("give exactly one of `name`, `call` (with `keyword`), `method`, "
                            "`task` or `type`")
    if ("call" in table) != ("keyword" in table):
        raise StaleApiError("`call` and `keyword` go together")
    for required in ("reason", "use"):
        if required not in table:
            raise StaleApiError(f"`{required}` is missing")
    if "rename" in table and ("name" in table or "task" in table or "type" in table
                              or "." in table.get("method", "")):
        raise StaleApiError("`rename` goes with `keyword` or an unqualified `method`")
    if "rename" in table and not table["rename"].isidentifier():
        raise StaleApiError(f"`rename` must be a Python name; got {table['rename']!r}")
    moved_to, values = _moved_to(table), _values(table)
    return StaleApi(
        reason=table["reason"], use=table["use"], name=table.get("name"),
        call=table.get("call"), keyword=table.get("keyword"), method=table.get("method"),
        task=table.get("task"), type=table.get("type"), rename=table.get("rename"),
        moved_to=moved_to, values=values, fix=_tier(table, values),
    )


def _moved_to(table: Mapping[str, Any]) -> str | None:
    moved_to = table.get("moved-to")
    if moved_to is None:
        return None
    if "name" not in table:
        raise StaleApiError("`moved-to` goes with `name`")
    parts = moved_to.split(".")
    if len(parts) < 2 or not all(part.isidentifier() for part in parts):
        raise StaleApiError(f"`moved-to` must be `module.attribute`; got {moved_to!r}")
    return str(moved_to)


def _values(table: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The ``values`` table, each old value as :func:`ast.unparse` writes it."""
    given = table.get("values")
    if given is None:
        return ()
    if "keyword" not in table or "rename" in table:
        raise StaleApiError("`values` goes with `keyword`, without `rename`")
    if not isinstance(given, Mapping) or not given:
        raise StaleApiError("`values` must be a table of old value = new argument")
    found = []
    for old, new in given.items():
        try:
            value = ast.unparse(ast.parse(old, mode="eval").body)
            call = ast.parse(f"f({new})", mode="eval").body
        except SyntaxError:
            raise StaleApiError(f"`values`: {old!r} = {new!r} is not a value and an "
                                "argument") from None
        if not (isinstance(new, str) and isinstance(call, ast.Call)
                and len(call.keywords) == 1 and not call.args):
            raise StaleApiError(f"`values`: {new!r} must be one keyword argument")
        found.append((value, new))
    return tuple(found)


def _tier(table: Mapping[str, Any], values: tuple[tuple[str, str], ...]) -> Tier:
    given = table.get("fix")
    if given is None:
        if "rename" in table and table.get("call") == ANY_CALL:
            return Tier.UNSAFE  # another library's callable may keep the old keyword
        if "rename" in table or "moved-to" in table:
            return Tier.SAFE
        return Tier.UNSAFE if values else Tier.MANUAL
    if given not in {t.value for t in Tier}:
        raise StaleApiError(f"`fix` must be \"safe\", \"unsafe\" or \"manual\"; got {given!r}")
    if given != Tier.MANUAL and not ("rename" in table or "moved-to" in table or values):
        raise StaleApiError(f"`fix = \"{given}\"` needs `rename`, `moved-to` or `values`")
    return Tier(given)


@dataclass(frozen=True, slots=True)
class Use:
    """A use of a stale API in one code block."""

    api: StaleApi
    line: int
    """1-based line inside the block of the stale part itself: the keyword argument, the
    task, the imported name, the last name of a dotted name or method (not the line
    its statement or call starts on)."""
    text: str
    """What the code says, e.g. ``from datasets import load_metric``."""
    node: ast.AST | None = field(default=None, compare=False, repr=False)
    """Where in the block's tree: the ``alias`` of an import, the ``Attribute`` of a
    name, the ``keyword`` of a call's argument, the ``Call`` of a method or task
    (what ``coursekit fix drift`` edits)."""
    unsure: str = ""
    """Why the code may not be the table's API at all, where the lesson cannot tell (a
    callable matched by its bare name, not imported; a method of an object of unknown
    class): a safe fix of such a use may change what the program means."""

    @property
    def tier(self) -> Tier:
        """The tier of this use's fix: the entry's, unsafe where the use is unsure."""
        return Tier.UNSAFE if self.api.fix is Tier.SAFE and self.unsure else self.api.fix


@lru_cache(maxsize=1)
def bundled() -> tuple[StaleApi, ...]:
    text = resources.files(__package__).joinpath("stale_apis.toml").read_text(encoding="utf-8")
    return tuple(entry_from_table(t) for t in tomllib.loads(text)["api"])
