"""pytest plugin: ``pytest --coursekit [--coursekit-root DIR]`` turns a course into tests.

Collection plans without running (:mod:`coursekit.pytest_items`): each notebook that
``coursekit verify`` would run has an item of its plain cells
(``en/chapter1/1.ipynb::cells``), one of each documented error scenario
(``...::scenario@<source>``) and a skipped one of each expectation of another device;
each notebook file that cannot be read has an item of its own (``<path>::verify``), and
the run, when a notebook is to run, one item ``coursekit::run`` for the findings only
running makes (stand-ins that could not be prepared, a kernel that sees no GPU, a
stored result refused); every item is marked ``coursekit``, and a notebook's by its
framework and language (``-m "tf and fr"``). An item's id given as an argument
(``en/chapter1/1.ipynb::cells``; a notebook's path for all of its items) collects only
what it names. ``--collect-only`` starts no kernel. The first item that runs verifies
the notebooks of the items selected (``-k``, ``-m``, ``--deselect``, ``--lf``), once
for the session (:mod:`coursekit.pytest_run`; with ``-x``, ``--maxfail`` or ``--sw``
each notebook as its first item runs, so that none runs after the session stops):
none when only ``<path>::verify`` items are, and then no kernel starts.
``coursekit::run`` is selected whenever an item of a notebook is, after every other
selection (only ``--deselect coursekit::run`` leaves it out then; ``--lf`` does not,
when it passed), so that a selection never loses the run's findings; named alone, it
verifies every notebook. ``--coursekit-lang`` and ``--coursekit-framework`` limit the
course as ``verify --lang/--framework`` do.

A failure counts as ``coursekit verify`` counts it: the findings go through the same
report pipeline (:mod:`coursekit.report.pipeline`, with the course's rule selection and,
with ``--coursekit-baseline FILE``, the baseline ``verify --baseline`` reads), and a cell
fails its item only where an error finding is kept at it; a finding on the notebook
that no cell carries (it could not be read or run) fails its plain-cells item, an error
at a notebook file that could not be read that file's item, and any other error of the
run ``coursekit::run`` (:mod:`coursekit.pytest_outcomes`). Without ``--coursekit`` the
plugin does nothing (and imports nothing heavy). Without ``--coursekit-root`` the course
is found as the command line's ``--root`` is, from the paths pytest collects (a lesson
folder it runs in, a course folder it is given or has in ``testpaths``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Generator

    from coursekit.config import Course
    from coursekit.execution.plan.model import NotebookPlan
    from coursekit.pytest_items import CoursekitItem
    from coursekit.pytest_run import Request

_RUN_ITEM: pytest.StashKey[CoursekitItem] = pytest.StashKey()
"""The item of the run's own findings, kept out of the items until the selection is made."""
_NAMED: pytest.StashKey[tuple[str, ...]] = pytest.StashKey()
"""The ids of the course's items named on the command line, taken from pytest's paths."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("coursekit")
    group.addoption("--coursekit", action="store_true", help="Verify the course's lessons.")
    group.addoption("--coursekit-root", default=None, metavar="DIR",
                    help="Course checkout to verify (default: found from the paths pytest "
                         "collects, as `coursekit --root` is found from the current "
                         "folder: the nearest folder upwards with the course's "
                         "configuration or lesson or subtitle folders).")
    group.addoption("--coursekit-device", default="auto", choices=("cpu", "cuda", "auto"),
                    help="Device the lessons run on.")
    group.addoption("--coursekit-baseline", default=None, metavar="FILE",
                    help="Fail only on findings not recorded in this baseline file, as "
                         "`coursekit verify --baseline FILE` does.")
    group.addoption("--coursekit-lang", action="append", default=[], metavar="LANG",
                    help="Only this language (repeatable), as `coursekit verify --lang`.")
    group.addoption("--coursekit-framework", action="append", default=[],
                    choices=("pt", "tf"),
                    help="Only notebooks of this framework (repeatable), as "
                         "`coursekit verify --framework`.")


def _open_course(root: Path) -> Course:
    """The course at ``root``, opened as ``coursekit verify`` opens it: a root that is
    not a folder, or a configuration problem (each ``CFG001`` finding with its file and
    line), is a usage error."""
    from coursekit.config import Course
    from coursekit.config.check import config_findings

    if not root.is_dir():
        raise pytest.UsageError(f"course root {root} is not a folder")
    course = Course.open(root)
    problems = config_findings(course)
    if problems:
        raise pytest.UsageError("\n".join(
            f"{root / d.location}: {d.severity.value} {d.rule} {d.message}" for d in problems))
    return course


def _course_root(config: pytest.Config) -> Path:
    """``--coursekit-root`` as given, else the course found as the command line finds
    it (:func:`coursekit.config.discovery.find_root`) from the paths pytest collects
    (its arguments, or its ``testpaths`` when run from its rootdir: a lesson folder, or
    the course's folder named from the top of a repository), else from pytest's
    configuration file and rootdir; paths in two courses are a usage error, and none
    found keeps the current folder (which then holds nothing to verify)."""
    given = config.getoption("coursekit_root")
    if given is not None:
        return Path(given)
    from coursekit.config.discovery import find_root

    here = config.invocation_params.dir
    # With only items' ids given (all taken), the paths pytest collects without any.
    testpaths = config.getini("testpaths") if here == config.rootpath else []
    paths = [here / arg.split("::", 1)[0] for arg in config.args or testpaths or ["."]]
    found = sorted({root for path in paths if path.exists()
                    and (root := find_root(path)) is not None})
    if len(found) > 1:
        raise pytest.UsageError(
            "the paths pytest collects lie in different courses ("
            + ", ".join(str(root) for root in found) + "): give --coursekit-root DIR")
    if not found:
        ini = [config.inipath.parent] if config.inipath is not None else []
        found = [root for start in (*ini, config.rootpath)
                 if (root := find_root(start)) is not None][:1]
    return found[0] if found else Path(".")


def _request(config: pytest.Config) -> Request:
    """What the options ask of the course, each problem a usage error as it is for
    ``coursekit verify``: a device that is not there, a language the course lacks, a
    bad ``[tool.coursekit.verify]`` table, a baseline that is no baseline."""
    import click

    from coursekit.cli.options import known_languages
    from coursekit.config import ConfigError
    from coursekit.execution.plan.settings import read_settings
    from coursekit.execution.run.device import DeviceError, resolve_device
    from coursekit.pytest_run import Request
    from coursekit.report.pipeline import BaselineError

    course = _open_course(_course_root(config))
    baseline = config.getoption("coursekit_baseline")
    try:
        read_settings(course)
        languages = known_languages(config.getoption("coursekit_lang"),
                                    course.lesson_languages(), course)
        request = Request(course, resolve_device(config.getoption("coursekit_device")),
                          languages=languages,
                          frameworks=list(dict.fromkeys(
                              config.getoption("coursekit_framework"))) or None,
                          baseline=None if baseline is None else Path(baseline))
        request.errors([])  # the baseline read now: one that is none stops the session
    except click.UsageError as exc:
        raise pytest.UsageError(exc.message) from exc
    except (BaselineError, ConfigError, DeviceError) as exc:
        raise pytest.UsageError(str(exc)) from exc
    return request


def _planned(request: Request) -> tuple[list[NotebookPlan], list[str]]:
    """The plans of the notebooks to run and the files that could not be read; no
    notebook to verify is a usage error, as it is for ``coursekit verify``."""
    from coursekit.execution.plan.scope import EmptyScopeError

    try:
        plans, unread = request.plan()
    except EmptyScopeError as exc:
        if request.languages is not None or request.frameworks is not None:
            raise pytest.UsageError(str(exc)) from exc
        # The whole course is the scope: name its root as given, not as the course sees it.
        course = request.course
        if not course.lesson_languages():
            raise pytest.UsageError(
                f"no course in {course.root} (no lesson folder with a language in it): name "
                "the course's folder (`pytest --coursekit path/to/course`) or give "
                "--coursekit-root") from exc
        raise pytest.UsageError(
            f"no notebook to verify in {course.root}: no lesson of the course has "
            "code, and it has no notebook") from exc
    return plans, list(dict.fromkeys(d.path for d in unread))


def _named(made: list[CoursekitItem], named: tuple[str, ...],
           root: Path) -> list[CoursekitItem]:
    """The items of ``made`` that the ids of ``named`` name (all of them when it names
    none), as pytest collects only the tests named: an item by its id, a notebook's
    items by its path. ``coursekit::run`` stays, to be selected with its notebooks; an
    id that names no item is a usage error, as pytest's ``not found`` is."""
    from coursekit.pytest_outcomes import RUN_ITEM

    def names(arg: str, item: CoursekitItem) -> bool:
        return item.nodeid == arg or item.nodeid.startswith(f"{arg}::")

    for arg in named:
        if not any(names(arg, item) for item in made):
            raise pytest.UsageError(f"not found: {arg} (no item of the course {root} "
                                    "has this id)")
    if not named:
        return made
    return [item for item in made
            if item.name == RUN_ITEM or any(names(arg, item) for arg in named)]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item],
) -> None:
    if not config.getoption("coursekit", default=False):
        return
    from coursekit.pytest_items import planned_items
    from coursekit.pytest_outcomes import RUN_ITEM
    from coursekit.pytest_run import LazyRun

    request = _request(config)
    plans, unread = _planned(request)
    stops = bool(config.option.maxfail or config.getoption("stepwise", False))
    run = LazyRun(request, session, unread=frozenset(unread), stops=stops)
    made = planned_items(session, run, request.course, plans, unread)
    run.collected = {item.name: item.planned.notebook for item in made}
    made = _named(made, config.stash.get(_NAMED, ()), request.course.root)
    # Counted as collected ("collected 3 items", --collect-only), as a collector's are.
    config.hook.pytest_collectreport(report=pytest.CollectReport(
        session.nodeid, "passed", None, list[pytest.Item | pytest.Collector](made)))
    for item in made:
        if item.name == RUN_ITEM:
            config.stash[_RUN_ITEM] = item
        else:
            items.append(item)


def _names_an_item(arg: str, here: Path) -> bool:
    """Whether the argument ``arg`` is the id of an item of the course (or a notebook's
    path, for all its items): a notebook (``.ipynb``) that is no file from ``here``, or
    ``coursekit::run``, which no file's id can be."""
    path = arg.split("::", 1)[0]
    return (path == "coursekit" and "::" in arg) or (
        path.endswith(".ipynb") and not (here / path).exists())


def _take_item_ids(config: pytest.Config) -> tuple[str, ...]:
    """The arguments that are ids of the course's items, taken out of ``config.args``,
    where pytest would refuse them as paths that are no file; a notebook that is a file
    stays pytest's (another plugin may collect it)."""
    if config.args_source is not pytest.Config.ArgsSource.ARGS or config.option.pyargs:
        return ()
    here = config.invocation_params.dir
    named = tuple(arg for arg in config.args if _names_an_item(arg, here))
    config.args[:] = [arg for arg in config.args if arg not in named]
    return named


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """With ``--coursekit``: the items' marks are declared; the ids of items named on
    the command line are taken from the paths pytest collects; and
    :class:`_RunItemSelection` is registered, after the plugins pytest registers as it
    configures (``--lf``'s, ``--nf``'s): of two wrappers of a hook that both run first,
    the one registered later is the outer one, so its selection of the run's item
    comes after theirs."""
    if config.getoption("coursekit", default=False):
        from coursekit.pytest_items import MARKS, declare_marks

        declare_marks(config, MARKS)
        config.stash[_NAMED] = _take_item_ids(config)
        config.pluginmanager.register(_RunItemSelection(), "coursekit-run-item")


class _RunItemSelection:
    """Puts ``coursekit::run`` with the items of the notebooks once every other
    selection is made."""

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item],
    ) -> Generator[None]:
        """After every selection (``-k``, ``-m``, ``--deselect``, ``--lf``,
        ``--sw``): the run's item stays with the items of the notebooks selected, since
        only running them finds what it carries; it is deselected, as pytest deselects,
        when none is selected (unless its id is given as an argument) or
        ``--deselect`` names it. It is out of ``items`` until
        then, so no selection deselects it on its own (``--lf`` would, having seen it
        pass, while it reruns the notebooks that failed)."""
        from coursekit.pytest_items import CoursekitItem

        yield
        run = config.stash.get(_RUN_ITEM, None)
        if run is None:
            return
        named = run.nodeid.startswith(tuple(config.getoption("deselect", None) or ()))
        asked = run.nodeid in config.stash.get(_NAMED, ())  # alone: every notebook runs
        if not named and (asked or any(isinstance(item, CoursekitItem)
                                       and item.planned.notebook for item in items)):
            items.append(run)
        else:
            config.hook.pytest_deselected(items=[run])
