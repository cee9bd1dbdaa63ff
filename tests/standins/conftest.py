"""Stand-ins built once per test session in the real lesson kernels (skipped without them)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.kernels import FRAMEWORKS
from coursekit.standins import StandinEnv, prepare

from ..kernel_skip import kernel_or_skip

Runner = Callable[[str, StandinEnv, str], dict[str, object]]


def _prepared(framework: str, tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    kernel_or_skip(framework)
    return prepare(Course.open(tmp_path_factory.mktemp(f"course-{framework}")), framework)


@pytest.fixture(scope="session")
def pt_standins(tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    return _prepared("pt", tmp_path_factory)


@pytest.fixture(scope="session")
def tf_standins(tmp_path_factory: pytest.TempPathFactory) -> StandinEnv:
    return _prepared("tf", tmp_path_factory)


@pytest.fixture(scope="session")
def pt_python() -> Path:
    return kernel_or_skip("pt")


@pytest.fixture(scope="session")
def run_in_kernel() -> Runner:
    return _run_in_kernel


def _run_in_kernel(framework: str, standins: StandinEnv, script: str) -> dict[str, object]:
    """Run ``script`` with the kernel's interpreter and environment; it prints one JSON line."""
    env = {**os.environ, **FRAMEWORKS[framework].env, **standins.env}
    done = subprocess.run(
        [str(kernel_or_skip(framework)), "-c", script], capture_output=True, text=True,
        env=env, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
