"""``coursekit standins scan`` and ``coursekit kernels list`` on a small course."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from coursekit.cli import cli

from ..kernel_skip import kernel_or_skip

LESSON = "# Title\n\n```py\nraw = load_dataset(\"glue\", \"mrpc\")\n{extra}```\n"


def course(tmp_path: Path, extra: str = "") -> Path:
    lesson = tmp_path / "content" / "en" / "chapter3" / "2.mdx"
    lesson.parent.mkdir(parents=True)
    lesson.write_text(LESSON.format(extra=extra), encoding="utf-8")
    return tmp_path


def test_scan_lists_ids_and_exits_clean_when_all_are_known(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["standins", "scan", "--root", str(course(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "ok       dataset  glue  (1 use(s))" in result.output


def test_scan_reports_an_unknown_id_and_exits_1(tmp_path: Path) -> None:
    root = course(tmp_path, 'model = AutoModel.from_pretrained("acme/gpt5")\n')
    result = CliRunner().invoke(cli, ["standins", "scan", "--root", str(root)])
    assert result.exit_code == 1, result.output
    assert "missing  model    acme/gpt5" in result.output
    assert '"acme/gpt5" = "gpt2"' in result.output
    assert "content/en/chapter3/2.mdx\n  5: error STD101" in result.output


def test_scan_json_lists_the_ids_beside_the_findings(tmp_path: Path) -> None:
    root = course(tmp_path, 'model = AutoModel.from_pretrained("acme/gpt5")\n'
                            'model.push_to_hub("acme/pushed")\n')
    result = CliRunner().invoke(cli, ["standins", "scan", "--root", str(root),
                                      "--format", "json"])
    assert result.exit_code == 1, result.output
    document = json.loads(result.output)
    assert [d["rule"] for d in document["diagnostics"]] == ["STD101"]
    assert document["checked"] == ["content/en/chapter3/2.mdx"]  # the lesson it read
    assert document["standins"] == {
        "ids": [
            {"kind": "dataset", "id": "glue", "status": "ok", "uses": 1,
             "first": "content/en/chapter3/2.mdx:4", "configs": ["mrpc"], "revisions": [],
             "via": []},
            {"kind": "model", "id": "acme/gpt5", "status": "missing", "uses": 1,
             "first": "content/en/chapter3/2.mdx:5", "configs": [], "revisions": [],
             "via": []},
        ],
        "push_targets": [{"id": "acme/pushed", "at": "content/en/chapter3/2.mdx:6"}],
        "placeholders": [],
    }


SCAN_KEYS = ["tool", "version", "run", "summary", "not_shown", "checked", "diagnostics",
             "standins"]


def _written_once(text: str, keys: list[str]) -> dict[str, Any]:
    """The document ``text`` holds, which is its fields in the order ``keys`` written as
    every JSON report is (two-space indent, text as it is, a line break at the end)."""
    document: dict[str, Any] = json.loads(text)
    assert list(document) == keys
    assert text == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    return document


def test_scan_json_counts_what_the_baseline_left_out_after_its_summary(
        tmp_path: Path) -> None:
    none = {"errors": 0, "warnings": 0, "notes": 0, "files": 0}
    root = course(tmp_path / "course", 'model = AutoModel.from_pretrained("acme/gpt5")\n')
    baseline = tmp_path / "baseline.json"
    scan = ["standins", "scan", "--root", str(root), "--format", "json",
            "--baseline", str(baseline)]
    fresh = _written_once(CliRunner().invoke(cli, scan).stdout, SCAN_KEYS)
    assert fresh["not_shown"] == {**none, "reasons": {
        "quiet": none, "folded": none, "baseline": none}}
    assert CliRunner().invoke(cli, [*scan, "--update-baseline"]).exit_code == 0
    (root / "content" / "en" / "chapter3" / "2.mdx").write_text(LESSON.format(
        extra='model = AutoModel.from_pretrained("acme/gpt5")\n'
              'other = AutoModel.from_pretrained("acme/gpt6")\n'), encoding="utf-8")
    result = CliRunner().invoke(cli, scan)
    assert result.exit_code == 1, result.output
    known = _written_once(result.stdout, SCAN_KEYS)
    assert ["acme/gpt6" in d["message"] for d in known["diagnostics"]] == [True]
    recorded = {**none, "errors": 1, "files": 1}
    assert known["not_shown"] == {**recorded, "reasons": {
        "quiet": none, "folded": none, "baseline": recorded}}
    assert [entry["id"] for entry in known["standins"]["ids"]] == [
        "glue", "acme/gpt5", "acme/gpt6"]
    report = tmp_path / "scan.json"
    report.write_text(result.stdout, encoding="utf-8")
    merged = CliRunner().invoke(cli, ["report", "merge", "--format", "json", str(report)])
    assert _written_once(merged.stdout, SCAN_KEYS[:-1])["not_shown"] == known["not_shown"]


def test_kernels_list_names_each_configured_kernel(tmp_path: Path) -> None:
    (tmp_path / "coursekit.toml").write_text(
        'frameworks = ["tf"]\n[kernels]\ntf = "coursekit-test-absent"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["kernels", "list", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.split()[:3] == ["coursekit-test-absent", "tf", "missing"]


def test_scan_of_a_language_the_course_lacks_is_a_usage_error(tmp_path: Path) -> None:
    root = str(course(tmp_path))
    result = CliRunner().invoke(cli, ["standins", "scan", "--root", root, "--lang", "xx"])
    assert result.exit_code == 2, result.output
    assert "no such language in this course: xx; found: en" in result.output
    again = CliRunner().invoke(cli, ["standins", "scan", "--root", root, "--lang", "EN"])
    assert again.exit_code == 0, again.output
    assert "ok       dataset  glue  (1 use(s))" in again.output


def test_scan_of_a_folder_with_no_lesson_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["standins", "scan", "--root", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "CFG002 no lessons under content/" in result.output


@pytest.mark.torch
def test_build_names_the_ids_the_lessons_load_that_have_no_stand_in(tmp_path: Path) -> None:
    kernel_or_skip("pt")
    (tmp_path / "coursekit.toml").write_text('frameworks = ["pt"]\n', encoding="utf-8")
    root = course(tmp_path, 'model = AutoModel.from_pretrained("acme/gpt5")\n')
    build = ["standins", "build", "--root", str(root)]
    result = CliRunner().invoke(cli, build)
    assert result.exit_code == 0, result.output
    assert ("pt: warning: 1 hub id(s) the lessons load have no stand-in and are not in the "
            "set (model acme/gpt5): `coursekit standins scan` says what to add") in result.output
    (tmp_path / "content" / "en" / "chapter3" / "2.mdx").write_text(
        LESSON.format(extra=""), encoding="utf-8")
    result = CliRunner().invoke(cli, build)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
