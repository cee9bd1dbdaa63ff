"""The collector pause restores the collector as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from coursekit.collector import collector_paused


@pytest.fixture
def enabled_after() -> Iterator[None]:
    yield
    gc.enable()


@pytest.mark.usefixtures("enabled_after")
def test_paused_inside_and_enabled_after() -> None:
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.usefixtures("enabled_after")
def test_left_disabled_when_it_was() -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


@pytest.mark.usefixtures("enabled_after")
def test_restored_after_an_error() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()
