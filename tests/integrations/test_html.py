"""The HTML page without a browser: self-contained, escaped, linked to the lines."""

from __future__ import annotations

import io
import re
from pathlib import Path

from coursekit.cli import main
from coursekit.diagnostics import Diagnostic, Severity
from coursekit.report.html import HtmlPage, render_page, source_links
from coursekit.report.timeline import Bar, Timeline

FINDINGS = [
    Diagnostic("SUB104", Severity.ERROR, "subtitles/fr/01_x.srt", 9, "cue <b>2</b> & more",
               cue=2, hint="clamp"),
    Diagnostic("SUB201", Severity.WARNING, "subtitles/fr/01_x.srt", 13, "too fast", cue=3),
]


def _page(**extra: object) -> str:
    out = io.StringIO()
    render_page(HtmlPage(title="check", diagnostics=FINDINGS, **extra), out)  # type: ignore[arg-type]
    return out.getvalue()


def test_page_is_self_contained_and_escaped() -> None:
    html = _page()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html
    assert "cue &lt;b&gt;2&lt;/b&gt; &amp; more" in html
    assert html.count('class="finding ') == 2


def test_timeline_marks_the_cues_with_findings() -> None:
    timeline = Timeline(
        path="subtitles/fr/01_x.srt", language="fr",
        cues=(Bar(1, 0.0, 1.5, "un"), Bar(2, 1.2, 3.0, "deux"), Bar(3, 3.5, 4.0, "trois")),
        source_path="subtitles/en/01_x.srt",
        source_cues=(Bar(1, 0.0, 1.4, "one"), Bar(2, 1.6, 3.0, "two")),
    )
    html = _page(timelines=[timeline])
    svg = html[html.index("<svg"):html.index("</svg>")]
    assert svg.count("<rect") == 5
    assert re.search(r'class="cue problem error"[^>]*data-cue="2"', svg)
    assert re.search(r'class="cue problem warning"[^>]*data-cue="3"', svg)
    assert svg.count("problem") == 2  # the source's cue 2 has no finding


def test_links_lead_to_the_lines(tmp_path: Path) -> None:
    local = source_links(tmp_path, tmp_path / "reports" / "check.html", environ={})
    assert local("subtitles/fr/01 x.srt", 9) == "../subtitles/fr/01%20x.srt#L9"
    github = source_links(tmp_path, None, environ={
        "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "team/course",
        "GITHUB_SHA": "abc123"})
    assert github("content/fr/a.mdx", None) == (
        "https://github.com/team/course/blob/abc123/content/fr/a.mdx")


def test_check_page_marks_every_cue_of_a_repeated_finding(course: Path) -> None:
    """Text reports show a repeating rule once per file; the page marks each cue."""
    srt = course / "subtitles/fr/02_debugging-the-training-pipeline-(pytorch).srt"
    text = srt.read_text("utf-8")
    for timing in ("00:00:02,959 --> 00:00:06,186", "00:00:06,350 --> 00:00:12,185",
                   "00:00:13,041 --> 00:00:18,838"):
        text = text.replace(timing, timing.replace(",", "."))
    srt.write_text(text, encoding="utf-8")
    page = course / "check.html"
    assert main(["check", "subtitles", "--root", str(course), "--format", "html",
                 "-o", str(page)]) == 0
    html = page.read_text("utf-8")
    marked = re.findall(r'class="cue problem warning"[^>]*data-cue="(\d+)"', html)
    assert marked == ["2", "3", "4"]
    assert html.count("SUB012") >= 3


def test_a_file_numbered_from_101_marks_the_cue_its_finding_names(course: Path) -> None:
    srt = course / "subtitles/fr/02_debugging-the-training-pipeline-(pytorch).srt"
    cues = srt.read_text("utf-8").strip().split("\n\n")[:3]
    renumbered = []
    for number, cue in enumerate(cues, 101):
        lines = cue.split("\n")
        renumbered.append("\n".join([str(number), *lines[1:]]))
    text = "\n\n".join(renumbered) + "\n"
    second = renumbered[1].split("\n")[1]  # cue 102's timing line, written with dots
    srt.write_text(text.replace(second, second.replace(",", ".")), encoding="utf-8")
    page = course / "check.html"
    main(["check", "subtitles", "--root", str(course), "--format", "html", "-o", str(page)])
    html = page.read_text("utf-8")
    svg = html[html.index("<svg"):]
    timing = {cue: tip for cue, tip in re.findall(
        r'data-cue="(\d+)"><title>(#\d+ [^<]*)</title>', svg) if "SUB012" in tip}
    assert list(timing) == ["102"]  # the bar of the cue the file numbers 102
    assert timing["102"].startswith("#102 ")


def test_a_finding_that_stands_for_repeats_counts_each_of_them() -> None:
    # A finding read back from a JSON report (`report merge --format html`) may stand for
    # the repeats of its rule in its file: the page counts them as the report's summary does.
    repeated = Diagnostic("SUB202", Severity.WARNING, "subtitles/fr/01_x.srt", 5,
                          "line too long [and 6 more in this file]", count=7)
    out = io.StringIO()
    render_page(HtmlPage(title="check", diagnostics=[*FINDINGS, repeated]), out)
    html = out.getvalue()
    assert "<span>8 warnings</span>" in html and "<span>1 error</span>" in html
    assert "<code>SUB202</code> (7)" in html
