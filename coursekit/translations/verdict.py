"""What history says of one translated lesson (:mod:`coursekit.translations.freshness`)."""

from __future__ import annotations

from dataclasses import dataclass

from coursekit.translations.digest import Digest
from coursekit.translations.history import Commit


@dataclass(frozen=True, slots=True)
class Verdict:
    """What history says of one translated lesson."""

    outdated: bool
    translated: Commit | None = None
    """The translation's last commit (None: changed now, not committed)."""
    since: Commit | None = None
    """The first commit after ``translated`` that changed the source in substance the
    translation lacks (None for an outdated translation: the change is not committed
    yet)."""
    changed: tuple[str, ...] = ()
    """What changed in the source since, in words."""
    then: Digest | None = None
    """The source lesson as the translation last saw it (None: it did not exist)."""
    followed: tuple[Digest, ...] = ()
    """The versions of the source the translation followed, each once: ``then``, and the
    source as each later commit that changed both left it. A difference the translation
    has from all of them is its own, not its source's change."""
    prose_only: bool = False
    """Outdated in its prose only: its code was synced with the source (a
    ``code-synced`` line) and the source's prose changed since ``since``."""
