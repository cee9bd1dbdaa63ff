"""The lesson model: typed, immutable blocks with their source lines.

Every command (check, build, verify) reads lessons through this model; none of
them looks at lesson text on its own.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from coursekit.diagnostics import Diagnostic
from coursekit.lessons.python import CodeFacts, code_facts
from coursekit.lessons.tabs import OptionTab


class Framework(enum.StrEnum):
    """Which framework a block belongs to."""

    BOTH = "both"
    PT = "pt"
    TF = "tf"

    def includes(self, framework: Framework) -> bool:
        """Whether a block of this framework shows in a notebook for ``framework``."""
        return self is Framework.BOTH or framework is Framework.BOTH or self is framework


class OutputKind(enum.StrEnum):
    RESULT = "result"
    """A value or printed text the code produces."""
    ERROR = "error"
    """The code raises; the output shows the exception line (one line or quoted)."""
    TRACE = "trace"
    """The code raises; the output shows the full traceback."""


def _frozen(mapping: Mapping[str, str] | None = None) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class DocumentedException:
    """An exception that a lesson shows in an output block."""

    name: str
    """The name as written, qualified or not (``tensorflow...InvalidArgumentError``)."""
    message: str
    """The message after ``Name:``, unquoted; may be empty."""
    line: int
    """Source line of the exception line in the lesson file."""

    @property
    def short_name(self) -> str:
        """The unqualified class name (``InvalidArgumentError``)."""
        return self.name.rsplit(".", 1)[-1]


@dataclass(frozen=True, slots=True)
class Heading:
    line: int
    level: int
    text: str
    """Heading text without the ``[[anchor]]``."""
    anchor: str | None
    framework: Framework = Framework.BOTH


@dataclass(frozen=True, slots=True)
class Prose:
    line: int
    text: str
    """Markdown source of the paragraph, list, table or quote."""
    framework: Framework = Framework.BOTH


@dataclass(frozen=True, slots=True)
class Admonition:
    """A GitHub-style admonition (``> [!TIP]``) or a ``<Tip>`` block."""

    line: int
    kind: str
    """``TIP``, ``WARNING``, ``NOTE``... upper-cased."""
    text: str
    framework: Framework = Framework.BOTH
    text_line: int = 0  # where `text` starts, past its tag and blank lines (0: not known)


@dataclass(frozen=True, slots=True)
class Component:
    """A JSX component such as ``<Youtube id="..."/>`` (possibly multi-line)."""

    line: int
    name: str
    attrs: Mapping[str, str] = field(default_factory=_frozen)
    """Attribute values as written (string values unquoted, ``{...}`` kept with braces)."""
    raw: str = ""
    framework: Framework = Framework.BOTH


@dataclass(frozen=True, slots=True)
class Directive:
    """A ``<!-- coursekit: ... -->`` or ``{/* coursekit: ... */}`` annotation.

    It applies to the next code block, which also lists it in ``Code.directives``; a
    ``code-synced`` directive is about the whole file and applies to no block.
    """

    line: int
    kind: str
    """``expect-error``, ``skip``, ``timeout``, ``framework`` or ``code-synced``."""
    args: Mapping[str, str] = field(default_factory=_frozen)
    """``expect-error``: ``name``, ``message`` and optionally ``device``;
    ``skip``: ``reason``; ``timeout``: ``seconds``; ``framework``: ``framework``;
    ``code-synced``: ``source``, ``prose`` and optionally ``base`` (commit ids)."""
    framework: Framework = Framework.BOTH


@dataclass(frozen=True, slots=True)
class Output:
    """An output fence, attached to the code block it follows."""

    line: int
    kind: OutputKind
    text: str
    exception: DocumentedException | None = None
    info: str = "python out"
    """The fence info string as written."""
    framework: Framework = Framework.BOTH


class CodeRole(enum.StrEnum):
    PYTHON = "python"
    SHELL = "shell"
    OTHER = "other"
    """``text``, ``diff``, no info string...: shown, never run."""


@dataclass(frozen=True, slots=True)
class Code:
    line: int
    """Line of the opening fence."""
    language: str
    """Normalised language: ``python``, ``bash``, ``text``, ``diff`` or ``""``."""
    info: str
    """The fence info string as written (``py no-format``, ``py:``...)."""
    source: str
    framework: Framework = Framework.BOTH
    outputs: tuple[Output, ...] = ()
    directives: tuple[Directive, ...] = ()
    in_blockquote: bool = False
    known_facts: CodeFacts | None = field(default=None, compare=False, repr=False, kw_only=True)
    """The facts of ``source``, when the parse that made the block shares them with the
    other blocks of the same text (:class:`~coursekit.lessons.python.CodeFactsTable`);
    else they are made on first use of :attr:`facts`."""

    @property
    def role(self) -> CodeRole:
        if self.language == "python":  # ``pip install x`` alone is for a shell
            return CodeRole.SHELL if self.facts.installs_only else CodeRole.PYTHON
        if self.language in ("bash", "sh", "shell", "console"):
            return CodeRole.SHELL
        return CodeRole.OTHER

    @property
    def facts(self) -> CodeFacts:
        """What the source says as Python, each fact read on first use and kept."""
        facts = self.known_facts
        if facts is None:
            facts = code_facts(self.source)
            object.__setattr__(self, "known_facts", facts)  # a cache, not a change of value
        return facts

    @property
    def documented_exception(self) -> DocumentedException | None:
        """The first exception its outputs document, if any."""
        for output in self.outputs:
            if output.exception is not None:
                return output.exception
        return None


@dataclass(frozen=True, slots=True)
class FrameworkMarker:
    """A framework-block marker line: ``{#if fw === 'pt'}``, ``{:else}`` or ``{/if}``."""

    line: int
    marker: str
    """``if``, ``else`` or ``end``."""
    framework: Framework
    """The framework of the text that follows the marker (BOTH after the ``end`` of a
    block not nested in another)."""


Block = Heading | Prose | Admonition | Component | Directive | Code | Output | FrameworkMarker


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson source file, parsed."""

    path: str
    """Path relative to the course root (``content/en/chapter8/4.mdx``)."""
    language: str
    chapter: int | None
    section: str
    """The file stem (``4``, ``4_tf``, ``1``)."""
    title: str | None
    """The first level-1 heading's text."""
    blocks: tuple[Block, ...]
    framework: Framework = Framework.BOTH
    """TF for a ``*_tf.mdx`` split file, PT for its ``*.mdx`` twin, else BOTH."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What the parser tolerated or could not read."""
    folder: str = ""
    """The folders between the language folder and the file (``chapter8``,
    ``unit2/smolagents``); empty when unknown."""
    tabs: tuple[OptionTab, ...] = ()
    """Its ``<hfoption>`` tabs, in the order they open (a block lies in those that
    :meth:`~coursekit.lessons.tabs.OptionTab.holds` its line)."""

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)

    @property
    def local(self) -> str:
        """The toctree ``local`` key of this file (``chapter8/4``, ``unit1/tools``)."""
        if self.folder:
            return f"{self.folder}/{self.section}"
        if self.chapter is None:
            return self.section
        return f"chapter{self.chapter}/{self.section}"

    def code_blocks(self, framework: Framework = Framework.BOTH) -> list[Code]:
        return [b for b in self.blocks if isinstance(b, Code) and b.framework.includes(framework)]

    def headings(self) -> list[Heading]:
        return [b for b in self.blocks if isinstance(b, Heading)]

    def components(self, name: str | None = None) -> list[Component]:
        return [
            b for b in self.blocks
            if isinstance(b, Component) and (name is None or b.name == name)
        ]

    @property
    def has_runnable_code(self) -> bool:
        """Whether any code block is Python, which a notebook runs."""
        return any(isinstance(b, Code) and b.role is CodeRole.PYTHON for b in self.blocks)

    @property
    def has_framework_blocks(self) -> bool:
        return any(isinstance(b, FrameworkMarker) for b in self.blocks)

    @property
    def frameworks(self) -> tuple[Framework, ...]:
        """The notebooks this lesson yields: one per framework, or one for both."""
        if self.framework is not Framework.BOTH:
            return (self.framework,)
        if self.has_framework_blocks:
            return (Framework.PT, Framework.TF)
        return (Framework.BOTH,)


@dataclass(frozen=True, slots=True)
class TocSection:
    title: str
    line: int
    local: str | None = None
    local_fw: Mapping[str, str] = field(default_factory=_frozen)
    """``{pt: chapter8/4, tf: chapter8/4_tf}`` for split sections, with or without
    ``local`` (which then names the page the section opens on)."""
    quiz: bool = False
    """The entry says ``quiz: N``: the section is a chapter quiz."""

    @property
    def locals(self) -> tuple[str, ...]:
        """Every file this section points at, each once."""
        found = [self.local] if self.local is not None else []
        return tuple(dict.fromkeys([*found, *self.local_fw.values()]))


@dataclass(frozen=True, slots=True)
class TocChapter:
    title: str
    line: int
    sections: tuple[TocSection, ...]


@dataclass(frozen=True, slots=True)
class Toctree:
    path: str
    language: str
    chapters: tuple[TocChapter, ...]
    diagnostics: tuple[Diagnostic, ...] = ()

    def sections(self) -> list[TocSection]:
        return [s for c in self.chapters for s in c.sections]
