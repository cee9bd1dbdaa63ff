r"""JUnit XML: one test suite per file, one test case per error (a failure) or warning
(skipped), each suite and the whole counting both, as CI systems read them.

A file with no findings is a passing test case, so CI dashboards count what was checked.
Every text is made fit for XML 1.0 first: a character XML forbids (a control character
quoted from a subtitle line, a lone surrogate from an undecodable file name) is written
as its escape, ``\x1b`` or ``\udcff``, which the reader sees and no parser rejects.
A verification adds a first suite, ``notebooks``: one test case per notebook with its
verdict, judged by the finding of its first cause that the report keeps: a failure when
it is an error, skipped when a warning or a note, and passing when the rule selection
left it out or the baseline records it (the run exits 0 on it).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from itertools import groupby
from typing import IO

from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.judgement.model import NotebookJudgement

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character that XML 1.0 does not allow in a document, even as a reference."""


def xml_text(text: str) -> str:
    """``text`` with each character XML forbids written as its Python escape."""
    return _NOT_XML.sub(lambda m: ascii(m[0])[1:-1], text)


def render_junit(
    diagnostics: Sequence[Diagnostic],
    out: IO[str],
    title: str,
    checked: Sequence[str] = (),
    notebooks: Sequence[NotebookJudgement] = (),
) -> None:
    # ``verify`` is titled as its text says, ``coursekit verify``: named once either way.
    root = ET.Element("testsuites",
                      name=xml_text(f"coursekit {title.removeprefix('coursekit ')}"))
    if notebooks:
        _notebook_suite(root, notebooks, diagnostics)
    ordered = sorted_diagnostics(diagnostics)
    by_path = {path: list(group) for path, group in groupby(ordered, key=lambda d: d.path)}
    for found in sorted(set(by_path) | set(checked)):
        diags = by_path.get(found, [])
        path = xml_text(found)
        failing = [d for d in diags if d.severity is not Severity.NOTE]
        errors = sum(d.severity is Severity.ERROR for d in failing)
        suite = ET.SubElement(
            root, "testsuite", name=path, tests=str(max(1, len(failing))),
            failures=str(errors), errors="0", skipped=str(len(failing) - errors),
        )
        if not failing:
            ET.SubElement(suite, "testcase", classname=path, name="clean")
            continue
        named: Counter[str] = Counter()
        for diag in failing:
            name = f"{diag.rule} {diag.location}" + (
                "" if diag.cue is None else f" cue {diag.cue}")
            # A CI system keys test cases by class and name: a second finding of a rule at
            # one place gets a number, or it would replace the first one's case.
            named[name] += 1
            if named[name] > 1:
                name = f"{name} ({named[name]})"
            case = ET.SubElement(suite, "testcase", classname=path, name=xml_text(name))
            tag = "failure" if diag.severity is Severity.ERROR else "skipped"
            detail = ET.SubElement(case, tag, message=xml_text(diag.message),
                                   type=xml_text(diag.rule))
            if diag.hint:
                detail.text = xml_text(diag.hint)
    _totals(root)
    ET.indent(root)
    out.write('<?xml version="1.0" encoding="utf-8"?>\n')
    out.write(ET.tostring(root, encoding="unicode"))
    out.write("\n")


def _totals(root: ET.Element) -> None:
    """The suites' counts, summed on ``testsuites``: a CI system that reads the totals
    there (or a suite's, ``skipped`` included) must not count a warning as passed."""
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(suite.get(key, "0")) for suite in root)))


def _kept(diagnostics: Sequence[Diagnostic]) -> dict[tuple[str, str], Severity]:
    """The most severe finding kept at each place (``path:line``), by the notebook it is
    about: its message starts with the notebook's ``[language/framework]``."""
    kept: dict[tuple[str, str], Severity] = {}
    for diag in diagnostics:
        if diag.line is None or not diag.message.startswith("["):
            continue
        key = (f"{diag.path}:{diag.line}", diag.message.split("]", 1)[0] + "]")
        if key not in kept or diag.severity.rank > kept[key].rank:
            kept[key] = diag.severity
    return kept


def _case_severity(nb: NotebookJudgement,
                   kept: dict[tuple[str, str], Severity]) -> Severity | None:
    """How the notebook's case ends: as the report keeps its first cause's finding."""
    first = nb.first_cause
    if nb.severity is None or first is None or not first.source:
        return nb.severity
    return kept.get((first.source, f"[{nb.language}/{nb.framework}]"))


def _notebook_suite(root: ET.Element, notebooks: Sequence[NotebookJudgement],
                    diagnostics: Sequence[Diagnostic]) -> None:
    kept = _kept(diagnostics)
    severities = [_case_severity(nb, kept) for nb in notebooks]
    suite = ET.SubElement(
        root, "testsuite", name="notebooks", tests=str(len(notebooks)),
        failures=str(sum(s is Severity.ERROR for s in severities)), errors="0",
        skipped=str(sum(s is not None and s is not Severity.ERROR for s in severities)),
    )
    for nb, severity in zip(notebooks, severities, strict=True):
        case = ET.SubElement(suite, "testcase", classname=xml_text(nb.lesson),
                             name=xml_text(nb.notebook))
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", name="verdict", value=xml_text(nb.verdict))
        if severity is None:
            continue
        tag = "failure" if severity is Severity.ERROR else "skipped"
        ET.SubElement(case, tag, message=xml_text(nb.message),
                      type=xml_text(nb.verdict))
