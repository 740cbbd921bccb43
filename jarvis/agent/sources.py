"""Read what context assembly needs from the workspace (the I/O half of `context`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jarvis.agent.context import Context, Message, Pinned, Recalled, Skill, Sources, assemble
from jarvis.agent.tokens import context_window
from jarvis.errors import InputError
from jarvis.fsutil import read_text
from jarvis.workspace import Workspace

MAX_SALIENT = 30
RECENT_REL = "memory/recent.md"

RecallFn = Callable[[str], Sequence[Recalled]]


def _read(ws: Workspace, rel: str, warnings: list[str]) -> str:
    path = ws.root / rel
    if not path.is_file():
        return ""
    try:
        text, found = read_text(path, ws.config.index.max_file_bytes, rel)
    except InputError as exc:
        warnings.append(str(exc))
        return ""
    warnings.extend(found)
    return text


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value if isinstance(v, str | int | float) and str(v).strip())
    return ()


def parse_skill(rel: str, text: str) -> Skill:
    """A skill from its SKILL.md: `triggers: {keywords: [...], patterns: [...]}` (or a plain list)."""
    from jarvis.doc import parse_document

    doc = parse_document(text, rel)
    meta = doc.meta if isinstance(doc.meta, dict) else {}
    triggers = meta.get("triggers")
    keywords: tuple[str, ...] = _strings(meta.get("keywords"))
    patterns: tuple[str, ...] = _strings(meta.get("patterns"))
    if isinstance(triggers, dict):
        keywords += _strings(triggers.get("keywords"))
        patterns += _strings(triggers.get("patterns"))
    else:
        keywords += _strings(triggers)
    name = str(meta.get("name") or rel.split("/")[-2])
    return Skill(name, rel, str(meta.get("description") or ""), doc.body, keywords, patterns)


def load_skills(ws: Workspace, warnings: list[str]) -> list[Skill]:
    skills: list[Skill] = []
    folder = ws.root / "skills"
    if not folder.is_dir():
        return skills
    for path in sorted(folder.glob("*/SKILL.md")):
        if path.is_symlink():
            continue
        rel = path.relative_to(ws.root).as_posix()
        text = _read(ws, rel, warnings)
        if text:
            skills.append(parse_skill(rel, text))
    return skills


def load_salient(ws: Workspace) -> list[Pinned]:
    """Pinned fragments, then high-priority ones (newest first); held, stale and archived left out."""
    from jarvis.notes import iter_fragments

    found: list[tuple[int, str, Pinned]] = []
    for rel, fragment in iter_fragments(ws):
        if fragment.gate == "hold" or (fragment.status or "active") != "active":
            continue
        if not fragment.pinned and fragment.priority != "high":
            continue
        rank = 0 if fragment.pinned else 1
        when = str(fragment.updated or fragment.created or "")
        ref = fragment.id or rel
        found.append(
            (rank, when, Pinned(ref, fragment.body.strip(), bool(fragment.pinned), fragment.priority))
        )
    found.sort(key=lambda item: item[1], reverse=True)  # newest first …
    found.sort(key=lambda item: item[0])  # … within pinned, then high priority (stable sort)
    return [p for _, _, p in found[:MAX_SALIENT]]


def load_sources(ws: Workspace) -> Sources:
    """Read identity, USER, MEMORY, salient fragments, recent.md, learnings and skills."""
    warnings: list[str] = []
    learnings: list[tuple[str, str]] = []
    if ws.learnings_dir.is_dir():
        for path in sorted(ws.learnings_dir.glob("*.md")):
            rel = path.relative_to(ws.root).as_posix()
            text = _read(ws, rel, warnings)
            if text.strip():
                learnings.append((rel, text))
    return Sources(
        soul=_read(ws, "SOUL.md", warnings),
        agents=_read(ws, "AGENTS.md", warnings),
        user=_read(ws, "USER.md", warnings),
        memory_md=_read(ws, "MEMORY.md", warnings),
        salient=tuple(load_salient(ws)),
        recent=_read(ws, RECENT_REL, warnings),
        learnings=tuple(learnings),
        skills=tuple(load_skills(ws, warnings)),
        warnings=tuple(warnings),
    )


def build_context(
    ws: Workspace,
    message: str,
    *,
    history: Sequence[Message] = (),
    summary: str = "",
    recall: RecallFn | None = None,
    sources: Sources | None = None,
) -> Context:
    """Read the workspace, recall memory for `message`, and assemble the context."""
    cfg = ws.config
    recalled = list(recall(message)) if recall is not None and message.strip() else []
    return assemble(
        sources if sources is not None else load_sources(ws),
        message=message,
        history=history,
        summary=summary,
        recalled=recalled,
        window=context_window(cfg.llm),
        budget_ratio=cfg.agent.budget_ratio,
    )
