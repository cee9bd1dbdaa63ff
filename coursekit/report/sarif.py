"""SARIF 2.1.0: findings for code-scanning dashboards (GitHub code scanning and others).

One run, whose tool lists the rules the findings use; each finding is a result
located by a path relative to ``%SRCROOT%``: the top of the repository that holds the
course, else the course root (:mod:`coursekit.report.repository`). It carries the baseline
identity as its fingerprint, so a dashboard follows one finding across commits that
move its line (findings of one identity in a file numbered after the first, so that
each is an alert of its own). A finding about a file as a whole (no line) is located
at its first line: GitHub code scanning requires a region's ``startLine`` in every
location. A verification also lists every notebook's verdict in the run's property
bag (``properties.notebooks``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from typing import IO, Any
from urllib.parse import quote

from coursekit import __version__
from coursekit.diagnostics import Diagnostic, Rule, Severity, sorted_diagnostics
from coursekit.judgement.model import NotebookJudgement
from coursekit.report.baseline import identity
from coursekit.report.encoding import json_text
from coursekit.report.repository import placed_path

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/coursekit/"
SRCROOT = "%SRCROOT%"

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}

# Characters a URI path segment may hold as they are (RFC 3986 pchar), plus "/".
_PATH_SAFE = "/!$&'()*+,;=:@-._~"


def artifact_uri(path: str) -> str:
    """``path`` as a URI reference: a relative one whose first folder holds a ``:`` starts
    with ``./``, so that no reader takes ``a:b.srt`` for a URI of scheme ``a``. Only the
    system's own separator becomes ``/``: a ``\\`` in a POSIX file name is a character
    of the name (``%5C``), not a folder."""
    uri = quote(path.replace(os.sep, "/"), safe=_PATH_SAFE, errors="surrogateescape")
    return f"./{uri}" if ":" in uri.partition("/")[0] else uri


def artifact_location(path: str) -> dict[str, str]:
    """Where a result is: relative to the course's top (``%SRCROOT%``), or, for a file
    named outside it (an absolute path given on the command line), a ``file`` URI."""
    if path.startswith("/"):
        return {"uri": f"file://{artifact_uri(path)}"}
    return {"uri": artifact_uri(path), "uriBaseId": SRCROOT}


_SELECTION = ("Choose rules and severities with --select, --ignore and --extend-select, "
              "or in [tool.coursekit]; coursekit rules lists every rule.")
_SELECTION_MARKDOWN = ("Choose rules and severities with `--select`, `--ignore` and "
                       "`--extend-select`, or in `[tool.coursekit]`; `coursekit rules` "
                       "lists every rule.")


def _rule_descriptor(code: str, rule: Rule | None) -> dict[str, Any]:
    """The rule as code scanning shows it: GitHub requires ``shortDescription``,
    ``fullDescription`` and ``help`` (its rule panel says no help is available without
    the last), of a rule of this version and of one it does not declare alike (in a
    merged report written by another version)."""
    if rule is None:
        text = f"{code}: a rule this version of coursekit does not declare."
        return {"id": code, "shortDescription": {"text": text},
                "fullDescription": {"text": text}, "help": {"text": text}}
    severity = f"Default severity: {rule.severity.label} ({rule.reason})."
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.summary} {severity}"},
        "help": {"text": f"{rule.summary}\n\n{severity}\n\n{_SELECTION}",
                 "markdown": f"**{code}** `{rule.name}`: {rule.summary}\n\n"
                             f"{severity}\n\n{_SELECTION_MARKDOWN}"},
        "defaultConfiguration": {"level": LEVEL[rule.severity]},
    }


def _message(diag: Diagnostic) -> str:
    return f"{diag.message}\nhint: {diag.hint}" if diag.hint else diag.message


def _fingerprints(ordered: Sequence[Diagnostic]) -> list[str]:
    """Each finding's baseline identity, the second and later of findings that share one
    (two unclosed fences of a file, told apart only by their lines) numbered ``:2``,
    ``:3``, as CodeQL numbers its repeats: a dashboard takes results with one fingerprint
    for one alert, and would show only one of them."""
    seen: Counter[str] = Counter()
    prints: list[str] = []
    for diag in ordered:
        key = identity(diag)
        seen[key] += 1
        prints.append(key if seen[key] == 1 else f"{key}:{seen[key]}")
    return prints


def _result(diag: Diagnostic, rule_index: int, fingerprint: str) -> dict[str, Any]:
    physical: dict[str, Any] = {
        "artifactLocation": artifact_location(diag.path),
    }
    lined = diag.line is not None and diag.line >= 1
    region: dict[str, Any] = {"startLine": diag.line if lined else 1}
    if lined and diag.column is not None and diag.column >= 1:
        region["startColumn"] = diag.column
    physical["region"] = region
    result: dict[str, Any] = {
        "ruleId": diag.rule,
        "ruleIndex": rule_index,
        "level": LEVEL[diag.severity],
        "message": {"text": _message(diag)},
        "locations": [{"physicalLocation": physical}],
        "partialFingerprints": {"coursekitFinding/v1": fingerprint},
    }
    if diag.cue is not None:
        result["properties"] = {"cue": diag.cue}
    return result


def _notebook(nb: NotebookJudgement, place: str) -> dict[str, Any]:
    """A notebook's verdict, its lesson and first cause named as the results name files
    (from ``place``'s top), so that a reader finds the result its first cause gave."""
    first = nb.first_cause
    cause = first.source if first is not None and first.source else None
    return {"notebook": nb.notebook, "lesson": placed_path(nb.lesson, place),
            "language": nb.language, "framework": nb.framework, "verdict": nb.verdict,
            "firstCause": placed_path(cause, place) if cause else None}


def _category(title: str) -> str:
    """``check subtitles`` -> ``check-subtitles``: one dashboard category per command."""
    return "-".join(title.removeprefix("coursekit ").split())


def sarif_log(diagnostics: Sequence[Diagnostic], title: str,
              notebooks: Sequence[NotebookJudgement] = (), place: str = "") -> dict[str, Any]:
    """The SARIF log of ``diagnostics`` as a JSON-ready dictionary; ``place``: the course
    root's path from the top the findings' paths are named from (:func:`course_place`),
    which the notebooks' lessons, named from the course root, are named from too."""
    from coursekit.rules import all_rules

    known = {rule.code: rule for rule in all_rules()}
    ordered = sorted_diagnostics(diagnostics)
    codes = sorted({d.rule for d in ordered})
    index = {code: n for n, code in enumerate(codes)}
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": "coursekit",
            "version": __version__,
            "informationUri": INFORMATION_URI,
            "rules": [_rule_descriptor(code, known.get(code)) for code in codes],
        }},
        "automationDetails": {"id": f"coursekit/{_category(title)}/"},
        "columnKind": "unicodeCodePoints",
        "results": [_result(d, index[d.rule], fingerprint)
                    for d, fingerprint in zip(ordered, _fingerprints(ordered), strict=True)],
    }
    if notebooks:
        run["properties"] = {"notebooks": [_notebook(nb, place) for nb in notebooks]}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def render_sarif(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = (),
    notebooks: Sequence[NotebookJudgement] = (), place: str = "",
) -> None:
    del checked
    # Control characters come out as JSON escapes, lone surrogates too (json_text).
    out.write(json_text(sarif_log(diagnostics, title, notebooks, place)))
    out.write("\n")
