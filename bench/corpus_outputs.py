"""How much of a course's lessons reaches its notebooks: output fences and lessons.

    .venv/bin/python bench/corpus_outputs.py ../shared/corpora/audio-course BUILD_DIR

The source side is read with a small CommonMark fence scanner of its own (not the
lesson model), so the two counts are independent: every output fence of every
lesson (``out``, ``python out``, ``python trace``...) and every lesson with a
Python fence. The notebook side is read from the notebooks under
``BUILD_DIR/notebooks``: an output fence has reached a notebook when a code cell
carries its documented output (by the fence's line) or its documented error (by
the exception line inside the fence), and the cell has nbformat outputs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from coursekit.lessons.fences import PYTHON_NAMES, read_info

_OPENER = re.compile(r"^(?P<indent>[ \t]*(?:>[ \t]?)*[ \t]*)(?P<marker>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True, slots=True)
class SourceFence:
    path: str
    first: int
    """1-based line of the opening fence."""
    last: int
    """1-based line of the closing fence (or of the end of the file)."""
    output: bool
    python: bool


def scan_fences(path: str, text: str) -> list[SourceFence]:
    """Fenced blocks as CommonMark reads them: a closing fence has the opener's
    character, at least its length and no info string."""
    fences: list[SourceFence] = []
    lines = text.splitlines()
    at = 0
    while at < len(lines):
        match = _OPENER.match(lines[at])
        if match is None or (match["marker"][0] == "`" and "`" in match["info"]):
            at += 1
            continue
        marker = match["marker"]
        closer = re.compile(
            rf"^[ \t]*(?:>[ \t]?)*[ \t]*{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$"
        )
        end = next((n for n in range(at + 1, len(lines)) if closer.match(lines[n])), None)
        last = end if end is not None else len(lines) - 1
        info = read_info(match["info"].strip())
        words = match["info"].lower().split()
        python = not info.is_output and bool(words) and words[0] in PYTHON_NAMES
        fences.append(SourceFence(path, at + 1, last + 1, info.is_output, python))
        at = last + 1
    return fences


@dataclass(slots=True)
class Counts:
    output_fences: int = 0
    output_fences_in_notebooks: int = 0
    lessons_with_python: int = 0
    lessons_with_notebooks: int = 0
    lost_outputs: list[str] = field(default_factory=list)
    lessons_without_notebook: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.output_fences_in_notebooks / self.output_fences if self.output_fences else 1.0


def _notebook_lines(notebooks: Path) -> tuple[dict[str, set[int]], set[str]]:
    """Lesson path -> lines of documented outputs and errors kept in cells; lessons seen."""
    lines: dict[str, set[int]] = {}
    lessons: set[str] = set()
    for file in notebooks.rglob("*.ipynb"):
        document = json.loads(file.read_text(encoding="utf-8"))
        lesson = document.get("metadata", {}).get("coursekit", {}).get("lesson")
        if not isinstance(lesson, str):
            continue
        lessons.add(lesson)
        kept = lines.setdefault(lesson, set())
        for cell in document.get("cells", []):
            meta = cell.get("metadata", {}).get("coursekit")
            if cell.get("cell_type") != "code" or not meta or not cell.get("outputs"):
                continue
            # the lesson line of each documented output (older builds: {"line": ...})
            kept.update(o if isinstance(o, int) else o["line"] for o in meta.get("outputs", []))
            kept.update(e["line"] for e in meta.get("expect_errors", [])
                        if e.get("origin") == "output")
    return lines, lessons


def count(root: Path, build: Path, lesson_files: list[Path]) -> Counts:
    kept, built = _notebook_lines(build / "notebooks")
    counts = Counts()
    for file in lesson_files:
        path = file.relative_to(root).as_posix()
        text = file.read_bytes().decode("utf-8", errors="replace")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        fences = scan_fences(path, text)
        if any(f.python for f in fences):
            counts.lessons_with_python += 1
            if path in built:
                counts.lessons_with_notebooks += 1
            else:
                counts.lessons_without_notebook.append(path)
        lines = kept.get(path, set())
        for fence in fences:
            if not fence.output:
                continue
            counts.output_fences += 1
            if any(fence.first <= line <= fence.last for line in lines):
                counts.output_fences_in_notebooks += 1
            else:
                counts.lost_outputs.append(f"{path}:{fence.first}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("build", type=Path, help="the --out folder of `coursekit build`")
    parser.add_argument("--list", action="store_true", help="list what did not arrive")
    args = parser.parse_args(argv)
    from coursekit.config import Course

    course = Course.open(args.root)
    files = [f for lang in course.lesson_languages() for f in course.lesson_files(lang)]
    counts = count(course.root, args.build.resolve(), files)
    print(f"output fences: {counts.output_fences_in_notebooks}/{counts.output_fences} in "
          f"notebooks ({counts.ratio:.2%})")
    print(f"lessons with Python code: {counts.lessons_with_notebooks}/"
          f"{counts.lessons_with_python} have a notebook")
    if args.list:
        for item in counts.lost_outputs:
            print(f"  output not in a notebook: {item}")
        for item in counts.lessons_without_notebook:
            print(f"  lesson without notebook: {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
