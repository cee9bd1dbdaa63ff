"""Fences that are shown and never run (a prompt, a chat transcript, a JSON answer, a
template): their text is the translator's to translate, as in a Python fence that does
not parse. A fence that runs (Python, shell) keeps its code."""

from __future__ import annotations

import pytest

from coursekit.diagnostics import Diagnostic
from coursekit.translations.check import compare_lessons
from coursekit.translations.code_changes import Change
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

from .trn_lessons import code, lesson

EN = "content/en/chapter1/3.mdx"
FR = "content/fr/chapter1/3.mdx"
SETUP = "from agents import Agent\nagent = Agent()\n"


def _found(info: str, source: str, translation: str,
           settings: Settings | None = None) -> list[Diagnostic]:
    def blocks(text: str) -> list[object]:
        return [code(1, SETUP), code(5, text, info=info), code(12, "agent.run()\n")]

    src = digest(lesson(EN, *blocks(source)))  # type: ignore[arg-type]
    tgt = digest(lesson(FR, *blocks(translation)))  # type: ignore[arg-type]
    return compare_lessons(src, tgt, settings or Settings())


@pytest.mark.parametrize(("info", "source", "translation"), [
    ("json", 'Thought: I must check the weather.\n{"action": "weather", "city": "Paris"}\n',
     'Thought: Je dois vérifier la météo.\n{"action": "weather", "city": "Paris"}\n'),
    ("", "Human: Divide 6790 by 5\nAssistant: The result is 1358.0.\n",
     "Human: Divise 6790 par 5\nAssistant: Le résultat est 1358.0.\n"),
    ("jinja2", "{% if system %}You are a helpful assistant.{% endif %}\n",
     "{% if system %}Tu es un assistant serviable.{% endif %}\n"),
    ("", '{"tags" : "minds14",\n "model": "whisper"}\n',
     '{"tags": "minds14", "model": "whisper"}\n'),
])
def test_translated_text_in_a_fence_that_never_runs_is_no_drift(
        info: str, source: str, translation: str) -> None:
    assert _found(info, source, translation) == []


def test_it_is_a_variation_where_a_course_reports_strings() -> None:
    found = _found("text", "Tool: add, Arguments: a: int, b: int, Output: int\n",
                   "Outil : add, Arguments: a: int, b: int, Sortie : int\n",
                   Settings(ignored=frozenset({Change.WHITESPACE, Change.COMMENTS})))
    assert [(d.rule, d.severity.value, d.line) for d in found] == [("TRN202", "note", 5)]


@pytest.mark.parametrize(("info", "source", "translation"), [
    ("bash", "pip install smolagents plotly\n", "pip install smolagents matplotlib\n"),
    ("py", 'agent.tools = ["search"]\n', 'agent.outils = ["search"]\n'),
])
def test_code_that_runs_still_drifts(info: str, source: str, translation: str) -> None:
    assert [d.rule for d in _found(info, source, translation)] == ["TRN201"]


@pytest.mark.parametrize("translation", [
    "ollama pull qwen2:7b  # voir le site d'ollama pour d'autres modèles\n",
    "# récupérer le modèle\nollama pull qwen2:7b\n",
])
def test_a_comment_a_shell_block_gains_is_no_drift(translation: str) -> None:
    assert _found("bash", "ollama pull qwen2:7b\n", translation) == []


@pytest.mark.parametrize(("source", "translation"), [
    ("pip install pkg#egg=name\n", "pip install pkg\n"),  # a `#` inside a word is no comment
    ('echo "# done" && run\n', 'echo "# fait"\n'),
])
def test_what_follows_a_hash_in_a_shell_word_or_quotes_is_still_code(
        source: str, translation: str) -> None:
    assert [d.rule for d in _found("bash", source, translation)] == ["TRN201"]

