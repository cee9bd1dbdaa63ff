"""Hand-built lessons for the translation tests (the model, without the parser)."""

from __future__ import annotations

from coursekit.lessons.model import Code, Framework, Output

from ..lesson_model import code as _code
from ..lesson_model import error, heading, lesson, marker, prose, question, result, video

__all__ = ["LOOP", "SETUP", "SHAPES", "code", "error", "heading", "lesson", "marker", "prose",
           "question", "result", "video"]


def code(line: int, source: str, *, info: str = "py", outputs: tuple[Output, ...] = (),
         framework: Framework = Framework.BOTH) -> Code:
    return _code(line, source, *outputs, info=info, framework=framework)


SETUP = "from transformers import AutoTokenizer\ntokenizer = AutoTokenizer.from_pretrained(ckpt)\n"
LOOP = "for batch in loader:\n    loss = model(**batch).loss\n    loss.backward()\n"
SHAPES = "batch = next(iter(loader))\nprint({k: v.shape for k, v in batch.items()})\n"
