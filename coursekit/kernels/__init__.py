"""The lesson kernels: one virtual environment per framework, pinned and registered.

A PyTorch lesson runs in the ``pt`` kernel (torch, transformers 5), a TensorFlow
lesson in the ``tf`` kernel (tensorflow-cpu, tf-keras, transformers 4.57). Each
kernel is installed from a pinned requirement file shipped beside this module and
registered as a Jupyter kernelspec where the calling environment finds it.
"""

from coursekit.kernels.frameworks import FRAMEWORKS, KernelFramework, framework
from coursekit.kernels.install import (
    KernelError,
    KernelInfo,
    install_kernel,
    kernel_python,
    kernel_status,
)

__all__ = [
    "FRAMEWORKS",
    "KernelError",
    "KernelFramework",
    "KernelInfo",
    "framework",
    "install_kernel",
    "kernel_python",
    "kernel_status",
]
