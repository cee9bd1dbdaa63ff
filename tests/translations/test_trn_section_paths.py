"""A translation's section at the source's path spelt another way (``hands-on`` for
``hands_on``) is translated, at the wrong path: one finding that names the source's path,
not a section 'not translated' beside one 'not in the source'."""

from __future__ import annotations

from coursekit.translations.sections import Section, compare_toctrees

EN, FR = "chapters/en/_toctree.yml", "chapters/fr/_toctree.yml"
SOURCE = [Section("Intro", ("chapter7/introduction",), 2),
          Section("Hands-on", ("chapter7/hands_on",), 4),
          Section("Reading", ("chapter7/reading",), 6)]


def _found(translation: list[Section]) -> list[tuple[str, str]]:
    return [(d.rule, d.message) for d in compare_toctrees(SOURCE, EN, translation, FR)]


def test_a_section_at_the_source_path_spelt_another_way_is_one_finding() -> None:
    found = _found([Section("Intro", ("chapter7/introduction",), 2),
                    Section("Pratique", ("chapter7/Hands-On",), 4),
                    Section("Lectures", ("chapter7/reading",), 6)])
    assert found == [(
        "TRN002",
        "section `chapter7/Hands-On` ('Pratique') is the source's `chapter7/hands_on` "
        f"({EN}:4) at another path: a link to the source's page finds no translation",
    )]


def test_a_section_of_its_own_and_one_left_out_are_two_findings_as_before() -> None:
    found = _found([Section("Intro", ("chapter7/introduction",), 2),
                    Section("Bonus", ("chapter7/bonus",), 4),
                    Section("Lectures", ("chapter7/reading",), 6)])
    assert sorted(found) == [
        ("TRN001", f"section `chapter7/hands_on` ('Hands-on', {EN}:4) is not translated"),
        ("TRN002", f"section `chapter7/bonus` ('Bonus') is not in the source {EN}"),
    ]


def test_every_section_at_the_source_path_is_no_finding() -> None:
    assert _found(SOURCE) == []
