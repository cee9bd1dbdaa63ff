"""What toctree findings say about a section's ``local``."""

from __future__ import annotations

from coursekit.lessons.toctree import read_toctree


def _findings(sections: str) -> list[tuple[str, int | None, str]]:
    text = f"- title: One\n  sections:\n{sections}"
    toctree = read_toctree(text, path="_toctree.yml", language="en")
    return [(d.rule, d.line, d.message) for d in toctree.diagnostics]


def test_a_local_that_is_not_one_path_says_so() -> None:
    """A section that has a ``local`` is not told it needs one."""
    listed = _findings("  - local: [a, b]\n    title: Two files\n")
    assert listed == [("LES153", 3, "section `Two files`: `local` must be one lesson path, "
                                    "not a list")]
    mapped = _findings("  - local: {pt: a}\n    title: Mapped\n")
    assert [message for _, _, message in mapped] == [
        "section `Mapped`: `local` must be one lesson path, not a mapping "
        "(one file per framework is `local_fw: {pt: ..., tf: ...}`)"]
    assert [rule for rule, _, _ in _findings("  - local:\n    title: Empty\n")] == ["LES153"]
    assert _findings("  - local: chapter1/a\n    title: Fine\n") == []


def test_a_toctree_that_is_not_utf_8_is_said_so_at_its_line() -> None:
    data = "- title: One\n  sections:\n  - local: chapter1/café\n    title: A\n"
    latin = read_toctree(data.encode("latin-1"), path="_toctree.yml", language="en")
    assert [(d.rule, d.line, d.message, d.hint) for d in latin.diagnostics] == [
        ("LES152", 3, "not UTF-8: byte 0xe9 at byte offset 48", "re-save the file as UTF-8")]
    assert latin.chapters == ()
    # the same text in UTF-8, with or without a byte order mark, is read
    for raw in (data.encode(), b"\xef\xbb\xbf" + data.encode()):
        toctree = read_toctree(raw, path="_toctree.yml", language="en")
        assert toctree.diagnostics == () and len(toctree.chapters) == 1
