"""A verification's JSON report as a test plants it: one failed notebook of one lesson."""

from __future__ import annotations

import json
from pathlib import Path

LESSON = "content/en/chapter1/1.mdx"


def write_failed_verify_report(path: Path, verdict: str = "failed",
                               detail: str = "ZeroDivisionError: division by zero") -> Path:
    """Write at ``path`` the report of one notebook of :data:`LESSON` whose cell 2 failed
    (``verdict`` and the first cause's ``detail`` as given); ``path``."""
    cause = {"index": 2, "source": f"{LESSON}:12", "verdict": "unexpected-error",
             "detail": detail}
    document = {
        "tool": "coursekit", "run": "coursekit verify", "summary": {},
        "diagnostics": [{"rule": "EXE101", "severity": "error", "path": LESSON, "line": 12,
                         "message": "[en/pt] cell 2 raises ZeroDivisionError"}],
        "notebooks": [{"notebook": "en/chapter1/1.ipynb", "lesson": LESSON, "language": "en",
                       "framework": "pt", "status": "failed", "verdict": verdict,
                       "severity": "error", "first_cause": cause, "cells": [cause],
                       "duration": 1.0}],
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
