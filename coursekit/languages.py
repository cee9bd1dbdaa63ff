"""BCP 47 language tags, and the script families rules are keyed by."""

from __future__ import annotations

CJK_PRIMARY = frozenset({"zh", "ja", "ko", "yue"})


def primary_subtag(tag: str) -> str:
    """``zh-CN`` -> ``zh``; ``pt-BR`` -> ``pt``."""
    return tag.replace("_", "-").split("-", 1)[0].lower()


def is_cjk(tag: str) -> bool:
    return primary_subtag(tag) in CJK_PRIMARY


def normalise(tag: str) -> str:
    """Canonical casing: ``zh-cn`` -> ``zh-CN``, ``ZH_tw`` -> ``zh-TW``."""
    parts = tag.replace("_", "-").split("-")
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 2:
            out.append(part.upper())
        elif len(part) == 4:
            out.append(part.title())
        else:
            out.append(part.lower())
    return "-".join(out)
