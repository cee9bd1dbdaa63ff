"""``check --format sarif`` on lessons with odd file names: each result's URI is an RFC 3986
relative reference that, decoded and resolved against ``%SRCROOT%``, names the very file
the finding is about, whatever its name holds (a comma, a colon, a percent sign, a space,
``#``, a backslash, non-ASCII letters, a byte that is not UTF-8)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest

from coursekit.cli import main

from .test_sarif import VALIDATOR

_UNCLOSED = "# A lesson\n\n```py\nx = 1\n"
_URI_REFERENCE = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-F]{2})*")
"""A URI reference's path: RFC 3986 pchar and ``/``, each other octet percent-encoded."""


def _course(root: Path, names: list[bytes]) -> Path:
    folder = root / "content" / "en" / "chapter1"
    folder.mkdir(parents=True)
    (root / "coursekit.toml").write_text('source-language = "en"\n', encoding="utf-8")
    for name in names:
        with open(os.path.join(os.fsencode(folder), name), "wb") as handle:
            handle.write(_UNCLOSED.encode("utf-8"))
    return root


def _unclosed_fence_uris(root: Path, report: Path) -> list[str]:
    assert main(["check", "lessons", "--root", str(root), "--format", "sarif",
                 "-o", str(report)]) == 1
    log = json.loads(report.read_text("utf-8"))
    VALIDATOR.validate(log)
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"]
                 for r in log["runs"][0]["results"] if r["ruleId"] == "LES103"]
    assert {location["uriBaseId"] for location in locations} == {"%SRCROOT%"}
    return [location["uri"] for location in locations]


def _resolves(root: Path, uri: str) -> Path:
    assert _URI_REFERENCE.fullmatch(uri), uri
    assert ":" not in uri.partition("/")[0] or uri.startswith("./"), uri
    path = Path(os.fsdecode(os.path.join(os.fsencode(root), unquote_to_bytes(uri))))
    assert path.is_file(), uri
    return path


ODD = [b"a,b.mdx", b"c:d.mdx", b"p%25q.mdx", b"sp ace.mdx", b"h#sh.mdx", b"back\\slash.mdx",
       "é名.mdx".encode(), b"bad\xff.mdx", b"q?u[e]ry.mdx"]


@pytest.mark.skipif(os.sep != "/", reason="a backslash is a separator here")
def test_each_uri_names_the_file_its_finding_is_about(tmp_path: Path) -> None:
    root = _course(tmp_path / "course", ODD)
    uris = _unclosed_fence_uris(root, tmp_path / "r.sarif")
    found = sorted(os.fsencode(_resolves(root, uri).name) for uri in uris)
    assert found == sorted(ODD)
    assert "content/en/chapter1/back%5Cslash.mdx" in uris


def test_plain_names_are_written_as_they_are(tmp_path: Path) -> None:
    root = _course(tmp_path / "course", [b"1.mdx", b"2_tf.mdx", b"intro-(pt).mdx"])
    uris = _unclosed_fence_uris(root, tmp_path / "r.sarif")
    assert sorted(uris) == ["content/en/chapter1/1.mdx", "content/en/chapter1/2_tf.mdx",
                            "content/en/chapter1/intro-(pt).mdx"]
    for uri in uris:
        _resolves(root, uri)
