"""A kernel whose stamp is not one coursekit wrote (nested too deeply, not UTF-8, a FIFO
in its place) is missing: asking for it never blocks nor ends in an internal error."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from coursekit.kernels import kernel_status
from coursekit.kernels.install import STAMP, KernelState, venv_python
from coursekit.kernels.kernelspec import spec_dir

from .test_install import _bare_venv, kernel_name  # noqa: F401  (a fixture)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("stamp", [b"[" * 100_000, b"\xff\xfe", None],
                         ids=["nested", "not-utf-8", "fifo"])
def test_a_stamp_that_is_none_of_coursekits_is_a_missing_kernel(
    tmp_path: Path, kernel_name: str, stamp: bytes | None,  # noqa: F811
) -> None:
    prefix = tmp_path / "pt"
    _bare_venv(prefix)
    if stamp is None:
        os.mkfifo(prefix / STAMP)
    else:
        (prefix / STAMP).write_bytes(stamp)
    spec_dir(kernel_name).mkdir(parents=True)
    (spec_dir(kernel_name) / "kernel.json").write_text(json.dumps({
        "argv": [str(venv_python(prefix))], "display_name": "x", "language": "python",
        "metadata": {"coursekit": {"framework": "pt", "prefix": str(prefix)}},
    }), encoding="utf-8")
    found: list[KernelState] = []
    worker = threading.Thread(target=lambda: found.append(kernel_status(kernel_name).state),
                              daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "reading the kernel's stamp blocked"
    assert found == [KernelState.MISSING]
