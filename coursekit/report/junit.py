"""JUnit XML: one test suite per file, one failing test case per error or warning.

A file with no findings is a passing test case, so CI dashboards count what was checked.
A verification adds a first suite, ``notebooks``: one test case per notebook with its
verdict (a failure when its first cause is an error, skipped when a warning).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from itertools import groupby
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.verdicts import NotebookVerdict


def render_junit(
    diagnostics: Sequence[Diagnostic],
    out: IO[str],
    title: str,
    checked: Sequence[str] = (),
    notebooks: Sequence[NotebookVerdict] = (),
) -> None:
    root = ET.Element("testsuites", name=f"coursekit {title}")
    if notebooks:
        _notebook_suite(root, notebooks)
    ordered = sorted_diagnostics(diagnostics)
    by_path = {path: list(group) for path, group in groupby(ordered, key=lambda d: d.path)}
    for path in sorted(set(by_path) | set(checked)):
        diags = by_path.get(path, [])
        failing = [d for d in diags if d.severity is not Severity.INFO]
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


def _notebook_suite(root: ET.Element, notebooks: Sequence[NotebookVerdict]) -> None:
    suite = ET.SubElement(
        root, "testsuite", name="notebooks", tests=str(len(notebooks)),
        failures=str(sum(nb.severity is Severity.ERROR for nb in notebooks)), errors="0",
        skipped=str(sum(nb.severity is not None and nb.severity is not Severity.ERROR
                        for nb in notebooks)),
    )
    for nb in notebooks:
        case = ET.SubElement(suite, "testcase", classname=nb.lesson, name=nb.notebook)
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", name="verdict", value=nb.verdict)
        if nb.severity is None:
            continue
        tag = "failure" if nb.severity is Severity.ERROR else "skipped"
        ET.SubElement(case, tag, message=nb.message, type=nb.verdict)
