"""The text edits that repair one use of a stale API, on the code as written.

Positions come from the tree of the block's runnable text (:class:`~coursekit.lessons.
python.CodeFacts`), in UTF-8 bytes; :class:`Positions` turns them into offsets of the
text as written, where a ``%time`` line keeps its statement further right. Each edit
replaces only the tokens that change (a keyword's name, a module's dotted name, an
argument), and is checked against the text it replaces: an edit that would not find
its old token where the tree says is not made.
"""

from __future__ import annotations

import ast
import itertools
import re
from dataclasses import dataclass

from coursekit.stale_apis import StaleApi


class Unfixable(Exception):
    """Why a use cannot be repaired by an edit: said to the user as it is."""


@dataclass(frozen=True, slots=True)
class TextEdit:
    """``text`` in place of the characters ``start`` to ``end`` of the code."""

    start: int
    end: int
    text: str


class Positions:
    """Offsets in the code as written, from line and byte column of its runnable text."""

    def __init__(self, source: str, runnable: str) -> None:
        self.source = source
        self.lines = source.split("\n")
        self.starts: list[int] = []
        at = 0
        for line in self.lines:
            self.starts.append(at)
            at += len(line) + 1
        self.runnable = runnable.split("\n")

    def offset(self, line: int, column: int) -> int:
        """The offset of byte ``column`` of ``line`` (1-based), as the tree gives them."""
        written, run = self.lines[line - 1], self.runnable[line - 1]
        shift = 0
        if written != run:  # an IPython line that runs its statement: `%time x = f()`
            if not run.strip() or not written.endswith(run.lstrip()):
                raise Unfixable("it lies on an IPython line")
            shift = len(written) - len(run)
        characters = len(run.encode("utf-8")[:column].decode("utf-8"))
        return self.starts[line - 1] + shift + characters

    def start(self, node: ast.expr | ast.keyword | ast.alias | ast.stmt) -> int:
        return self.offset(node.lineno, node.col_offset)

    def end(self, node: ast.expr | ast.keyword | ast.alias | ast.stmt) -> int:
        assert node.end_lineno is not None
        assert node.end_col_offset is not None
        return self.offset(node.end_lineno, node.end_col_offset)

    def token(self, start: int, old: str, new: str) -> TextEdit:
        """``new`` in place of ``old``, which must be written at ``start``."""
        if not self.source.startswith(old, start):
            raise Unfixable(f"`{old}` is not written where the code's tree has it")
        return TextEdit(start, start + len(old), new)


def use_edits(api: StaleApi, node: ast.AST | None, at: Positions) -> list[TextEdit]:
    """The edits that repair one use (``node`` as :class:`~coursekit.translations.stale.
    Use` holds it) of an entry that has a fix; an import is :func:`import_edits`' job."""
    if isinstance(node, ast.keyword) and api.keyword is not None:
        if api.rename is not None:
            return [at.token(at.start(node), api.keyword, api.rename)]
        written = ast.unparse(node.value)
        new = dict(api.values).get(written)
        if new is None:
            raise Unfixable(f"the table has no replacement for `{api.keyword}={written}`")
        return [TextEdit(at.start(node), at.end(node), new)]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and api.method is not None and api.rename is not None):
        end = at.end(node.func)
        return [at.token(end - len(api.method), api.method, api.rename)]
    if isinstance(node, ast.Attribute) and api.moved_to is not None:
        if isinstance(node.ctx, ast.Del):
            raise Unfixable(f"`{ast.unparse(node)}` is deleted, not read: left as it was")
        module, _, attribute = api.moved_to.rpartition(".")
        if module != "builtins":
            raise Unfixable(f"`{ast.unparse(node)}` becomes `{api.moved_to}`, which needs "
                            f"an import of `{module}`")
        return [TextEdit(at.start(node), at.end(node), attribute)]
    raise Unfixable("the table's fix does not apply to this use")


_FROM = re.compile(r"from\s+")


def import_edits(statement: ast.ImportFrom, moved: dict[int, str], at: Positions
                 ) -> list[TextEdit]:
    """The edits that import the names at ``moved`` (their index in the statement, with
    where each lives now, ``module.attribute``) from their new modules."""
    names = statement.names
    targets = {index: target.rpartition(".") for index, target in moved.items()}
    modules = sorted({module for module, _, _ in targets.values()})
    renamed = any(attribute != names[index].name
                  for index, (_, _, attribute) in targets.items())
    if len(moved) == len(names):
        if len(modules) > 1:
            raise Unfixable("its names moved to different modules")
        opening = _FROM.match(at.source, at.start(statement))
        if opening is None or statement.module is None:
            raise Unfixable("the import is not written as `from module import ...`")
        if not renamed:
            return [at.token(opening.end(), statement.module, modules[0])]
        return [TextEdit(at.start(names[0]), at.end(names[-1]),
                         ", ".join(_imported(names[i], targets[i][2]) for i in sorted(moved))),
                at.token(opening.end(), statement.module, modules[0])]
    return [*_removals(statement, set(moved), at), *_new_imports(statement, targets, at)]


def _imported(alias: ast.alias, attribute: str) -> str:
    """``load as load_metric``: a moved name imported under the name the code uses."""
    local = alias.asname or alias.name
    return attribute if local == attribute else f"{attribute} as {local}"


def _removals(statement: ast.ImportFrom, removed: set[int], at: Positions
              ) -> list[TextEdit]:
    """Edits that take the names at ``removed`` out of an import that keeps others: a
    name on a line of its own goes with its line (its comment goes to its new import,
    :func:`_own_line`), any other with the comma that joins it to a kept name. A comment
    is never taken out with a name written beside others: such a name is left."""
    names = statement.names
    kept = [index for index in range(len(names)) if index not in removed]
    own = {index: line for index in removed if (line := _own_line(statement, index, at))}
    inline = sorted(removed - set(own))
    edits = [own[index][0] for index in sorted(own)]
    for index in inline:
        if index < kept[-1]:  # up to the next name, which stays or goes in turn
            edits.append(TextEdit(at.start(names[index]), at.start(names[index + 1]), ""))
    trailing = [index for index in inline if index > kept[-1]]
    if trailing:  # from the end of the last kept name
        edits.append(TextEdit(at.end(names[kept[-1]]), at.end(names[max(trailing)]), ""))
    spans = sorted((edit.start, edit.end) for edit in edits)
    if any(end > start for (_, end), (start, _) in itertools.pairwise(spans)):
        raise Unfixable("its names are written so that taking one out would take others")
    if any("#" in at.source[edit.start:edit.end] for edit in edits[len(own):]):
        raise Unfixable("a comment is written between the names it would take out")
    return edits


_REST = re.compile(r"[ \t]*(?:#[^\n]*)?")
"""What may follow a statement that has a line of its own: a comment."""
_OWN_LINE = re.compile(r"[ \t]*,?[ \t]*(?P<comment>#[^\n]*)?(?:\n|$)")
"""What may follow a name alone on its line: its comma, and a comment."""


def _own_line(statement: ast.ImportFrom, index: int, at: Positions
              ) -> tuple[TextEdit, str] | None:
    """The removal of a name written on a line of its own in a parenthesized import
    (``    AdamW,  # the optimizer``), with its comment; ``None`` for any other name."""
    names = statement.names
    alias = names[index]
    line_start = at.starts[alias.lineno - 1]
    if at.source[line_start:at.start(alias)].strip() or \
            "(" not in at.source[at.start(statement):at.start(names[0])]:
        return None
    after = _OWN_LINE.match(at.source, at.end(alias))
    if after is None:
        return None
    line_end = line_start + len(at.lines[alias.lineno - 1]) + 1
    return TextEdit(line_start, min(line_end, len(at.source)), ""), after["comment"] or ""


def _new_imports(statement: ast.ImportFrom, targets: dict[int, tuple[str, str, str]],
                 at: Positions) -> list[TextEdit]:
    """A line after the statement, at its indentation, for each new module, with the
    comments of the names that leave lines of their own."""
    assert statement.end_lineno is not None
    first = at.lines[statement.lineno - 1]
    indent = first[: len(first) - len(first.lstrip())]
    after = at.starts[statement.end_lineno - 1] + len(at.lines[statement.end_lineno - 1])
    if at.start(statement) != at.starts[statement.lineno - 1] + len(indent) or \
            _REST.fullmatch(at.source, at.end(statement), after) is None:
        raise Unfixable("the import shares its line with other code: left as it was")
    by_module: dict[str, tuple[list[str], list[str]]] = {}
    for index, (module, _, attribute) in sorted(targets.items()):
        alias = statement.names[index]
        written = (at.source[at.start(alias):at.end(alias)] if attribute == alias.name
                   else _imported(alias, attribute))
        names, comments = by_module.setdefault(module, ([], []))
        names.append(written)
        own = _own_line(statement, index, at)
        if own is not None and own[1]:
            comments.append(own[1])
    text = "".join(f"\n{indent}from {module} import {', '.join(written)}"
                   + "".join(f"  {comment}" for comment in comments)
                   for module, (written, comments) in by_module.items())
    return [TextEdit(after, after, text)]
