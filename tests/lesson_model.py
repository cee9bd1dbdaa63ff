"""Hand-built lesson models for the tests of the areas that read them (notebooks,
translations): the blocks a parser would give, without the parser."""

from __future__ import annotations

from types import MappingProxyType

from coursekit.lessons.model import (
    Block,
    Code,
    Component,
    Directive,
    DocumentedException,
    Framework,
    FrameworkMarker,
    Heading,
    Lesson,
    Output,
    OutputKind,
    Prose,
)

_LANGUAGES = {"py": "python", "python": "python", "bash": "bash"}


def code(line: int, source: str, *outputs: Output, info: str = "py",
         framework: Framework = Framework.BOTH, directives: tuple[Directive, ...] = ()) -> Code:
    return Code(line=line, language=_LANGUAGES.get(info, info), info=info, source=source,
                framework=framework, outputs=outputs, directives=directives)


def result(line: int, text: str) -> Output:
    return Output(line=line, kind=OutputKind.RESULT, text=text)


def error(line: int, name: str, message: str, *, trace: str | None = None,
          exception_line: int | None = None) -> Output:
    """An output showing ``name: message`` (or the full ``trace``); the exception line is
    the fence's own unless given."""
    exception = DocumentedException(name, message, line if exception_line is None
                                    else exception_line)
    if trace is None:
        return Output(line=line, kind=OutputKind.ERROR, text=f"{name}: {message}",
                      exception=exception)
    return Output(line=line, kind=OutputKind.TRACE, text=trace, exception=exception)


def heading(line: int, text: str, anchor: str | None = None, level: int = 2) -> Heading:
    return Heading(line=line, level=level, text=text, anchor=anchor)


def prose(line: int, text: str, framework: Framework = Framework.BOTH) -> Prose:
    return Prose(line=line, text=text, framework=framework)


def marker(line: int, kind: str, framework: Framework) -> FrameworkMarker:
    return FrameworkMarker(line=line, marker=kind, framework=framework)


def video(line: int, video_id: str) -> Component:
    return Component(line=line, name="Youtube", attrs=MappingProxyType({"id": video_id}),
                     raw=f'<Youtube id="{video_id}"/>')


def question(line: int) -> Component:
    return Component(line=line, name="Question", raw="<Question choices={[]} />")


def lesson(path: str, *blocks: Block, language: str | None = None, chapter: int | None = None,
           title: str | None = None, framework: Framework = Framework.BOTH) -> Lesson:
    """A lesson at ``content/<lang>/chapterN/<section>.mdx``; language and chapter are
    read from the path unless given."""
    parts = path.split("/")
    return Lesson(
        path=path, language=language or parts[1],
        chapter=chapter if chapter is not None else int(parts[2].removeprefix("chapter")),
        section=parts[-1].split(".")[0], title=title, blocks=blocks, framework=framework,
    )
