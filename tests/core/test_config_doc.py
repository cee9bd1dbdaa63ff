"""docs/configuration.md names every key that coursekit reads, in the table it is read
from: a key the code takes and no page names is a setting nobody can find."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path

import pytest

from coursekit.config import SECTIONS, verify_table
from coursekit.config import values as top_level
from coursekit.formatting.settings import FormatSettings
from coursekit.notebooks.settings import NotebookSettings
from coursekit.subtitles.settings import Settings as SubtitleSettings
from coursekit.translations import settings as translation_settings

DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def _tables() -> dict[str, str]:
    """Each table's part of the page, by the table's name (``""`` for the top)."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## `\[tool\.coursekit\.?([a-z]*)\]`$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _dashed(names: Iterable[str]) -> list[str]:
    return sorted(name.replace("_", "-") for name in names)


KEYS = {
    "": _dashed(k for k in top_level._KNOWN if k not in SECTIONS),
    "subtitles": [*_dashed(f.name for f in fields(SubtitleSettings)
                           if f.name not in ("disabled", "severities")), "disable", "severity"],
    "verify": _dashed(verify_table.KEYS),
    "notebooks": _dashed(f.name for f in fields(NotebookSettings)),
    "format": _dashed(f.name for f in fields(FormatSettings)),
    "translations": _dashed(translation_settings._KEYS),
}


def test_every_area_table_has_its_part() -> None:
    assert sorted(_tables()) == sorted(["", *SECTIONS])


@pytest.mark.parametrize(("table", "key"), [(t, k) for t, keys in KEYS.items() for k in keys])
def test_every_key_is_named_in_its_table(table: str, key: str) -> None:
    assert f"`{key}`" in _tables()[table], f"{key} of [tool.coursekit.{table}] is undocumented"
