"""The soak profile's tally: written as JSON where ``COURSEKIT_FUZZ_REPORT`` says, printed
at the end, and failing the session when an input raised or broke an oracle."""

from __future__ import annotations

import pytest
from hypothesis import settings

from .support import SOAK, TALLIES, write_report

settings.register_profile("soak", deadline=None, database=None, derandomize=False)
if SOAK:
    settings.load_profile("soak")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not SOAK or not TALLIES:
        return
    terminalreporter.section("fuzz soak")
    for name, tally in sorted(TALLIES.items()):
        terminalreporter.write_line(
            f"{name}: {tally.tried} inputs, {tally.exceptions} exceptions, "
            f"{tally.violations} oracle violations, slowest {tally.slowest_s:.2f} s of CPU "
            f"({tally.slowest_input[:120]})")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not SOAK or not TALLIES:
        return
    write_report()
    if any(t.exceptions or t.violations for t in TALLIES.values()):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
