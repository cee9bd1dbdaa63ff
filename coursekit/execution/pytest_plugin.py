"""pytest plugin entry point (``pytest --coursekit``); collection comes with the verify engine."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("coursekit")
    group.addoption("--coursekit", action="store_true", help="Verify the course's lessons.")
