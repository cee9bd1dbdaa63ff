"""Extra packages for a notebook's kernel: the course's, and the lesson's own
``pip install`` lines when asked, installed into a cached overlay of the kernel."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from coursekit.config import Course
from coursekit.diagnostics import Diagnostic
from coursekit.execution import rules
from coursekit.execution.plan.declared import (
    DeclaredPackages,
    course_declarations,
    lesson_declarations,
)
from coursekit.execution.plan.requirements import notebook_requirements
from coursekit.execution.run.environment import kernel_interpreter
from coursekit.kernels.overlay import Overlay, ensure_overlay
from coursekit.notebooks.metadata import NAMESPACE


@dataclass(slots=True)
class Overlays:
    """Overlays made during one verification, each once, and what could not be had."""

    course: Course
    lesson_requirements: bool
    install_timeout: float | None = None
    """Seconds each install may take (``[tool.coursekit.verify] install-timeout``)."""
    made: dict[tuple[str, tuple[str, ...]], Overlay | None] = field(default_factory=dict)
    announce: Callable[[str], None] | None = None
    """Told of each install as it starts."""
    seconds: float = 0.0
    """How long making the overlays took (installing them when they were missing)."""
    late: dict[str, dict[str, float]] = field(default_factory=dict)
    """Kernel -> the requirements whose install ran out of time in this run: another
    overlay of the same kernel does not wait for them again."""
    reported: set[tuple[str, str, str]] = field(default_factory=set)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def for_notebook(self, kernel: str, framework: str, lesson: str, node: Any) -> Overlay | None:
        course_packages = tuple(self.course.config.kernel_packages.get(framework, ()))
        lesson_packages = tuple(notebook_requirements(node.get("cells", []))
                                if self.lesson_requirements else ())
        wanted = tuple(sorted(set(course_packages + lesson_packages)))
        if not wanted:
            return None
        if (kernel, wanted) not in self.made:
            started = time.monotonic()
            python = kernel_interpreter(kernel)
            late = self.late.setdefault(kernel, {})
            self.made[(kernel, wanted)] = made = (
                ensure_overlay(python, wanted, timeout=self.install_timeout,
                               known_timeouts=late, announce=self._announcing(kernel))
                if python is not None else None)
            if made is not None:
                late.update(made.timed_out)
            self.seconds += time.monotonic() - started
        overlay = self.made[(kernel, wanted)]
        if overlay is not None:
            for requirement, why in sorted(overlay.failed.items()):
                self._report(kernel, requirement, why, lesson,
                             from_course=requirement in course_packages)
        return overlay

    def _announcing(self, kernel: str) -> Callable[[str], None] | None:
        """:attr:`announce`, each text said of the overlay of ``kernel``."""
        announce = self.announce
        if announce is None:
            return None
        return lambda text: announce(f"kernel `{kernel}`: {text}")

    def declared(self, framework: str, node: Any, overlay: Overlay | None) -> DeclaredPackages:
        """What the notebook's kernel was asked to have, and what could not be installed
        (the verdict ``needs-packages`` reads it)."""
        failed = overlay.failed if overlay is not None else {}
        found = [*course_declarations(self.course.config.kernel_packages.get(framework, ()),
                                      framework),
                 *lesson_declarations(node.get("cells", []),
                                      node.get("metadata", {}).get(NAMESPACE, {}).get("lesson"))]
        return DeclaredPackages(  # why one could not be had: the overlay's, else its own
            tuple(replace(d, unavailable=failed.get(d.requirement, d.unavailable))
                  for d in found),
            installing=self.lesson_requirements and overlay is not None, framework=framework,
        )

    def _report(self, kernel: str, requirement: str, why: str, lesson: str, *,
                from_course: bool) -> None:
        where = (self.course.relative(self.course.config.path)
                 if from_course and self.course.config.path is not None else lesson)
        if (kernel, requirement, where) in self.reported:
            return
        self.reported.add((kernel, requirement, where))
        source = "[tool.coursekit.kernels]" if from_course else "the lesson's `pip install`"
        self.diagnostics.append(rules.PACKAGE_UNAVAILABLE.at(
            where, None,
            f"`{requirement}` (from {source}) cannot be installed for kernel `{kernel}`: {why}",
            hint="pin a version that works with the kernel's torch, tensorflow and "
                 "transformers, or drop the requirement",
            fingerprint=f"{kernel}:{requirement}",
        ))
