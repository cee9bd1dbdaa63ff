"""Settings shared by the whole suite."""

from __future__ import annotations

import os

from hypothesis import settings

# Timing-based deadlines fail at random on a busy 2-core CI machine; the properties
# are about behaviour. CI runs the same examples every time, so a red CI always
# reproduces; local runs keep exploring new ones.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
