"""Which device lessons run on, told to the kernel through its environment.

The verify process never imports a framework to find out. Without an NVIDIA
driver (``nvidia-smi``, ``/dev/nvidia0``) no kernel can see a GPU, so the answer
is ``cpu`` at no cost; with one, each kernel is asked whether its framework sees
a CUDA device (a CPU build of TensorFlow beside a CUDA PyTorch does not).
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass
from pathlib import Path

from coursekit.execution.run.kernel import KernelProfile, KernelStartError, evaluate, start_kernel

DEVICES = ("cpu", "cuda", "auto")

CUDA_PROBES = {
    "pt": "__import__('torch').cuda.is_available()",
    "tf": "len(__import__('tensorflow').config.list_physical_devices('GPU')) > 0",
}
"""An expression that is ``True`` in a kernel whose framework sees a CUDA device."""

_PROBE_SECONDS = 120.0
"""Importing TensorFlow on a loaded machine takes a while."""


class DeviceError(ValueError):
    """The device asked for is not there."""


def gpu_present() -> bool:
    return shutil.which("nvidia-smi") is not None or Path("/dev/nvidia0").exists()


def resolve_device(requested: str, *, driver: bool | None = None) -> str:
    """``cpu``, ``cuda`` or ``auto`` (kernels to be asked) for ``requested``.

    ``auto`` is ``cpu`` without a driver; ``cuda`` without one is an error."""
    if requested not in DEVICES:
        raise DeviceError(f"unknown device `{requested}` (expected one of {', '.join(DEVICES)})")
    present = gpu_present() if driver is None else driver
    if requested == "auto" and not present:
        return "cpu"
    if requested == "cuda" and not present:
        raise DeviceError(
            "--device cuda asked for, but this machine has no NVIDIA GPU "
            "(no nvidia-smi, no /dev/nvidia0); use --device cpu or auto"
        )
    return requested


@dataclass(frozen=True, slots=True)
class KernelDevice:
    """The device a kernel's notebooks run on, and why it is not the one asked for."""

    device: str
    problem: str | None = None


def device_for(requested: str, kernel: str, framework: str, sees_cuda: bool | None) -> KernelDevice:
    """The device for a kernel, from the request (already resolved) and its answer."""
    if requested == "cpu":
        return KernelDevice("cpu")
    if sees_cuda:
        return KernelDevice("cuda")
    if requested == "auto":
        return KernelDevice("cpu")
    why = "does not answer" if sees_cuda is None else "sees no CUDA device"
    return KernelDevice("cpu", f"kernel `{kernel}` ({framework}) {why}: its notebooks ran on "
                               "cpu, and their CUDA expectations are not verified")


async def sees_cuda(profile: KernelProfile, framework: str) -> bool | None:
    """Whether the kernel's framework sees a CUDA device (``None``: no answer)."""
    try:
        kernel = await start_kernel(profile)
    except KernelStartError:
        return None
    try:
        answer = await evaluate(kernel, CUDA_PROBES.get(framework, CUDA_PROBES["pt"]),
                                timeout=_PROBE_SECONDS)
    finally:
        await kernel.shutdown()
    return answer if isinstance(answer, bool) else False


def device_env(device: str) -> dict[str, str]:
    """Variables that make the kernel's lessons pick ``device``."""
    env = {"COURSEKIT_DEVICE": device}
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""
    return env


def choose_devices(
    requested: str, kernels: set[tuple[str, str]], startup_timeout: float = 60.0,
) -> dict[tuple[str, str], KernelDevice]:
    """The device of each ``(kernel, framework)``, for a request from :func:`resolve_device`.

    Kernels are asked only when a GPU may be there (``auto`` or ``cuda``)."""
    if requested == "cpu":
        return dict.fromkeys(kernels, KernelDevice("cpu"))

    async def ask() -> dict[tuple[str, str], KernelDevice]:
        answers = await asyncio.gather(*(
            sees_cuda(KernelProfile(kernel, startup_timeout=startup_timeout), framework)
            for kernel, framework in sorted(kernels)
        ))
        return {
            (kernel, framework): device_for(requested, kernel, framework, answer)
            for (kernel, framework), answer in zip(sorted(kernels), answers, strict=True)
        }

    return asyncio.run(ask())
