"""Which pip configuration a pip call that coursekit makes runs under.

Two kinds of pip call, two answers:

- **The user's configuration applies** where pip fetches what a lesson kernel is
  made of (``coursekit kernels install``, a kernel's package overlay, the MiniLM
  wheel of the stand-ins): the indexes, find-links, certificates and constraints
  of the machine are how its owner reaches packages, and a constraint that caps a
  release is meant to hold for these installs too.
- **No configuration but coursekit's own** where every source is named on the
  command line (``coursekit kernels register`` installs only from the ``--wheels``
  folder): a global constraints file, an index or a find-links folder of the
  machine would otherwise change what is installed, or refuse it.

pip reads its global, user and site files unless ``PIP_CONFIG_FILE`` names
``os.devnull``; ``--isolated`` is not enough, since it skips the user's file and
the environment, ``PIP_CONFIG_FILE`` included, but still reads the global one.
"""

from __future__ import annotations

import os
from collections.abc import Mapping


def own_configuration(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``environ`` (default: this process's) without pip settings, pip's files off."""
    source = os.environ if environ is None else environ
    env = {key: value for key, value in source.items() if not key.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    return env
