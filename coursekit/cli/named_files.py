"""The FILES argument of the ``coursekit fix`` commands: a named file the fix does not
work on is reported, never passed over in silence."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click

from coursekit.cli.exit_codes import EXIT_USAGE
from coursekit.cli.options import known_languages, open_course, root_of_files


def named_lessons_only(*, translations: bool = False
                       ) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Narrow a fix command's ``files`` to the lessons it works on (see
    :func:`coursekit.fixes.scope.named_lessons`). Each other named file is printed as
    an error naming it; the named lessons are fixed all the same, and the command
    exits 2, a usage problem. With no lesson left, nothing is fixed."""

    def apply(func: Callable[..., int]) -> Callable[..., int]:
        @wraps(func)
        def wrapper(*args: Any, files: tuple[Path, ...], root: Path,
                    langs: tuple[str, ...], **kwargs: Any) -> int:
            if not files:
                return func(*args, files=files, root=root, langs=langs, **kwargs)
            from coursekit.fixes.scope import named_lessons

            root = root_of_files(root, files)  # a hook run from the repository's top
            course = open_course(root, content=True)
            languages = known_languages(langs, course.lesson_languages(), course)
            named = named_lessons(course, files, languages, translations=translations)
            for diag in named.refused:
                click.echo(f"{diag.location}: {diag.severity.value} {diag.rule} "
                           f"{diag.message}", err=True)
            kept = tuple(course.root / path for path in sorted(named.paths))
            if not kept:
                name = click.get_current_context().info_name
                click.echo(f"fix {name}: none of the files named is one it works on; "
                           "nothing done", err=True)
                return EXIT_USAGE
            code = func(*args, files=kept, root=root, langs=langs, **kwargs)
            return EXIT_USAGE if named.refused else code

        return wrapper

    return apply
