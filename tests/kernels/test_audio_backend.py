"""The kernels' audio backend: FFmpeg's libraries on the machine, torchcodec in the kernel,
and what `coursekit kernels install` / `list` say when one of them is missing."""

from __future__ import annotations

import shutil
import sys
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from coursekit.cli import cli
from coursekit.kernels import framework, kernel_status
from coursekit.kernels.audio import AudioBackend, audio_backend
from coursekit.kernels.ffmpeg import SONAMES, FFmpegStatus, ffmpeg_status, sonames
from coursekit.kernels.kernelspec import spec_dir

from ..kernel_skip import ffmpeg_or_skip, kernel_or_skip


def _loader(available: set[str]) -> object:
    return lambda soname: soname in available


def test_the_newest_complete_ffmpeg_is_found() -> None:
    available = set(sonames(5)) | set(sonames(7))
    status = ffmpeg_status(_loader(available), lambda _: "/usr/bin/ffmpeg")  # type: ignore[arg-type]
    assert status == FFmpegStatus(7, (), "/usr/bin/ffmpeg")
    assert status.describe() == "FFmpeg 7 libraries found"


def test_missing_libraries_say_what_to_install() -> None:
    status = ffmpeg_status(_loader(set()), lambda _: None)  # type: ignore[arg-type]
    assert status.major is None and not status.libraries
    assert status.describe() == ("FFmpeg's shared libraries are missing: install FFmpeg's "
                                 "shared libraries (FFmpeg 4 to 8), e.g. `apt-get install "
                                 "ffmpeg` on Debian or Ubuntu")


def test_a_partial_install_names_the_libraries_it_lacks() -> None:
    present = {name for name in sonames(6) if "avdevice" not in name and "avfilter" not in name}
    status = ffmpeg_status(_loader(present), lambda _: None)  # type: ignore[arg-type]
    assert status.major is None
    assert status.missing == ("libavdevice.so.60", "libavfilter.so.9")
    assert "missing libavdevice.so.60, libavfilter.so.9" in status.describe()


def test_every_supported_version_lists_the_seven_libraries() -> None:
    assert sorted(SONAMES) == [4, 5, 6, 7, 8]
    assert all(len(sonames(major)) == 7 for major in SONAMES)


def test_only_the_pytorch_kernel_pins_torchcodec() -> None:
    assert framework("pt").pins()["torchcodec"] == "0.13.0"
    # TensorFlow's kernel has no torch, which torchcodec needs.
    assert "torchcodec" not in framework("tf").pins()


def _fake_interpreter(tmp_path: Path, torchcodec_init: str | None) -> Path:
    """An interpreter whose path has a planted ``torchcodec`` package (or none)."""
    site = tmp_path / "site"
    site.mkdir()
    if torchcodec_init is not None:
        (site / "torchcodec").mkdir()
        (site / "torchcodec" / "__init__.py").write_text(torchcodec_init, encoding="utf-8")
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\nexport PYTHONPATH="{site}"\nexec "{sys.executable}" "$@"\n',
                      encoding="utf-8")
    python.chmod(0o755)
    return python


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper stands for the kernel")
def test_a_torchcodec_that_cannot_load_ffmpeg_is_reported(tmp_path: Path) -> None:
    python = _fake_interpreter(tmp_path, 'raise RuntimeError("Could not load libtorchcodec. '
                                         'Likely causes:\\n 1. FFmpeg is not installed")\n')
    backend = audio_backend(python)
    assert backend == AudioBackend(installed=True,
                                   error="RuntimeError: Could not load libtorchcodec. "
                                         "Likely causes:")
    assert not backend.decodes
    missing = FFmpegStatus(None)
    assert backend.describe(missing) == (
        "audio cannot be decoded: torchcodec does not load: FFmpeg's shared libraries are "
        "missing: install FFmpeg's shared libraries (FFmpeg 4 to 8), e.g. `apt-get install "
        "ffmpeg` on Debian or Ubuntu")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell wrapper stands for the kernel")
def test_a_kernel_without_torchcodec_is_reported(tmp_path: Path) -> None:
    backend = audio_backend(_fake_interpreter(tmp_path, None))
    assert backend == AudioBackend(installed=False)
    assert backend.describe() == ("audio cannot be decoded: torchcodec is not installed in "
                                  "this kernel (`datasets` decodes Audio columns with it)")


def test_an_interpreter_that_does_not_answer_is_not_taken_for_a_missing_package(
        tmp_path: Path) -> None:
    backend = audio_backend(tmp_path / "no-python")
    assert not backend.decodes
    assert backend.describe().startswith("audio decoding could not be checked: ")


@pytest.mark.torch
def test_the_pytorch_kernel_decodes_audio_with_the_system_ffmpeg() -> None:
    python = kernel_or_skip("pt")
    status = ffmpeg_or_skip()
    backend = audio_backend(python)
    assert backend == AudioBackend(installed=True, version=backend.version,
                                   ffmpeg=status.major)
    assert backend.version.startswith("0.13.0")
    assert backend.describe() == f"audio decoding: torchcodec {backend.version} with FFmpeg " \
                                 f"{status.major}"


@pytest.mark.torch
def test_kernels_install_says_whether_audio_decodes(tmp_path: Path) -> None:
    kernel_or_skip("pt")
    ffmpeg_or_skip()
    # The installed kernel's environment under a kernelspec name of the test's own: the
    # user's `coursekit-pt` kernelspec is neither rewritten nor pointed at this session.
    prefix = kernel_status("coursekit-pt", "pt").prefix.resolve()
    name = f"coursekit-test-{uuid.uuid4().hex[:8]}"
    (tmp_path / "coursekit.toml").write_text(
        f'frameworks = ["pt"]\n[kernels]\npt = "{name}"\n', encoding="utf-8")
    try:
        result = CliRunner().invoke(cli, ["kernels", "install", "--root", str(tmp_path),
                                          "--prefix", str(prefix.parent)])
    finally:
        shutil.rmtree(spec_dir(name), ignore_errors=True)
    assert result.exit_code == 0, result.output
    assert f"{name}: already current" in result.output
    assert f"{name}: audio decoding: torchcodec 0.13.0" in result.output


def test_kernels_list_warns_when_ffmpeg_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    from coursekit.cli.commands import kernels

    monkeypatch.setattr(kernels, "ffmpeg_status", lambda: FFmpegStatus(None))
    result = CliRunner().invoke(cli, ["kernels", "list"])
    assert result.exit_code == 0, result.output
    assert ("coursekit-pt: warning: FFmpeg's shared libraries are missing: install FFmpeg's "
            "shared libraries (FFmpeg 4 to 8)") in result.output
    monkeypatch.setattr(kernels, "ffmpeg_status", lambda: FFmpegStatus(5, (), "/usr/bin/ffmpeg"))
    result = CliRunner().invoke(cli, ["kernels", "list"])
    assert "warning" not in result.output
