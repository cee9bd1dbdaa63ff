"""Where a translation finding points, and what it leaves out: a heading or block the
translation lacks is placed by the prose around it, a heading it adds is named at its
line, and a block it shows twice (translated, and as the source has it) adds no code.
Each planted case beside its clean counterpart."""

from __future__ import annotations

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.parse import parse_lesson
from coursekit.translations.check import compare_lessons
from coursekit.translations.digest import digest
from coursekit.translations.settings import Settings

EN = "content/en/chapter2/4.mdx"
FR = "content/fr/chapter2/4.mdx"


def _found(source: str, translation: str) -> list[Diagnostic]:
    src = digest(parse_lesson(source, path=EN, language="en", chapter=2, section="4"))
    tgt = digest(parse_lesson(translation, path=FR, language="fr", chapter=2, section="4"))
    return compare_lessons(src, tgt, Settings())


def _of(found: list[Diagnostic], rule: str) -> list[Diagnostic]:
    return [d for d in found if d.rule == rule]


GARDEN = """# Watering the garden

Plants need water every morning.

## Measuring the soil

Push a finger into the soil to feel it.

## Running the pump

Start the pump from a notebook:

```python
pump = Pump(litres=3)
pump.start()
```

Stop it when the soil is dark.
"""

JARDIN = """# Arroser le jardin

Les plantes ont besoin d'eau chaque matin.

## Mesurer le sol

Enfoncez un doigt dans le sol pour le sentir.

## Lancer la pompe

Lancez la pompe depuis un notebook :

```python
pump = Pump(litres=3)
pump.start()
```

Arrêtez-la quand le sol est sombre.
"""


def test_the_translation_of_every_heading_and_block_has_no_finding() -> None:
    assert _found(GARDEN, JARDIN) == []


def test_a_block_missing_before_any_translated_block_is_placed_after_its_paragraph() -> None:
    """The translation has no block at all: the missing one goes after the paragraph
    in place of the source's paragraph before it (line 11), not nowhere."""
    without = JARDIN.replace("```python\npump = Pump(litres=3)\npump.start()\n```\n\n", "")
    (missing,) = _of(_found(GARDEN, without), "TRN107")
    assert missing.line == 11
    assert missing.message.endswith("is missing (after line 11)")


def test_a_heading_the_translation_lacks_is_reported_where_it_would_stand() -> None:
    """Not at the title: after the paragraph that ends the section before it."""
    merged = JARDIN.replace("## Lancer la pompe\n\n", "")
    (count,) = _of(_found(GARDEN, merged), "TRN101")
    assert count.line == 7
    assert count.message.endswith(
        "the source heading `## Running the pump` (line 9 there) has none here "
        "(its place: after the paragraph at line 7)")


def test_a_heading_the_translation_adds_is_reported_at_its_line() -> None:
    added = JARDIN.replace("Arrêtez-la", "## Arrêter la pompe\n\nArrêtez-la")
    (count,) = _of(_found(GARDEN, added), "TRN101")
    assert count.line == 18
    assert "`## Arrêter la pompe` (line 18) has no counterpart" in count.message


SHOWN_TWICE = """Lancez la pompe depuis un notebook :

<details>
<summary>Le code traduit</summary>

```python
pump = Pump(litres=3)  # trois litres
pump.start()
```

</details>

```python
pump = Pump(litres=3)
pump.start()
```
"""


def test_a_block_shown_translated_and_as_the_source_has_it_adds_no_code() -> None:
    twice = JARDIN.replace(
        "Lancez la pompe depuis un notebook :\n\n```python\npump = Pump(litres=3)\n"
        "pump.start()\n```\n", SHOWN_TWICE)
    assert twice != JARDIN
    assert _found(GARDEN, twice) == []


def test_a_block_beside_its_counterpart_with_other_code_is_extra() -> None:
    """The same place, but the block beside it runs other code: a block of its own."""
    other = JARDIN.replace(
        "Lancez la pompe depuis un notebook :\n\n```python\npump = Pump(litres=3)\n"
        "pump.start()\n```\n",
        SHOWN_TWICE.replace("pump.start()\n```\n\n</details>", "pump.drain()\n```\n\n</details>"))
    (extra,) = _of(_found(GARDEN, other), "TRN108")
    assert extra.line == 16


def test_a_link_written_in_other_case_is_one_finding_that_names_the_source_s_address() -> None:
    """Not a link missing and another extra: the same link, whose address finds no page."""
    source = GARDEN.replace("Plants need water", "Plants need [water](watering-can)")
    translated = JARDIN.replace("Les plantes ont besoin d'eau",
                                "Les plantes ont besoin d'[eau](Watering-Can)")
    (link,) = _found(source, translated)
    assert (link.rule, link.line) == ("TRN106", 3)
    assert "writes `chapter2/watering-can`" in link.message
    assert link.hint == "link to `chapter2/watering-can` as the source does"
    assert _found(source, translated.replace("Watering-Can", "watering-can")) == []


def test_a_title_the_source_lacks_is_no_heading_count() -> None:
    """The source's missing title is its own finding (LES117); a translation that gives
    its page one mends it, and matches every other heading."""
    untitled = GARDEN.replace("# Watering the garden\n\n", "")
    assert _of(_found(untitled, JARDIN), "TRN101") == []
    # Clean counterpart: a title and another heading added is still a count apart, and
    # a second title where the source has one is too.
    added = JARDIN.replace("Arrêtez-la", "## Arrêter la pompe\n\nArrêtez-la")
    assert len(_of(_found(untitled, added), "TRN101")) == 1
    retitled = JARDIN.replace("Les plantes", "# Le jardin\n\nLes plantes")
    assert len(_of(_found(GARDEN, retitled), "TRN101")) == 1


def test_a_link_to_another_page_in_its_place_is_one_finding() -> None:
    """The translation's paragraph links to another page where the source's links: one
    finding that names both, not one link missing and another extra."""
    source = GARDEN.replace("Plants need water", "Plants need [water](watering-can)")
    retargeted = JARDIN.replace("Les plantes ont besoin d'eau",
                                "Les plantes ont besoin d'[eau](rain-barrel)")
    (link,) = _found(source, retargeted)
    assert (link.rule, link.line) == ("TRN106", 3)
    assert link.message == (f"link to `chapter2/rain-barrel` where the source {EN}:3 links "
                            "to `chapter2/watering-can`")
    # Clean counterparts: the same page is no finding; a link elsewhere in the
    # translation, its place left without one, is one missing and one extra.
    same = JARDIN.replace("Les plantes ont besoin d'eau",
                          "Les plantes ont besoin d'[eau](watering-can)")
    assert _found(source, same) == []
    moved = JARDIN.replace("Enfoncez un doigt", "Enfoncez un [doigt](rain-barrel)")
    assert sorted(d.message.split(" ")[0] for d in _found(source, moved)) == ["link", "no"]
