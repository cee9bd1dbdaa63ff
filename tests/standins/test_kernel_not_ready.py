"""Why stand-ins cannot be built, said truly: a course whose framework kernel is a plain
Jupyter kernelspec (the venv's ``python3``) with no coursekit lesson kernel installed is
told that the kernelspec is not a coursekit kernel and how to register its interpreter,
not that it is missing; a kernelspec that does not exist is still missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from coursekit.config import Course
from coursekit.standins import StandinError, prepare

LOADS = ("```py\nfrom transformers import AutoModel\n"
         "AutoModel.from_pretrained('bert-base-uncased')\n```\n")


def _course(root: Path, kernel: str) -> Course:
    root.mkdir()
    (root / "coursekit.toml").write_text(
        f'source-language = "en"\nkernels = {{ pt = "{kernel}" }}\n', encoding="utf-8")
    lesson = root / "content" / "en" / "chapter1" / "1.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(f"# Lesson\n\n{LOADS}", encoding="utf-8")
    return Course.open(root)


def _why(root: Path, kernel: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COURSEKIT_HOME", str(root.parent / "home"))
    with pytest.raises(StandinError) as raised:
        prepare(_course(root, kernel), "pt")
    return str(raised.value)


def test_a_plain_jupyter_kernel_is_named_as_such_with_its_remedy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    why = _why(tmp_path / "course", "python3", monkeypatch)
    assert "`python3` is missing" not in why
    assert "`python3` is not a coursekit lesson kernel" in why
    assert f"a Jupyter kernelspec running {sys.executable}" in why
    assert f"`coursekit kernels register pt --python {sys.executable} --name python3`" in why


def test_a_kernel_that_does_not_exist_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    why = _why(tmp_path / "course", "no-such-kernel", monkeypatch)
    assert why == ("the pt kernel `no-such-kernel` is missing: run "
                   "`coursekit kernels install --framework pt`")
