"""Rules about configuration and course layout (CFGxxx)."""

from coursekit.diagnostics import Rule, Severity

BAD_CONFIG = Rule(
    "CFG001", "bad-config", Severity.ERROR,
    "The [tool.coursekit] table or coursekit.toml cannot be read or holds a bad value.",
)
NO_CONTENT = Rule(
    "CFG002", "no-content", Severity.ERROR,
    "No lesson folder (content/ or chapters/) was found under the course root.",
)
UNKNOWN_LANGUAGE = Rule(
    "CFG003", "unknown-language", Severity.ERROR,
    "A language asked for on the command line has no folder in the course.",
)
