"""Make an existing interpreter a lesson kernel (a GPU image, a conda environment).

What the kernel side of coursekit needs and the environment lacks (``ipykernel``,
``datasets``, ``evaluate`` ...) is installed from a local wheel folder, without an
index. Nothing already installed may change: every installed distribution is held
at its version by a pip constraint, and the versions are compared afterwards, so
a CUDA build of torch is never swapped for another. The kernelspec records the
environment: interpreter, framework versions, CUDA availability.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from coursekit.kernels import kernelspec
from coursekit.kernels.environment import Environment, InterpreterError, inspect_environment
from coursekit.kernels.frameworks import KernelFramework, framework
from coursekit.kernels.install import KernelError, run_logged
from coursekit.kernels.pip_config import own_configuration

Progress = Callable[[str], None]

REQUIRED: Mapping[str, tuple[tuple[str, ...], ...]] = MappingProxyType({
    "pt": (("torch",), ("transformers",)),
    "tf": (("tensorflow", "tensorflow-cpu", "tensorflow-gpu"), ("transformers",)),
})
"""What the environment must already have (any one name of each group): never installed."""

NEEDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "pt": ("ipykernel", "datasets", "evaluate", "accelerate", "scikit-learn"),
    "tf": ("ipykernel", "tf-keras", "datasets", "evaluate", "scikit-learn"),
})
"""What the kernel side of coursekit needs: the kernel itself, and what lessons and
stand-ins load. Installed when missing."""

REGISTERED = "registered"
"""Metadata key that marks a kernel made from an existing interpreter."""


@dataclass(frozen=True, slots=True)
class RegisteredKernel:
    name: str
    framework: str
    python: Path
    spec_dir: Path
    environment: Environment
    installed: tuple[str, ...]
    """Distributions this call installed (dependencies included)."""


def missing_needs(env: Environment, framework_name: str) -> list[str]:
    return [name for name in NEEDS[framework_name] if env.version_of(name) is None]


def _check_required(env: Environment, framework_name: str) -> None:
    absent = [group[0] for group in REQUIRED[framework_name]
              if not any(env.version_of(name) for name in group)]
    if absent:
        raise KernelError(
            f"{env.python} has no {' and no '.join(absent)}: register an environment that "
            f"already has them (coursekit never installs or replaces them)"
        )


def constraints(env: Environment) -> str:
    """A pip constraint per installed distribution, at its installed version."""
    return "".join(f"{name}=={version}\n" for name, version in sorted(env.distributions.items()))


def _install(env: Environment, names: list[str], wheels: Path, progress: Progress | None) -> None:
    python = str(env.python)
    if not env.has_pip:
        run_logged([python, "-m", "ensurepip", "--default-pip"], progress, env=own_configuration())
    with tempfile.TemporaryDirectory(prefix="coursekit-register-") as scratch:
        held = Path(scratch) / "constraints.txt"
        held.write_text(constraints(env), encoding="utf-8")
        run_logged(
            [python, "-m", "pip", "install", "--disable-pip-version-check",
             "--no-input", "--progress-bar", "off", "--no-index", "--find-links", str(wheels),
             "--only-binary", ":all:", "-c", str(held), *names],
            progress, env=own_configuration(),
        )


def changed_versions(before: Environment, after: Environment) -> list[str]:
    """``name before -> after`` for every distribution that changed or went away."""
    return [
        f"{name} {version} -> {after.distributions.get(name, 'removed')}"
        for name, version in sorted(before.distributions.items())
        if after.distributions.get(name) != version
    ]


def standins_key(env: Environment, fw: KernelFramework) -> str:
    """What the stand-ins built in this environment depend on.

    An environment that holds every pinned version (whatever its build: CPU or CUDA)
    shares the built-in kernel's stand-ins; any other gets its own set, keyed by its
    distributions."""
    pins = fw.pins()
    if all(_public(env.distributions.get(name)) == version for name, version in pins.items()):
        return fw.requirements_hash()
    return env.fingerprint()


def _public(version: str | None) -> str | None:
    """The version without its local label: the pinned CPU torch installs as ``2.13.0+cpu``."""
    return version.split("+", 1)[0] if version else None


def _framework_version(env: Environment, framework_name: str) -> str:
    for name in REQUIRED[framework_name][0]:
        version = env.version_of(name)
        if version:
            return f"{name}=={version}"
    return ""


def spec_metadata(env: Environment, fw: KernelFramework) -> dict[str, str]:
    cuda = "unknown" if env.cuda is None else ("available" if env.cuda else "unavailable")
    return {
        "framework": fw.name,
        REGISTERED: "true",
        "python": str(env.python),
        "prefix": str(env.prefix),
        "python_version": env.version,
        "framework_version": _framework_version(env, fw.name),
        "transformers": env.version_of("transformers") or "",
        "cuda": cuda,
        "cuda_build": env.cuda_build,
        "gpu": env.gpu,
        "environment_sha256": env.fingerprint(),
        "requirements_sha256": standins_key(env, fw),
    }


def _share_minilm_wheel(wheels: Path | None) -> None:
    """The stand-ins' MiniLM wheel, when the folder has it: no index is needed for it then."""
    from coursekit.standins.wheel import MINILM_WHEEL, keep_wheel

    if wheels is not None and (wheels / MINILM_WHEEL).is_file():
        keep_wheel(wheels / MINILM_WHEEL)


def _interpreter(python: Path | str) -> Path:
    return Path(python).expanduser().absolute()  # a venv's python is a symlink: keep it


def inspect_for_registration(
    framework_name: str, python: Path | str,
) -> tuple[Environment, list[str]]:
    """The environment and what registering it would install (a dry run).

    Raises :class:`KernelError` when the interpreter does not run or lacks the framework."""
    fw = framework(framework_name)
    try:
        env = inspect_environment(_interpreter(python), fw.name)
    except InterpreterError as exc:
        raise KernelError(str(exc)) from exc
    _check_required(env, fw.name)
    return env, missing_needs(env, fw.name)


def register_kernel(
    framework_name: str, python: Path | str, *, name: str | None = None,
    wheels: Path | str | None = None, progress: Progress | None = None,
) -> RegisteredKernel:
    """Register ``python`` as the ``framework_name`` lesson kernel ``name``.

    Raises :class:`KernelError` when the interpreter lacks the framework, when
    something is missing and no wheel folder provides it, when pip fails, and when
    an installed distribution changed anyway."""
    fw = framework(framework_name)
    name = name or f"coursekit-{fw.name}"
    interpreter = _interpreter(python)
    folder = Path(wheels).expanduser().absolute() if wheels is not None else None
    before, missing = inspect_for_registration(fw.name, interpreter)
    after = before
    if missing:
        if folder is None or not folder.is_dir():
            where = f"the wheel folder {folder} does not exist" if folder else "no --wheels folder"
            raise KernelError(
                f"{interpreter} lacks {', '.join(missing)} and {where}: make one with "
                f"`pip download -d WHEELS {' '.join(missing)}` on a machine with an index "
                f"(same Python {before.version} and platform) and pass --wheels WHEELS"
            )
        if progress:
            progress(f"installing {', '.join(missing)} from {folder}")
        _install(before, missing, folder, progress)
        after = inspect_environment(interpreter, fw.name)
        changed = changed_versions(before, after)
        if changed:
            raise KernelError(f"installing changed what {interpreter} had: {'; '.join(changed)}")
        still = missing_needs(after, fw.name)
        if still:
            raise KernelError(f"{', '.join(still)} still missing after the install")
    _share_minilm_wheel(folder)
    spec = kernelspec.write_spec(
        name, python=interpreter, display_name=f"coursekit {fw.title} ({interpreter})",
        env=fw.env, metadata=spec_metadata(after, fw),
    )
    installed = tuple(sorted(set(after.distributions) - set(before.distributions)))
    return RegisteredKernel(name=name, framework=fw.name, python=interpreter, spec_dir=spec,
                            environment=after, installed=installed)

