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
    "No lesson folder (content/, chapters/ or units/) and no subtitle folder was found "
    "under the course root.",
    why="nothing was checked, which must not pass as clean",
)
UNKNOWN_LANGUAGE = Rule(
    "CFG003", "unknown-language", Severity.ERROR,
    "A language asked for on the command line has neither lessons nor subtitles in the "
    "course.",
    why="nothing was checked for that language, which must not pass as clean",
)
SHADOWED_LANGUAGE_FOLDER = Rule(
    "CFG004", "shadowed-language-folder", Severity.ERROR,
    "Two language folders differ only in case (`zh-cn/` beside `zh-CN/`): one tag, one "
    "folder read; the other folder's files are neither checked nor built.",
    why="what the hidden folder holds is lost to every command, which must not pass as clean",
)
MISSING_PATH = Rule(
    "CFG005", "missing-path", Severity.ERROR,
    "A file named on the command line does not exist (a typo, the wrong case, or a path "
    "relative to the course root instead of the current folder).",
    why="nothing was checked for it, which must not pass as clean",
)
UNCHECKED_PATH = Rule(
    "CFG006", "unchecked-path", Severity.WARNING,
    "A file or folder named on the command line is not one the command checks (outside "
    "the lesson or subtitle folders, or in a language the course does not check).",
    why="it may be meant, as a hook passes every file of a commit; a reviewer decides",
)
UNLISTED_FOLDER = Rule(
    "CFG007", "unlisted-folder", Severity.ERROR,
    "A lesson or subtitle folder exists but cannot be listed (no permission to read it, an "
    "I/O error, a path too long for the system): the files in it are neither checked nor "
    "built, and `build` keeps the notebooks it made from them.",
    why="what the folder holds is not checked, which must not pass as clean",
)
UNMATCHED_PATTERN = Rule(
    "CFG008", "unmatched-pattern", Severity.WARNING,
    "A `per-file-ignores` or `exclude` pattern of the configuration matches no file of the "
    "course (`chapters/zh-cn/**` where the folder is `zh-CN/`): it ignores or excludes "
    "nothing (reported by a check of the whole course, with a near match in another case).",
    why="the findings it was meant to ignore still show and the files it was meant to "
        "exclude are still read, or it is a leftover; a reviewer decides",
)
