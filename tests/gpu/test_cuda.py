"""On a GPU: the bundled course's CUDA expectations, and a real fatal CUDA error survived.

Every test here is marked ``gpu`` and skips, saying why, unless the PyTorch lesson
kernel sees a CUDA device (asked of the kernel itself). On a GPU machine whose image
already has a CUDA PyTorch, register it first::

    coursekit kernels register pt --python "$(command -v python3)" --wheels WHEELS
    python -m pytest tests/gpu -m gpu
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.diagnostics import Severity
from coursekit.execution.results import NotebookResult, Verdict, VerifyReport
from coursekit.execution.run.device import choose_devices, gpu_present
from coursekit.execution.verify import verify_course
from coursekit.kernels import kernel_status
from coursekit.report.pipeline import shape
from tests.bundled import copy_bundled

from ..execution.conftest import cell, expect, notebook, write_course

pytestmark = [pytest.mark.gpu, pytest.mark.kernel, pytest.mark.torch]

ASSERT = "CUDA error: device-side assert triggered"


def _cuda_or_skip(kernel: str, framework: str) -> None:
    if not gpu_present():
        pytest.skip("no NVIDIA GPU on this machine (no nvidia-smi, no /dev/nvidia0)")
    chosen = choose_devices("auto", {(kernel, framework)})[(kernel, framework)]
    if chosen.device != "cuda":
        pytest.skip(f"the {framework} kernel `{kernel}` sees no CUDA device "
                    f"(register a CUDA environment: `coursekit kernels register {framework} "
                    "--python PATH`)")


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> Course:
    root = tmp_path_factory.mktemp("course")
    return Course.open(copy_bundled(root))


def _kernel(course: Course, framework: str) -> str:
    return course.config.kernels.get(framework, f"coursekit-{framework}")


def _only(report: VerifyReport, notebook: str) -> NotebookResult:
    return next(nb for nb in report.notebooks if nb.notebook == notebook)


def test_the_pytorch_debugging_lesson_is_proven_on_cuda(bundled: Course) -> None:
    _cuda_or_skip(_kernel(bundled, "pt"), "pt")
    report = verify_course(bundled, languages=["en"], frameworks=["pt"], device="cuda",
                           use_cache=False, jobs=1)
    # As the command line reports it: the course's per-file-ignores keep chapter 3's
    # api-drift (a lesson left as written for an older transformers) out.
    shown = shape(report.all_diagnostics(), selection=bundled.config.selection).shown
    errors = [d for d in shown if d.severity is Severity.ERROR]
    assert not errors, "\n".join(f"{d.location} {d.rule} {d.message}" for d in errors)
    debugging = _only(report, "en/chapter8/4.ipynb")
    assert debugging.device == "cuda"
    assert debugging.passed
    assert all(s.proven for s in debugging.scenarios), [s.reason for s in debugging.scenarios]
    # The device-side assert left the kernel unusable: restarted, clean cells replayed.
    assert debugging.restarts >= 1
    assert debugging.replayed
    assert [u.device for u in debugging.unverified] == ["cpu"]


def test_the_keras_lesson_on_cuda_or_listed_as_not_verified(bundled: Course) -> None:
    _cuda_or_skip(_kernel(bundled, "pt"), "pt")
    keras_kernel = kernel_status(_kernel(bundled, "tf"), "tf")
    if not keras_kernel.ready:
        pytest.skip(f"the TensorFlow kernel `{keras_kernel.name}` is "
                    f"{keras_kernel.state.value}: nothing runs the Keras lesson here")
    report = verify_course(bundled, languages=["en"], frameworks=["tf"], device="auto",
                           use_cache=False, jobs=1)
    keras = _only(report, "en/chapter8/4_tf.ipynb")
    if keras.device == "cuda":  # a CUDA TensorFlow: the NaN-loss cell runs clean
        assert keras.passed
        assert [u.device for u in keras.unverified] == ["cpu"]
    else:  # a CPU TensorFlow: its CUDA expectation is listed, never passed
        assert [(u.device, u.expected) for u in keras.unverified] == [("cuda", "no error")]


def test_a_real_device_side_assert_is_survived(tmp_path: Path) -> None:
    lesson = "content/en/chapter1/1.mdx"
    cells = [
        cell("import torch\nx = torch.ones(3, device='cuda')", 10, lesson),
        cell("x[torch.tensor([5], device='cuda')].sum().item()", 20, lesson,
             errors=[expect("RuntimeError", ASSERT, device="cuda"),
                     expect("IndexError", "", device="cpu")]),
        cell("print((x * 2).sum().item())", 30, lesson, outputs=["6.0"]),
    ]
    write_course(tmp_path, {"en/chapter1/1.ipynb": notebook(cells, lesson=lesson)})
    # The course's own lesson kernel, not the venv's python3 the helper configures.
    (tmp_path / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    course = Course.open(tmp_path)
    _cuda_or_skip(_kernel(course, "pt"), "pt")
    report = verify_course(course, device="cuda", use_cache=False, jobs=1)
    [result] = report.notebooks
    assert [c.verdict for c in result.cells] == [Verdict.OK, Verdict.REPRODUCED, Verdict.OK]
    assert result.restarts == 1
    assert result.replayed == [f"{lesson}:10"]
