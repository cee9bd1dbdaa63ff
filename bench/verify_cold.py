"""Cold ``coursekit verify`` of a real course, an older revision against this checkout.

Both sides run in the same invocation, alternately (baseline, current, baseline,
current...), so that the machine's load weighs on both alike; the load average at the
start and end of every run is shown, since on a shared machine it moves these times
more than coursekit does.

The baseline (``--baseline REV``, by default ``9b1de99``, the code before the
verify-fidelity work) is a detached git worktree of REV. Each side runs in an
environment of its own under ``--workdir``: a virtual environment whose only package
is a path file that puts the side's checkout first and then the packages of the
interpreter running this script, so that both sides run with the same libraries and
differ in coursekit's code only. Its kernelspecs are written into that environment,
which is the side's only Jupyter path (``JUPYTER_PATH``, ``JUPYTER_DATA_DIR``): the
kernelspecs of the shell running the benchmark are never written, nor read by a side,
and the benchmark stops if any of them changed. Both sides get a ``COURSEKIT_HOME``
of their own: stand-ins and kernel overlays of one side never reach the other's, nor
the machine's shared home. A side whose kernel requirements hash as the shared
kernel's links that kernel (read only); any other installs its own kernel under its
home, and the time it took is shown. The checkout, the environments and the homes are
kept for the next invocation.

Each side's stand-ins are built once (``coursekit standins build``, timed apart), then
every run verifies a fresh copy of the course: no stored results (``.verify-cache``
lives in the copy's build folder), and the side's stand-in home reset to what the
build left, so that what a run builds on demand is built again by the next.

    .venv/bin/python bench/verify_cold.py [--repeat 2]
    .venv/bin/python bench/verify_cold.py --baseline 9b1de99 \\
        --course ../shared/corpora/audio-course --lang en --framework pt

It prints each run (wall time, load at start and end, the notebooks of each status, errors
and warnings), the ratio current / baseline (the median of the rounds' ratios) and the
notebooks whose time differs most; each run's JSON report stays in ``WORKDIR/reports``.
Last figures (audio-course English, 2 cores, two invocations of ``--repeat 2``): 0.54x,
in docs/corpus-findings.md; against ``3c796c8`` (names read ahead, longest first), one
round at load 2.1-3.6: 79.0 s before, 76.4 s after (0.97x); against ``c3c71c7`` (before
kernels were forked from one process), ``--repeat 2`` at load 2.2-3.2: 60.1 s and 69.4 s
before, 21.4 s and 21.6 s after (0.33x), every verdict and finding count the same. The
current side's report
says where its time went (``timing``; docs/corpus-findings.md, "Where the cold time
goes").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SHARED_KERNELS = Path(os.environ.get("COURSEKIT_HOME")
                      or Path.home() / ".cache" / "coursekit") / "kernels"
"""The installed lesson kernels of this shell, which a side may link but never change."""
HASH_SCRIPT = ("import sys, coursekit; from coursekit.kernels.frameworks import framework; "
               "print(coursekit.__file__); print(framework(sys.argv[1]).requirements_hash())")


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    source: Path
    """The checkout whose code this side runs."""
    python: Path
    """The interpreter of the side's own environment (see :func:`side_environment`)."""
    home: Path
    """Its ``COURSEKIT_HOME``."""

    @property
    def jupyter(self) -> Path:
        """The side's only Jupyter path: where its kernelspecs are written and read."""
        return self.python.parent.parent / "share" / "jupyter"

    def environ(self) -> dict[str, str]:
        """This shell's variables, less any that would bring in other code or kernelspecs."""
        env = {name: value for name, value in os.environ.items()
               if name not in {"PYTHONPATH", "PYTHONHOME", "JUPYTER_CONFIG_DIR"}}
        return {**env, "COURSEKIT_HOME": str(self.home), "JUPYTER_PATH": str(self.jupyter),
                "JUPYTER_DATA_DIR": str(self.jupyter), "JUPYTER_PREFER_ENV_PATH": "1"}

    def coursekit(self, *args: str | Path, log: Path | None = None) -> int:
        """Run ``coursekit ARGS`` of this side; its output goes to ``log`` (appended)."""
        env = self.environ()
        # -P: the working folder (a checkout, maybe the other side's) is not on the path.
        command = [str(self.python), "-P", "-m", "coursekit", *map(str, args)]
        if log is None:
            return subprocess.run(command, env=env, check=False,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        with log.open("a", encoding="utf-8") as sink:
            sink.write(f"$ {' '.join(command)}\n")
            sink.flush()
            return subprocess.run(command, env=env, check=False, stdout=sink,
                                  stderr=subprocess.STDOUT).returncode


@dataclass(frozen=True, slots=True)
class Run:
    side: str
    round: int
    wall: float
    """Seconds from the command's start to its exit."""
    load: tuple[float, float]
    """The 1-minute load average at the start and at the end."""
    summary: dict[str, Any]
    """The JSON report's ``summary``."""
    notebooks: dict[str, tuple[float, str]]
    """Each notebook's seconds and status."""


def _run(command: list[str], log: Path, env: dict[str, str] | None = None) -> int:
    """The exit status of ``command``, whose output is appended to ``log``."""
    with log.open("a", encoding="utf-8") as sink:
        sink.write(f"$ {' '.join(command)}\n")
        sink.flush()
        return subprocess.run(command, env=env, check=False, stdout=sink,
                              stderr=subprocess.STDOUT).returncode


def _setup(command: list[str], log: Path) -> None:
    if _run(command, log) != 0:
        raise SystemExit(f"`{' '.join(command[:4])} ...` failed (see {log})")


def _commit(checkout: Path, rev: str) -> str:
    return subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", rev],
                          capture_output=True, text=True, check=True).stdout.strip()


def baseline_checkout(rev: str, workdir: Path, log: Path) -> Path:
    """A worktree of ``rev`` (made once)."""
    checkout = workdir / f"checkout-{_commit(REPO, rev)}"
    if not checkout.is_dir():
        _setup(["git", "-C", str(REPO), "worktree", "add", "--detach", str(checkout), rev], log)
    return checkout


def side_environment(name: str, source: Path, workdir: Path, log: Path) -> Path:
    """The interpreter of a virtual environment that runs ``source``'s coursekit with the
    packages of the interpreter running this script (made once, its path file rewritten).

    Its ``sys.prefix`` is its own, so ``coursekit kernels install`` writes the side's
    kernelspecs there and never over those of the shell that runs the benchmark."""
    prefix = workdir / f"env-{name}"
    python = prefix / "bin" / "python"
    if not python.exists():
        _setup([sys.executable, "-m", "venv", "--without-pip", str(prefix)], log)
    purelib = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    ours = {Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")}
    # The checkout is a plain path ahead of the packages, so that it wins over an
    # editable coursekit the packages may hold (its finder comes after the path).
    lines = [str(source.resolve()), *(f"import site; site.addsitedir({str(folder)!r})"
                                      for folder in sorted(ours))]
    (purelib / "coursekit_bench_side.pth").write_text("\n".join(lines) + "\n",
                                                      encoding="utf-8")
    return python


def user_kernelspecs() -> dict[str, str]:
    """The SHA-256 of every kernelspec file the shell running the benchmark can see."""
    from jupyter_client.kernelspec import KernelSpecManager

    found: dict[str, str] = {}
    for folder in KernelSpecManager().find_kernel_specs().values():
        spec = Path(folder) / "kernel.json"
        found[str(spec)] = (hashlib.sha256(spec.read_bytes()).hexdigest()
                            if spec.is_file() else "missing")
    return found


def check_user_kernelspecs(before: dict[str, str]) -> None:
    changed = sorted(path for path, digest in user_kernelspecs().items()
                     if before.get(path) != digest)
    changed += sorted(set(before) - set(user_kernelspecs()))
    if changed:
        raise SystemExit(f"the shell's kernelspecs changed during the benchmark: "
                         f"{', '.join(changed)} (restore them with `coursekit kernels install`)")


def requirements_hash(side: Side, framework: str) -> str:
    """The side's own hash of its kernel requirements. Run outside any checkout (``-P``,
    in the side's home): a ``python -c`` in this checkout would import this checkout's
    package whatever environment it is."""
    done = subprocess.run([str(side.python), "-P", "-c", HASH_SCRIPT, framework],
                          capture_output=True, text=True, check=True, cwd=side.home,
                          env=side.environ())
    module, digest = done.stdout.split()
    if not Path(module).resolve().is_relative_to(side.source.resolve()):
        raise SystemExit(f"{side.name}'s environment imports {module}, not {side.source}")
    return digest


def _shared_hash(framework: str) -> str:
    stamp = SHARED_KERNELS / framework / "coursekit-kernel.json"
    data = json.loads(stamp.read_text(encoding="utf-8")) if stamp.is_file() else {}
    return str(data.get("requirements_sha256", ""))


def prepare_kernel(side: Side, framework: str, log: Path) -> str:
    """Link the shared kernel when its requirements are this side's, else install one
    under the side's home; what was done, for the table."""
    wanted = requirements_hash(side, framework)
    same = _shared_hash(framework) == wanted
    own = side.home / "kernels" / framework
    if same and not own.exists() and not own.is_symlink():
        own.parent.mkdir(parents=True, exist_ok=True)
        own.symlink_to(SHARED_KERNELS / framework, target_is_directory=True)
    if own.is_symlink() and not same:
        # Installing through the link would change the machine's kernel.
        raise SystemExit(f"{own} links a kernel of other requirements: remove the link")
    started = time.monotonic()
    if side.coursekit("kernels", "install", "--framework", framework, log=log) != 0:
        raise SystemExit(f"{side.name}: the {framework} kernel did not install (see {log})")
    took = time.monotonic() - started
    if own.is_symlink() and _shared_hash(framework) != wanted:
        raise SystemExit(f"the shared {framework} kernel changed while {side.name} used it")
    return "shared, linked" if own.is_symlink() else f"own, {took:.0f} s to install or check"


def fresh_copy(course: Path, workdir: Path) -> Path:
    """A writable copy of the course with no stored verify results."""
    copy = Path(tempfile.mkdtemp(prefix="course-", dir=workdir)) / course.name
    shutil.copytree(course, copy, copy_function=shutil.copyfile)
    for folder, _, _ in os.walk(copy):
        os.chmod(folder, 0o755)
    if any(copy.rglob(".verify-cache")):
        raise SystemExit(f"{course} holds stored verify results; give a course without them")
    return copy


def build_standins(side: Side, course: Path, frameworks: list[str], workdir: Path,
                   log: Path) -> tuple[float, set[str]]:
    """Seconds the stand-in build took, and what the side's stand-in home then holds."""
    copy = fresh_copy(course, workdir)
    started = time.monotonic()
    options = [part for fw in frameworks for part in ("--framework", fw)]
    status = side.coursekit("standins", "build", "--root", copy, *options, log=log)
    took = time.monotonic() - started
    shutil.rmtree(copy.parent)
    if status != 0:
        raise SystemExit(f"{side.name}: the stand-ins did not build (see {log})")
    return took, _standin_entries(side)


def _standin_entries(side: Side) -> set[str]:
    folder = side.home / "standins"
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def _reset_standins(side: Side, kept: set[str]) -> None:
    """Remove the stand-in sets a previous run built on demand (this side's home only)."""
    for name in _standin_entries(side) - kept:
        path = side.home / "standins" / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def verify_cold(side: Side, round_: int, args: argparse.Namespace, kept: set[str],
                log: Path) -> Run:
    _reset_standins(side, kept)
    copy = fresh_copy(args.course, args.workdir)
    report = args.workdir / "reports" / f"{round_}-{side.name}.json"
    report.unlink(missing_ok=True)
    langs = [part for lang in args.langs for part in ("--lang", lang)]
    load = os.getloadavg()[0]
    started = time.monotonic()
    side.coursekit("verify", "--root", copy, *langs, "--device", "cpu", "--format", "json",
                   "-o", report, log=log)
    wall = time.monotonic() - started
    end = os.getloadavg()[0]
    if not report.is_file():
        raise SystemExit(f"{side.name}: verify wrote no report (see {log})")
    document = json.loads(report.read_text(encoding="utf-8"))
    shutil.rmtree(copy.parent)
    notebooks = {nb["notebook"]: (float(nb["duration"]), str(nb["status"]))
                 for nb in document["notebooks"]}
    return Run(side.name, round_, wall, (load, end), document["summary"], notebooks)


def print_runs(runs: list[Run]) -> None:
    statuses = sorted({status for run in runs for status in run.summary.get("statuses", {})})
    head = "".join(f" {status:>{max(len(status), 3)}}" for status in statuses)
    print(f"{'round':<5} {'side':<8} {'wall s':>7} {'load start, end':>15}{head} "
          f"{'errors':>6} {'warnings':>8}")
    for run in runs:
        counts = "".join(f" {run.summary['statuses'].get(status, 0):>{max(len(status), 3)}}"
                         for status in statuses)
        load = f"{run.load[0]:.1f}, {run.load[1]:.1f}"
        print(f"{run.round:<5} {run.side:<8} {run.wall:>7.1f} {load:>15}{counts} "
              f"{run.summary.get('errors', 0):>6} {run.summary.get('warnings', 0):>8}")
    ratios = [current.wall / baseline.wall
              for baseline, current in zip(runs[::2], runs[1::2], strict=True)]
    shown = ", ".join(f"{ratio:.2f}" for ratio in ratios)
    print(f"current / baseline, wall time: {statistics.median(ratios):.2f}x "
          f"(median of the rounds' ratios: {shown})")


def print_notebooks(runs: list[Run], shown: int = 5) -> None:
    """The notebooks whose median time differs most between the sides."""
    def median(side: str, notebook: str) -> float:
        return statistics.median(run.notebooks.get(notebook, (0.0, ""))[0]
                                 for run in runs if run.side == side)

    def status(side: str, notebook: str) -> str:
        found = {run.notebooks[notebook][1] for run in runs
                 if run.side == side and notebook in run.notebooks}
        return "/".join(sorted(found)) or "-"

    names = {name for run in runs for name in run.notebooks}
    gaps = sorted(names, key=lambda n: -abs(median("current", n) - median("baseline", n)))
    print(f"{'notebook (median s)':<44} {'baseline':>8} {'current':>8}  status")
    for name in gaps[:shown]:
        print(f"{name:<44} {median('baseline', name):>8.1f} {median('current', name):>8.1f}"
              f"  {status('baseline', name)} -> {status('current', name)}")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="9b1de99", help="the revision to compare with")
    parser.add_argument("--course", type=Path, default=REPO.parent / "shared" / "corpora"
                        / "audio-course", help="the course to verify (copied for each run)")
    parser.add_argument("--lang", action="append", dest="langs", default=None,
                        help="a language to verify (repeatable; default en)")
    parser.add_argument("--framework", action="append", dest="frameworks", default=None,
                        choices=("pt", "tf"),
                        help="a kernel the course's notebooks need (repeatable; default pt)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of both sides")
    parser.add_argument("--workdir", type=Path,
                        default=Path(tempfile.gettempdir()) / "coursekit-verify-cold",
                        help="where the baseline checkout and the homes are kept")
    args = parser.parse_args()
    args.langs = args.langs or ["en"]
    args.frameworks = args.frameworks or ["pt"]
    args.course = args.course.resolve()
    args.workdir = args.workdir.resolve()
    return args


def prepare(args: argparse.Namespace, log: Path) -> tuple[list[Side], dict[str, set[str]]]:
    """Both sides with their kernels and stand-ins; what their stand-in homes hold."""
    started = time.monotonic()
    checkout = baseline_checkout(args.baseline, args.workdir, log)
    sides = [Side(name, source, side_environment(name, source, args.workdir, log),
                  args.workdir / f"home-{name}")
             for name, source in (("baseline", checkout), ("current", REPO))]
    print(f"baseline checkout and environments: {time.monotonic() - started:.0f} s")
    kept: dict[str, set[str]] = {}
    for side in sides:
        side.home.mkdir(parents=True, exist_ok=True)
        kernels = "; ".join(f"{fw} {prepare_kernel(side, fw, log)}" for fw in args.frameworks)
        took, kept[side.name] = build_standins(side, args.course, args.frameworks,
                                               args.workdir, log)
        print(f"{side.name:<8} kernel: {kernels}; stand-ins built in {took:.0f} s")
    return sides, kept


def main() -> int:
    args = parse_args()
    if not args.course.is_dir():
        print(f"no course at {args.course}", file=sys.stderr)
        return 2
    (args.workdir / "reports").mkdir(parents=True, exist_ok=True)
    log = args.workdir / "bench.log"
    log.write_text("", encoding="utf-8")
    print(f"course: {args.course} ({', '.join(args.langs)}); baseline "
          f"{_commit(REPO, args.baseline)}, current {_commit(REPO, 'HEAD')}; "
          f"{os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M %Z')}; log {log}, "
          f"reports {args.workdir / 'reports'}")
    before = user_kernelspecs()
    sides, kept = prepare(args, log)
    check_user_kernelspecs(before)
    runs: list[Run] = []
    for round_ in range(1, args.repeat + 1):
        for side in sides:
            runs.append(verify_cold(side, round_, args, kept[side.name], log))
            check_user_kernelspecs(before)
            print(f"  round {round_} {side.name}: {runs[-1].wall:.1f} s", flush=True)
    print_runs(runs)
    print_notebooks(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
