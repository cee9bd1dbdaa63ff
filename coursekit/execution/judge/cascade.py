"""Which failures are consequences of an earlier one.

A cell that failed (or was skipped) leaves the names it should have defined
undefined; a later ``NameError`` on one of those names is its consequence, and
so on down the chain, so one broken cell is one finding, not ten.

Failures also travel through data: a failed cell may have bound or changed a
name before it stopped (``raw = DatasetDict()`` and then the line that should
fill it), so a later cell that fails while reading that name (``raw["train"]``:
``KeyError``) is its consequence too. So is a ``FileNotFoundError`` on a file a
failed cell should have downloaded, or named (and so would have written), and a shell
command that fails on such a file (``!unzip data.zip`` after its download failed). A clean
cell that binds the name again ends the chain, unless it builds the new value from the
suspect one (``dataset = dataset.train_test_split(...)`` after the ``map`` that should have
added a column failed): that value is as half-built. A later error of a kind no value causes
(a missing module, code that does not parse, a name no failure left undefined) is the
cell's own, whatever it reads.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from coursekit.execution.judge.frames import library_frame
from coursekit.execution.judge.network import shell_fetch_files
from coursekit.execution.results import CellRun, RunStatus
from coursekit.lessons.python import code_facts, defined_names

_NAME_ERROR = re.compile(r"name '([^']+)' is not defined")
_MISSING_FILE = re.compile(r"No such file or directory: '([^']+)'")
_UNPACK = re.compile(r"^\s*!\s*(?:unzip|tar|7z|7za|gunzip|bunzip2|unxz|unrar)\b(.*)",
                     re.MULTILINE)


def _base(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def changed_names(code: str) -> set[str]:
    """Names whose value a cell changes in place: ``x[k] = v``, ``x.a = v``, and a
    method called as a statement (``x.append(v)``, ``x.update(...)``)."""
    tree = code_facts(code).tree
    if tree is None:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = [t for t in node.targets if isinstance(t, ast.Attribute | ast.Subscript)]
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target] if isinstance(node.target, ast.Attribute | ast.Subscript) \
                else []
        elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
              and isinstance(node.value.func, ast.Attribute)):
            targets = [node.value.func.value]
        names.update(base for target in targets if (base := _base(target)) is not None)
    return names


def named_files(code: str) -> set[str]:
    """The file names a cell's string literals name (``open("numbers.txt", "w")``,
    ``df.to_csv("out/train.csv")``): a later cell that finds such a file missing after
    this cell failed is the failure's consequence, as it is for a file a shell
    command should have downloaded."""
    tree = code_facts(code).tree
    if tree is None:
        return set()
    return {PurePosixPath(node.value).name for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and 0 < len(node.value) < 256 and "\n" not in node.value
            and PurePosixPath(node.value).name not in ("", ".", "..")}


def read_names(code: str) -> set[str]:
    return {name for name, _ in code_facts(code).names.used}


def read_before_bound(code: str) -> set[str]:
    """The names a cell reads before it binds them itself (on an earlier line), that is
    the values it takes from the cells before it: ``scores = {}`` then ``scores["b"]``
    reads no earlier ``scores``."""
    names = code_facts(code).names
    bound: dict[str, int] = {}
    for name, line in names.defined:
        bound.setdefault(name, line)
    return {name for name, line in names.used if line <= bound.get(name, line)}


def derived_names(code: str, suspects: set[str]) -> dict[str, str]:
    """The names a cell assigns from a value that reads one of ``suspects`` as the cells
    before it left it (``dataset = dataset.train_test_split(...)``), each with the first
    suspect its value reads."""
    tree = code_facts(code).tree
    taken = read_before_bound(code) & suspects
    found: dict[str, str] = {}
    if tree is None or not taken:
        return found
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        values = [node.value, *(targets if isinstance(node, ast.AugAssign) else [])]
        read = [n.id for value in values for n in ast.walk(value)
                if isinstance(n, ast.Name) and n.id in taken]
        for target in targets if read else []:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                    found.setdefault(name.id, read[0])
    return found


_NOT_FROM_DATA = frozenset({
    "ModuleNotFoundError", "ImportError", "SyntaxError", "IndentationError", "TabError",
    "NameError", "UnboundLocalError",
})
"""Errors no value left wrong can cause: a missing module, code that does not parse, a
name (only the names an earlier failure left undefined make a ``NameError`` its
consequence, found above)."""


def _own_kind(run: CellRun) -> bool:
    return run.ename in _NOT_FROM_DATA


def missing_name(run: CellRun) -> str | None:
    """The lesson's name that a ``NameError`` says is undefined; ``None`` when a library's
    own code raised it (the name is the library's, not one an earlier cell left out)."""
    if run.status is not RunStatus.ERROR or run.ename not in ("NameError", "UnboundLocalError"):
        return None
    if library_frame(run.traceback) is not None:
        return None
    found = _NAME_ERROR.search(run.evalue)
    return found.group(1) if found else None


def unpacked_archives(code: str) -> list[str]:
    """The files a cell's shell escapes unpack (``!unzip data.zip -d data``,
    ``!tar xzf data.tar.gz``), by name."""
    return [PurePosixPath(word.strip("'\"")).name for found in _UNPACK.finditer(code)
            for word in found.group(1).split() if not word.startswith("-") and "." in word]


def _missing_path(run: CellRun) -> str | None:
    if run.status is not RunStatus.ERROR:
        return None
    found = _MISSING_FILE.search(run.evalue)
    return found.group(1) if found else None


def missing_file(run: CellRun) -> str | None:
    path = _missing_path(run)
    return PurePosixPath(path).name if path else None


@dataclass(frozen=True, slots=True)
class Cause:
    """The earlier failure a cell's failure goes back to, and how."""

    index: int
    """The notebook index of the cell that failed on its own account."""
    how: str
    """``left `trainer` undefined``, ``left `raw` half-built``, ``did not write `x.csv```."""


class CascadeTracker:
    """Fed cells in order; tells which failure each later failure goes back to."""

    def __init__(self) -> None:
        self._left_undefined: dict[str, int] = {}
        self._left_wrong: dict[str, int] = {}
        """Names a failed cell bound or changed before it stopped: their values are suspect."""
        self._left_missing: dict[str, int] = {}
        """Files a failed cell should have written."""
        self._modules: set[str] = set()
        """Names bound by an import: a module is whole once imported, whatever a failed
        cell then called on it (``torch.manual_seed(0)``), so it is never half-built."""
        self._unpacked: tuple[int, str] | None = None
        """The failed cell that should have downloaded the archive a cell unpacks, and the
        archive: the files in the working folder may be any of those it holds."""

    def explain(self, run: CellRun, code: str = "") -> Cause | None:
        """The earlier failure ``run``'s failure goes back to, if any."""
        name = missing_name(run)
        if name:
            root = self._left_undefined.get(name)
            return Cause(root, f"left `{name}` undefined") if root is not None else None
        file = missing_file(run)
        if file and file in self._left_missing:
            return Cause(self._left_missing[file], f"did not write `{file}`")
        if file and self._unpacked is not None and not str(_missing_path(run)).startswith("/"):
            root, archive = self._unpacked
            return Cause(root, f"did not download `{archive}`, which the file was to be "
                               "unpacked from")
        if run.status is RunStatus.OK and run.exits:
            return self._unmade(run, code)
        if run.status is RunStatus.ERROR and self._left_wrong and not _own_kind(run):
            suspects = sorted((self._left_wrong[n], n) for n in read_before_bound(code)
                              if n in self._left_wrong)
            if suspects:
                root, name = suspects[-1]
                return Cause(root, f"left `{name}` half-built")
        return None

    def _unmade(self, run: CellRun, code: str) -> Cause | None:
        """For a cell whose shell command failed: the failed cell that should have made
        a file the command works on (one the cell unpacks, or one its error names)."""
        printed = "\n".join(e.tail for e in run.exits)
        for file, root in self._left_missing.items():
            if file in unpacked_archives(code) or re.search(
                    rf"(?<![\w.-]){re.escape(file)}(?![\w-])", printed):
                return Cause(root, f"did not write `{file}`")
        return None

    def record(self, index: int, code: str, *, failed: bool, cause: int | None) -> None:
        names = defined_names(code)
        self._modules.update(name for name, _ in code_facts(code).import_bindings)
        root = cause if cause is not None else index
        derived = {} if failed else derived_names(code, set(self._left_wrong))
        for name in names:
            if failed:
                self._left_undefined[name] = root
                if name not in self._modules:
                    self._left_wrong[name] = root
            else:
                self._left_undefined.pop(name, None)
                if name in derived and name not in self._modules:
                    # Built from a half-built value, it is half-built too.
                    self._left_wrong[name] = self._left_wrong[derived[name]]
                else:
                    self._left_wrong.pop(name, None)
        if failed:
            for name in changed_names(code) - names - self._modules:
                self._left_wrong[name] = root
            for file in (*shell_fetch_files(code), *named_files(code)):
                self._left_missing[file] = root
        for archive in unpacked_archives(code):
            if archive in self._left_missing:
                self._unpacked = (self._left_missing[archive], archive)
