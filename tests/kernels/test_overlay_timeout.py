"""An overlay install that takes too long (pip's resolver trying release after release,
a build that hangs) is stopped at the course's ``install-timeout``, with whatever pip
started, and reported as a requirement that could not be installed; the overlay keeps
the limit, and is installed again only under a larger one."""

from __future__ import annotations

import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from coursekit.kernels.overlay import ensure_overlay
from coursekit.leftovers import process_gone

PYTHON = Path(sys.executable)
BACKEND = '''\
import os, pathlib, time

def get_requires_for_build_wheel(config_settings=None):
    here = pathlib.Path(__file__).parent
    (here / "pid").write_text(str(os.getpid()))
    if (here / "hang").exists():
        time.sleep(600)
    raise RuntimeError("this package builds nothing")
'''


def _package(tmp_path: Path, hang: bool) -> Path:
    """A local package whose build backend (in its own tree: nothing to download) says
    its process id, then hangs or fails at once."""
    package = tmp_path / "slowpkg_ck"
    package.mkdir()
    (package / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n'
        '[project]\nname = "slowpkg-ck"\nversion = "1.0"\n', encoding="utf-8")
    (package / "backend.py").write_text(BACKEND, encoding="utf-8")
    if hang:
        (package / "hang").touch()
    return package


def test_an_install_past_its_limit_is_stopped_and_reported(tmp_path: Path) -> None:
    package = _package(tmp_path, hang=True)
    requirement = str(package)
    started = time.monotonic()
    said: list[str] = []
    overlay = ensure_overlay(PYTHON, [requirement], home=tmp_path / "home", timeout=8,
                             announce=said.append)
    assert time.monotonic() - started < 120
    assert said == [f"installing {requirement} (1 of 1, up to 8 s)"]
    assert overlay.installed and overlay.timed_out == {requirement: 8}
    assert overlay.failed[requirement].startswith("pip did not finish within 8 s")
    backend = int((package / "pid").read_text())
    deadline = time.monotonic() + 10
    while not process_gone(backend) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert process_gone(backend), "the build backend pip started outlived the limit"
    # Kept, with its limit: the same limit does not wait again, a larger one tries again
    again = ensure_overlay(PYTHON, [requirement], home=tmp_path / "home", timeout=8)
    assert not again.installed and again.failed == overlay.failed
    (package / "hang").unlink()
    larger = ensure_overlay(PYTHON, [requirement], home=tmp_path / "home", timeout=60)
    assert larger.installed and larger.timed_out == {}
    assert not larger.failed[requirement].startswith("pip did not finish")
    assert larger.identity != overlay.identity  # a stored run in it is not the one before


def test_a_requirement_that_ran_out_of_time_in_this_run_is_not_waited_for_again(
    tmp_path: Path,
) -> None:
    package = _package(tmp_path, hang=True)
    requirement = str(package)
    started = time.monotonic()
    said: list[str] = []
    overlay = ensure_overlay(PYTHON, [requirement], home=tmp_path / "home", timeout=300,
                             known_timeouts={requirement: 300}, announce=said.append)
    assert time.monotonic() - started < 60
    assert not (package / "pid").exists() and said == []  # pip never ran for it
    assert overlay.timed_out == {requirement: 300}
    assert overlay.failed[requirement].startswith("pip did not finish within 300 s")


def test_an_install_within_its_limit_is_not_stopped(tmp_path: Path) -> None:
    package = _package(tmp_path, hang=False)
    requirement = str(package)
    overlay = ensure_overlay(PYTHON, [requirement], home=tmp_path / "home", timeout=60)
    assert overlay.timed_out == {}
    assert (package / "pid").exists()  # the backend ran, and failed on its own
    assert "did not finish" not in overlay.failed[requirement]


NEEDY = '''\
import os

def get_requires_for_build_wheel(config_settings=None):
    return []

def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = os.path.join(metadata_directory, "needy_ck-1.0.dist-info")
    os.makedirs(info)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write("Metadata-Version: 2.1\\nName: needy-ck\\nVersion: 1.0\\n"
                "Requires-Dist: {wants}\\n")
    return "needy_ck-1.0.dist-info"

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    raise RuntimeError("nothing to build")
'''


@pytest.mark.parametrize("wants", ["click<1", "click>=1"])
def test_a_conflict_with_the_kernels_pins_names_the_pin_and_who_wants_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wants: str,
) -> None:
    """A package that needs another click than the kernel's: the reason names the pin
    and the requirement against it. Its clean counterpart asks for a click the pin is."""
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # the kernel's own packages: nothing fetched
    package = tmp_path / "needy_ck"
    package.mkdir()
    (package / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n'
        '[project]\nname = "needy-ck"\nversion = "1.0"\n', encoding="utf-8")
    (package / "backend.py").write_text(NEEDY.replace("{wants}", wants), encoding="utf-8")
    overlay = ensure_overlay(PYTHON, [str(package)], home=tmp_path / "home", timeout=120)
    why = overlay.failed[str(package)]
    pin = f"click=={version('click')}"
    conflict = ("it needs other versions of packages the kernel pins, which an overlay "
                f"never replaces: `{pin}` (`needy-ck 1.0 depends on click<1`)")
    assert (why == conflict) is (wants == "click<1"), why
