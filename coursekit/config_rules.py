"""Rules about configuration and course layout (CFGxxx)."""

from coursekit.diagnostics import Rule, Severity

BAD_CONFIG = Rule(
    "CFG001", "bad-config", Severity.ERROR,
    "The [tool.coursekit] table or coursekit.toml cannot be read or holds an unknown key or "
    "a bad value (reported with its line; the command exits 2).",
    why="the value is left at its default, so the run is not the one the course asked for",
)
NO_CONTENT = Rule(
    "CFG002", "no-content", Severity.ERROR,
    "No lesson folder (content/ or chapters/) was found under the course root.",
    why="nothing was checked, which must not pass as clean",
)
UNKNOWN_LANGUAGE = Rule(
    "CFG003", "unknown-language", Severity.ERROR,
    "A language asked for on the command line has no folder in the course.",
    why="nothing was checked for that language, which must not pass as clean",
)
