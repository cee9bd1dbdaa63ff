"""The bundled lessons' device-specific scenarios: each device has an expectation, and
a run on one device lists the other's as not verified (read from the built notebooks,
no kernel needed)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.execution.judge.ondevice import unverified
from coursekit.execution.plan.model import NotebookPlan
from coursekit.execution.plan.sources import collect
from coursekit.notebooks.build import build_course

ROOT = Path(__file__).resolve().parents[2]
ASSERT = "RuntimeError: CUDA error: device-side assert triggered"
TARGET = "IndexError: Target 2 is out of bounds."
LABEL = "InvalidArgumentError: Received a label value of 2"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Course:
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    course = Course.open(root)
    build_course(course, languages=["en"])
    return course


def _plan(course: Course, notebook: str, device: str) -> NotebookPlan:
    sources, _ = collect(course, languages=["en"], frameworks=None, paths=[])
    [source] = [s for s in sources if s.notebook == notebook]
    return source.plan(device)


def _code(plan: NotebookPlan, index: int) -> str:
    return next(c.code for c in plan.cells if c.index == index)


def test_the_pytorch_assert_is_expected_on_cuda_and_unverified_on_cpu(built: Course) -> None:
    cpu = _plan(built, "en/chapter8/4.ipynb", "cpu")
    [left] = unverified(cpu)
    assert _code(cpu, left.index) == "trainer.train()"
    assert (left.device, left.expected) == ("cuda", ASSERT)
    cuda = _plan(built, "en/chapter8/4.ipynb", "cuda")
    [other] = unverified(cuda)
    assert (other.index, other.device) == (left.index, "cpu")
    assert other.expected == TARGET
    expected = {c.index: [f"{e['name']}: {e['message']}" for e in c.expected] for c in cuda.cells}
    assert expected[left.index] == [ASSERT]
    # After the restart and replay, the batch (which the Trainer's dataloader put on the
    # GPU) and the model both go to the CPU, with the same error on both devices.
    after = next(c for c in cuda.cells if "outputs = trainer.model.cpu()(**batch)" in c.code)
    assert after.code.startswith("batch = {k: v.cpu() for k, v in batch.items()}")
    assert [e["device"] for e in after.expected] == [None]
    assert after.elsewhere == ()


def test_the_keras_nan_loss_is_a_clean_run_on_cuda_unverified_on_cpu(built: Course) -> None:
    cpu = _plan(built, "en/chapter8/4_tf.ipynb", "cpu")
    [left] = unverified(cpu)
    assert "model.fit(train_dataset, epochs=1)" in _code(cpu, left.index)
    assert (left.device, left.expected) == ("cuda", "no error")
    [fit] = [c for c in cpu.cells if c.index == left.index]
    assert next(f"{e['name']}: {e['message']}" for e in fit.expected).startswith(LABEL)
    cuda = _plan(built, "en/chapter8/4_tf.ipynb", "cuda")
    assert next(c for c in cuda.cells if c.index == left.index).expected == ()


def test_the_training_loop_does_not_depend_on_the_device(built: Course) -> None:
    assert unverified(_plan(built, "en/chapter3/4_pt.ipynb", "cpu")) == []
