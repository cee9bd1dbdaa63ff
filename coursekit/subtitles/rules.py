"""Rules about subtitle files (SUBxxx).

``SUB0xx`` loading and structure, ``SUB1xx`` timing, ``SUB2xx`` readability,
``SUB3xx`` bilingual files, ``SUB4xx`` alignment of a translation with its source.
"""

from coursekit.diagnostics import Rule, Severity

_A = "subtitles"

# Loading and structure
INVALID_UTF8 = Rule("SUB001", "invalid-utf8", Severity.ERROR,
                    "Bytes that are not UTF-8 (read as U+FFFD).", _A)
BOM = Rule("SUB002", "byte-order-mark", Severity.WARNING,
           "A byte order mark against the course's `bom` policy.", _A)
LINE_ENDINGS = Rule("SUB003", "line-endings", Severity.WARNING,
                    "Mixed line endings, or endings against the `line-endings` policy; "
                    "under the `any` policy, endings of a lone CR (classic Mac OS), which "
                    "many players and tools do not break lines at: they read the file as "
                    "one line and show no cue. `coursekit fix subtitles` writes the "
                    "policy's endings (under `any`: CRLF where most endings are, else LF).",
                    _A)
SBV_FORMAT = Rule("SUB004", "sbv-format", Severity.ERROR,
                  "YouTube SBV content saved as `.srt`.", _A)
MISSING_BLANK_LINE = Rule("SUB005", "missing-blank-line", Severity.ERROR,
                          "No blank line between two cues: players merge them.", _A)
BLANK_LINE_IN_CUE = Rule("SUB006", "blank-line-in-cue", Severity.ERROR,
                         "A blank line inside a cue: players drop the text after it.", _A)
MISSING_INDEX = Rule("SUB007", "missing-index", Severity.ERROR,
                     "A cue without its index line.", _A)
NON_NUMERIC_INDEX = Rule("SUB008", "non-numeric-index", Severity.ERROR,
                         "A cue index that is not a number.", _A)
DUPLICATE_INDEX = Rule("SUB009", "duplicate-index", Severity.ERROR,
                       "Two cues with the same index.", _A)
INDEX_SEQUENCE = Rule("SUB010", "index-out-of-sequence", Severity.WARNING,
                      "A cue index that does not follow the previous one.", _A)
MALFORMED_TIMING = Rule("SUB011", "malformed-timing", Severity.ERROR,
                        "A timing line that cannot be read: the cue cannot be shown. A line "
                        "with `-->` is a timing line only where its start or end is a time, "
                        "however damaged; any other is text. A line of two whole times with "
                        "another arrow between them (`->`, `—>`) is a damaged timing line "
                        "too.", _A)
NONSTANDARD_TIMESTAMP = Rule("SUB012", "nonstandard-timestamp", Severity.WARNING,
                             "A timestamp not written `HH:MM:SS,mmm` (read anyway).", _A,
                             repeats=True)
SHORT_FRACTION = Rule("SUB013", "short-fraction", Severity.ERROR,
                      "A timestamp with a one- or two-digit fraction that parsers misread.", _A)
STRAY_TEXT = Rule("SUB014", "stray-text", Severity.ERROR,
                  "Text outside any cue: before the first, or after the last one past a "
                  "blank line (a line left over, half a cue), which players do not show.", _A)
READER_DISAGREEMENT = Rule("SUB015", "reader-disagreement", Severity.ERROR,
                           "The SubRip reader and the recovery scan read the file differently.", _A)
UNREADABLE_FILE = Rule("SUB016", "unreadable-file", Severity.ERROR,
                       "The file cannot be opened.", _A)
NO_CUES = Rule("SUB017", "no-cues", Severity.ERROR,
               "A subtitle file without a single cue.", _A)
FINAL_BLANK_LINE = Rule("SUB018", "final-blank-line", Severity.NOTE,
                        "The last cue is not followed by exactly one blank line (players do not "
                        "mind, but `coursekit fix subtitles` writes the file so).", _A)
TEXT_AFTER_TIMING = Rule("SUB019", "text-after-timing", Severity.ERROR,
                         "Text after the end time that is not positioning: players do not "
                         "show it.", _A)
FILE_FAILURE = Rule("SUB020", "file-failure", Severity.ERROR,
                    "coursekit failed on this file (a bug to report); the other files are "
                    "still checked.", _A)
ODD_LINE_BREAK = Rule("SUB022", "odd-line-break", Severity.WARNING,
                      "A character in a cue's line that some readers break the line at and "
                      "others do not (U+2028, U+2029, U+0085, a form feed, a vertical tab, "
                      "U+001C to U+001E): players show the cue differently. U+0085 is often "
                      "the ellipsis of a Windows-1252 file read as Latin-1.", _A)
CONTROL_CHARACTER = Rule("SUB026", "control-character", Severity.WARNING,
                         "A control character in a cue's text (a NUL, an escape, DEL, a C1 "
                         "control, a byte order mark inside the text): no player shows it "
                         "as text; some show a box, some cut the line there. Usually the "
                         "trace of a damaged file or a bad copy.", _A)
UNREAD_FORMAT = Rule("SUB021", "unread-format", Severity.WARNING,
                     "A subtitle file in a format coursekit does not read (WebVTT, ASS, TTML "
                     "and the like) in a subtitle language folder: it is not checked.", _A)
CUE_LINE_WHITESPACE = Rule("SUB023", "cue-line-whitespace", Severity.NOTE,
                           "Leading or trailing whitespace on a cue's index or timing line, "
                           "or a timing line spaced otherwise than with one space each side "
                           "of `-->` and one before what follows the end time: players pass "
                           "over it; `coursekit fix subtitles` trims it and re-spaces the "
                           "timing line.", _A,
                           repeats=True)
BLANK_LINE_LAYOUT = Rule("SUB024", "blank-line-layout", Severity.NOTE,
                         "Blank lines before a cue other than the one empty line that parts "
                         "two cues: more than one, one holding whitespace, or any before the "
                         "first cue. Players pass over them; `coursekit fix subtitles` writes "
                         "one empty line between two cues, none before the first.", _A,
                         repeats=True)
INDEX_LEADING_ZEROS = Rule("SUB025", "index-leading-zeros", Severity.NOTE,
                           "A cue index written with leading zeros (`01`, `007`) where its "
                           "number is the one due: players read the number; `coursekit fix "
                           "subtitles` writes it without them. (An index whose number is not "
                           "the one due is `SUB009` or `SUB010`, zeros or not.)",
                           _A, repeats=True)

# Timing
START_AFTER_END = Rule("SUB101", "start-after-end", Severity.ERROR,
                       "A cue that ends before it starts.", _A)
ZERO_DURATION = Rule("SUB102", "zero-duration", Severity.ERROR,
                     "A cue that ends when it starts: never shown.", _A)
IDENTICAL_TIMES = Rule("SUB103", "identical-times", Severity.ERROR,
                       "Two consecutive cues with the same start and end.", _A)
OVERLAP = Rule("SUB104", "overlap", Severity.ERROR,
               "A cue that overlaps the next one.", _A)
TOO_SHORT = Rule("SUB105", "duration-too-short", Severity.WARNING,
                 "A cue shown for less than `min-duration` seconds.", _A, repeats=True)
TOO_LONG = Rule("SUB106", "duration-too-long", Severity.WARNING,
                "A cue shown for more than `max-duration` seconds.", _A, repeats=True)
GAP_TOO_SMALL = Rule("SUB107", "gap-too-small", Severity.WARNING,
                     "A gap between cues shorter than `min-gap-frames` frames: the text flickers.",
                     _A, repeats=True)

# Readability
READING_SPEED = Rule("SUB201", "reading-speed", Severity.WARNING,
                     "More characters per second than `max-cps`.", _A, repeats=True)
LINE_TOO_LONG = Rule("SUB202", "line-too-long", Severity.WARNING,
                     "A line longer than `max-chars-per-line` (full-width characters count 1).",
                     _A, repeats=True)
TOO_MANY_LINES = Rule("SUB203", "too-many-lines", Severity.WARNING,
                      "More lines in a cue than `max-lines`.", _A, repeats=True)
EMPTY_CUE = Rule("SUB204", "empty-cue", Severity.ERROR,
                 "A cue without text.", _A)
STRAY_WHITESPACE = Rule("SUB205", "stray-whitespace", Severity.WARNING,
                        "Leading or trailing whitespace on a line.", _A, repeats=True)
MARKDOWN_MARKUP = Rule("SUB206", "markdown-markup", Severity.WARNING,
                       "Markdown markup that players show literally: backticks, or `**` or "
                       "`__` around words (not a Python name: `__init__`, `**kwargs`).", _A,
                       repeats=True)
UNBALANCED_TAG = Rule("SUB207", "unbalanced-tag", Severity.WARNING,
                      "An `<i>`, `<b>`, `<u>` or `<font>` tag not closed in its cue.", _A,
                      repeats=True)

# Bilingual files
MISSING_TRANSLATED_LINE = Rule("SUB301", "missing-translated-line", Severity.WARNING,
                               "A bilingual cue without its translated line: the viewer sees "
                               "its source line, untranslated.", _A)
MISSING_SOURCE_LINE = Rule("SUB302", "missing-source-line", Severity.WARNING,
                           "A bilingual cue without its source-language line.", _A)
SOURCE_LINE_STYLE = Rule("SUB303", "source-line-style", Severity.NOTE,
                         "The embedded source line differs from the source file only in case or "
                         "punctuation.", _A)
SOURCE_LINE_WORDING = Rule("SUB304", "source-line-wording", Severity.WARNING,
                           "The embedded source line words things differently from the source "
                           "file.", _A)
SOURCE_LINE_FIRST = Rule("SUB305", "source-line-first", Severity.WARNING,
                         "A bilingual cue whose source and translated lines stand in the "
                         "other order than in the file's other cues (most files put the "
                         "translated line first, some the source line).", _A)

# Alignment with the source language
MISSING_TRANSLATION = Rule("SUB401", "missing-translation", Severity.NOTE,
                           "A source video without subtitles in this language.", _A)
EXTRA_TRANSLATION = Rule("SUB402", "extra-translation", Severity.WARNING,
                         "A subtitle file with no source-language counterpart.", _A)
UNCOVERED_SPEECH = Rule("SUB403", "uncovered-speech", Severity.WARNING,
                        "Source speech longer than `max-uncovered` seconds with no translated cue "
                        "(the source cues between two translated cues counted together).", _A)
CUE_OVER_SILENCE = Rule("SUB404", "cue-over-silence", Severity.WARNING,
                        "A translated cue shown where the source has no speech.", _A, repeats=True)
SYSTEMATIC_OFFSET = Rule("SUB405", "systematic-offset", Severity.WARNING,
                         "Every cue is shifted by the same amount from the source.", _A)
DURATION_MISMATCH = Rule("SUB406", "duration-mismatch", Severity.WARNING,
                         "The translation ends far from where the source ends.", _A)
UNTRANSLATED = Rule("SUB407", "untranslated-cue", Severity.WARNING,
                    "A cue identical to the source, or still in the source language.", _A,
                    repeats=True)
MISSING_TOKEN = Rule("SUB408", "missing-token", Severity.WARNING,
                     "A number or code identifier of the source missing from the translation.",
                     _A, repeats=True)
TRUNCATED = Rule("SUB409", "truncated-translation", Severity.WARNING,
                 "A translation far shorter than the source speech it covers.", _A)
VIDEO_WITHOUT_SUBTITLES = Rule("SUB410", "video-without-subtitles", Severity.NOTE,
                               "A video listed in metadata.csv whose subtitle file is missing.", _A)
BAD_METADATA = Rule("SUB411", "bad-metadata", Severity.WARNING,
                    "A metadata.csv that cannot be read or has a bad row.", _A)
LESSON_VIDEO_WITHOUT_SUBTITLES = Rule(
    "SUB412", "lesson-video-without-subtitles", Severity.WARNING,
    "A lesson embeds a video (`<Youtube id>`) that has no subtitles in the lesson's language: "
    "no metadata.csv row, or the row's file is missing.", _A)
METADATA_OTHER_LANGUAGE = Rule("SUB413", "metadata-other-language", Severity.WARNING,
                               "A metadata.csv row whose file lies in another language's "
                               "folder.", _A)
