"""One self-contained HTML page: matrix, subtitle timelines, findings by file and rule.

Everything is inline (CSS, a few lines of script, SVG), so the file can be archived
as a CI artifact and opened anywhere without a network. The page shows:

- for ``verify``, the scenario matrix: one row per lesson, one column per language
  and framework, each cell with the notebook's result and every documented error
  with the cells that fix it; for ``check``, the lessons matrix (findings per lesson
  file and language);
- for subtitles, a timeline per file: cues as bars, a translation under its source,
  cues with findings marked;
- the findings, grouped by file and then by rule, each linked to its line.
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from itertools import groupby
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

from coursekit import __version__
from coursekit.diagnostics import Diagnostic, Severity, sorted_diagnostics
from coursekit.report.encoding import escape_surrogates
from coursekit.report.timeline import Bar, Timeline

Link = Callable[[str, int | None], str]
"""``(path relative to the course root, line) -> href``."""

LESSON_SUFFIXES = (".mdx", ".md")
PASSED_VERDICTS = ("ok", "expected-error-reproduced", "skipped")


def relative_links(prefix: str = "") -> Link:
    """Links to the files themselves, ``prefix`` leading from the page to the course root."""

    def link(path: str, line: int | None) -> str:
        return f"{prefix}{quote(path, errors='surrogateescape')}" + (
            f"#L{line}" if line else "")

    return link


def github_links(server: str, repository: str, commit: str) -> Link:
    def link(path: str, line: int | None) -> str:
        return f"{server}/{repository}/blob/{commit}/{quote(path, errors='surrogateescape')}" + (
            f"#L{line}" if line else "")

    return link


def source_links(root: Path, output: Path | None,
                 environ: Mapping[str, str] = os.environ) -> Link:
    """Links to the repository's files on GitHub inside a GitHub Actions run, else
    relative links from where the page is written to the course's files."""
    if all(environ.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")):
        return github_links(environ["GITHUB_SERVER_URL"], environ["GITHUB_REPOSITORY"],
                            environ["GITHUB_SHA"])
    folder = (output.resolve().parent if output is not None else Path.cwd())
    prefix = Path(os.path.relpath(root.resolve(), folder)).as_posix()
    return relative_links("" if prefix == "." else prefix + "/")


@dataclass(slots=True)
class HtmlPage:
    title: str
    diagnostics: Sequence[Diagnostic]
    checked: Sequence[str] = ()
    notebooks: Sequence[Mapping[str, Any]] = ()
    """Each notebook's judgement, in the shape of ``verify --format json``."""
    timelines: Sequence[Timeline] = ()
    link: Link = field(default_factory=relative_links)
    source_language: str = "en"


def anchor(path: str) -> str:
    return "f-" + "".join(c if c.isalnum() else "-" for c in path)


def lesson_key(path: str, language: str) -> str:
    """``content/en/chapter3/4.mdx`` -> ``chapter3/4.mdx``."""
    parts = path.split("/")
    if language in parts[:-1]:
        return "/".join(parts[parts.index(language) + 1:])
    return path


def _language_of(path: str) -> str:
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else ""


def _order(languages: set[str], source: str) -> list[str]:
    return sorted(languages, key=lambda lang: (lang != source, lang))


# --- the scenario matrix (verify) -------------------------------------------------------

def _expected(cell: Mapping[str, Any]) -> str:
    """``Name: message`` of the errors a built notebook cell documents."""
    info = cell.get("metadata", {}).get("coursekit", {})
    errors = info.get("expect_errors") or [] if isinstance(info, Mapping) else []
    return " / ".join(
        f"{e.get('name', '')}: {e.get('message', '')}".rstrip(": ")
        + (f" (on {e['device']})" if e.get("device") else "")
        for e in errors if isinstance(e, Mapping)
    )


def with_documented_errors(notebooks: Sequence[Mapping[str, Any]],
                           folders: Sequence[Path]) -> list[dict[str, Any]]:
    """The notebooks' judgements with each cell's documented error (``expected``), read
    from the built notebooks under ``folders``; a notebook not found is left as it is."""
    enriched: list[dict[str, Any]] = []
    for nb in notebooks:
        copy = dict(nb)
        enriched.append(copy)
        path = next((f / str(nb.get("notebook", "")) for f in folders
                     if (f / str(nb.get("notebook", ""))).is_file()), None)
        if path is None:
            continue
        try:
            built = json.loads(path.read_text(encoding="utf-8"))
            cells = built["cells"]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
            continue
        copy["cells"] = [
            {**c, "expected": _expected(cells[c["index"]])}
            if isinstance(c.get("index"), int) and 0 <= c["index"] < len(cells) else c
            for c in nb.get("cells", [])
        ]
    return enriched


def _where(source: str, link: Link) -> str:
    path, _, line = source.rpartition(":")
    if not path or not line.isdigit():
        return escape(source)
    return f'<a href="{escape(link(path, int(line)))}">line {line}</a>'


def _scenario(nb: Mapping[str, Any], scenario: Mapping[str, Any], link: Link) -> str:
    cells = {c.get("index"): c for c in nb.get("cells", [])}
    error = cells.get(scenario.get("error_cell"), {})
    fixes = [cells[i] for i in scenario.get("fix_cells", []) if i in cells]
    proven = scenario.get("proven")
    fixed_by = ", ".join(_where(str(c.get("source", "")), link) for c in fixes) or "no cell"
    detail = escape(str(error.get("expected") or error.get("detail") or error.get("verdict", "")))
    if proven is None:  # documented, not run
        kind, mark, verdict, reason = "documented", "•", "", ""
    else:
        why = escape(str(scenario.get("reason", "")))
        kind, mark = ("proven", "✓") if proven else ("unproven", "✗")
        verdict = ": proven" if proven else ": not proven"
        reason = "" if proven or not why else f' <span class="why">({why})</span>'
    return (
        f'<li class="scenario {kind}"><span class="mark">{mark}</span> '
        f'{_where(str(error.get("source", "")), link)}: <code>{detail}</code>'
        f'<br><span class="fix">fixed by {fixed_by}{verdict}</span>{reason}</li>'
    )


def _notebook_cell(nb: Mapping[str, Any], link: Link) -> str:
    status = str(nb.get("status", ""))
    label = str(nb.get("verdict") or status)
    verdicts = Counter(str(c.get("verdict")) for c in nb.get("cells", []))
    count = len(nb.get("cells", []))
    cells = (f"{count} code cells" if status == "documented" else
             f"{sum(verdicts[v] for v in PASSED_VERDICTS)}/{count} cells pass")
    first = nb.get("first_cause")
    cause = ""
    if isinstance(first, Mapping):
        cause = (f'<div class="cause">{escape(str(first.get("verdict", "")))} at '
                 f'{_where(str(first.get("source", "")), link)}: '
                 f'<code>{escape(str(first.get("detail", "")))}</code></div>')
    scenarios = "".join(_scenario(nb, s, link) for s in nb.get("scenarios", []))
    return (
        f'<td class="cell status-{escape(status)}" data-status="{escape(status)}" '
        f'data-notebook="{escape(str(nb.get("notebook", "")))}">'
        f'<span class="badge">{escape(label)}</span> '
        f'<span class="count">{cells}</span>'
        f'{cause}{f"<ul>{scenarios}</ul>" if scenarios else ""}</td>'
    )


def scenario_matrix(page: HtmlPage) -> str:
    columns: set[tuple[str, str]] = set()
    rows: dict[str, dict[tuple[str, str], Mapping[str, Any]]] = defaultdict(dict)
    for nb in page.notebooks:
        language, framework = str(nb.get("language", "")), str(nb.get("framework", ""))
        columns.add((language, framework))
        rows[lesson_key(str(nb.get("lesson", "")), language)][(language, framework)] = nb
    languages = _order({lang for lang, _ in columns}, page.source_language)
    ordered = [(lang, fw) for lang in languages for fw in sorted({f for g, f in columns
                                                                 if g == lang})]
    head = "".join(f'<th scope="col">{escape(lang)} · {escape(fw)}</th>' for lang, fw in ordered)
    body = []
    for lesson in sorted(rows):
        cells = "".join(
            _notebook_cell(rows[lesson][col], page.link) if col in rows[lesson]
            else '<td class="cell empty" data-status="none">–</td>'
            for col in ordered
        )
        body.append(f'<tr><th scope="row">{escape(lesson)}</th>{cells}</tr>')
    documented = all(nb.get("status") == "documented" for nb in page.notebooks)
    legend = (
        "Each cell: the notebook's code cells, then every error the lesson documents and "
        "the cells after it that fix it (as <code>coursekit verify</code> proves them)."
        if documented else
        "Each cell: the notebook's result, then every documented error (✓ reproduced and "
        "fixed by the cells after it, ✗ not proven)."
    )
    return (
        '<section id="scenarios"><h2>Scenarios: lesson × language × framework</h2>'
        f'<p class="legend">{legend}</p>'
        f'<div class="scroll"><table class="matrix scenarios"><thead><tr><th>lesson</th>{head}'
        f'</tr></thead><tbody>{"".join(body)}</tbody></table></div></section>'
    )


# --- the lessons matrix (check) ---------------------------------------------------------

def lessons_matrix(page: HtmlPage) -> str:
    lessons = [p for p in page.checked if p.endswith(LESSON_SUFFIXES)]
    if not lessons:
        return ""
    by_path: dict[str, Counter[Severity]] = defaultdict(Counter)
    for diag in page.diagnostics:
        by_path[diag.path][diag.severity] += 1
    rows: dict[str, dict[str, str]] = defaultdict(dict)
    for lesson_path in lessons:
        language = _language_of(lesson_path)
        rows[lesson_key(lesson_path, language)][language] = lesson_path
    languages = _order({lang for row in rows.values() for lang in row}, page.source_language)
    head = "".join(f'<th scope="col">{escape(lang)}</th>' for lang in languages)
    body = []
    for lesson in sorted(rows):
        cells = []
        for lang in languages:
            path = rows[lesson].get(lang)
            if path is None:
                cells.append('<td class="cell empty" data-status="none">–</td>')
                continue
            counts = by_path.get(path, Counter())
            status = ("error" if counts[Severity.ERROR] else
                      "warning" if counts[Severity.WARNING] else "clean")
            label = (f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings"
                     if status != "clean" else "clean")
            target = f'#{anchor(path)}' if counts else escape(page.link(path, None))
            cells.append(f'<td class="cell status-{status}" data-status="{status}">'
                         f'<a href="{target}">{label}</a></td>')
        body.append(f'<tr><th scope="row">{escape(lesson)}</th>{"".join(cells)}</tr>')
    return (
        '<section id="lessons"><h2>Findings per lesson: lesson × language</h2>'
        f'<div class="scroll"><table class="matrix lessons"><thead><tr><th>lesson</th>{head}'
        f'</tr></thead><tbody>{"".join(body)}</tbody></table></div></section>'
    )


# --- subtitle timelines -------------------------------------------------------------------

PX_PER_SECOND = 12
ROW = 22


def _clock(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:06.3f}"


def _bars(bars: Sequence[Bar], y: int, problems: Mapping[int, list[Diagnostic]]) -> str:
    out = []
    for bar in bars:
        found = problems.get(bar.index, [])
        worst = max((d.severity for d in found), key=lambda s: s.rank, default=None)
        kind = f" problem {worst.value}" if worst is not None else ""
        width = max((bar.end - bar.start) * PX_PER_SECOND, 1.0)
        tip = f"#{bar.index} {_clock(bar.start)} → {_clock(bar.end)}\n{bar.text}"
        tip += "".join(f"\n{d.rule}: {d.message}" for d in found)
        # Every other cue a little lower: overlapping cues show as a step, not one bar.
        top = y + 4 * (bar.index % 2)
        out.append(
            f'<rect class="cue{kind}" x="{bar.start * PX_PER_SECOND:.1f}" y="{top}" '
            f'width="{width:.1f}" height="{ROW - 10}" data-cue="{bar.index}">'
            f"<title>{escape(tip)}</title></rect>"
        )
    return "".join(out)


def _axis(duration: float, y: int) -> str:
    step = 10 if duration <= 180 else 30 if duration <= 900 else 60
    ticks = []
    for second in range(0, int(duration) + 1, step):
        x = second * PX_PER_SECOND
        ticks.append(f'<line class="tick" x1="{x}" x2="{x}" y1="0" y2="{y}"/>'
                     f'<text class="time" x="{x + 2}" y="{y + 12}">{_clock(second)[:-4]}</text>')
    return "".join(ticks)


def timeline_svg(timeline: Timeline, diagnostics: Sequence[Diagnostic]) -> str:
    def problems(path: str | None) -> dict[int, list[Diagnostic]]:
        found: dict[int, list[Diagnostic]] = defaultdict(list)
        for diag in diagnostics:
            if diag.path == path and diag.cue is not None:
                found[diag.cue].append(diag)
        return found

    rows: list[tuple[str, Sequence[Bar], dict[int, list[Diagnostic]]]] = []
    if timeline.source_path is not None:
        rows.append((timeline.source_path, timeline.source_cues, problems(timeline.source_path)))
    rows.append((timeline.path, timeline.cues, problems(timeline.path)))
    width = int(timeline.duration * PX_PER_SECOND) + 60
    height = ROW * len(rows) + 18
    bars = "".join(_bars(bars, 3 + n * ROW, found) for n, (_, bars, found) in enumerate(rows))
    labels = "".join(
        f'<div class="row-label">{escape(path.rsplit("/", 2)[-2])}</div>' for path, _, _ in rows)
    return (
        f'<div class="timeline" data-file="{escape(timeline.path)}">'
        f'<div class="labels">{labels}</div><div class="scroll">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="cues of {escape(timeline.path)}">'
        f'{_axis(timeline.duration, ROW * len(rows))}{bars}</svg></div></div>'
    )


def timelines_section(page: HtmlPage) -> str:
    if not page.timelines:
        return ""
    parts = []
    for timeline in page.timelines:
        found = [d for d in page.diagnostics if d.path == timeline.path]
        summary = f"{len(found)} finding(s)" if found else "clean"
        source = (f' under its source <a href="{escape(page.link(timeline.source_path, None))}">'
                  f'{escape(timeline.source_path)}</a>' if timeline.source_path else "")
        parts.append(
            f'<article><h3><a href="{escape(page.link(timeline.path, None))}">'
            f'{escape(timeline.path)}</a> <span class="small">{len(timeline.cues)} cues, '
            f'{_clock(timeline.duration)}, {summary}{source}</span></h3>'
            f'{timeline_svg(timeline, page.diagnostics)}</article>'
        )
    return ('<section id="timelines"><h2>Subtitle timelines</h2><p class="legend">Cues as bars '
            '(hover for text and findings); a translation under its source; '
            '<span class="key error">error</span> <span class="key warning">warning</span> '
            f'<span class="key note">note</span>.</p>{"".join(parts)}</section>')


# --- findings -----------------------------------------------------------------------------

def findings_section(page: HtmlPage) -> str:
    ordered = sorted_diagnostics(page.diagnostics)
    if not ordered:
        return '<section id="findings"><h2>Findings</h2><p class="clean">No findings.</p></section>'
    files = []
    for path, group in groupby(ordered, key=lambda d: d.path):
        diags = list(group)
        rules = []
        for rule, items in groupby(sorted(diags, key=lambda d: (d.rule, d.sort_key())),
                                   key=lambda d: d.rule):
            found = list(items)
            entries = "".join(
                f'<li class="finding {d.severity.value}" data-severity="{d.severity.value}">'
                f'<a href="{escape(page.link(path, d.line))}">'
                f'{"line " + str(d.line) if d.line else "file"}</a>'
                f'{f" cue {d.cue}" if d.cue is not None else ""} '
                f'<span class="sev">{d.severity.value}</span> {escape(d.message)}'
                f'{f"<div class=hint>hint: {escape(d.hint)}</div>" if d.hint else ""}</li>'
                for d in found
            )
            worst = max((d.severity for d in found), key=lambda s: s.rank)
            rules.append(f'<details open class="rule {worst.value}"><summary><code>{rule}</code> '
                         f'({len(found)})</summary><ul>{entries}</ul></details>')
        files.append(f'<article class="file" id="{anchor(path)}"><h3>'
                     f'<a href="{escape(page.link(path, None))}">{escape(path)}</a></h3>'
                     f'{"".join(rules)}</article>')
    return (
        '<section id="findings"><h2>Findings by file and rule</h2>'
        '<p class="filters">Show: '
        + "".join(f'<label><input type="checkbox" checked data-filter="{s}"> {s}</label> '
                  for s in ("error", "warning", "note"))
        + f'</p>{"".join(files)}</section>'
    )


# --- the page -----------------------------------------------------------------------------

STYLE = """
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2330;
background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}
header .summary span{margin-right:14px}main{padding:8px 24px 40px}
h2{margin:24px 0 8px;font-size:17px}h3{font-size:14px;margin:14px 0 6px}
.small,.legend{color:#5b6475;font-size:12px;font-weight:normal}
.scroll{overflow-x:auto}table.matrix{border-collapse:collapse;background:#fff}
.matrix th,.matrix td{border:1px solid #d8dce3;padding:6px 8px;vertical-align:top;text-align:left}
.matrix thead th{background:#eef0f4}.matrix td{min-width:180px}
.matrix ul{margin:6px 0 0;padding-left:0;list-style:none}.scenario{margin:4px 0}
.badge{display:inline-block;border-radius:3px;padding:0 6px;color:#fff;background:#6b7280}
.status-ok .badge,.status-clean a{background:#1f883d}.status-clean a{color:#fff;padding:0 6px}
.status-failed .badge,.status-not-run .badge{background:#cf222e}
.status-documented .badge{background:#57606a}
.status-needs-network .badge,.status-api-drift .badge,.status-error-drift .badge{background:#9a6700}
.status-needs-packages .badge{background:#9a6700}
.status-error{background:#ffebe9}.status-warning{background:#fff8c5}
.scenario.proven .mark{color:#1f883d}.scenario.documented .mark{color:#57606a}
.scenario.unproven .mark{color:#cf222e}
.fix,.why,.cause{font-size:12px;color:#5b6475}.cause{color:#cf222e}
code{font-size:12px;background:#eef0f4;padding:0 3px;border-radius:3px}
article.file,#timelines article{background:#fff;border:1px solid #d8dce3;border-radius:6px;
padding:4px 12px 8px;margin:8px 0}
details.rule summary{cursor:pointer}details.rule.error summary code{color:#cf222e}
details.rule.warning summary code{color:#9a6700}
.finding{margin:3px 0}.finding .sev{font-size:11px;text-transform:uppercase;color:#5b6475}
.finding.error .sev{color:#cf222e}.finding.warning .sev{color:#9a6700}
.hint{font-size:12px;color:#5b6475;margin-left:16px}.hidden{display:none}
.timeline{display:flex;align-items:flex-start}.labels{width:60px;flex:none;padding-top:2px}
.row-label{height:22px;font-size:12px;color:#5b6475}
rect.cue{fill:#7aa2d6;fill-opacity:.85;stroke:#fff;stroke-width:.5}rect.cue.problem.error{fill:#cf222e}rect.cue.problem.warning{fill:#d4a72c}
rect.cue.problem.note{fill:#8b949e}line.tick{stroke:#e1e4e8}text.time{font-size:10px;fill:#5b6475}
.key{padding:0 5px;border-radius:3px;color:#fff}.key.error{background:#cf222e}
.key.warning{background:#d4a72c}.key.note{background:#8b949e}
"""

SCRIPT = """
document.querySelectorAll('input[data-filter]').forEach(function (box) {
  box.addEventListener('change', function () {
    document.querySelectorAll('.finding[data-severity="' + box.dataset.filter + '"]')
      .forEach(function (item) { item.classList.toggle('hidden', !box.checked); });
  });
});
"""


def render_page(page: HtmlPage, out: IO[str]) -> None:
    counts = Counter(d.severity for d in page.diagnostics)
    summary = (f'<span>{counts[Severity.ERROR]} errors</span>'
               f'<span>{counts[Severity.WARNING]} warnings</span>'
               f'<span>{counts[Severity.NOTE]} notes</span>'
               f'<span>{len({d.path for d in page.diagnostics})} files with findings</span>')
    if page.notebooks:
        summary += f"<span>{len(page.notebooks)} notebooks</span>"
    matrix = (scenario_matrix(page) if page.notebooks else "") + lessons_matrix(page)
    out.write(escape_surrogates(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(page.title)}</title><style>{STYLE}</style></head><body>"
        f'<header><h1>{escape(page.title)}</h1><div class="summary">{summary}</div>'
        f'<div class="small">coursekit {escape(__version__)}</div></header><main>'
        f"{matrix}{timelines_section(page)}{findings_section(page)}"
        f"</main><script>{SCRIPT}</script></body></html>\n"
    ))


def render_html(
    diagnostics: Sequence[Diagnostic], out: IO[str], title: str, checked: Sequence[str] = ()
) -> None:
    """The page without what only a command knows (notebooks, subtitle files)."""
    render_page(HtmlPage(title=title, diagnostics=diagnostics, checked=checked), out)
