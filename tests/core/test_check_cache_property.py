"""A cached ``check`` reports what ``check --no-cache`` reports, whatever happened since the
cache was filled: sequences of edits (lessons, translations, toctrees, subtitles, the
configuration, language folders, git commits and checkouts) drawn by hypothesis, and
after each, both runs' JSON reports compared, over the whole course, one language and a
baseline."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coursekit.cli import cli
from tests.git_history import git, plant, write
from tests.translations.test_trn_freshness import LOAD, LOAD_FR, PLAY, PLAY_FR, TOCTREE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs the git command")

BUNDLED = Path(__file__).resolve().parents[2]
FENCE = "\n```py\nvalue = compute(first_argument, second_argument, third)\n```\n"
CONFIGURATIONS = [
    "",
    'select = ["LES", "TRN"]\n',
    'ignore = ["TRN005", "LES1"]\n',
    'severity = { TRN = "error", LES = "note" }\n',
    '[tool.coursekit.per-file-ignores]\n"content/fr/*" = ["TRN"]\n',
    "[tool.coursekit.subtitles]\nmax-cps = 5\nmax-chars-per-line = 20\n",
    "[tool.coursekit.translations]\nhistory = false\n",
    '[tool.coursekit.translations]\nignore-changes = ["whitespace"]\n',
]
"""Added to the course's configuration, after a code style of short lines (many fences
unformatted, LES124) or of the default length."""
Edit = Callable[[Path, int], None]


def _report(root: Path, *args: str) -> tuple[int, object]:
    """The exit code and the JSON report of ``check`` (its output when it is no report)."""
    done = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", "json", *args])
    try:
        return done.exit_code, json.loads(done.stdout)
    except ValueError:
        return done.exit_code, done.output


def _same_as_without_cache(root: Path, *args: str) -> None:
    cached = _report(root, *args)
    assert isinstance(cached[1], dict), cached  # a report, not a usage error
    assert cached == _report(root, *args, "--no-cache"), args


def _pick(paths: list[Path], n: int) -> Path | None:
    return paths[n % len(paths)] if paths else None


def _lessons(root: Path) -> list[Path]:
    return sorted((root / "content").rglob("*.md*"))


def _append(text: str) -> Edit:
    def edit(root: Path, n: int) -> None:
        lesson = _pick(_lessons(root), n)
        if lesson is not None:
            lesson.write_text(lesson.read_text(encoding="utf-8") + text, encoding="utf-8")
    return edit


def _drop_line(root: Path, n: int) -> None:
    lesson = _pick(_lessons(root), n)
    if lesson is not None:
        lines = lesson.read_text(encoding="utf-8").splitlines(keepends=True)
        if lines:
            del lines[n % len(lines)]
            lesson.write_text("".join(lines), encoding="utf-8")


def _add_lesson(root: Path, n: int) -> None:
    lesson = _pick(_lessons(root), n)
    if lesson is not None:
        new = lesson.with_name(["5.mdx", "4_tf.mdx", "3.md", "9.mdx"][n % 4])
        if not new.exists():
            shutil.copy2(lesson, new)


def _delete_lesson(root: Path, n: int) -> None:
    lesson = _pick(_lessons(root), n)
    if lesson is not None:
        lesson.unlink()


def _rename_lesson(root: Path, n: int) -> None:
    lesson = _pick(_lessons(root), n)
    new = None if lesson is None else lesson.with_name(["7.mdx", "4_tf.mdx", "3.mdx"][n % 3])
    if lesson is not None and new is not None and not new.exists():
        lesson.rename(new)


def _touch(root: Path, n: int) -> None:
    found = _pick([*_lessons(root), *(root / "subtitles").rglob("*.*"),
                   root / "pyproject.toml"], n)
    if found is not None:
        facts = found.stat()
        os.utime(found, ns=(facts.st_atime_ns, facts.st_mtime_ns + 10**9))


def _configure(root: Path, n: int) -> None:
    config = (BUNDLED / "pyproject.toml").read_text(encoding="utf-8")
    config = config[config.index("[tool.coursekit]"):]
    extra = CONFIGURATIONS[n % len(CONFIGURATIONS)]
    style = f"[tool.coursekit.format]\nline-length = {88 if n % 5 == 4 else 40}\n"
    (root / "pyproject.toml").write_text(f"{config}{extra}\n{style}", encoding="utf-8")


def _toctree(root: Path, n: int) -> None:
    toctree = _pick(sorted((root / "content").glob("*/_toctree.yml")), n)
    if toctree is not None:
        text = toctree.read_text(encoding="utf-8")
        more = "- title: More\n  sections:\n  - local: chapter3/5\n    title: Five\n"
        text = [text.replace("chapter3/4", "chapter3/5", 1),
                text.replace("title:", "title: X", 1), text + more][n % 3]
        toctree.write_text(text, encoding="utf-8")


def _subtitle(root: Path, n: int) -> None:
    found = _pick(sorted((root / "subtitles").rglob("*.*")), n)
    if found is not None:
        data = found.read_bytes()
        found.write_bytes(data.rsplit(b"\n", 2)[0] + b"\n" if found.suffix == ".csv" or n % 2
                          else data.replace(b"-->", b"--> ", 1))


def _language(root: Path, n: int) -> None:
    content = root / "content"
    if n % 2 and (content / "fr").is_dir() and not (content / "de").exists():
        shutil.copytree(content / "fr", content / "de")
    else:
        folder = _pick(sorted(p for p in content.iterdir() if p.is_dir() and p.name != "en"), n)
        if folder is not None:
            shutil.rmtree(folder)


def _commit(root: Path, n: int) -> None:
    git(root, "add", "-A")
    git(root, "commit", "-q", "--allow-empty", "-m", f"step {n}",
        date=f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}T12:00:00")


def _checkout(root: Path, n: int) -> None:
    _commit(root, n)
    commits = git(root, "rev-list", "--all").split()
    git(root, "checkout", "-q", commits[n % len(commits)])


EDITS: dict[str, Edit] = {
    "prose": _append("\nOne more line.\n"), "fence": _append(FENCE), "drop line": _drop_line,
    "add lesson": _add_lesson, "delete lesson": _delete_lesson, "rename": _rename_lesson,
    "touch": _touch, "configure": _configure, "toctree": _toctree, "subtitle": _subtitle,
    "language": _language, "commit": _commit, "checkout": _checkout,
}
STEPS = st.lists(st.tuples(st.sampled_from(sorted(EDITS)), st.integers(0, 999)),
                 min_size=1, max_size=5)
LANGUAGES = ("fr", "en", "zh-cn", "it")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_the_bundled_course_after_any_edits(steps: list[tuple[str, int]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "course"
        for name in ("content", "subtitles"):
            shutil.copytree(BUNDLED / name, root / name)
        _configure(root, 0)
        git(root, "init", "-q", "-b", "main")
        _commit(root, 0)
        _report(root)  # the cache filled before the first edit
        baseline = str(Path(folder) / "baseline.json")
        _report(root, "--no-cache", "--baseline", baseline, "--update-baseline")
        for kind, n in steps:
            EDITS[kind](root, n)
            _same_as_without_cache(root)
            _same_as_without_cache(root, "--lang", LANGUAGES[n % len(LANGUAGES)])
            if n % 3 == 0:
                _same_as_without_cache(root, "--baseline", baseline)


# --- a course judged by its git history -----------------------------------------------

SPLIT = LOAD.replace('load_dataset("clips-small")', 'load_dataset("clips-small", split="a")')
VERSIONS = {
    "en/chapter1/1.mdx": [LOAD, SPLIT, LOAD.replace("We load", "We now load")],
    "fr/chapter1/1.mdx": [LOAD_FR, LOAD_FR.replace('"clips-small")', '"clips-small", split="a")')],
    "en/chapter1/2.mdx": [PLAY, PLAY.replace("0.1", "0.2")],
    "fr/chapter1/2.mdx": [PLAY_FR, PLAY_FR.replace("0.1", "0.2")],
}
HISTORY_STEPS = st.lists(st.tuples(
    st.sampled_from(["write", "commit", "write and commit", "checkout", "merge", "synced",
                     "amend"]), st.sampled_from(sorted(VERSIONS)), st.integers(0, 999)),
    min_size=1, max_size=6)


def _history_step(root: Path, kind: str, name: str, n: int) -> None:
    date = f"2024-{1 + n % 12:02d}-{1 + n % 28:02d}T12:00:00"
    if kind in ("write", "write and commit", "amend"):
        write(root, {name: VERSIONS[name][n % len(VERSIONS[name])]})
    if kind == "synced":
        commits = git(root, "log", "--format=%H", "--", "content/en/chapter1/1.mdx").split()
        write(root, {"fr/chapter1/1.mdx": f"<!-- coursekit: code-synced source="
                     f"{commits[n % len(commits)][:12]} prose={commits[-1][:12]} -->\n{LOAD_FR}"})
    if kind in ("commit", "write and commit", "checkout", "merge", "amend"):
        git(root, "add", "-A")
        git(root, "commit", "-q", "--allow-empty", *["--amend"] * (kind == "amend"), "-m",
            name, date=date)
    if kind == "checkout":
        commits = git(root, "rev-list", "--all").split()
        git(root, "checkout", "-q", [*commits, "main"][n % (len(commits) + 1)])
    if kind == "merge":
        git(root, "checkout", "-q", "-b", f"side{n}-{len(git(root, 'branch').split())}")
        write(root, {name: VERSIONS[name][n % len(VERSIONS[name])] + "\nMore.\n"})
        _history_step(root, "commit", name, n + 1)
        git(root, "checkout", "-q", "-")
        _history_step(root, "write and commit", "fr/chapter1/2.mdx", n + 2)
        git(root, "merge", "-q", "--no-edit", "-X", "theirs", "-", date=date)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HISTORY_STEPS)
def test_a_course_with_history_after_any_commits(steps: list[tuple[str, str, int]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "course"
        plant(root, {"en/_toctree.yml": TOCTREE, "fr/_toctree.yml": TOCTREE,
                     **{name: texts[0] for name, texts in VERSIONS.items()}}, "Course")
        _report(root)
        for kind, name, n in steps:
            _history_step(root, kind, name, n)
            _same_as_without_cache(root, "lessons")
            _same_as_without_cache(root, "lessons", "--lang", "fr")
