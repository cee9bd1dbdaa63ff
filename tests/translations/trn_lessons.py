"""Hand-built lessons for the translation tests (the model, without the parser)."""

from __future__ import annotations

from types import MappingProxyType

from coursekit.lessons.model import (
    Block,
    Code,
    Component,
    DocumentedException,
    Framework,
    FrameworkMarker,
    Heading,
    Lesson,
    Output,
    OutputKind,
    Prose,
)


def code(line: int, source: str, *, info: str = "py", outputs: tuple[Output, ...] = (),
         framework: Framework = Framework.BOTH) -> Code:
    language = {"py": "python", "python": "python", "bash": "bash"}.get(info, info)
    return Code(line=line, language=language, info=info, source=source,
                framework=framework, outputs=outputs)


def result(line: int, text: str) -> Output:
    return Output(line=line, kind=OutputKind.RESULT, text=text)


def error(line: int, name: str, message: str) -> Output:
    return Output(line=line, kind=OutputKind.ERROR, text=f"{name}: {message}",
                  exception=DocumentedException(name, message, line))


def heading(line: int, text: str, anchor: str | None, level: int = 2) -> Heading:
    return Heading(line=line, level=level, text=text, anchor=anchor)


def video(line: int, video_id: str) -> Component:
    return Component(line=line, name="Youtube", attrs=MappingProxyType({"id": video_id}),
                     raw=f'<Youtube id="{video_id}"/>')


def question(line: int) -> Component:
    return Component(line=line, name="Question", raw="<Question choices={[]} />")


def prose(line: int, text: str) -> Prose:
    return Prose(line=line, text=text)


def marker(line: int, kind: str, framework: Framework) -> FrameworkMarker:
    return FrameworkMarker(line=line, marker=kind, framework=framework)


def lesson(path: str, *blocks: Block) -> Lesson:
    """A lesson at ``content/<lang>/chapterN/<section>.mdx``."""
    parts = path.split("/")
    chapter = int(parts[2].removeprefix("chapter"))
    return Lesson(path=path, language=parts[1], chapter=chapter,
                  section=parts[3].removesuffix(".mdx"), title=None, blocks=blocks)


SETUP = "from transformers import AutoTokenizer\ntokenizer = AutoTokenizer.from_pretrained(ckpt)\n"
LOOP = "for batch in loader:\n    loss = model(**batch).loss\n    loss.backward()\n"
SHAPES = "batch = next(iter(loader))\nprint({k: v.shape for k, v in batch.items()})\n"
