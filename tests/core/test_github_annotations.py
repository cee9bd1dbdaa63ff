"""GitHub annotations name a finding's cue once: the workflow command's message says it
where the finding's own message does not."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.github import annotation

PATH = "subtitles/en/01_a.srt"


def test_a_message_that_names_its_cue_is_not_prefixed_again() -> None:
    said = Diagnostic("SUB201", Severity.WARNING, PATH, 5, "cue 12 needs 30.0 characters "
                      "per second (at most 20)", cue=12)
    assert annotation(said).endswith("::cue 12 needs 30.0 characters per second (at most 20)")


def test_a_message_without_its_cue_gets_it_once() -> None:
    unsaid = Diagnostic("SUB104", Severity.ERROR, PATH, 5, "overlaps the next by 1.0 s", cue=2)
    assert annotation(unsaid).endswith("::cue 2: overlaps the next by 1.0 s")
    other = Diagnostic("SUB104", Severity.ERROR, PATH, 5, "overlaps cue 21 by 1.0 s", cue=2)
    assert annotation(other).endswith("::cue 2: overlaps cue 21 by 1.0 s")
