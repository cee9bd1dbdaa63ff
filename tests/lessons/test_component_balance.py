"""A component opened with a tag of its own (``<hfoptions id="x">``, ``<Youtube id="x">``)
and never closed breaks the page: ``LES116``. Closed where the site builder closes
it (a closing tag of its own, after text on a line, on its own tag's line, or the tag
ending in ``/>``), it is no finding."""

from __future__ import annotations

import pytest

from coursekit.lessons.parse import parse_lesson


def _findings(text: str) -> list[tuple[str, int | None, str]]:
    lesson = parse_lesson(text, path="case.mdx", language="en")
    return [(d.rule, d.line, d.message) for d in lesson.diagnostics]


def test_an_options_block_never_closed_is_reported_at_its_tag() -> None:
    text = '# T\n\n<hfoptions id="setup">\n<hfoption id="pip">\n\nInstall it.\n\n</hfoption>\n'
    assert _findings(text) == [(
        "LES116", 3,
        'component `<hfoptions id="setup">` is never closed by `</hfoptions>`',
    )]


def test_a_video_tag_missing_its_slash_is_reported() -> None:
    found = _findings('# T\n\n<Youtube id="abc">\n\nText.\n')
    assert [(rule, line) for rule, line, _ in found] == [("LES116", 3)]
    assert "`<Youtube id=\"abc\">` is never closed by `</Youtube>`" in found[0][2]


@pytest.mark.parametrize("text", [
    '# T\n\n<hfoptions id="a">\n<hfoption id="b">\n\nText.\n\n</hfoption>\n</hfoptions>\n',
    '# T\n\n<hfoptions id="a">\n<hfoption id="b">\n\nText.</hfoption>\n</hfoptions>\n',
    '# T\n\n<hfoption id="b">Text.</hfoption>\n',
    '# T\n\n<Youtube id="abc"/>\n\n<Youtube\n  id="abc"\n/>\n',
    '# T\n\n- item\n\n  <hfoptions id="a">\n\n  Text.\n\n  </hfoptions>\n',
    '# T\n\n<Tip>\n\n<hfoptions id="a">\n\nText.\n\n</hfoptions>\n\n</Tip>\n',
    '# T\n\n```html\n<hfoptions id="a">\n```\n',
])
def test_closed_components_are_no_finding(text: str) -> None:
    assert _findings(text) == []
