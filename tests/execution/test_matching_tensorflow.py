"""Graph-mode errors as the TensorFlow lesson kernel really raises them, matched as a
lesson documents them: by their meaningful line."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from coursekit.execution.judge.matching import match_error
from coursekit.kernels import FRAMEWORKS

from ..kernel_skip import kernel_or_skip
from .conftest import expect

pytestmark = [pytest.mark.tensorflow, pytest.mark.slow]

# A tiny Keras model with two classes, trained in graph mode on data that has three.
SCRIPT = """
import json
import numpy as np
import tensorflow as tf

features = np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
labels = np.array([0, 1, 2, 0, 1, 2, 0, 1])
raised = []


def fit(loss, targets):
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
    model.compile(loss=tf.keras.losses.get(loss), optimizer="sgd")
    try:
        model.fit(features, targets, epochs=1, batch_size=8, verbose=0)
    except Exception as error:
        mro = [f"{c.__module__}.{c.__qualname__}" for c in type(error).__mro__]
        raised.append({"ename": type(error).__name__, "evalue": str(error), "mro": mro})


fit("categorical_crossentropy", tf.one_hot(labels, 3))
with tf.device("/CPU:0"):
    fit("sparse_categorical_crossentropy", labels)
print(json.dumps(raised))
"""


@pytest.fixture(scope="module")
def raised() -> list[dict[str, Any]]:
    python = kernel_or_skip("tf")
    env = {**os.environ, **FRAMEWORKS["tf"].env}
    done = subprocess.run([str(Path(python)), "-c", SCRIPT], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    errors: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
    assert [e["ename"] for e in errors] == ["ValueError", "InvalidArgumentError"]
    return errors


def _matches(error: dict[str, Any], name: str, message: str) -> bool:
    return match_error(expect(name, message), error["ename"], error["evalue"],
                       error["mro"]).matched


def test_a_keras_graph_error_matches_its_nested_message(raised: list[dict[str, Any]]) -> None:
    in_user_code = raised[0]
    assert in_user_code["evalue"].startswith("in user code:")
    assert _matches(in_user_code, "ValueError",
                    "Shapes (8, 3) and (8, 2) are incompatible")
    assert not _matches(in_user_code, "ValueError",
                        "Shapes (8, 3) and (8, 2) are compatible")


def test_a_graph_execution_error_matches_its_meaningful_line(
    raised: list[dict[str, Any]],
) -> None:
    graph = raised[1]
    assert graph["evalue"].startswith("Graph execution error:")
    documented = ("Received a label value of 2 which is outside the valid range of [0, 2).  "
                  "Label values: ...")
    assert _matches(graph, "InvalidArgumentError", documented)
    assert _matches(graph, "tensorflow.python.framework.errors_impl.InvalidArgumentError",
                    documented)
    assert not _matches(graph, "InvalidArgumentError",
                        "Received a label value of 2 which is inside the valid range ...")
    assert not _matches(graph, "ValueError", documented)
