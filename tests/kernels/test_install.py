"""Installing and finding kernels: the idempotent path on a real venv, and the real kernels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

from coursekit.kernels import FRAMEWORKS, install_kernel, kernel_python, kernel_status
from coursekit.kernels.install import STAMP, KernelState, venv_python
from coursekit.kernels.kernelspec import spec_dir

from ..kernel_skip import kernel_or_skip


@pytest.fixture
def kernel_name() -> Iterator[str]:
    name = f"coursekit-test-{uuid.uuid4().hex[:8]}"
    yield name
    folder = spec_dir(name)
    if folder.exists():
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


def _bare_venv(prefix: Path) -> None:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(prefix)], check=True)


def test_unregistered_kernel_is_missing(kernel_name: str) -> None:
    info = kernel_status(kernel_name, "tf")
    assert info.state is KernelState.MISSING
    assert info.framework == "tf"
    assert kernel_python(kernel_name, "tf") is None


def test_current_environment_is_reused_and_registered(tmp_path: Path, kernel_name: str) -> None:
    prefix = tmp_path / "tf"
    _bare_venv(prefix)
    stamp = {"framework": "tf", "requirements_sha256": FRAMEWORKS["tf"].requirements_hash()}
    (prefix / STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    lines: list[str] = []
    info = install_kernel("tf", name=kernel_name, prefix=prefix, progress=lines.append)
    assert not info.installed
    assert info.ready
    assert "already satisfies" in lines[-1]
    spec = KernelSpecManager().get_kernel_spec(kernel_name)
    assert spec.argv[0] == str(venv_python(prefix))
    assert spec.env["TF_USE_LEGACY_KERAS"] == "1"
    assert kernel_status(kernel_name).state is KernelState.READY


def test_environment_from_older_pins_is_stale(tmp_path: Path, kernel_name: str) -> None:
    prefix = tmp_path / "pt"
    _bare_venv(prefix)
    (prefix / STAMP).write_text(json.dumps({"requirements_sha256": "old"}), encoding="utf-8")
    (spec_dir(kernel_name)).mkdir(parents=True)
    (spec_dir(kernel_name) / "kernel.json").write_text(json.dumps({
        "argv": [str(venv_python(prefix))], "display_name": "x", "language": "python",
        "metadata": {"coursekit": {"framework": "pt", "prefix": str(prefix)}},
    }), encoding="utf-8")
    assert kernel_status(kernel_name).state is KernelState.STALE
    assert kernel_python(kernel_name) is None


@pytest.mark.torch
def test_pytorch_kernel_has_the_pinned_cpu_torch() -> None:
    python = kernel_or_skip("pt")
    done = subprocess.run(
        [str(python), "-c", "import torch, transformers; print(torch.__version__, "
         "torch.cuda.is_available(), transformers.__version__)"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    torch_version, cuda, transformers_version = done.stdout.split()
    assert torch_version.startswith("2.13.0")
    assert cuda == "False"
    assert transformers_version == FRAMEWORKS["pt"].pins()["transformers"]


@pytest.mark.tensorflow
@pytest.mark.slow
def test_tensorflow_kernel_compiles_a_model_with_the_keras_2_optimizer() -> None:
    python = kernel_or_skip("tf")
    script = (
        "import tensorflow as tf\n"
        "from transformers import TFBertForSequenceClassification, BertConfig\n"
        "config = BertConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2,"
        " intermediate_size=32)\n"
        "model = TFBertForSequenceClassification(config)\n"
        "model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=5e-5))\n"
        "print(type(model.optimizer).__module__)\n"
    )
    env = {**os.environ, **FRAMEWORKS["tf"].env}
    done = subprocess.run([str(python), "-c", script], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1].startswith("tf_keras")


def test_install_warns_when_jupyter_finds_another_kernelspec_of_the_name_first(
        tmp_path: Path, kernel_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from coursekit.cli import cli

    _bare_venv(tmp_path / "envs" / "tf")
    stamp = {"framework": "tf", "requirements_sha256": FRAMEWORKS["tf"].requirements_hash()}
    (tmp_path / "envs" / "tf" / STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    course = tmp_path / "course"
    course.mkdir()
    (course / "coursekit.toml").write_text(
        f'frameworks = ["tf"]\n[kernels]\ntf = "{kernel_name}"\n', encoding="utf-8")
    other = tmp_path / "jupyter" / "kernels" / kernel_name
    other.mkdir(parents=True)
    (other / "kernel.json").write_text(json.dumps({
        "argv": ["python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "another", "language": "python"}), encoding="utf-8")
    install = ["kernels", "install", "--root", str(course), "--prefix", str(tmp_path / "envs")]
    result = CliRunner().invoke(cli, install)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    result = CliRunner().invoke(cli, install)
    assert result.exit_code == 1, result.output
    assert f"Jupyter finds the kernelspec {other} first" in result.output
    listed = CliRunner().invoke(cli, ["kernels", "list", "--root", str(course)])
    assert f"Jupyter finds the kernelspec {other} first" in listed.output


def test_the_default_prefix_is_recorded_where_the_environment_really_is(
        tmp_path: Path, kernel_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real"
    _bare_venv(real / "tf")
    stamp = {"framework": "tf", "requirements_sha256": FRAMEWORKS["tf"].requirements_hash()}
    (real / "tf" / STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "kernels").symlink_to(real, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COURSEKIT_HOME", "home")  # relative, and its kernels a link
    info = install_kernel("tf", name=kernel_name)
    assert info.prefix == (real / "tf").resolve()
    assert KernelSpecManager().get_kernel_spec(kernel_name).argv[0] == str(
        venv_python((real / "tf").resolve()))
