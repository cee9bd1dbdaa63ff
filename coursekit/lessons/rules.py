"""Rules about lesson sources and the table of contents (LESxxx).

``LES1xx`` concern one lesson file as the parser reads it; ``LES15x`` concern
``_toctree.yml`` and how it matches the lesson files. Severities follow the
policy in ``docs/rules.md``: an error breaks a notebook or loses content (a fence
or comment that swallows text, a framework block that sends code to the wrong
notebook, a lesson or toctree entry that cannot be read); what a reviewer must
look at (a directive that is not applied, an output with no code) is a warning.
"""

from coursekit.diagnostics import Rule, Severity

_AREA = "lessons"

INVALID_UTF8 = Rule(
    "LES101", "invalid-utf8", Severity.ERROR,
    "The lesson is not UTF-8 text (invalid bytes, or NUL bytes as UTF-16 and binary "
    "files hold); it was read with replacement characters.", _AREA,
)
EMPTY_LESSON = Rule(
    "LES102", "empty-lesson", Severity.WARNING,
    "The lesson file is empty or holds only blank lines.", _AREA,
    why="an empty file breaks no notebook and loses nothing; fill it or remove it",
)
UNCLOSED_FENCE = Rule(
    "LES103", "unclosed-fence", Severity.ERROR,
    "A code fence is never closed, or holds a line that opens another fence where its "
    "closing line is missing (the fence is Python, or runs over a paragraph break): it "
    "swallows what follows.", _AREA,
    why="the fence swallows the prose and code after it, in the notebook and on the page",
)
FENCE_CLOSED_WITH_TEXT = Rule(
    "LES104", "fence-closed-with-text", Severity.ERROR,
    "A line inside a code fence starts with its closing marker but has text after it, "
    "so it does not close the fence, which swallows what follows.", _AREA,
    why="the line does not close the fence, which swallows what follows",
)
FENCE_INFO_TYPO = Rule(
    "LES105", "fence-info-typo", Severity.WARNING,
    "A fence info string is a known typo (`py:`); it was read as Python.", _AREA,
)
ORPHAN_OUTPUT = Rule(
    "LES106", "orphan-output", Severity.WARNING,
    "An output fence belongs to no code fence (none comes before it, or a heading, code "
    "fence or framework marker comes between them).", _AREA,
    why="the output is still kept in the model; a reviewer decides which code it belongs to",
)
FRAMEWORK_ELSE_TYPO = Rule(
    "LES107", "framework-else-typo", Severity.WARNING,
    "`{#else}` was written for `{:else}`; it was read as `{:else}`.", _AREA,
)
FRAMEWORK_MARKER_JUNK = Rule(
    "LES108", "framework-marker-junk", Severity.ERROR,
    "A framework marker line has text after the marker.", _AREA,
    why="the text after the marker is in no block, so it is lost",
)
UNBALANCED_FRAMEWORK_BLOCK = Rule(
    "LES109", "unbalanced-framework-block", Severity.WARNING,
    "`{:else}` or `{/if}` appears outside a framework block.", _AREA,
    why="the stray marker is ignored; no code changes notebook",
)
UNCLOSED_FRAMEWORK_BLOCK = Rule(
    "LES110", "unclosed-framework-block", Severity.ERROR,
    "A framework block opened with `{#if fw === ...}` is never closed by `{/if}`.", _AREA,
    why="the rest of the lesson goes to one framework's notebook only",
)
NESTED_FRAMEWORK_BLOCK = Rule(
    "LES111", "nested-framework-block", Severity.ERROR,
    "A framework block opens inside another one.", _AREA,
    why="code goes to the wrong framework's notebook",
)
MALFORMED_FRAMEWORK_MARKER = Rule(
    "LES112", "malformed-framework-marker", Severity.ERROR,
    "A `{#if ...}` marker does not test `fw === 'pt'` or `fw === 'tf'`.", _AREA,
    why="code meant for one framework goes to both notebooks",
)
UNKNOWN_DIRECTIVE = Rule(
    "LES113", "unknown-directive", Severity.WARNING,
    "A `coursekit:` directive has a kind other than expect-error, skip, timeout, framework, "
    "code-synced.",
    _AREA,
)
MALFORMED_DIRECTIVE = Rule(
    "LES114", "malformed-directive", Severity.WARNING,
    "A `coursekit:` directive has missing, unknown or invalid arguments.", _AREA,
    why="the directive is not applied; the notebook itself is intact",
)
DANGLING_DIRECTIVE = Rule(
    "LES115", "dangling-directive", Severity.WARNING,
    "A `coursekit:` directive is not followed by the code block it annotates.", _AREA,
    why="the directive is not applied; the notebook itself is intact",
)
UNCLOSED_COMPONENT = Rule(
    "LES116", "unclosed-component", Severity.ERROR,
    "A component, a `<Tip>` or an HTML element (`<div>`) is never closed.", _AREA,
    why="an unclosed component or comment breaks the page or hides the rest of it",
)
STRAY_CLOSING_TAG = Rule(
    "LES126", "stray-closing-tag", Severity.ERROR,
    "A closing tag closes nothing open: a component's on a line of its own, or an HTML "
    "element's in the prose.", _AREA,
    why="the site builder stops at a closing tag it cannot pair: the page is not built",
)
DEAD_FRAMEWORK_BRANCH = Rule(
    "LES127", "dead-framework-branch", Severity.WARNING,
    "A page listed for one framework only (`local_fw` in `_toctree.yml`) holds a framework "
    "block's branch for the other one.", _AREA,
    why="that branch's text and code reach no notebook, and the page never shows it",
)
MISSING_TITLE = Rule(
    "LES117", "missing-title", Severity.WARNING,
    "The lesson has no level-1 heading to take its title from.", _AREA,
    why="the notebook takes the lesson's path for its title; nothing is lost",
)
DUPLICATE_ANCHOR = Rule(
    "LES118", "duplicate-anchor", Severity.WARNING,
    "Two headings of one lesson carry the same `[[anchor]]`.", _AREA,
)
TRACE_WITHOUT_EXCEPTION = Rule(
    "LES119", "trace-without-exception", Severity.WARNING,
    "An output shows a traceback but no final exception line.", _AREA,
)
DIRECTIVE_FRAMEWORK_CONFLICT = Rule(
    "LES120", "directive-framework-conflict", Severity.WARNING,
    "A `framework=` directive contradicts the framework block its code sits in.", _AREA,
    why="the code keeps the framework of its block; a reviewer decides which is meant",
)
UNREADABLE_LESSON = Rule(
    "LES121", "unreadable-lesson", Severity.ERROR,
    "The lesson file cannot be read.", _AREA,
)
TOO_DEEP = Rule(
    "LES122", "nesting-too-deep", Severity.ERROR,
    "Quotes, lists or components (`<Tip>`, `<div>`) are nested deeper than the parser "
    "follows; what is inside is not read.",
    _AREA,
)
LESSON_FAILURE = Rule(
    "LES123", "lesson-failure", Severity.ERROR,
    "coursekit failed on this lesson (a bug to report); the other lessons are still read.",
    _AREA,
    why="nothing of the lesson reaches its notebook, and the run goes on for the others",
)
UNFORMATTED_CODE = Rule(
    "LES124", "unformatted-code", Severity.NOTE,
    "A Python fence's code is not formatted as the course's formatter ([tool.coursekit.format], "
    "ruff by default) formats it; `coursekit fix lessons` formats it, or, where it cannot "
    "put the code's lines back in place (tabs the reader expands, a fence opened on a list "
    "item's line, one never closed), leaves it and says why, as the finding does.",
    _AREA,
    repeats=True,
)
EXPLANATION_OUTPUT = Rule(
    "LES125", "explanation-output", Severity.NOTE,
    "An output fence after an earlier output of the same code, with prose between that "
    "does not lead into it, is read as part of the explanation, not as the code's "
    "output.", _AREA,
    why="the fence stays in the lesson text and in a notebook's prose; only the code's "
    "documented output leaves it",
)

TOCTREE_MISSING = Rule(
    "LES151", "toctree-missing", Severity.ERROR,
    "A language folder with lessons has no `_toctree.yml`.", _AREA,
)
TOCTREE_INVALID_YAML = Rule(
    "LES152", "toctree-invalid-yaml", Severity.ERROR,
    "`_toctree.yml` is not valid YAML.", _AREA,
)
TOCTREE_BAD_SHAPE = Rule(
    "LES153", "toctree-bad-shape", Severity.ERROR,
    "`_toctree.yml` is not a list of chapters with `title` and `sections`.", _AREA,
)
TOCTREE_ENTRY_WITHOUT_FILE = Rule(
    "LES154", "toctree-entry-without-file", Severity.ERROR,
    "A toctree section points at a lesson file that does not exist.", _AREA,
)
LESSON_WITHOUT_TOCTREE_ENTRY = Rule(
    "LES155", "lesson-without-toctree-entry", Severity.WARNING,
    "A lesson file is not listed in the language's `_toctree.yml`.", _AREA,
)
TOCTREE_DUPLICATE_ENTRY = Rule(
    "LES156", "toctree-duplicate-entry", Severity.WARNING,
    "Two toctree sections point at the same lesson file.", _AREA,
)
