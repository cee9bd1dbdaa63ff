"""``kernels register --name``: the kernelspec folder is named after it, so a name that
Jupyter would not take is a usage error before anything is inspected or written."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.kernels.kernelspec import kernels_dir


def _register(name: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["kernels", "register", "pt", "--python", sys.executable,
                                      "--name", name, "--dry-run"])
    return result.exit_code, result.output


@pytest.mark.parametrize("name", ["../escaped-kernel", "a b", "", "k" * 101, "x/y", "a\u00e9"])
def test_a_name_jupyter_would_not_take_is_a_usage_error(name: str) -> None:
    code, output = _register(name)
    assert code == 2, output
    assert "Invalid value for '--name'" in output
    assert "is no kernelspec name" in output
    assert "cannot be registered" not in output  # refused before the interpreter is asked
    assert not (kernels_dir().parent / "escaped-kernel").exists()
    assert len(output) < 600  # a long name is quoted, not copied


@pytest.mark.parametrize("name", ["my-kernel_3.11", "coursekit-pt", "K" * 100])
def test_a_kernelspec_name_is_taken(name: str) -> None:
    code, output = _register(name)
    assert "Invalid value" not in output
    assert code in (0, 1), output  # 1: this interpreter has no torch, as is usual
    assert output.startswith(f"{name}: ")  # the name reached the inspection
