"""``[tool.coursekit.kernels]``: a kernel name, or a table with its extra packages."""

from __future__ import annotations

from pathlib import Path

from coursekit.config import Course


def _open(root: Path, table: str) -> Course:
    (root / "coursekit.toml").write_text(table, encoding="utf-8")
    return Course.open(root)


def test_a_table_gives_the_kernel_name_and_its_packages(tmp_path: Path) -> None:
    course = _open(tmp_path, '[kernels]\npt = "my-pt"\n[kernels.tf]\n'
                             'packages = ["sentencepiece", "peft==0.13"]\n')
    assert dict(course.config.kernels) == {"pt": "my-pt", "tf": "coursekit-tf"}
    assert dict(course.config.kernel_packages) == {"tf": ("sentencepiece", "peft==0.13")}
    assert not course.config.problems


def test_a_bad_table_is_a_problem_and_keeps_the_defaults(tmp_path: Path) -> None:
    course = _open(tmp_path, '[kernels.pt]\npackages = "peft"\n')
    assert dict(course.config.kernels) == {"pt": "coursekit-pt", "tf": "coursekit-tf"}
    assert not course.config.kernel_packages
    [problem] = course.config.problems
    assert "`kernels.pt` must be a kernel name or a table" in str(problem)
