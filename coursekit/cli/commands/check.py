"""``coursekit check``: lessons and subtitles together, or one of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

from coursekit.checks import CheckResult
from coursekit.cli.options import (
    EXIT_CLEAN,
    command_line_layer,
    finish,
    guarded,
    known_languages,
    lang_option,
    open_course,
    report_options,
    root_option,
    selection_options,
)
from coursekit.config import Course
from coursekit.config_check import config_findings
from coursekit.config_rules import NO_CONTENT
from coursekit.filescope import file_scope

Selectors = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""``--select``, ``--extend-select`` and ``--ignore`` as given."""
Check = Callable[[Course, Sequence[str] | None], CheckResult]


def lesson_checks(course: Course, languages: Sequence[str] | None) -> CheckResult:
    """Lesson syntax and toctrees, then translation drift against the source."""
    from coursekit.lessons.check import check_lesson_syntax
    from coursekit.translations.check import check_translations

    langs = languages or course.lesson_languages()
    result = CheckResult(
        diagnostics=check_lesson_syntax(course, languages),
        checked=[course.relative(f) for lang in langs for f in course.lesson_files(lang)],
    )
    result.extend(check_translations(course, languages))
    return result


def subtitle_checks(course: Course, languages: Sequence[str] | None) -> CheckResult:
    from coursekit.subtitles.check import check_subtitles

    return check_subtitles(course, languages)


def _run(
    checks: Sequence[Check], title: str, root: Path, langs: tuple[str, ...], fmt: str,
    output: Path | None, baseline: Path | None, update_baseline: bool,
    files: tuple[Path, ...] = (), selectors: Selectors = ((), (), ()),
) -> int:
    layer = command_line_layer(*selectors)
    course = open_course(root, lenient=True)
    selection = course.config.selection.then(layer)
    available = sorted(set(course.lesson_languages()) | set(course.subtitle_languages()))
    languages = known_languages(langs, available)
    scope = file_scope(course, files) if files else None
    if scope is not None:
        languages = [lang for lang in scope.languages if languages is None or lang in languages]
        if not languages:
            checks = ()
    result = CheckResult(diagnostics=config_findings(course))
    if not available:
        result.diagnostics.append(NO_CONTENT.at(
            course.relative(course.root), None,
            f"no lessons under {course.relative(course.content_dir)}/ and no subtitles under "
            f"{course.relative(course.subtitles_dir)}/",
            hint="point --root at a course checkout, or set content-dir in [tool.coursekit]",
        ))
    for check in checks:
        result.extend(check(course, languages))
    if scope is not None:
        result = scope.keep(result)
    return finish(
        result.diagnostics, title=title, fmt=fmt, output=output, baseline=baseline,
        update_baseline=update_baseline, checked=result.checked, selection=selection,
    )


@click.group("check", invoke_without_command=True)
@root_option
@lang_option
@report_options
@selection_options
@click.pass_context
def command(
    ctx: click.Context, root: Path, langs: tuple[str, ...], fmt: str, output: Path | None,
    baseline: Path | None, update_baseline: bool, select: tuple[str, ...],
    extend_select: tuple[str, ...], ignore: tuple[str, ...],
) -> int:
    """Check lessons and subtitles (or one of them, as a subcommand)."""
    if ctx.invoked_subcommand is None:
        return guarded(_run)(
            (lesson_checks, subtitle_checks), "check", root, langs, fmt, output, baseline,
            update_baseline, (), (select, extend_select, ignore),
        )
    return EXIT_CLEAN


def _subcommand(name: str, check: Check, doc: str) -> click.Command:
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
    @root_option
    @lang_option
    @report_options
    @selection_options
    def body(
        files: tuple[Path, ...], root: Path, langs: tuple[str, ...], fmt: str,
        output: Path | None, baseline: Path | None, update_baseline: bool,
        select: tuple[str, ...], extend_select: tuple[str, ...], ignore: tuple[str, ...],
    ) -> int:
        return guarded(_run)((check,), f"check {name}", root, langs, fmt, output, baseline,
                             update_baseline, files, (select, extend_select, ignore))

    body.__doc__ = doc
    return click.command(name)(body)


command.add_command(_subcommand(
    "lessons", lesson_checks,
    "Check lesson syntax, toctrees, and translations against the source language.\n\n"
    "FILES, when given, narrows the check to those lessons and toctrees.",
))
command.add_command(_subcommand(
    "subtitles", subtitle_checks,
    "Check subtitle files: parsing, timing, readability and alignment with the source.\n\n"
    "FILES, when given, narrows the check to those subtitle files.",
))
