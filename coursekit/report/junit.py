"""JUnit XML: one test suite per file, one failing test case per error or warning.

A file with no findings is a passing test case, so CI dashboards count what was checked.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from itertools import groupby
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics


def render_junit(
    diagnostics: Sequence[Diagnostic],
    out: IO[str],
    title: str,
    checked: Sequence[str] = (),
) -> None:
    root = ET.Element("testsuites", name=f"coursekit {title}")
    ordered = sorted_diagnostics(diagnostics)
    by_path = {path: list(group) for path, group in groupby(ordered, key=lambda d: d.path)}
    for path in sorted(set(by_path) | set(checked)):
        diags = by_path.get(path, [])
        failing = [d for d in diags if d.severity is not Severity.NOTE]
        suite = ET.SubElement(
            root, "testsuite", name=path, tests=str(max(1, len(failing))),
            failures=str(sum(d.severity is Severity.ERROR for d in failing)), errors="0",
        )
        if not failing:
            ET.SubElement(suite, "testcase", classname=path, name="clean")
            continue
        for diag in failing:
            case = ET.SubElement(
                suite, "testcase", classname=path,
                name=f"{diag.rule} {diag.location}" + (f" cue {diag.cue}" if diag.cue else ""),
            )
            tag = "failure" if diag.severity is Severity.ERROR else "skipped"
            detail = ET.SubElement(case, tag, message=diag.message, type=diag.rule)
            if diag.hint:
                detail.text = diag.hint
    ET.indent(root)
    out.write('<?xml version="1.0" encoding="utf-8"?>\n')
    out.write(ET.tostring(root, encoding="unicode"))
    out.write("\n")
