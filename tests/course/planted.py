"""A copy of the bundled course with planted defects, and the false-alarm shapes beside
them: what ``coursekit check`` must find, and what it must not call a defect."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
CONFIG = '[tool.coursekit]\nsource-language = "en"\nlanguages = ["en", "fr", "it", "zh-CN"]\n'
LOOP_EN = "subtitles/en/01_a-full-training-loop-(pytorch).srt"
LOOP = "subtitles/{lang}/01_a-full-training-loop-(pytorch).srt"
DEBUG_TF = "subtitles/{lang}/03_debugging-the-training-pipeline-(tensorflow).srt"


@dataclass(frozen=True, slots=True)
class Plant:
    """Replace ``old`` by ``new`` in ``path``; ``rule`` must then fire in that file
    (``None`` for a false-alarm shape, which must add no finding)."""

    path: str
    old: str
    new: str
    rule: str | None
    what: str


PLANTS = (
    # lessons and translations
    Plant("content/en/chapter8/4.mdx", "## Check your data[[check-your-data]]\n",
          "## Check your data[[follow-the-data]]\n", "LES118", "duplicate anchor"),
    Plant("content/fr/chapter3/4.mdx",
          'tokenized_datasets = tokenized_datasets.rename_column("label", "labels")\n', "",
          "TRN201", "a line of code dropped from a translated block"),
    Plant("content/it/chapter8/4.mdx", "```py\ntrainer.train()\n```\n\n```python out\n"
          "ValueError: expected sequence of length 43 at dim 1 (got 37)\n```\n",
          "```py\ntrainer.train()\n```\n\n```python out\n"
          "ValueError: sequenza attesa di lunghezza 43 (ottenuta 37)\n```\n",
          "TRN303", "a translated error message"),
    Plant("content/fr/chapter8/4_tf.mdx", "](/course/fr/chapter7)", "](/course/fr/chapter6)",
          "TRN106", "a link to another chapter"),
    Plant("content/zh-CN/chapter3/4.mdx", "{/if}\n", "", "LES110", "unclosed framework block"),
    Plant("content/it/chapter3/4.mdx", "from torch.optim import AdamW\n",
          "from transformers import AdamW\n", "TRN401", "stale API in the translation only"),
    # false-alarm shapes: a chapter index link for a page link, an inline section quiz
    Plant("content/it/chapter8/4_tf.mdx", "](/course/it/chapter7)", "](../chapter7/1)", None,
          "a chapter's index written as its first page"),
    Plant("content/en/chapter3/4.mdx", "{/if}\n",
          '{/if}\n\n<Question\n\tchoices={[{text: "Yes", correct: true}]}\n/>\n', None,
          "a lesson ending with a section quiz"),
    # subtitles
    Plant(LOOP.format(lang="fr"), "00:00:10,106 -->", "00:00:09,106 -->", "SUB104", "overlap"),
    Plant(LOOP.format(lang="it"), "caricato con num_labels=2.", "caricato con num_labels=3.",
          "SUB408", "a changed number"),
    Plant(LOOP.format(lang="zh-CN"), "用 num_labels=2 加载。\n", "", "SUB301",
          "a bilingual cue without its translated line"),
    Plant(DEBUG_TF.format(lang="it"), "\n00:00:", "\n00.00:", "SUB011",
          "malformed timing line"),
    Plant("subtitles/fr/metadata.csv", ",01_a-full-training-loop-(pytorch).srt",
          ",../en/01_a-full-training-loop-(pytorch).srt", "SUB413",
          "a metadata row into the English folder"),
    Plant("pyproject.toml", 'source-language = "en"\n',
          'source-language = "en"\nselect = ["SUB9"]\n', "CFG001", "a bad rule code"),
    # false-alarm shapes: a decimal number, written with a decimal comma in translations
    Plant(LOOP_EN, "and logits of shape 8 by 2.", "and logits of 8 by 2, about 0.5 each.", None,
          "a decimal number in the source"),
    Plant(LOOP.format(lang="fr"), "et des logits de forme 8 par 2.",
          "et des logits 8 par 2, env. 0,5 chacun.", None, "a decimal comma"),
    Plant(LOOP.format(lang="it"), "e logit di forma 8 per 2.",
          "e logit di 8 per 2, circa 0,5 ciascuno.", None, "a decimal comma"),
    Plant(LOOP.format(lang="zh-CN"), "和形状为 8 乘 2 的 logits。\nand logits of shape 8 by 2.",
          "和 8 乘 2 的 logits，各约 0.5。\nand logits of 8 by 2, about 0.5 each.", None,
          "the same number in a bilingual cue"),
)


def planted_course(root: Path, plants: tuple[Plant, ...] = PLANTS) -> Path:
    """The bundled course copied under ``root``, every plant applied."""
    for folder in ("content", "subtitles"):
        shutil.copytree(PROJECT / folder, root / folder)
    (root / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    for plant in plants:
        path = root / plant.path
        text = path.read_text(encoding="utf-8")
        if plant.old not in text:
            raise AssertionError(f"{plant.path}: nothing to plant ({plant.what})")
        path.write_text(text.replace(plant.old, plant.new, 1), encoding="utf-8")
    return root
