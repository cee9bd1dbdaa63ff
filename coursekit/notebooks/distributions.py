"""Which PyPI distribution provides an imported module: the install cell's mapping.

Import names are not pip names (``sklearn`` is ``scikit-learn``, ``llama_cpp`` is
``llama-cpp-python``, ``faiss`` is ``faiss-cpu``), and a namespace package is many
distributions (``llama_index.llms.huggingface_api``). Two tables answer, in order:

- ``distributions.toml``, reviewed by hand: dotted import prefixes (the longest
  that matches wins), methods that need a package no import names
  (``add_faiss_index``), and programs pip cannot install (git-lfs);
- ``kernel_distributions.json``: ``importlib.metadata.packages_distributions()`` of
  the lesson kernels, for what they have (:func:`kernel_table` remakes it).

A module that neither knows is not installed under a guessed name: a guess installs
whatever the index holds under it, or nothing (``tools``, ``retriever`` are the
lesson's own files). The install cell names such modules in a note.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

REVIEWED = "distributions.toml"
KERNELS = "kernel_distributions.json"
PROVIDED = ""
"""The reviewed table's value for a module a notebook has without installing anything
(``IPython``, ``google.colab``)."""


@dataclass(frozen=True, slots=True)
class SystemNeed:
    """A program that pip does not install, and how to get it."""

    name: str
    install: str


@dataclass(frozen=True, slots=True)
class Tables:
    modules: Mapping[str, str]
    """Dotted import prefix -> requirement (``PROVIDED`` for none)."""
    attributes: Mapping[str, str]
    """Method or attribute name -> requirement it needs."""
    system: Mapping[str, SystemNeed]
    """A word in a lesson's code or shell fences -> the program it needs."""
    kernels: Mapping[str, str]
    """Top-level module -> distribution, as the lesson kernels report it."""


def _read_text(name: str) -> str:
    return resources.files("coursekit.notebooks").joinpath(name).read_text(encoding="utf-8")


@functools.cache
def tables() -> Tables:
    reviewed = tomllib.loads(_read_text(REVIEWED))
    system = {
        word: SystemNeed(str(need["name"]), str(need["install"]))
        for word, need in reviewed.get("system", {}).items()
    }
    return Tables(
        modules=dict(reviewed.get("modules", {})),
        attributes=dict(reviewed.get("attributes", {})),
        system=system,
        kernels=json.loads(_read_text(KERNELS)),
    )


def requirement_for(module: str) -> str | None:
    """The requirement that provides dotted module ``module``; ``PROVIDED`` when nothing
    needs installing (the standard library, Jupyter, Colab); ``None`` when unknown."""
    top = module.split(".", 1)[0]
    if top in sys.stdlib_module_names or top == "__future__":
        return PROVIDED
    found = tables()
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        prefix = ".".join(parts[:size])
        if prefix in found.modules:
            return found.modules[prefix]
    return found.kernels.get(top)


_SNAPSHOT = """\
import importlib.metadata, importlib.util, json, sys
found = {}
for module, dists in importlib.metadata.packages_distributions().items():
    if (module.isidentifier() and not module.startswith(("_", "coursekit"))
            and module not in sys.stdlib_module_names and importlib.util.find_spec(module)):
        found[module] = sorted(dists, key=str.lower)[0]
print(json.dumps(found))
"""


def kernel_table(python: Path) -> dict[str, str]:
    """Top-level module -> distribution, as ``packages_distributions()`` of the
    environment of ``python`` (a lesson kernel's interpreter) reports it, for the
    modules it can import; coursekit's own helpers in the kernel left out."""
    done = subprocess.run([str(python), "-I", "-c", _SNAPSHOT], capture_output=True, text=True,
                          check=True, timeout=120)
    table = json.loads(done.stdout)
    return {str(k): str(v) for k, v in table.items()}
