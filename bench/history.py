"""What judging translations by git history costs: ``coursekit check`` in a git checkout
of a real course against the same files without their history, in one run.

The course is the audio course's git bundle of ``../shared/corpora`` (skipped with a
message when absent), cloned at bench time into a temporary folder; the baseline is a
copy of the same files without ``.git``, where ``check`` judges from structure alone.
Each figure is the CPU time of a whole ``coursekit check`` in a process of its own,
git's processes included, three ways:

- *cold*: ``--no-cache``, everything judged;
- *warm*: the check cache filled by the run before, nothing changed;
- *changed*: one source lesson (the one with the most translations) gains a code block,
  committed in the clone (written alike in the copy), with the cache of the round's
  warm run: that lesson and its translations are judged again, by history in the clone.

With ``--repeat N`` each round times the three, baseline first, and a ratio is the
median of the rounds' ratios (with the lowest and highest). ``--code DIR`` measures
another checkout's coursekit; ``--before DIR`` times that checkout too, in the same
rounds, on a clone and a copy of its own (two versions' entries would evict each
other in one cache), for a before/after pair measured alike.

    .venv/bin/python bench/history.py --repeat 5
    .venv/bin/python bench/history.py --before /tmp/old-checkout --repeat 5

Target: ``check`` with history <= 1.2x without, cold and warm.

Measured (2 shared cores, load 5.2-6.1; ``--repeat 5``, this version, then ``--code`` of
the version before, whose history check bypassed the cache; ``changed`` is
``chapters/en/chapter0/community.mdx``, with 8 translations):

    before: cold 1.23x (1.18-1.37x), warm 2.47x (2.00-2.67x), changed 2.25x (2.10-2.54x)
    after:  cold 1.27x (1.22-1.31x), warm 1.12x (0.98-1.15x), changed 1.12x (1.02-1.14x)

The cold runs (``--no-cache``) are the same code in both; at load 2.3-2.6 they measured
1.15x (1.03-1.26x).

Cold, after the versions were known by their object ids from the raw log (a version read
already not read again, a file's creation known without asking git), each version the
source a translation followed compared once, every translation judged before any is
compared (one formatter batch, not three) and the runs of tokens counted faster
(``--repeat 7`` with ``--before`` at ``ffeab90``, load 2.1-2.6; 0.78 s without history):

    before: cold 1.34x (1.31-1.37x), warm 1.08x (1.03-1.17x), changed 1.11x (1.08-1.21x)
    after:  cold 1.25x (1.24-1.28x), warm 1.11x (1.03-1.18x), changed 1.15x (1.03-1.19x)

Cold, after a code block of an old version was tokenized only where a change is weighed
(two blocks of one text are equal unread), the commit graph came with the raw log (one
``git log``, its diffs limited to the course folder, not two) and one ``git status`` said
which files differ from the last commit (``git diff HEAD`` and the untracked files only
where a file is staged and edited again): ``--repeat 7`` with ``--before`` at
``11984d7``, load 1.8-2.2, 0.75 s without history:

    before: cold 1.27x (1.25-1.28x), warm 1.10x (1.02-1.20x), changed 1.11x (1.09-1.17x)
    after:  cold 1.24x (1.20-1.27x), warm 1.07x (1.03-1.15x), changed 1.10x (1.06-1.19x)

Still above 1.2x cold. What it spends on history (about 0.175 s of CPU measured in the
process, 0.195 s before): parsing the 55 old versions the changes the translations may
lack need (0.05 s, four fifths of it markdown-it's block parse, as for the lessons read
now: a lighter parse would change what an old version is), tokenizing the code those
changes are weighed by (0.02 s) and counting its runs (0.02 s), git's processes (0.025 s:
the log, the status, the reads of old versions), reading the log (under 0.01 s) and the
source versions 23 outdated translations followed, compared with them.

Then what a source change added and removed is counted once for all the translations of
that source (it was counted again for each): judging the audio course's 205 translations
went from 0.116 s to 0.107 s of CPU in the process, inside the spread of the whole
command (``--repeat 7`` with ``--before`` at ``7d1c57e``, load 0.4-0.6: cold 1.21x
(1.10-1.43x) before, 1.22x (1.10-1.77x) after; ``--repeat 9`` alone: 1.23x
(1.20-1.36x)). Still above 1.2x cold. Measured in one run, with history the command
spends about 0.17 s more: judging the translations 0.107 s (parsing the 55 old versions
0.046 s, tokenizing the code blocks they changed about 0.015 s, counting runs of tokens
0.009 s, the rest the walks of the commit graph and the comparisons), comparing the 26
outdated translations with the versions they followed 0.013 s, their sync plans 0.010 s,
opening the history 0.009 s, and git's processes 0.032 s of their own CPU (the log
0.015 s, the blobs 0.011 s, the status 0.003 s and the top-folder question 0.002 s). No
single part is the 0.03 s that 1.2x needs; of the 375 changes of English lessons in the
log, 12 replace prose lines by prose lines alone, too few for a cheaper reading of old
versions to pay.

Then a translation whose substance is its source's now is judged current without
reading any old version of the source (it has every change that lasted, so none is
owed): 42 old versions parsed instead of 55. ``--repeat 9`` with ``--before`` at
``7d1c57e``, load about 1: cold 1.25x (1.21-1.27x) before, 1.23x (1.18-1.24x) after;
warm 1.08x and 1.06x; changed 1.09x and 1.10x. The remaining cost is the tokens of the
code blocks that changed (166 texts more than without history, 0.018 s) and the parse
of the old versions that a translation's content cannot answer without (0.041 s).

Then three kinds of wasted work went. Most of those 166 texts were blocks that the
source shared with its old versions or its translations: a change of code is now weighed
by the blocks its two sides do not share (a lesson's runs are its blocks' runs added up,
so a block of one text on both sides adds the same to each), and what changed is counted
block for block, by text first and by tokens only where no text matches (56 texts
tokenized more than without history instead of 137; findings byte for byte the same,
and ``bench/freshness_precision.py`` the same on every grafted history). Which commit had
seen which is a set of bits per commit made in one pass over the log, and a course whose
``.git`` says that it is the top of its checkout no longer asks ``git rev-parse``.
``--repeat 11`` with ``--before`` at ``acd64b5``, load about 1: cold 1.23x (1.18-1.38x)
before, 1.17x (1.16-1.24x) after; warm 1.08x and 1.08x; changed 1.07x and 1.11x. Then
the file as it is now was no longer read from git (its id compared instead: 13 reads
fewer). Three more runs against ``acd64b5``, load 0.3-1.0: cold 1.22x and 1.20x
(``--repeat 11``), 1.24x and 1.19x (``--repeat 11``), 1.26x and 1.22x (``--repeat 21``,
1.11-1.39x after): about 0.03 less than before in each, and at the 1.2x target rather
than under it. What history costs now, about 0.13 s over 0.73 s: the markdown-it parse of
the 42 old versions a verdict needs (0.04 s), git's processes (0.027 s: the log 0.014 s,
the blobs 0.009 s, the status 0.0035 s), the versions an outdated translation followed
compared with it and its sync plan (0.018 s), the code of changed blocks tokenized and
its runs counted (0.02 s), and the walks of the history (about 0.02 s).

All the figures above compiled coursekit's modules in every run: the environment they
were taken in sets ``PYTHONDONTWRITEBYTECODE``, so no bytecode was kept, and each run
paid about 0.1 s for it on both sides. An installed package runs from bytecode, and
the smaller base makes the same extra cost a larger share. The bench now writes the
bytecode in its first run and reads it after. Measured so, with the versions an
outdated translation followed compared only by the differences that fold, one version
at a time and no more once none can be the translation's own (28 comparisons instead
of 34): ``--repeat 9`` with ``--before`` at ``4f38524``, load 0.2-0.6, 0.62 s without
history: cold 1.23x (1.21-1.33x) before, 1.24x (1.15-1.28x) after; warm 1.11x and 1.12x;
changed 1.17x and 1.13x. The least CPU time of 20 paired cold runs each: 0.144 s of
history before, 0.138 s after, over 0.61 s. Cold stays above the 1.2x target; warm
and changed meet it.

Then the log itself was kept in the check cache with the commit it was read from: a warm
run at the same commit asks git only for that commit's id, and a run after commits made
on top of it reads only those (``kept_log``). Two runs of ``--repeat 15`` against
``4f38524``, load about 1, while a new commit still read the whole log: warm 1.11x and
1.16x before, 1.08x (0.91-1.16x) and 1.06x (0.75-1.19x) after; changed (a commit) 1.12x
and 1.14x before, 1.20x and 1.20x after, since it paid for the id and for keeping the log
and still read all of it. Then, reading only the new commits: ``--repeat 15``, warm 1.14x
before, 1.06x (0.84-1.13x) after; changed 1.13x before, 1.09x (0.90-1.20x) after; cold
1.24x and 1.22x (the same code). The same code with the log kept and without it, in 15
alternating rounds: 0.336 s and 0.361 s at the same commit, 0.382 s and 0.401 s after
a commit (medians).

Then each code text was tokenized once per run (a source block formatted for each
drifted translation had been tokenized again each time: 130 tokenizations of 59 texts
without history, 207 of 108 with it; now 59 and 108). Both sides gain alike, so the
ratios stay: ``--repeat 11`` against ``e34f71f``, load about 1, cold 1.23x (1.12-1.28x)
before and 1.25x (1.15-1.29x) after, warm 1.08x and 1.08x, changed 1.10x and 1.12x.
Measured in the process, what history adds is now: the 42 old versions parsed 0.040 s,
the 49 code texts only history tokenizes 0.008 s, weighing changes against
translations 0.012 s, reading blobs 0.005 s, the walks of the history about 0.015 s,
the versions outdated translations followed and their sync plans 0.022 s, the log's
parse 0.009 s, and git's processes 0.025 s. Of the 37 versions parsed to weigh a
change, 17 belong to changes that leave the substance as it was (comments, outputs,
heading text); telling them apart without a parse would need a second reading of
Markdown beside markdown-it's.

Tried and not kept: reading an old version only where it differs from the file now
(markdown-it run on the lines between two blocks of the top level around what changed,
the rest of its substance taken from the lesson read now; every version of the audio
course's history but one differs from the file now in at most 5% of its lines). Of the 43
versions read, 42 were read so, but the 19 that outdated translations are compared with
are still parsed whole, and the parse time of the versions went from 0.042 s to 0.036 s
while judging the 205 translations stayed at 0.087-0.09 s of CPU (the cuts, the splices
and a second decoding of each text cost the rest). Twelve alternating rounds at load 0.5,
CPU of the whole command: with history 0.779 s on both sides, without it 0.618 s and
0.621 s.

Where a faster parse or tokenizer would leave the ratio, measured in one process each
(``--no-cache``, load about 0.5): without history 0.582 s of CPU, of which parsing the
257 lessons 0.105 s and tokenizing 59 code texts 0.0095 s; with history 0.716 s, of
which parsing 0.143 s (the 42 old versions are large lessons: 0.7 MB against 2.1 MB) and
tokenizing 0.0178 s. A parse of no cost at all would give 0.573 s / 0.477 s = 1.20x, and
a tokenizer of no cost besides 1.19x: the rest of what history adds (the log, the
walks, the weighing of changes, folding and sync plans of 26 outdated translations, git's
processes) is 0.1 s over a base of 0.47 s, in no part larger than 0.012 s. Then the
commit whose first parent a version comes from was found by its place in the log rather
than by a walk over the file's commits (340 walks): ``--repeat 7`` with ``--before`` at
the version before, load about 1, cold 1.25x (1.18-1.27x) before and 1.24x (1.20-1.27x)
after, inside the spread.

Then an outdated translation's last translation was read exactly: a commit after which
the source had not changed is no longer passed over unread where the verdict is
outdated (on this history 6 of the 26 outdated translations named a commit earlier than
their last translation), and a code-synced translation's prose is weighed by the
source's prose. ``--repeat 7`` with ``--before`` at ``78a9874``, load under 1: cold
1.26x (1.21-1.30x) before, 1.28x (1.27-1.32x) after; warm 1.06x and 1.09x; changed
1.10x and 1.14x. A right name costs about 0.015 s of CPU here.

Then two reads fewer. Whether a change left the source and the translation as the
translation's last commit had them (a squash of main) reads the source's two versions
first, and no version of the translation where they differ; and the version of the
source an outdated translation followed is aligned with it once, for its folded
differences and its sync plan (it was aligned again for the plan): 69 old versions
parsed instead of 72 (1.37 MB of text instead of 1.43 MB), 260 alignments instead of
285. The translation checks measured in their process (``check_translations`` with
git's processes, 21 alternating rounds, load 4-6): the history part 8 ms less (median of
the paired differences; 223 ms before, 212 ms after). ``--repeat 7`` with ``--before``
at ``a8e6fd9``, load 3.4-5.8: cold 1.34x (1.27-1.38x) before, 1.32x (1.19-1.37x) after;
warm 1.07x and 1.07x; changed 1.15x and 1.07x. Findings byte for byte the same on the
clone and on every grafted history of ``bench/freshness_precision.py``, whose figures
stay. Still above the 1.2x target cold, and no way found to reach it.

Where the history part goes now, measured in one process (about 0.2 s): parsing the 69
old versions 0.075-0.08 s, of which 64 (1.32 MB) are read for the 26 outdated
translations and 5 for the 179 current ones; 27 of them (0.67 MB) are the translation's
own versions that naming its last translation exactly reads (a typo fixed, blank lines
added, anchors or a sentence reworded: each commit is read to tell). Judging besides the
parse about 0.05 s: Python tokens of the code blocks 15 ms (about 50 texts more than
without history, about 9 ms: the rest is tokenized by history first and not again by the
comparison of the lessons), weighing changes against translations 10 ms, the walks and
comparisons 15 ms, the blobs 4 ms. Sync plans 11 ms, folded differences 7 ms, opening the
history 9 ms (the log's parse 4 ms). git's own CPU 26-33 ms: the log 15.7 ms; the status
10.5 ms on a fresh clone, whose index git must check file by file (3.4 ms once a commit
or a plain ``git status`` has refreshed it, as in the bench's rounds after the first);
``cat-file`` 6-7 ms.

Tried and not kept, each measured on the 72 versions the audio course's history parsed:

- A version read as an edit of a version read already: markdown-it run from the last
  top-level block before the first line that differs (a blank line before it), the
  earlier version's tokens kept before it and, once the run is at a block start of the
  earlier version past the last line that differs, the earlier version's tokens after
  it, their lines shifted; read whole where an earlier rule may have looked into the
  change (a comment or tip never closed, or a line starting with ``<`` that opens no tag
  within the 60 lines a tag is looked for). The tokens were those of a whole parse for
  all 72, but markdown-it's part went from 0.063 s to 0.043 s with the lessons read now
  as the earlier versions (their tokens would have to be kept when they are loaded), and
  from 0.051 s to 0.041 s without them (the first version of each file read whole): the
  block state over the whole text and the building of the blocks are still paid, and
  most versions differ in places far apart. 0.01-0.02 s for a second path to every
  version's tokens.
- A version's substance told from another's by the lines that differ, without a parse
  (each change inside one paragraph of the version read, after its first line, and its
  new lines starting with no character a block rule starts with): 5 of the 72 versions
  (104 KB of 1.43 MB) qualify. Most changes are in code blocks, in a paragraph's first
  line, or add or remove blank lines between blocks, and each of those needs more of
  Markdown's rules to be told apart without a parse.
- Only the object id asked of git where a version is asked by commit and name (70 of the
  139 reads; every one of those was known by its id, so their 1.1 MB of text went
  unused): ``cat-file --batch-command``'s ``info`` costs git 6.6 ms against 7.0 ms for
  the whole texts.

Then the log was read merge-aware, still one ``git log``: ``-c --combined-all-paths``
lists the files a merge wrote itself (those that differ from every parent), with their
object id and name in each parent, so a merge's parents' versions come from the log
unasked. git's own CPU for the log went from 0.014 s to 0.022 s (30 runs each, load
about 6); the audio course's merges wrote 12 lesson files themselves, which add no old
version parsed (69, as before) and change no finding, and ``bench/freshness_precision.py``
gives the same table on every grafted history. Two runs of ``--repeat 5`` with
``--before`` at ``c4e29a3`` and ``--code`` at ``2b6e792`` (worktrees, so that the cache
of neither is spoiled by edits of the checkout), load 5.4-7.3: cold 1.30x (1.24-1.33x)
and 1.30x (1.29-1.34x) before, 1.35x (1.29-1.41x) and 1.31x (1.22-1.45x) after; warm
1.07x and 1.07x before, 1.12x and 1.08x after; changed 1.12x and 1.12x before, 1.11x and
1.10x after. The log's 8 ms of git CPU is the part of it that is not noise.

Measured again later (``--repeat 5``, load about 1): cold 1.26x (1.23-1.35x), warm
1.10x, changed 1.11x. One more way to read fewer versions was counted and not built: a
version whose every change from a version read already lies inside fence bodies (the
block's code then taken from the new lines) or in plain prose lines (a letter first, no
``|``), its substance made from the version read: 30 of the 69 versions qualify, at
most 0.035 s of the 0.075 s their parse costs, where a parse of no cost at all gives
1.20x. Then, after this round's changes elsewhere (none in the history's path), at load
about 1 of I/O wait: ``--repeat 5`` cold 1.33x (1.26-1.55x); ``--repeat 7`` cold 1.31x
(1.10-1.43x), warm 1.08x (0.85-1.16x), changed 1.11x (1.01-1.17x).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUNDLE = next((p for p in (HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle",
                           HERE.parent.parent.parent / "shared" / "corpora"
                           / "audio-course.git.bundle") if p.is_file()),
              HERE.parent.parent / "shared" / "corpora" / "audio-course.git.bundle")
TARGET = 1.2


def _cpu(root: Path, code: Path, *options: str) -> float:
    """CPU seconds of one ``check`` of ``root`` with ``code``'s coursekit (run from
    ``code``: ``python -m`` puts the working folder before ``PYTHONPATH``)."""
    # Bytecode is written (the first run compiles it) and read, as an installed package
    # has it: compiling the modules in each run would add the same to both sides.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "coursekit", "check", *options, "--root", str(root)],
        cwd=code, env={**env, "PYTHONPATH": str(code)}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _git(root: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.org",
           "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.org"}
    done = subprocess.run(["git", "-C", str(root), *args], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout


def _most_translated(root: Path) -> str:
    """The source lesson (``chapters/en/...``) with the most translations."""
    source = root / "chapters" / "en"
    languages = [d for d in (root / "chapters").iterdir() if d.is_dir() and d != source]
    lessons = sorted(source.rglob("*.mdx"))
    best = max(lessons, key=lambda p: sum(
        (lang / p.relative_to(source)).is_file() for lang in languages))
    return best.relative_to(root).as_posix()


def _change(pair: tuple[Path, Path], lesson: str, round_: int) -> None:
    """One more code block in ``lesson`` of both folders, committed in the clone."""
    block = f"\n```py\nprint({round_})\n```\n"
    for root in pair:
        with (root / lesson).open("a", encoding="utf-8") as file:
            file.write(block)
    _git(pair[0], "commit", "-q", "-am", f"One more block ({round_})")


def _prepare(tmp: Path, name: str, bundle: Path) -> tuple[Path, Path]:
    """A clone of ``bundle`` and a copy of its files without ``.git``."""
    clone = tmp / name / "course"
    subprocess.run(["git", "clone", "-q", str(bundle), str(clone)], check=True,
                   capture_output=True)
    copy = tmp / name / "no-history"
    shutil.copytree(clone, copy, ignore=shutil.ignore_patterns(".git"))
    return clone, copy


KINDS = ("cold", "warm", "changed")


def _round(pair: tuple[Path, Path], code: Path, lesson: str,
           round_: int) -> dict[str, tuple[float, float]]:
    """The (without, with history) CPU seconds of each kind of run."""
    clone, copy = pair
    cold = (_cpu(copy, code, "--no-cache"), _cpu(clone, code, "--no-cache"))
    for root in pair:
        _cpu(root, code)  # the cache filled (or brought up to date)
    warm = (_cpu(copy, code), _cpu(clone, code))
    _change(pair, lesson, round_)
    changed = (_cpu(copy, code), _cpu(clone, code))
    return {"cold": cold, "warm": warm, "changed": changed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--code", type=Path, default=HERE.parent,
                        help="checkout whose coursekit is measured")
    parser.add_argument("--before", type=Path, help="another checkout, timed alike")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not args.bundle.is_file():
        print(f"skipped: no course bundle at {args.bundle}")
        return 0
    codes = {"after": args.code.resolve()} if args.before is None else {
        "before": args.before.resolve(), "after": args.code.resolve()}
    ratios: dict[tuple[str, str], list[float]] = {(n, k): [] for n in codes for k in KINDS}
    seconds: dict[tuple[str, str], list[float]] = {(n, k): [] for n in codes for k in KINDS}
    with tempfile.TemporaryDirectory() as tmp:
        pairs = {name: _prepare(Path(tmp), name, args.bundle) for name in codes}
        lesson = _most_translated(pairs["after"][0])
        print(f"changed each round: {lesson}")
        for name, code in codes.items():
            _cpu(pairs[name][1], code, "--no-cache")  # bytecode compiled, files cached
        for round_ in range(args.repeat):
            for name, code in codes.items():
                for kind, (base, timed) in _round(pairs[name], code, lesson, round_).items():
                    ratios[(name, kind)].append(timed / base)
                    seconds[(name, kind)].append(timed)
                    print(f"  {name} {kind}: without history {base:.2f} s, with {timed:.2f} s: "
                          f"{timed / base:.2f}x")
    met = True
    for (name, kind), found in ratios.items():
        ratio = statistics.median(found)
        met = met and (kind == "changed" or ratio <= TARGET)
        print(f"{name} {kind}: check with history / without: {ratio:.2f}x "
              f"({min(found):.2f}-{max(found):.2f}x over {len(found)} rounds; with history "
              f"{statistics.median(seconds[(name, kind)]):.2f} s)"
              + (f"; target <= {TARGET}x" if kind != "changed" else ""))
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
