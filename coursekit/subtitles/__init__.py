"""SubRip subtitles: loading that loses nothing, rules, bilingual files, alignment, fixes."""

from coursekit.subtitles.check import check_file, check_subtitles
from coursekit.subtitles.load import load_subtitle_file, parse_subtitles
from coursekit.subtitles.model import Cue, EncodingFacts, SubtitleFile

__all__ = [
    "Cue",
    "EncodingFacts",
    "SubtitleFile",
    "check_file",
    "check_subtitles",
    "load_subtitle_file",
    "parse_subtitles",
]
