"""The composite action's shell steps, run as GitHub Actions would run them.

Expressions are only ``${{ inputs.NAME }}`` and ``${{ github.action_path }}``, given
through ``env:``; the install step is left out (this environment has coursekit).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import FRENCH_SRT, REPO

ACTION = yaml.safe_load((REPO / "action.yml").read_text("utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


def _evaluate(text: str, inputs: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        scope, _, name = match.group(1).partition(".")
        if scope == "inputs":
            return inputs.get(name, str(ACTION["inputs"][name].get("default", "")))
        assert match.group(1) == "github.action_path", match.group(0)
        return str(REPO)

    return EXPRESSION.sub(value, text)


def _run_action(workspace: Path, **inputs: str) -> subprocess.CompletedProcess[str]:
    output = ""
    for step in ACTION["runs"]["steps"]:
        if "run" not in step or step.get("name") == "Install coursekit":
            continue
        env = dict(os.environ)
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env.update({k: _evaluate(str(v), inputs) for k, v in step.get("env", {}).items()})
        cwd = workspace / _evaluate(step.get("working-directory", "."), inputs)
        assert step["shell"] == "bash"
        done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env,
                              capture_output=True, text=True, check=False)
        output += done.stdout + done.stderr
        if done.returncode:
            break
    return subprocess.CompletedProcess(step["run"], done.returncode, output, "")


def test_action_is_composite_and_installs_coursekit() -> None:
    steps: list[dict[str, Any]] = ACTION["runs"]["steps"]
    assert ACTION["runs"]["using"] == "composite"
    install = next(s for s in steps if s.get("name") == "Install coursekit")
    assert "pip install" in install["run"]
    assert all(not EXPRESSION.search(s.get("run", "")) for s in steps), "inputs go through env"


def test_findings_become_annotations_and_sarif(broken_course: Path) -> None:
    workspace = broken_course.parent
    done = _run_action(workspace, root=broken_course.name, sarif="findings.sarif")
    assert done.returncode == 1, done.stdout
    assert re.search(rf"^::error file={re.escape(FRENCH_SRT)},line=\d+,title=SUB104::",
                     done.stdout, re.MULTILINE), done.stdout
    sarif = json.loads((broken_course / "findings.sarif").read_text("utf-8"))
    assert [r["ruleId"] for r in sarif["runs"][0]["results"] if r["level"] == "error"] == [
        "SUB104"]


def test_clean_course_passes_with_arguments(course: Path) -> None:
    done = _run_action(course.parent, root=course.name, args="subtitles --lang fr")
    assert done.returncode == 0, done.stdout
    assert "::error" not in done.stdout


@pytest.mark.parametrize("args", ["--no-such-option"])
def test_usage_errors_fail_the_step(course: Path, args: str) -> None:
    done = _run_action(course.parent, root=course.name, args=args, sarif="x.sarif")
    assert done.returncode == 2, done.stdout
