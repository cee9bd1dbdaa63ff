"""The install cell: PyPI requirements computed from what the code imports."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from coursekit.lessons.python import CodeFacts

# Only where the distribution name differs from the import name; every other
# third-party import is installed under its own name.
_DISTRIBUTIONS = {
    "sklearn": "scikit-learn",
    "skimage": "scikit-image",
    "PIL": "Pillow",
    "cv2": "opencv-python",
    "yaml": "PyYAML",
    "bs4": "beautifulsoup4",
    "dateutil": "python-dateutil",
    "attr": "attrs",
    "google": "protobuf",
    "Crypto": "pycryptodome",
    "tf_keras": "tf-keras",
    "sentence_transformers": "sentence-transformers",
    # A namespace package: the lessons import its audio toolkit.
    "pyannote": "pyannote.audio",
}

# Extras the lessons rely on: tokenizers of several checkpoints need sentencepiece.
_EXTRAS = {"transformers": "transformers[sentencepiece]"}

# Importable in a notebook without installing anything.
_PROVIDED = frozenset({"IPython", "ipykernel", "ipywidgets", "__future__"})


def distribution_for(module: str) -> str | None:
    """The PyPI requirement that provides top-level module ``module``, or ``None``."""
    if module in sys.stdlib_module_names or module in _PROVIDED or not module.isidentifier():
        return None
    name = _DISTRIBUTIONS.get(module, module)
    return _EXTRAS.get(name, name)


def requirements(code: Iterable[CodeFacts]) -> list[str]:
    """Sorted, unique requirements of the code blocks whose facts are ``code``."""
    found: set[str] = set()
    for facts in code:
        for module in facts.imports:
            requirement = distribution_for(module)
            if requirement is not None:
                found.add(requirement)
    return sorted(found, key=str.lower)


def imports_module(code: Iterable[CodeFacts], module: str) -> bool:
    return any(module in facts.imports for facts in code)
