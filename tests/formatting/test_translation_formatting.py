"""A translated code block that differs from its source only in formatting is a
formatting variation (TRN202), not code drift (TRN201)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coursekit.cli import main
from coursekit.formatting import lessons
from coursekit.formatting.lessons import CodeFormatter
from coursekit.formatting.settings import FormatSettings
from coursekit.lessons import python
from coursekit.lessons.python import CodeFacts
from coursekit.lessons.python_tokens import Token, significant_tokens
from coursekit.translations.code_changes import Change, classify

SOURCE = """trainer = Trainer(
    model,
    training_args,
    train_dataset=tokenized_datasets["train"],
    eval_dataset=tokenized_datasets["validation"],
    data_collator=data_collator,
    processing_class=tokenizer,
)"""
ONE_LINE = ('trainer = Trainer(model, training_args, train_dataset=tokenized_datasets["train"], '
            'eval_dataset=tokenized_datasets["validation"], data_collator=data_collator, '
            "processing_class=tokenizer)")
DRIFTED = ('trainer = Trainer(model, training_args, train_dataset=tokenized_datasets["train"], '
           'eval_dataset=tokenized_datasets["validation"], data_collator=data_collator)')


def _course(root: Path, translated: str, config: str = "") -> Path:
    toctree = "- title: One\n  sections:\n  - local: chapter1/1\n    title: One\n"
    for lang, code in (("en", SOURCE), ("fr", translated)):
        folder = root / "content" / lang / "chapter1"
        folder.mkdir(parents=True)
        (folder.parent / "_toctree.yml").write_text(toctree, encoding="utf-8")
        (folder / "1.mdx").write_text(f"# One\n\n```py\n{code}\n```\n", encoding="utf-8")
    (root / "coursekit.toml").write_text('source-language = "en"\n' + config, encoding="utf-8")
    return root


def _rules(root: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    main(["check", "lessons", "--root", str(root), "--select", "TRN2", "--format", "json"])
    return [(d["rule"], d["message"]) for d in json.loads(capsys.readouterr().out)["diagnostics"]]


def test_the_one_line_call_is_formatting_even_to_the_tokens_alone() -> None:
    # Its only token of difference is the trailing comma a formatter adds.
    assert classify(CodeFacts(SOURCE), CodeFacts(ONE_LINE)) is Change.FORMATTING
    assert classify(CodeFacts(SOURCE), CodeFacts(DRIFTED)) is Change.CODE


def test_a_block_formatted_otherwise_is_a_formatting_variation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [(rule, message)] = _rules(_course(tmp_path, ONE_LINE), capsys)
    assert rule == "TRN202"
    assert "same once both are formatted" in message


def test_a_block_with_other_code_is_still_drift(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [(rule, _)] = _rules(_course(tmp_path, DRIFTED), capsys)
    assert rule == "TRN201"


def test_formatting_variations_can_be_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = '[tool.coursekit.translations]\nignore-changes = ["formatting"]\n'
    assert _rules(_course(tmp_path, ONE_LINE, config), capsys) == []


def test_a_formatted_text_is_read_once_for_every_translation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The source block, formatted once, is tokenized once however many translations
    are compared with it; a block formatting leaves alone keeps its own facts."""
    formatter = CodeFormatter(FormatSettings())
    source = CodeFacts(ONE_LINE)
    already = CodeFacts(SOURCE)
    assert formatter.formatted_facts(already) is already
    tokenized: list[str] = []

    def counted(text: str) -> tuple[Token, ...] | None:
        tokenized.append(text)
        return significant_tokens(text)

    monkeypatch.setattr(python, "significant_tokens", counted)
    drifted = (DRIFTED, DRIFTED.replace("model,", "model, None,"), DRIFTED.replace("(", "(1, ", 1))
    for translation in drifted:
        change = classify(source, CodeFacts(translation), formatted=formatter.formatted_facts)
        assert change is Change.CODE
    assert formatter.formatted_facts(source) is formatter.formatted_facts(CodeFacts(ONE_LINE))
    assert tokenized.count(SOURCE) == 1


def test_a_formatted_text_is_read_back_as_python_only_when_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch formats every text queued; a check then asks for few of them (the code
    of translations that differ as code), and only those are read back as Python."""
    read: list[str] = []

    def counted(source: str, text: str | None) -> str | None:
        read.append(source)
        return checked(source, text)

    checked = lessons._checked
    monkeypatch.setattr(lessons, "_checked", counted)
    formatter = CodeFormatter(FormatSettings())
    formatter.add(CodeFacts(DRIFTED))
    assert formatter.formatted(CodeFacts(ONE_LINE)) == SOURCE
    assert read == [ONE_LINE]
    assert formatter.formatted(CodeFacts(DRIFTED)) != DRIFTED
    assert formatter.formatted(CodeFacts(DRIFTED)) is not None
    assert read == [ONE_LINE, DRIFTED]
