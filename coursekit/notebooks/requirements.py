"""The install cell: what a notebook needs installed, from what its code uses.

The lesson's own ``pip install`` lines come first: they become cells of their own,
and the install cell adds only what they leave out. Imported modules (dotted, so
that a namespace package gives the right part) and methods that need a package no
import names are mapped by :mod:`coursekit.notebooks.distributions`; modules no
table knows are listed apart, for a note, instead of being installed under a guess.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from coursekit.lessons.python import CodeFacts
from coursekit.notebooks.distributions import PROVIDED, SystemNeed, requirement_for, tables

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_URL_NAME = re.compile(r"(?:#egg=|/)(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*?)(?:\.git)?(?:@[^/#]*)?$")


def canonical(name: str) -> str:
    """A distribution name as the package index compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str | None:
    """The distribution a requirement installs: ``datasets`` of ``datasets[audio]>=2``,
    ``speechbox`` of ``git+https://github.com/huggingface/speechbox``; ``None`` when
    it names none (a path, an option)."""
    word = requirement.strip().strip("'\"")
    if "://" in word or word.startswith("git+"):
        found = _URL_NAME.search(word.split("#egg=")[-1] if "#egg=" in word else word)
        return found["name"] if found else None
    found = _NAME.match(word)
    return found.group(0) if found else None


def own_requirements(lines: Iterable[str]) -> list[str]:
    """What the lesson's ``!pip install`` lines install, as written, in order."""
    found: list[str] = []
    for line in lines:
        command = line.strip().lstrip("!%").strip()
        try:
            words = shlex.split(command)
        except ValueError:
            words = command.split()
        install = words.index("install") + 1 if "install" in words else len(words)
        found.extend(w for w in words[install:] if not w.startswith("-") and w not in found)
    return found


@dataclass(frozen=True, slots=True)
class InstallNeeds:
    requirements: tuple[str, ...]
    """What the install cell installs, sorted."""
    unknown: tuple[str, ...]
    """Top-level modules the code imports that no table maps to a distribution."""
    system: tuple[SystemNeed, ...]
    """Programs the lesson uses that pip does not install."""


_OPTION = re.compile(r"(?<=\s)--?[a-z][\w-]*(?:=\S*)?\s+")
"""A command's option (``-y``, ``--quiet``, ``-qq``): ``apt-get install -y ffmpeg`` needs
FFmpeg as ``apt-get install ffmpeg`` does."""


def install_needs(
    code: Iterable[CodeFacts], own: Iterable[str] = (), texts: Iterable[str] = (), *,
    installed_by: Sequence[Iterable[str]] | None = None,
) -> InstallNeeds:
    """What the code blocks whose facts are ``code`` need beyond the lesson's own
    requirements ``own``; ``texts``: every code and shell fence, for system needs.
    ``installed_by``: for each block of ``code``, in order, the own requirements that the
    lesson installs before it runs (by default all of ``own``, wherever they are): a
    package the lesson installs only after a block that imports it is still installed
    first, or that block fails in a fresh environment."""
    own = list(own)
    covered = _names(own)
    mapping = tables()
    found: dict[str, None] = {}
    unknown: dict[str, None] = {}
    for index, facts in enumerate(code):
        ready = covered if installed_by is None else _names(installed_by[index])
        for module in facts.imported_modules:
            requirement = requirement_for(module)
            top = module.split(".", 1)[0]
            if requirement is None:
                if canonical(top) not in covered:
                    unknown.setdefault(top, None)
            elif requirement != PROVIDED and \
                    canonical(requirement_name(requirement) or requirement) not in ready:
                found.setdefault(requirement, None)
        for attribute in sorted(a for a in mapping.attributes if facts.reads_attribute(a)):
            requirement = mapping.attributes[attribute]
            if canonical(requirement_name(requirement) or requirement) not in ready:
                found.setdefault(requirement, None)
    return InstallNeeds(
        requirements=tuple(sorted(found, key=str.lower)),
        unknown=tuple(sorted(unknown, key=str.lower)),
        system=_system_needs(texts, mapping.system),
    )


def _names(requirements: Iterable[str]) -> set[str]:
    """The distributions ``requirements`` install, as the index compares names."""
    return {canonical(n) for n in map(requirement_name, requirements) if n is not None}


def _system_needs(texts: Iterable[str], words: Mapping[str, SystemNeed]) -> tuple[SystemNeed, ...]:
    """The programs that the command words of ``words`` in ``texts`` need, by name. Each
    word holds its first word, so texts that hold no first word need none: most lessons'
    code, answered by one search of their texts together."""
    lowered = [text.lower() for text in texts]
    firsts = {word.split()[0] for word in words}
    together = "\n".join(lowered)
    if not any(first in together for first in firsts):
        return ()
    # Options are taken out only of a text where a word could start.
    lowered = [_OPTION.sub("", text) if any(first in text for first in firsts) else text
               for text in lowered]
    system = {need.name: need for word, need in words.items()
              if any(word in text for text in lowered)}
    return tuple(system[name] for name in sorted(system))


def requirements(code: Iterable[CodeFacts]) -> list[str]:
    """Sorted, unique requirements of the code blocks whose facts are ``code``."""
    return list(install_needs(code).requirements)


def distribution_for(module: str) -> str | None:
    """The PyPI requirement that provides top-level module ``module``, or ``None`` for
    one that needs nothing installed or that no table knows. A namespace package with
    one known part is that part (``pyannote`` is ``pyannote.audio``)."""
    if not module.isidentifier():
        return None
    requirement = requirement_for(module)
    if requirement is None:
        parts = {v for k, v in tables().modules.items() if k.startswith(f"{module}.")}
        requirement = parts.pop() if len(parts) == 1 else None
    return requirement or None


def imports_module(code: Iterable[CodeFacts], module: str) -> bool:
    return any(module in facts.imports for facts in code)
