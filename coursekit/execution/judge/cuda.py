"""A cell that failed because it asked for a CUDA device the machine lacks.

``model.to("cuda")`` or ``device="cuda"`` without a test of ``torch.cuda.is_available()``
needs a GPU: on a CPU machine it fails, which is a need of the lesson's (``needs-gpu``),
not a defect of its code, and what the cell was to define is left undefined.
"""

from __future__ import annotations

from coursekit.execution.results import CellRun

_NO_CUDA = ("Torch not compiled with CUDA enabled", "Found no NVIDIA driver",
            "No CUDA GPUs are available", "CUDA driver initialization failed")
"""What PyTorch raises where code asks for a CUDA device the machine lacks: a CPU build
(an ``AssertionError``) or a CUDA build with no GPU (a ``RuntimeError``)."""


def lacks_cuda(run: CellRun) -> bool:
    """Whether the cell failed because it asked for a CUDA device this machine lacks."""
    return run.ename in ("AssertionError", "RuntimeError") and any(
        said in run.evalue for said in _NO_CUDA)
