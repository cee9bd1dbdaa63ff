"""Rules of the translation checks (``TRNxxx``).

``TRN0xx`` sections and files, ``TRN1xx`` lesson structure, ``TRN2xx`` code
drift, ``TRN3xx`` documented errors, ``TRN4xx`` stale APIs.
"""

from __future__ import annotations

from coursekit.diagnostics import Rule, Severity

AREA = "translations"

MISSING_SECTION = Rule(
    "TRN001", "missing-section", Severity.NOTE,
    "A section of the source toctree is not translated (absent from the translation's toctree).",
    AREA,
    repeats=True,
)
EXTRA_SECTION = Rule(
    "TRN002", "extra-section", Severity.WARNING,
    "The translation's toctree has a section that the source toctree does not have.",
    AREA,
)
SECTION_MISMATCH = Rule(
    "TRN003", "section-mismatch", Severity.ERROR,
    "The translation's file at a section's path holds other content than the source's "
    "(a quiz instead of a lesson, or another lesson).",
    AREA,
)
UNREADABLE = Rule(
    "TRN004", "unreadable", Severity.ERROR,
    "A lesson or toctree could not be read, so its translation could not be compared.",
    AREA,
)
OUTDATED = Rule(
    "TRN005", "outdated-translation", Severity.WARNING,
    "The source lesson changed in substance (code, heading outline, framework blocks, "
    "videos) after the translation last did, by its git history; the translation's "
    "differences from the current source fold into this one finding (--show-all lists "
    "them). A translation whose code `coursekit fix translations` synced is outdated "
    "for its prose until its `code-synced` line is taken out.",
    AREA,
    why="an outdated translation builds and loses nothing: it needs updating, which a "
        "reviewer plans",
    of_its_file=True,
)

ALIGNMENT_CAPPED = Rule(
    "TRN006", "alignment-capped", Severity.WARNING,
    "A run of code blocks differs from the source's too much to be aligned as a whole; it "
    "was aligned a few dozen blocks at a time, so a block moved further is reported missing "
    "and extra.",
    AREA,
    why="the comparison of every block with every other grows with the square of the run",
)
SHALLOW_HISTORY = Rule(
    "TRN007", "shallow-history", Severity.WARNING,
    "The checkout's git history is cut off (a shallow clone: `git clone --depth`, or "
    "`actions/checkout` with its default `fetch-depth: 1`): a translation is judged only "
    "by its source's changes after the cut, so one that fell behind before it seems "
    "current (TRN005 misses it).",
    AREA,
    why="nothing in the course is wrong, but outdated translations may go unreported: "
        "whoever reads the run must know its freshness verdicts are partial",
)
UNREAD_HISTORY = Rule(
    "TRN008", "history-unreadable", Severity.WARNING,
    "History was to judge the translations (a git checkout, or `history = true`), but git "
    "could not read it (git is missing, the course is in no checkout, or git refuses a "
    "repository another user owns): translations are judged by their structure alone, "
    "and no TRN005 is reported.",
    AREA,
    why="nothing in the course is wrong, but outdated translations go unreported: "
        "whoever reads the run must know that history did not judge it",
)

HEADING_COUNT = Rule(
    "TRN101", "heading-count", Severity.WARNING,
    "The translation has a different number of headings than the source lesson.",
    AREA,
    repeats=True,
)
ANCHOR_MISSING = Rule(
    "TRN102", "anchor-missing", Severity.NOTE,
    "A heading anchor id of the source lesson is missing or changed in the translation.",
    AREA,
    repeats=True,
    why="a link with that `#fragment` opens the page at its top; nothing is lost, and "
        "courses link to fragments rarely",
)
VIDEO_MISMATCH = Rule(
    "TRN104", "video-mismatch", Severity.WARNING,
    "The translation embeds other videos (`<Youtube id>`) than the source lesson.",
    AREA,
    repeats=True,
)
FRAMEWORK_STRUCTURE = Rule(
    "TRN105", "framework-structure", Severity.ERROR,
    "The translation's framework blocks ({#if fw === ...}) differ from the source lesson's "
    "(a warning where the translation keeps every block of the source and has more: blocks "
    "its source dropped).",
    AREA,
    why="a block or branch the translation lacks sends one framework's code to the other's "
        "notebook, or drops it",
    repeats=True,
)
LINK_MISMATCH = Rule(
    "TRN106", "link-mismatch", Severity.WARNING,
    "The translation links to other course pages than the source lesson. Links to another "
    "course (a refresher course a lesson recommends: an address no link to this course's "
    "lessons has, to a page none of its chapters has) are counted, not compared: the "
    "translation may link that course in its own language or at another page, and only "
    "drop none.",
    AREA,
    repeats=True,
)
CODE_MISSING = Rule(
    "TRN107", "code-missing", Severity.WARNING,
    "A code block of the source lesson has no counterpart in its place in the translation "
    "(missing, or the translation has its code elsewhere or in another fence, and says where).",
    AREA,
    repeats=True,
)
CODE_EXTRA = Rule(
    "TRN108", "code-extra", Severity.WARNING,
    "The translation has a code block that the source lesson does not have (a block it "
    "shows twice, as the source has it and with its comments and strings translated, is "
    "none).",
    AREA,
    repeats=True,
)
OUTPUT_MISMATCH = Rule(
    "TRN109", "output-mismatch", Severity.WARNING,
    "A code block shows other documented outputs (number or kind) than in the source lesson.",
    AREA,
    repeats=True,
)

CODE_DRIFT = Rule(
    "TRN201", "code-drift", Severity.WARNING,
    "A translated code block differs from the source's in its code, not only in comments, "
    "strings or whitespace.",
    AREA,
    repeats=True,
)
CODE_VARIATION = Rule(
    "TRN202", "code-variation", Severity.NOTE,
    "A translated code block differs only in whitespace, comments or string literals "
    "(reported only for the kinds not ignored in configuration).",
    AREA,
    repeats=True,
)
SYNTAX_ERROR = Rule(
    "TRN203", "syntax-error", Severity.ERROR,
    "A code block parses in the source lesson but not in the translation.",
    AREA,
)
UNDEFINED_NAME = Rule(
    "TRN204", "undefined-name", Severity.ERROR,
    "The translation uses a name it never defines while the source lesson defines it, or "
    "never uses it (typically a renamed variable: a NameError when run).",
    AREA,
)

ERROR_MISSING = Rule(
    "TRN301", "error-missing", Severity.WARNING,
    "A documented error of the source lesson is not shown at the same place in the translation.",
    AREA,
    why="the translated notebook still runs; `coursekit verify` judges what it raises, and "
        "a reviewer decides whether the error was dropped on purpose",
)
ERROR_EXTRA = Rule(
    "TRN302", "error-extra", Severity.WARNING,
    "The translation documents an error where the source lesson shows none.",
    AREA,
    why="the translated notebook still runs; a reviewer decides whether the extra error "
        "belongs to another block",
)
ERROR_CHANGED = Rule(
    "TRN303", "error-changed", Severity.WARNING,
    "The translation documents another exception or message than the source lesson "
    "(messages are not translated).",
    AREA,
    why="nothing breaks when run; a reader sees another message than the one the code raises",
)

STALE_API = Rule(
    "TRN401", "stale-api", Severity.ERROR,
    "The translation still uses an API that its library removed or renamed, where its source "
    "lesson no longer does (the source was updated, the translation was not).",
    AREA,
    why="the translated notebook fails where the source's runs; stale APIs of the source "
        "lesson itself are judged by `coursekit verify` (api-drift)",
)
