"""How far ``outdated`` (TRN005) can be trusted on a real history that has the shapes
which make commit order lie, each grafted with real git onto the audio course's history.

The audio course's git bundle of ``../shared/corpora`` (skipped with a message when
absent) is cloned into a temporary folder and checked with history
(``coursekit check lessons --select TRN005 --show-all --no-cache --format json``). Its
findings, each with the commit it names as the cause, are the labelled truth: every one
was read and labelled true by hand, its cause commit right. That history has none of the
shapes below, so each is then grafted, with real git commands and dated after the
history's last commit, onto a fresh clone of it, as a course produces it:

- ``anchors``: ``[[anchor]]`` ids added to every heading of the source lessons, their
  relative links made absolute, their trailing whitespace (code included) and doubled
  blank lines removed, in one commit after the translations.
- ``release``: a release branch taken off a 2023 commit; "Bump release" commits there
  give it main's files as of 2024 and then as of now (squashes of main), translators fix
  prose on it, and it is merged back into main (a real merge); then a second release
  branch off a 2024 commit replays main's commits by ``git cherry-pick`` beside a
  translator's fixes and goes back into main as one squashed "Bump release" commit.
  The translations edited there have such a commit as their last edit.
- ``fix-all``: one commit that changes the same code line of three lessons in the
  source and in every translation that has the line.
- ``rename``: ``git mv chapters/ru chapters/ru-RU``, the workflows' language lists
  following.
- ``planted``: true findings of known cause: a source change of substance (new code, a
  new section) to two lessons whose translations are current, made on a branch merged
  back with a real merge, and one more to a third lesson merged back squashed; the
  French translator takes the first change on a branch cut before its merge (current).
- ``all``: every graft above on one history, in that order (renamed last).

None of the grafts but ``planted`` makes any translation lack anything: the truth after
them is the real history's findings with the same causes (paths renamed where a folder
was). ``planted`` adds every translation of its lessons that was current, outdated since
the planted commit. A finding is *true* when it is expected, *false* otherwise; its cause
is *right* when it names the expected commit (or a cherry-picked replay of it).

    .venv/bin/python bench/freshness_precision.py
    .venv/bin/python bench/freshness_precision.py --before /tmp/old-checkout
    .venv/bin/python bench/freshness_precision.py --keep /tmp/grafted --mode release

Then the real history cloned 10, 30 and 50 commits deep (a CI checkout's way): what the
cut hides may be missed, so recall is reported, but no finding may be false.

``--code DIR`` measures another checkout's coursekit, ``--before DIR`` measures one more
alike for a before/after pair. Target: precision >= 95% and recall 100% on every mode;
no false finding in a shallow clone.

Measured (before: ``3c796c8``; after: the creation of a source judged by content, and
prose-only edits of a translation no sync), precision / recall / cause right:

    graft     before                    after
    release   61.8%  21/26  17/21       100%  26/26  26/26
    planted   100%   47/48  47/47       100%  48/48  48/48
    all       76.8%  43/48  39/43       100%  48/48  48/48

the real history, ``anchors``, ``fix-all`` and ``rename``: 100%, 26/26, 26/26 both. Each
false and missed finding is read in docs/corpus-findings.md ("Outdated translations on a
grafted history").

Measured again later (before: ``e34f71f``; after: the commits at a shallow clone's cut
read as such, and a commit that writes a version of a translation an older commit wrote,
as the release graft's squash does with main's Korean edits, no sync of its own):

    graft               before                    after
    release             100%   25/26  25/25       100%  26/26  26/26
    all                 100%   47/48  47/47       100%  48/48  48/48
    10 commits deep     93.8%  15/26   6/15       100%  11/26   3/11
    30 commits deep     75.8%  25/26  20/25       100%  25/26  19/25
    50 commits deep     74.3%  26/26  24/26       100%  25/26  20/25

every other mode 100% both. In a shallow clone the cause named is the first change the
clone shows, which may come after the one the cut hides.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUNDLE = next((p for p in (HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle",
                           HERE.parent.parent.parent / "shared" / "corpora"
                           / "audio-course.git.bundle") if p.is_file()),
              HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle")
SOURCE = "chapters/en"
CAUSE = re.compile(r"first in ([0-9a-f]{7,40})")
TARGET_PRECISION = 0.95
TRUTH: dict[str, str | None] = {
    "chapters/bn/chapter1/preprocessing.mdx": "ac81306fb",
    "chapters/es/chapter1/preprocessing.mdx": "ac81306fb",
    "chapters/fr/chapter1/preprocessing.mdx": "5827be525",
    "chapters/fr/chapter4/classification_models.mdx": "e1729a125",
    "chapters/fr/chapter4/fine-tuning.mdx": "61a498fb2",
    "chapters/fr/chapter5/demo.mdx": "416cce2e8",
    "chapters/fr/chapter5/evaluation.mdx": "0d1851f69",
    "chapters/fr/chapter6/fine-tuning.mdx": "72a265ee4",
    "chapters/fr/chapter6/pre-trained_models.mdx": "2e0abd6b3",
    "chapters/fr/chapter7/voice-assistant.mdx": "d8853c470",
    "chapters/ko/chapter1/preprocessing.mdx": "ac81306fb",
    "chapters/ko/events/introduction.mdx": "1eff9e03a",
    "chapters/pt-BR/chapter1/preprocessing.mdx": "5827be525",
    "chapters/ru/chapter1/preprocessing.mdx": "5827be525",
    "chapters/ru/chapter4/classification_models.mdx": "e1729a125",
    "chapters/ru/chapter4/fine-tuning.mdx": "92006ca01",
    "chapters/ru/chapter5/demo.mdx": "416cce2e8",
    "chapters/ru/chapter5/evaluation.mdx": "0d1851f69",
    "chapters/ru/chapter6/fine-tuning.mdx": "72a265ee4",
    "chapters/ru/chapter6/pre-trained_models.mdx": "524dc92c7",
    "chapters/ru/chapter7/voice-assistant.mdx": "d8853c470",
    "chapters/tr/chapter1/preprocessing.mdx": "5827be525",
    "chapters/zh-CN/chapter1/preprocessing.mdx": "ac81306fb",
    "chapters/zh-CN/chapter5/demo.mdx": "d49b8a096",
    "chapters/zh-CN/chapter5/evaluation.mdx": "0d1851f69",
    "chapters/zh-CN/chapter6/fine-tuning.mdx": "72a265ee4",
}
"""The real history's TRN005 findings and the commit each names as its cause, every one
read and labelled true by hand, its cause right."""


# --- git ------------------------------------------------------------------------------


class Clock:
    """Commit dates after the real history's last one, one day apart."""

    def __init__(self) -> None:
        self.day = 0

    def next(self) -> str:
        self.day += 1
        return f"2026-05-{self.day:02d}T12:00:00" if self.day <= 28 else \
            f"2026-06-{self.day - 28:02d}T12:00:00"


def git(root: Path, *args: str, date: str = "2026-05-01T12:00:00") -> str:
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "Maintainer", "GIT_AUTHOR_EMAIL": "m@example.org",
           "GIT_COMMITTER_NAME": "Maintainer", "GIT_COMMITTER_EMAIL": "m@example.org",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}
    done = subprocess.run(["git", "-C", str(root), *args], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def clone(bundle: Path, root: Path) -> None:
    subprocess.run(["git", "clone", "-q", str(bundle), str(root)], check=True,
                   capture_output=True)
    git(root, "checkout", "-q", "-b", "main")


def commit_all(root: Path, subject: str, clock: Clock) -> str:
    git(root, "add", "-A", "chapters", ".github")
    git(root, "commit", "-q", "-m", subject, date=clock.next())
    return git(root, "rev-parse", "HEAD")


def on_main_before(root: Path, date: str) -> str:
    """The last commit of main's first-parent line before ``date``."""
    return git(root, "rev-list", "-1", "--first-parent", f"--before={date}", "main")


# --- the grafts -----------------------------------------------------------------------


@dataclass
class Graft:
    """What a graft changes in the truth."""

    renamed: dict[str, str] = field(default_factory=dict)
    """Old path prefix -> new one."""
    planted: dict[str, str] = field(default_factory=dict)
    """Translation path (as at the graft) -> the commit that made it outdated, for the
    translations that were current."""
    replays: dict[str, str] = field(default_factory=dict)
    """A cherry-picked commit -> the commit it replays."""


def _lines_outside_code(text: str) -> list[tuple[int, str, bool]]:
    """Each line with its index and whether it lies outside code fences."""
    found: list[tuple[int, str, bool]] = []
    fence: str | None = None
    for number, line in enumerate(text.split("\n")):
        stripped = line.lstrip()
        opener = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and opener:
            fence = opener[1]
            found.append((number, line, False))
        elif fence is not None:
            if stripped.startswith(fence) and not stripped[len(fence):].strip():
                fence = None
            found.append((number, line, False))
        else:
            found.append((number, line, True))
    return found


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"


def with_anchors(text: str) -> str:
    """Anchors on every heading, relative links absolute, doubled blank lines made
    single outside code, trailing whitespace gone everywhere."""
    out: list[str] = []
    for _, line, prose in _lines_outside_code(text):
        if prose:
            line = line.rstrip()
            heading = re.match(r"(#{1,6}) (.+)$", line)
            if heading and "[[" not in line:
                line = f"{line}[[{_slug(heading[2])}]]"
            line = re.sub(r"\]\(\.\./(chapter\d+/[\w-]+)\)",
                          r"](https://huggingface.co/learn/audio-course/en/\1)", line)
            if not line and out and not out[-1]:
                continue
        elif not line.startswith(("```", "~~~")):
            line = line.rstrip()
        out.append(line)
    return "\n".join(out)


def prose_fixed(text: str) -> str | None:
    """A translator's prose fix: the first word of the first paragraph set in bold;
    None where the lesson has no paragraph to fix."""
    lines = text.split("\n")
    for number, line, prose in _lines_outside_code(text):
        if prose and re.match(r"\w", line) and len(line) > 40 and "**" not in line:
            word = line.split()[0]
            lines[number] = f"**{word}**{line[len(word):]}"
            return "\n".join(lines)
    return None


def translations(root: Path) -> list[Path]:
    return sorted(p for p in (root / "chapters").glob("*/**/*.mdx")
                  if p.relative_to(root / "chapters").parts[0] not in ("en", "unpublished"))


def graft_anchors(root: Path, clock: Clock) -> Graft:
    for path in sorted((root / SOURCE).rglob("*.mdx")):
        text = path.read_text(encoding="utf-8")
        path.write_text(with_anchors(text), encoding="utf-8")
    commit_all(root, "Add anchors to every heading for stable links", clock)
    return Graft()


def _fix_prose(root: Path, languages: tuple[str, ...]) -> None:
    for path in translations(root):
        if path.relative_to(root / "chapters").parts[0] in languages:
            fixed = prose_fixed(path.read_text(encoding="utf-8"))
            if fixed is not None:
                path.write_text(fixed, encoding="utf-8")


def graft_release(root: Path, clock: Clock) -> Graft:
    graft = Graft()
    # A release branch that main is squashed into ("Bump release"), fixed by
    # translators, and merged back into main for real.
    git(root, "checkout", "-q", "-b", "release", on_main_before(root, "2023-07-05"))
    for tree in (on_main_before(root, "2024-06-01"), "main"):
        git(root, "read-tree", "-u", "--reset", tree)  # a clean squash of main as then
        git(root, "commit", "-q", "--allow-empty", "-m", "Bump release", date=clock.next())
    for language in ("fr", "ru", "zh-CN", "es"):
        _fix_prose(root, (language,))
        commit_all(root, f"{language}: prose fixes for the release", clock)
    git(root, "checkout", "-q", "main")
    # Files that main and the branch both added since their base conflict as a whole:
    # the release's side wins, as its maintainers merge it.
    git(root, "merge", "-q", "--no-ff", "-X", "theirs", "-m", "Merge branch 'release'",
        "release", date=clock.next())
    # A second release branch replays main's commits by cherry-pick beside translators'
    # fixes, and goes back into main squashed.
    base = on_main_before(root, "2024-06-01")
    picks = git(root, "rev-list", "--reverse", "--no-merges", f"{base}..main", "--",
                "chapters").split()
    git(root, "checkout", "-q", "-b", "release-2", base)
    for sha in picks:
        done = subprocess.run(["git", "-C", str(root), "cherry-pick", "--allow-empty",
                               "--keep-redundant-commits", sha],
                              env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull,
                                   "GIT_COMMITTER_NAME": "Maintainer",
                                   "GIT_COMMITTER_EMAIL": "m@example.org",
                                   "GIT_COMMITTER_DATE": clock.next()},
                              capture_output=True, check=False)
        if done.returncode != 0:
            git(root, "cherry-pick", "--abort")
            continue
        graft.replays[git(root, "rev-parse", "HEAD")] = sha
    _fix_prose(root, ("ko", "bn", "tr", "pt-BR"))
    commit_all(root, "Translations: prose fixes for release 2", clock)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--squash", "-X", "theirs", "release-2")
    git(root, "commit", "-q", "--allow-empty", "-m", "Bump release", date=clock.next())
    return graft


FIXES = (
    ("chapter2/asr_pipeline", 'split="train")', 'split="train", trust_remote_code=True)'),
    ("chapter1/load_and_explore", 'split="train")', 'split="train", trust_remote_code=True)'),
    ("chapter5/demo", "model=model_id)", "model=model_id, chunk_length_s=30)"),
)


def graft_fix_all(root: Path, clock: Clock) -> Graft:
    for lesson, old, new in FIXES:
        for path in sorted((root / "chapters").glob(f"*/{lesson}.mdx")):
            text = path.read_text(encoding="utf-8")
            if old in text:
                path.write_text(text.replace(old, new), encoding="utf-8")
    commit_all(root, "Fix the loading code in every language", clock)
    return Graft()


def graft_rename(root: Path, clock: Clock) -> Graft:
    git(root, "mv", "chapters/ru", "chapters/ru-RU")
    for workflow in sorted((root / ".github" / "workflows").glob("*.yml")):
        text = workflow.read_text(encoding="utf-8")
        workflow.write_text(re.sub(r"(languages: .*)\bru\b", r"\1ru-RU", text),
                            encoding="utf-8")
    commit_all(root, "Rename the Russian folder to ru-RU", clock)
    return Graft(renamed={"chapters/ru/": "chapters/ru-RU/"})


PLANTED_CODE = "\n\n## Checking the sampling rate\n\n```python\n" \
    "assert minds.features[\"audio\"].sampling_rate == 16_000\n```\n"


def _plant(root: Path, lesson: str) -> list[str]:
    """A new section with code at the end of the source lesson; its translations."""
    path = root / SOURCE / f"{lesson}.mdx"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + PLANTED_CODE,
                    encoding="utf-8")
    return [str(p.relative_to(root)) for p in sorted((root / "chapters").glob(f"*/{lesson}.mdx"))
            if p.parent.parent.name != "en"]


def graft_planted(root: Path, clock: Clock) -> Graft:
    graft = Graft()
    git(root, "checkout", "-q", "-b", "sampling-rate")
    owed = _plant(root, "chapter2/asr_pipeline") + _plant(root, "chapter1/load_and_explore")
    cause = commit_all(root, "Check the sampling rate before the pipeline", clock)
    git(root, "checkout", "-q", "main")
    _fix_prose(root, ("bn",))  # main moves on meanwhile: the merge is a real one
    commit_all(root, "bn: prose fixes", clock)
    before_merge = git(root, "rev-parse", "HEAD")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge branch 'sampling-rate'", "sampling-rate",
        date=clock.next())
    graft.planted.update(dict.fromkeys(owed, cause))
    # The French translator takes the change from the pull request, on a branch cut
    # before it was merged: current by content, though its commit never saw the change.
    git(root, "checkout", "-q", "-b", "fr-sampling-rate", before_merge)
    french = root / "chapters" / "fr" / "chapter2" / "asr_pipeline.mdx"
    french.write_text(french.read_text(encoding="utf-8").rstrip("\n") + PLANTED_CODE.replace(
        "Checking the sampling rate", "Vérifier la fréquence d'échantillonnage"),
        encoding="utf-8")
    commit_all(root, "fr: check the sampling rate", clock)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--no-ff", "-m", "Merge branch 'fr-sampling-rate'",
        "fr-sampling-rate", date=clock.next())
    del graft.planted[str(french.relative_to(root))]
    git(root, "checkout", "-q", "-b", "streaming-check")
    owed = _plant(root, "chapter1/streaming")
    commit_all(root, "Check the sampling rate when streaming", clock)
    git(root, "checkout", "-q", "main")
    git(root, "merge", "-q", "--squash", "streaming-check")
    cause = commit_all(root, "Check the sampling rate when streaming (#300)", clock)
    graft.planted.update(dict.fromkeys(owed, cause))
    return graft


GRAFTS: dict[str, Callable[[Path, Clock], Graft]] = {
    "anchors": graft_anchors, "release": graft_release, "fix-all": graft_fix_all,
    "rename": graft_rename, "planted": graft_planted,
}
MODES = (*GRAFTS, "all")
SHALLOW_DEPTHS = (10, 30, 50)
"""Shallow clones of the real history (``git clone --depth``): what the cut hides may be
missed, but no finding may be false."""


def graft(mode: str, root: Path) -> Graft:
    clock = Clock()
    names = [m for m in GRAFTS if m != "rename"] + ["rename"] if mode == "all" else [mode]
    total = Graft()
    for name in names:
        done = GRAFTS[name](root, clock)
        total.replays.update(done.replays)
        total.planted = {_renamed(p, done.renamed): c for p, c in total.planted.items()}
        total.planted.update(done.planted)
        total.renamed.update(done.renamed)
    return total


# --- judging --------------------------------------------------------------------------


def findings(root: Path, code: Path) -> dict[str, str | None]:
    """Translation path -> the short id of the commit its TRN005 finding names."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(
            [sys.executable, "-m", "coursekit", "check", "lessons", "--root", str(root),
             "--select", "TRN005", "--show-all", "--no-cache", "--format", "json",
             "-o", out.name],
            # Run from the course: ``-m`` would put the working folder's coursekit first.
            cwd=root, env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True,
            check=False)
        report = json.loads(Path(out.name).read_text(encoding="utf-8") or "{}")
    found: dict[str, str | None] = {}
    for diag in report.get("diagnostics", ()):
        if diag["rule"] == "TRN005":
            cause = CAUSE.search(diag["message"])
            found[diag["path"]] = cause[1] if cause else None
    return found


def _renamed(path: str, renamed: dict[str, str]) -> str:
    for old, new in renamed.items():
        if path.startswith(old):
            return new + path[len(old):]
    return path


def expected(truth: dict[str, str | None], done: Graft) -> dict[str, str | None]:
    found = {_renamed(p, done.renamed): c for p, c in truth.items()}
    for path, cause in done.planted.items():
        found.setdefault(path, cause)
    return found


@dataclass(frozen=True)
class Score:
    findings: int
    true: int
    false: int
    expected: int
    cause_right: int
    wrong: tuple[str, ...]

    @property
    def precision(self) -> float:
        return self.true / self.findings if self.findings else 1.0

    @property
    def recall(self) -> float:
        return self.true / self.expected if self.expected else 1.0

    def row(self, name: str) -> str:
        return (f"| {name} | {self.findings} | {self.true} | {self.false} | "
                f"{self.precision:.1%} | {self.recall:.1%} ({self.true}/{self.expected}) | "
                f"{self.cause_right}/{self.true} |")


def _same(cause: str | None, want: str | None, replays: dict[str, str]) -> bool:
    if cause is None or want is None:
        return cause == want
    full = next((r for r in replays if r.startswith(cause)), None)
    return want.startswith(cause) or cause.startswith(want) or (
        full is not None and replays[full].startswith(want))


def score(found: dict[str, str | None], want: dict[str, str | None],
          replays: dict[str, str]) -> Score:
    true = [p for p in found if p in want]
    right = [p for p in true if _same(found[p], want[p], replays)]
    wrong = tuple(
        [f"false: {p} (cause {found[p]})" for p in sorted(set(found) - set(want))]
        + [f"missed: {p} (cause {want[p]})" for p in sorted(set(want) - set(found))]
        + [f"cause: {p} names {found[p]}, expected {want[p]}" for p in true if p not in right])
    return Score(len(found), len(true), len(found) - len(true), len(want), len(right), wrong)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--code", type=Path, default=HERE.parent,
                        help="checkout whose coursekit is measured")
    parser.add_argument("--before", type=Path, help="another checkout, measured alike")
    parser.add_argument("--mode", choices=MODES, action="append",
                        help="only this graft (repeatable); default: every one")
    parser.add_argument("--keep", type=Path, help="keep the grafted histories here")
    parser.add_argument("--verbose", action="store_true",
                        help="list each false, missed or wrongly caused finding")
    args = parser.parse_args()
    if not args.bundle.is_file():
        print(f"skipped: no course bundle at {args.bundle}")
        return 0
    codes = {"after": args.code.resolve()}
    if args.before is not None:
        codes = {"before": args.before.resolve(), **codes}
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        real = work / "real"
        clone(args.bundle, real)
        print(f"truth: {len(TRUTH)} findings of the real history, labelled true by hand")
        print("| mode, code | findings | true | false | precision | recall | cause right |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        failed = False
        for label, code in codes.items():
            result = score(findings(real, code), TRUTH, {})
            print(result.row(f"real history, {label}"))
            failed |= label == "after" and result.recall < 1.0
        for mode in args.mode or MODES:
            root = work / mode
            clone(args.bundle, root)
            done = graft(mode, root)
            want = expected(TRUTH, done)
            for label, code in codes.items():
                result = score(findings(root, code), want, done.replays)
                print(result.row(f"{mode}, {label}"))
                if args.verbose:
                    for line in result.wrong:
                        print(f"    {line}")
                if label == "after":
                    failed |= result.precision < TARGET_PRECISION or result.recall < 1.0
        for depth in () if args.mode else SHALLOW_DEPTHS:
            root = work / f"depth-{depth}"
            subprocess.run(["git", "clone", "-q", "--depth", str(depth), f"file://{real}",
                            str(root)], check=True, capture_output=True)
            for label, code in codes.items():
                result = score(findings(root, code), TRUTH, {})
                print(result.row(f"{depth} commits deep, {label}"))
                if args.verbose:
                    for line in result.wrong:
                        print(f"    {line}")
                failed |= label == "after" and result.false > 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
