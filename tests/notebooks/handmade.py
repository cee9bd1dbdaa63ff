"""Hand-built lessons for the conversion tests."""

from __future__ import annotations

from coursekit.lessons.model import (
    Block,
    Code,
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


def lesson(*blocks: Block, path: str = "content/en/chapter1/3.mdx",
           framework: Framework = Framework.BOTH) -> Lesson:
    return Lesson(
        path=path, language="en", chapter=1, section=path.rsplit("/", 1)[-1].split(".")[0],
        title="Using the pipeline", blocks=blocks, framework=framework,
    )


def py(line: int, source: str, *outputs: Output, framework: Framework = Framework.BOTH,
       directives: tuple[Directive, ...] = ()) -> Code:
    return Code(line=line, language="python", info="py", source=source, framework=framework,
                outputs=outputs, directives=directives)


def result(line: int, text: str) -> Output:
    return Output(line=line, kind=OutputKind.RESULT, text=text)


def error(line: int, name: str, message: str, *, trace: str | None = None) -> Output:
    exception = DocumentedException(name=name, message=message, line=line + 1)
    if trace is None:
        return Output(line=line, kind=OutputKind.ERROR, text=f"{name}: {message}",
                      exception=exception)
    return Output(line=line, kind=OutputKind.TRACE, text=trace, exception=exception)


def heading(line: int, text: str, level: int = 2) -> Heading:
    return Heading(line=line, level=level, text=text, anchor=None)


def prose(line: int, text: str, framework: Framework = Framework.BOTH) -> Prose:
    return Prose(line=line, text=text, framework=framework)


def markers(line: int) -> tuple[FrameworkMarker, FrameworkMarker, FrameworkMarker]:
    return (
        FrameworkMarker(line=line, marker="if", framework=Framework.PT),
        FrameworkMarker(line=line + 10, marker="else", framework=Framework.TF),
        FrameworkMarker(line=line + 20, marker="end", framework=Framework.BOTH),
    )
