"""The pinned requirement files: exact pins, the CPU torch, a TensorFlow that works."""

from __future__ import annotations

import pytest

from coursekit.kernels import FRAMEWORKS, framework


@pytest.mark.parametrize("name", sorted(FRAMEWORKS))
def test_every_requirement_is_an_exact_pin(name: str) -> None:
    lines = [line.split("#", 1)[0].strip() for line in framework(name).requirements().splitlines()]
    lines = [line for line in lines if line]
    assert lines
    assert all("==" in line and not line.endswith("==") for line in lines), lines


def test_pytorch_kernel_pins_the_cpu_torch_and_no_cuda() -> None:
    pt = framework("pt")
    pins = pt.pins()
    assert pins["torch"] == "2.13.0"
    assert pt.first == ("torch==2.13.0",)
    assert pins["transformers"].startswith("5.")
    assert {"datasets", "evaluate", "accelerate", "ipykernel", "scikit-learn"} <= set(pins)
    assert not [p for p in pins if p.startswith("nvidia") or "cuda" in p]


def test_tensorflow_kernel_pins_transformers_4_57_with_tf_keras() -> None:
    tf = framework("tf")
    pins = tf.pins()
    assert pins["transformers"].startswith("4.57.")
    assert pins["tensorflow-cpu"].startswith("2.20.")
    assert pins["tf-keras"].startswith("2.20.")
    # The CPU torch beside TensorFlow, installed first and held by a constraint.
    assert "torch" not in pins
    assert tf.first == ("torch==2.13.0",)
    assert tf.env["TF_USE_LEGACY_KERAS"] == "1"


def test_requirements_hash_is_stable_and_differs_per_framework() -> None:
    assert framework("pt").requirements_hash() == framework("pt").requirements_hash()
    assert framework("pt").requirements_hash() != framework("tf").requirements_hash()


def test_unknown_framework_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown framework `jax`"):
        framework("jax")
