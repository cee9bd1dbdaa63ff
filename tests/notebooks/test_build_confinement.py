"""The build deletes and writes only what it owns: files inside its notebooks folder,
named as it names them, with the bytes it wrote. The manifest is input like any other."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from coursekit.config import Course
from coursekit.notebooks.build import BuildResult, build_course
from coursekit.notebooks.manifest import is_output_path
from coursekit.notebooks.rules import FOREIGN_OUTPUT, WRITE_FAILED

from .sample_course import write

FR = "content/fr/chapter1/1.mdx"


def build(root: Path) -> BuildResult:
    return build_course(Course.open(root))


def _manifest(root: Path) -> Path:
    return root / "build" / "notebooks" / ".manifest.json"


def _name_in_manifest(root: Path, paths: list[str], lesson: str = FR) -> None:
    """Record ``paths`` as outputs of ``lesson``, as a tampered manifest would."""
    document = json.loads(_manifest(root).read_text())
    entry = document["outputs"]["fr/chapter1/1.ipynb"]
    for path in paths:
        document["outputs"][path] = {**entry, "lesson": lesson}
    _manifest(root).write_text(json.dumps(document))


def test_paths_leaving_the_notebooks_folder_are_never_deleted(
    course_root: Path, tmp_path: Path,
) -> None:
    build(course_root)
    victims = {
        "../../../outside.ipynb": tmp_path / "outside.ipynb",
        "fr/../../../../up.ipynb": tmp_path / "up.ipynb",
        str(tmp_path / "absolute.ipynb"): tmp_path / "absolute.ipynb",
        "../../content/en/chapter1/1.mdx": course_root / "content/en/chapter1/1.mdx",
        "fr/notes.txt": course_root / "build/notebooks/fr/notes.txt",
    }
    for path in victims.values():
        if not path.exists():
            path.write_bytes(b"not the build's")
    before = {path: path.read_bytes() for path in victims.values()}
    _name_in_manifest(course_root, list(victims))
    (course_root / FR).unlink()

    result = build(course_root)

    assert {path: path.read_bytes() for path in victims.values()} == before
    assert result.removed == ["fr/chapter1/1.ipynb"]  # what it does own still goes
    foreign = [d for d in result.diagnostics if d.rule == FOREIGN_OUTPUT.code]
    assert len(foreign) == len(victims)
    assert all(d.path == "build/notebooks/.manifest.json" for d in foreign)
    assert FOREIGN_OUTPUT.code not in {d.rule for d in build(course_root).diagnostics}


def test_an_output_changed_since_the_build_wrote_it_is_kept(course_root: Path) -> None:
    build(course_root)
    edited = course_root / "build/notebooks/en/chapter8/4_tf.ipynb"
    edited.write_bytes(edited.read_bytes() + b"\n")
    (course_root / "content/en/chapter8/4_tf.mdx").unlink()
    (course_root / FR).unlink()

    result = build(course_root)

    assert edited.exists()
    assert result.removed == ["fr/chapter1/1.ipynb"]
    (finding,) = [d for d in result.diagnostics if d.rule == FOREIGN_OUTPUT.code]
    assert finding.path == "content/en/chapter8/4_tf.mdx"
    assert "not the ones the build wrote" in finding.message


def _linked_out(course_root: Path, tmp_path: Path) -> Path:
    """Build, then move the French notebooks elsewhere and link their folder there."""
    build(course_root)
    elsewhere = tmp_path / "elsewhere"
    shutil.move(course_root / "build/notebooks/fr", elsewhere)
    (course_root / "build/notebooks/fr").symlink_to(elsewhere, target_is_directory=True)
    return elsewhere / "chapter1/1.ipynb"


def test_a_linked_folder_leading_out_is_not_written_into(
    course_root: Path, tmp_path: Path,
) -> None:
    outside = _linked_out(course_root, tmp_path)
    before = outside.read_bytes()
    write(course_root, FR, (course_root / FR).read_text() + "\n```py\nx = 2\n```\n")
    result = build(course_root)
    assert outside.read_bytes() == before
    assert [d.rule for d in result.diagnostics if d.path == FR] == [WRITE_FAILED.code]


def test_a_linked_folder_leading_out_is_not_emptied(course_root: Path, tmp_path: Path) -> None:
    outside = _linked_out(course_root, tmp_path)
    (course_root / FR).unlink()
    result = build(course_root)
    assert outside.exists()
    assert result.removed == []
    assert [d.rule for d in result.diagnostics if d.path == FR] == [FOREIGN_OUTPUT.code]


def test_output_paths_the_build_writes_and_those_it_never_does() -> None:
    assert all(map(is_output_path, ["en/chapter1/1.ipynb", "zh-CN/unit0/a/b.py", "fr/x.md"]))
    for path in ["", "1.ipynb", "/en/1.ipynb", "en/../1.ipynb", "en//1.ipynb", "./en/1.ipynb",
                 "en/1.txt", "en\\..\\1.ipynb", "en/\x001.ipynb", "en/."]:
        assert not is_output_path(path), path
