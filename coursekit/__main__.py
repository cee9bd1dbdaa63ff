"""``python -m coursekit``: the same command line as the ``coursekit`` script."""

from __future__ import annotations

import sys

from coursekit.entry import main

if __name__ == "__main__":
    sys.exit(main())
