"""Identities for baselines that survive renumbering, re-timing and line wrapping."""

from __future__ import annotations


def normalise_text(text: str) -> str:
    return " ".join(text.split()).casefold()


def fingerprint(language: str, text: str, *extra: str) -> str:
    """``language|normalised text[|extra...]``; the rule and path are added by the baseline."""
    return "|".join((language, normalise_text(text), *extra))
