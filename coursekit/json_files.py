"""Reading a JSON file a person gives (a baseline, a saved report): only a regular file
is read, and what cannot be read is said in words with its line, not in the parser's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from coursekit.config.reading import longest_number_line
from coursekit.files import read_regular


class UnreadableJson(ValueError):
    """Why a file holds no JSON that can be read, in words, with its line."""


def read_json(path: Path, limit: int | None = None) -> Any:
    """The JSON document of ``path``; :class:`UnreadableJson` when it is not UTF-8, not
    JSON, holds a number too long to convert or is nested too deeply, and
    :class:`OSError` when the file cannot be read."""
    data = read_regular(path, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableJson(f"not UTF-8 (byte {data[exc.start]:#04x} at line {at})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableJson(f"not JSON: {exc.msg} at line {exc.lineno}, column "
                             f"{exc.colno}") from exc
    except RecursionError as exc:
        raise UnreadableJson("nested too deeply") from exc
    except ValueError as exc:  # a whole number longer than Python converts
        at = longest_number_line(text)
        raise UnreadableJson(f"a number too long to be read (at line {at})") from exc

