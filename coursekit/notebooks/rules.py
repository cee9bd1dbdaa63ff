"""Rules of the notebook build (``NBK1xx``)."""

from __future__ import annotations

from coursekit.diagnostics import Rule, Severity

AREA = "notebooks"

STALE_NOTEBOOK = Rule(
    "NBK101", "stale-notebook", Severity.ERROR,
    "A built notebook is missing or older than its lesson (`coursekit build --check`).",
    AREA,
)
ORPHAN_NOTEBOOK = Rule(
    "NBK102", "orphan-notebook", Severity.ERROR,
    "A built notebook has no lesson any more and should be removed (`coursekit build --check`).",
    AREA,
)
CONVERSION_FAILED = Rule(
    "NBK103", "conversion-failed", Severity.ERROR,
    "Converting a lesson to notebooks failed unexpectedly, so it yields no notebook.",
    AREA,
)
WRITE_FAILED = Rule(
    "NBK104", "write-failed", Severity.ERROR,
    "A notebook or its paired text file could not be written or removed.",
    AREA,
)
INVALID_PYTHON = Rule(
    "NBK105", "invalid-python", Severity.WARNING,
    "A Python code block does not parse, so the cell fails and its imports go uninstalled.",
    AREA,
    why="lessons show pseudo-code and directory trees in Python fences; a reviewer decides",
)
LESSON_WITHOUT_NOTEBOOK = Rule(
    "NBK106", "lesson-without-notebook", Severity.ERROR,
    "A lesson has runnable Python code but yields no notebook.",
    AREA,
)
FOREIGN_OUTPUT = Rule(
    "NBK107", "foreign-output", Severity.WARNING,
    "The build manifest names a file that the build cannot prove it owns (a path leaving "
    "the notebooks folder, a name it never writes, or bytes changed since it wrote them); "
    "the file is left in place.",
    AREA,
    why="a build folder restored from a cache or committed by mistake is input too; "
        "deleting what it names could delete someone's work",
)
UNREADABLE_MANIFEST = Rule(
    "NBK108", "unreadable-manifest", Severity.ERROR,
    "The build manifest's path holds something no build wrote: not a regular file (a FIFO, "
    "a socket, a device, a folder), or a file larger than any manifest; it is not read.",
    AREA,
    why="the build cannot know which notebooks it wrote before: those of removed lessons are "
        "neither removed nor reported",
)
