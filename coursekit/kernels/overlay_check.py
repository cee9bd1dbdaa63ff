"""Whether what pip put into an overlay loads in the kernel, and undoing it when not.

pip resolves versions by their metadata only: a package whose metadata does not pin
the kernel's torch (torchaudio, say) installs even where its compiled parts were
built for another torch, and then fails on import. Each requirement's new
distributions are imported once in the kernel's interpreter; one that does not load
is removed again and its requirement reported with the reason.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

_NOT_MODULES = frozenset({"tests", "test", "docs", "examples", "benchmarks", "bin"})
_CHECK = """\
import importlib, sys
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except (ImportError, OSError) as exc:
        first = (str(exc).strip().splitlines() or [""])[0]
        print(f"{name}\\t{type(exc).__name__}: {first}")
"""


def distributions(site: Path | None) -> set[str]:
    """Names of the ``*.dist-info`` folders of ``site``."""
    if site is None or not site.is_dir():
        return set()
    return {p.name for p in site.glob("*.dist-info")}


def _record(site: Path, dist: str) -> list[str]:
    try:
        text = (site / dist / "RECORD").read_text(encoding="utf-8")
    except OSError:
        return []
    return [line.split(",", 1)[0] for line in text.splitlines() if line.strip()]


def top_level_modules(site: Path, dist: str) -> list[str]:
    """The importable top-level names a distribution installed."""
    try:
        names = (site / dist / "top_level.txt").read_text(encoding="utf-8").split()
    except OSError:
        names = []
        for path in _record(site, dist):
            first = path.split("/", 1)[0]
            if path.startswith("..") or first.endswith((".dist-info", ".data")):
                continue
            name = first.removesuffix(".py") if "/" not in path else first
            if (path.endswith(".py") or "/" in path) and name not in names:
                names.append(name)
    return sorted(n for n in set(names) if n.isidentifier() and not n.startswith("_")
                  and n not in _NOT_MODULES)


def load_problem(python: Path, site: Path, added: set[str]) -> str | None:
    """Why one of the distributions ``added`` to ``site`` does not import in the kernel
    (``None`` when they all do)."""
    modules = {m: dist for dist in sorted(added) for m in top_level_modules(site, dist)}
    if not modules:
        return None
    # No bytecode: a package removed after a failed check must leave nothing behind.
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([str(python), "-c", _CHECK, *sorted(modules)], capture_output=True,
                          text=True, check=False, env=env)
    failures = [line.split("\t", 1) for line in done.stdout.splitlines() if "\t" in line]
    if not failures:
        return None
    # Name the package whose own files fail (torchaudio), not one that imports it.
    module, error = next((f for f in failures if f"/{f[0]}/" in f[1]), failures[0])
    dist = modules.get(module, module).removesuffix(".dist-info")
    name, _, version = dist.rpartition("-")
    return (f"it installs {name} {version}, which does not load with the kernel's packages "
            f"(`import {module}`: {error})")


def remove(site: Path, added: set[str]) -> None:
    """Delete the files of the distributions ``added`` (as their RECORD lists them)."""
    folders: set[Path] = set()
    for dist in added:
        for path in _record(site, dist):
            target = (site / path).resolve()
            if site.parent.parent.parent.resolve() not in target.parents:
                continue  # never outside the overlay's prefix
            target.unlink(missing_ok=True)
            folders.update(p for p in target.parents if site.resolve() in p.parents)
        folders.add((site / dist).resolve())
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(f.is_file() for f in folder.rglob("*")):
            for leftover in sorted(folder.rglob("*"), key=lambda p: len(p.parts), reverse=True):
                leftover.rmdir()
            folder.rmdir()
