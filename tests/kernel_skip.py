"""The one way a test asks for a lesson kernel: its Python, or a skip saying how to install it."""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.kernels import kernel_python


def kernel_or_skip(framework: str) -> Path:
    python = kernel_python(f"coursekit-{framework}", framework)
    if python is None:
        pytest.skip(f"the {framework} lesson kernel is not installed "
                    f"(run `coursekit kernels install --framework {framework}`)")
    return Path(python)
