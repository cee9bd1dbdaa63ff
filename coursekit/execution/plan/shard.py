"""``--shard K/N``: split the notebooks between N machines, the same way every time.

Translations of one lesson stay in one shard, so they still share one run.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

_SPEC = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class Shard:
    index: int
    """1-based: shard ``index`` of ``count``."""
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        match = _SPEC.match(text)
        if not match:
            raise ValueError(f"shard `{text}` is not of the form K/N (e.g. 1/4)")
        index, count = int(match.group(1)), int(match.group(2))
        if not 1 <= index <= count:
            raise ValueError(f"shard `{text}`: K must be between 1 and N")
        return cls(index, count)

    def owns(self, group: str) -> bool:
        digest = hashlib.sha256(group.encode()).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1


def lesson_group(notebook: str) -> str:
    """The notebook path without its language folder (``en/ch1/4.ipynb`` -> ``ch1/4.ipynb``)."""
    return notebook.split("/", 1)[-1]
