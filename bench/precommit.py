"""Benchmark of the pre-commit hooks: a commit that touches one lesson and one subtitle
file of the bundled course, with the hooks of ``.pre-commit-hooks.yaml`` (run by
pre-commit, with the ``coursekit`` of this environment) against the same commit
without hooks (``git commit --no-verify``).

    .venv/bin/python bench/precommit.py [--repeat 5]

Target: the hooks add under 2 s to such a commit.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LESSON = "content/fr/chapter3/4.mdx"
SUBTITLES = "subtitles/fr/01_a-full-training-loop-(pytorch).srt"


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update({
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(home / "cache"), "HOME": str(home),
        "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.org",
        "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.org",
    })
    return env


def _git(repo: Path, env: dict[str, str], *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def setup(base: Path, env: dict[str, str]) -> Path:
    hooks = base / "hooks"
    hooks.mkdir()
    shutil.copy(REPO / ".pre-commit-hooks.yaml", hooks)
    _git(hooks, env, "init", "-q", "-b", "main")
    _git(hooks, env, "add", ".")
    _git(hooks, env, "commit", "-q", "-m", "hooks")
    course = base / "course"
    for folder in ("content", "subtitles"):
        shutil.copytree(REPO / folder, course / folder)
    (course / "coursekit.toml").write_text(
        'source-language = "en"\nframeworks = ["pt", "tf"]\n', encoding="utf-8")
    (course / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {hooks}\n  rev: {_git(hooks, env, 'rev-parse', 'HEAD')}\n  hooks:\n"
        "  - id: coursekit-subtitles\n    language: system\n"
        "  - id: coursekit-lessons\n    language: system\n", encoding="utf-8")
    _git(course, env, "init", "-q", "-b", "main")
    _git(course, env, "add", ".")
    _git(course, env, "commit", "-q", "-m", "course")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=course, env=env,
                   check=True, capture_output=True)
    return course


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def commit(course: Path, env: dict[str, str], n: int, *, hooks: bool) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one commit (CPU: of every process it started)."""
    lesson = course / LESSON
    lesson.write_text(lesson.read_text("utf-8") + f"\nUne phrase de plus ({n}).\n",
                      encoding="utf-8")
    subtitle = course / SUBTITLES
    subtitle.write_text(re.sub(r"\(musique[^)]*\)", f"(musique {n})",
                               subtitle.read_text("utf-8"), count=1), encoding="utf-8")
    _git(course, env, "add", LESSON, SUBTITLES)
    started, cpu = time.perf_counter(), _cpu()
    args = ["commit", "-q", "-m", f"edit {n}"] + ([] if hooks else ["--no-verify"])
    done = subprocess.run(["git", *args], cwd=course, env=env, capture_output=True, text=True)
    elapsed, used = time.perf_counter() - started, _cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"commit {n} failed:\n{done.stdout}{done.stderr}")
    return elapsed, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = _env(Path(tmp))
        course = setup(Path(tmp), env)
        commit(course, env, 1, hooks=True)  # warm-up: pre-commit clones the hook repository
        with_hooks, without = [], []
        for n in range(2, 2 + options.repeat):
            with_hooks.append(commit(course, env, 2 * n, hooks=True))
            without.append(commit(course, env, 2 * n + 1, hooks=False))
    print(f"{'commit of one lesson and one subtitle file':<44} {'wall':>7} {'cpu':>7}")
    for label, runs in (("with the coursekit hooks", with_hooks),
                        ("without hooks (--no-verify)", without)):
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"  {label:<42} {wall:>6.2f}s {cpu:>6.2f}s")
    added = [h[0] - b[0] for h, b in zip(with_hooks, without, strict=True)]
    added_cpu = [h[1] - b[1] for h, b in zip(with_hooks, without, strict=True)]
    print(f"  {'added by the hooks (target < 2 s)':<42} {statistics.median(added):>6.2f}s "
          f"{statistics.median(added_cpu):>6.2f}s")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: on a busy machine "
          "the wall-clock time is CPU time spent waiting for a core")


if __name__ == "__main__":
    main()
