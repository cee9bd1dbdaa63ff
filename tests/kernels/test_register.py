"""Registering an existing interpreter: a real venv, real pip, a local wheel folder.

The environment holds a tiny ``torch`` and ``transformers`` built here as wheels
(standing for a CUDA build that must never be replaced); the wheel folder holds
the real ``ipykernel`` with its dependencies, tiny stand-ins for the heavy needs,
and a newer ``torch`` that pip must not pick.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.execution.run.kernel import KernelProfile, evaluate, start_kernel
from coursekit.kernels import KernelError, kernel_status
from coursekit.kernels.environment import inspect_environment
from coursekit.kernels.install import KernelState
from coursekit.kernels.kernelspec import coursekit_metadata, read_spec, spec_dir
from coursekit.kernels.pip_config import own_configuration
from coursekit.kernels.register import NEEDS, register_kernel

from .kernel_wheels import fake_torch, write_wheel

pytestmark = pytest.mark.slow

HEAVY_NEEDS = ("datasets", "evaluate", "accelerate", "scikit-learn", "tf-keras")


def _pip(python: Path, *args: str) -> None:
    """pip under a configuration of the test's own: the machine's files and PIP_* unread."""
    done = subprocess.run([str(python), "-m", "pip", *args], capture_output=True, text=True,
                          check=False, env=own_configuration())
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real ipykernel and its dependencies, tiny heavy needs, and a torch 3 to refuse."""
    folder = tmp_path_factory.mktemp("wheels")
    _pip(Path(sys.executable), "download", "--disable-pip-version-check", "--quiet",
         "--only-binary", ":all:", "-d", str(folder), "ipykernel")
    for name in HEAVY_NEEDS:
        write_wheel(folder, name, "1.0")
    fake_torch(folder, "3.0.0")
    return folder


@pytest.fixture(scope="module")
def base_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv without system site-packages, holding only torch 2.99 and transformers."""
    prefix = tmp_path_factory.mktemp("gpu-image") / "env"
    subprocess.run([sys.executable, "-m", "venv", str(prefix)], check=True)
    own = tmp_path_factory.mktemp("own")
    fake_torch(own, "2.99.0")
    write_wheel(own, "transformers", "9.9.0")
    _pip(prefix / "bin" / "python", "install", "--no-index", "--quiet",
         "--find-links", str(own), "torch==2.99.0", "transformers==9.9.0")
    return prefix


def _copy(base_env: Path, target: Path) -> Path:
    """A new venv with the same packages as ``base_env``."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(target)], check=True)
    site = sorted((base_env / "lib").glob("python*/site-packages"))[0]
    dest = sorted((target / "lib").glob("python*/site-packages"))[0]
    subprocess.run(["cp", "-a", f"{site}/.", str(dest)], check=True)
    return target / "bin" / "python"


@pytest.fixture
def env_copy(base_env: Path, tmp_path: Path) -> Path:
    return _copy(base_env, tmp_path / "env")


def _remove_spec(name: str) -> None:
    folder = spec_dir(name)
    if folder.exists():
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


@pytest.fixture
def kernel_name() -> Iterator[str]:
    name = f"coursekit-test-{uuid.uuid4().hex[:8]}"
    yield name
    _remove_spec(name)


@pytest.fixture(scope="module")
def registered(
    base_env: Path, wheels: Path, tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, Path, str]]:
    """``coursekit kernels register pt`` on a copy: (kernel name, python, CLI output)."""
    python = _copy(base_env, tmp_path_factory.mktemp("registered") / "env")
    name = f"coursekit-test-{uuid.uuid4().hex[:8]}"
    result = CliRunner().invoke(cli, ["kernels", "register", "pt", "--python", str(python),
                                      "--wheels", str(wheels), "--name", name])
    assert result.exit_code == 0, result.output
    yield name, python, result.output
    _remove_spec(name)


def test_missing_needs_come_from_the_wheel_folder_and_torch_stays(
    registered: tuple[str, Path, str],
) -> None:
    name, python, output = registered
    env = inspect_environment(python, "pt")
    assert env.version_of("torch") == "2.99.0"  # torch 3.0.0 was in the folder
    assert env.version_of("transformers") == "9.9.0"
    for need in ("ipykernel", "datasets", "evaluate", "accelerate", "scikit-learn"):
        assert env.version_of(need), need
    assert env.version_of("tf-keras") is None  # a TensorFlow need, not a PyTorch one
    assert "torch==2.99.0, transformers==9.9.0, CUDA unavailable" in output
    assert "installed accelerate, " in output
    meta = coursekit_metadata(read_spec(name) or {})
    assert meta["registered"] == "true"
    assert meta["python"] == str(python)
    assert meta["framework_version"] == "torch==2.99.0"
    assert meta["transformers"] == "9.9.0"
    assert meta["cuda"] == "unavailable"
    assert meta["environment_sha256"] == env.fingerprint()
    spec = json.loads((spec_dir(name) / "kernel.json").read_text(encoding="utf-8"))
    assert spec["argv"][0] == str(python)
    info = kernel_status(name)
    assert info.state is KernelState.READY
    assert info.python == python
    assert info.requirements_hash == meta["environment_sha256"]  # its own stand-ins


def test_the_registered_kernel_starts_in_the_environment(
    registered: tuple[str, Path, str],
) -> None:
    name, python, _ = registered

    async def ask() -> object:
        kernel = await start_kernel(KernelProfile(name))
        try:
            return await evaluate(kernel, "(__import__('sys').executable, "
                                          "__import__('torch').__version__)")
        finally:
            await kernel.shutdown()

    assert asyncio.run(ask()) == (str(python), "2.99.0")


def test_registering_again_needs_no_folder_and_installs_nothing(
    registered: tuple[str, Path, str],
) -> None:
    name, python, _ = registered
    assert register_kernel("pt", python, name=name).installed == ()


def test_a_need_that_wants_another_torch_is_refused(
    env_copy: Path, wheels: Path, tmp_path: Path, kernel_name: str,
) -> None:
    greedy = tmp_path / "greedy"
    greedy.mkdir()
    for wheel in wheels.iterdir():
        if not wheel.name.startswith("accelerate"):
            (greedy / wheel.name).symlink_to(wheel)
    write_wheel(greedy, "accelerate", "2.0", requires=["torch>=3"])
    with pytest.raises(KernelError) as caught:
        register_kernel("pt", env_copy, name=kernel_name, wheels=greedy)
    assert "torch" in caught.value.output
    assert inspect_environment(env_copy, "pt").version_of("torch") == "2.99.0"
    assert read_spec(kernel_name) is None


def test_a_dry_run_lists_what_would_be_installed_and_changes_nothing(
    env_copy: Path, kernel_name: str,
) -> None:
    result = CliRunner().invoke(cli, ["kernels", "register", "pt", "--python", str(env_copy),
                                      "--name", kernel_name, "--dry-run"])
    assert result.exit_code == 0, result.output
    assert ("torch==2.99.0, transformers==9.9.0, CUDA unavailable); would install "
            "ipykernel, datasets, evaluate, accelerate, scikit-learn") in result.output
    assert read_spec(kernel_name) is None
    assert inspect_environment(env_copy, "pt").version_of("ipykernel") is None


def test_missing_needs_without_a_folder_say_how_to_make_one(
    env_copy: Path, kernel_name: str,
) -> None:
    with pytest.raises(KernelError, match=r"lacks ipykernel, datasets.*pip download -d WHEELS"):
        register_kernel("pt", env_copy, name=kernel_name)


def test_an_environment_without_the_framework_is_refused(
    tmp_path: Path, wheels: Path, kernel_name: str,
) -> None:
    prefix = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True)
    with pytest.raises(KernelError, match="has no tensorflow and no transformers"):
        register_kernel("tf", prefix / "bin" / "python", name=kernel_name, wheels=wheels)


def test_needs_are_in_the_pinned_kernels() -> None:
    from coursekit.kernels import framework

    for name, needs in NEEDS.items():
        assert set(needs) <= set(framework(name).pins()), name
