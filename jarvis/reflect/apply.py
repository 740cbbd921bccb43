"""Applying a bullet proposal to MEMORY.md text (through `jarvis.memorymd`, minimal diffs)."""

from __future__ import annotations

from datetime import datetime

from jarvis.errors import NotFound, UsageError
from jarvis.memorymd import add_bullet, find_section, parse_memory, remove_bullet, replace_bullet
from jarvis.reflect.proposals import Proposal


class ApplyError(Exception):
    """The proposal does not apply to this text (its section or bullet is gone)."""


def memory_bullets(text: str) -> list[tuple[str, str, str]]:
    """(section, date or "", text) for every bullet of MEMORY.md, in file order."""
    return [(s.name, b.date or "", b.text) for s in parse_memory(text).sections for b in s.bullets]


def apply_proposal(text: str, p: Proposal, day: str | None = None, *, new_section: bool = True) -> str:
    """`text` with the proposal applied; ApplyError when its section or bullet is missing.

    With `new_section=False` a missing section is an error instead of being created (used when
    re-applying a proposal to a file the person has edited since: they may have removed it).
    """
    stamp = day or datetime.now().astimezone().date().isoformat()
    if p.kind == "patch":
        raise ApplyError("a self-patch carries the whole file, not a bullet")
    if not new_section and find_section(text, p.section) is None:
        raise ApplyError(f"section '## {p.section}' is no longer in {p.target}")
    try:
        if p.kind == "add":
            return add_bullet(text, p.section, p.text, stamp)
        if p.kind == "change":
            return replace_bullet(text, p.section, p.old_text, p.text, stamp)
        return remove_bullet(text, p.section, p.text)
    except (NotFound, UsageError) as exc:
        raise ApplyError(str(exc).removeprefix("MEMORY.md: ").split(";")[0]) from None
