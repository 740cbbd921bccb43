"""Context assembly: one pure function from sources + session + message to a prompt.

`assemble` takes everything already read (no I/O), builds the layers in a fixed
order, counts each layer's tokens and fits the whole under the budget
(`budget_ratio` x the model's window). When something must go it goes by rule,
and every cut is listed in `Context.cuts`:

1. the oldest history turns, one whole turn at a time;
2. the lowest-scored recalled memories;
3. then, only if still over, the tails of the fixed layers in reverse order of
   importance (skills, learnings, recent, memory, user, summary, identity).

The current message is never cut; a message larger than the whole budget is an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jarvis.agent.tokens import Counter, count_tokens, truncate_to_tokens
from jarvis.errors import UsageError

Message = dict[str, Any]  # {"role": "user"|"assistant", "content": str | list of blocks}

LAYER_TITLES: dict[str, str] = {
    "identity": "Identity (SOUL.md, AGENTS.md)",
    "user": "The person (USER.md)",
    "memory": "Long-term memory (pinned and high-priority facts first, then MEMORY.md)",
    "recent": "Recent days (memory/recent.md)",
    "learnings": "Learnings (mistakes not to repeat, corrections)",
    "skills": "Skills for this request",
    "recall": "Memory recalled for this message",
    "summary": "Earlier in this conversation (compaction summary)",
}
# Fixed layers, cut last-first when history and recall are gone and it is still too big.
TRIM_ORDER = ("skills", "learnings", "recent", "memory", "user", "summary", "identity")
CUT_MARK = "\n[… cut to fit the context budget]"


@dataclass(frozen=True)
class Skill:
    name: str
    rel: str
    description: str
    body: str
    keywords: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pinned:
    ref: str  # fragment id or path
    text: str
    pinned: bool
    priority: str | None = None


@dataclass(frozen=True)
class Recalled:
    ref: str  # path:line or fragment id
    text: str
    score: float


@dataclass(frozen=True)
class Sources:
    """Everything context assembly reads from the workspace, already read."""

    soul: str = ""
    agents: str = ""
    user: str = ""
    memory_md: str = ""
    salient: tuple[Pinned, ...] = ()
    recent: str = ""
    learnings: tuple[tuple[str, str], ...] = ()  # (rel, text)
    skills: tuple[Skill, ...] = ()
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Layer:
    name: str
    text: str
    tokens: int
    items: int = 0
    refs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cut:
    layer: str
    what: str
    tokens: int


@dataclass(frozen=True)
class Context:
    layers: tuple[Layer, ...]
    history: tuple[Message, ...]
    message: str
    message_tokens: int
    history_tokens: int
    budget: int
    window: int
    cuts: tuple[Cut, ...]
    warnings: tuple[str, ...] = ()
    skills: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        return sum(layer.tokens for layer in self.layers) + self.history_tokens + self.message_tokens

    @property
    def system(self) -> str:
        return "\n\n".join(render_layer(layer.name, layer.text) for layer in self.layers if layer.text)

    def messages(self) -> list[Message]:
        """History kept plus the current message, ready for the LLM."""
        out = [dict(m) for m in self.history]
        if self.message:
            out.append({"role": "user", "content": self.message})
        return out

    def layer(self, name: str) -> Layer | None:
        return next((layer for layer in self.layers if layer.name == name), None)


# ------------------------------------------------------------------- helpers
def message_text(message: Message) -> str:
    """The text of a message for counting: text blocks, tool inputs and results."""
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "text":
            parts.append(str(block.get("text", "")))
        elif kind == "tool_use":
            parts.append(f"{block.get('name')} {json.dumps(block.get('input', {}), ensure_ascii=False)}")
        elif kind == "tool_result":
            inner = block.get("content", "")
            if isinstance(inner, list):
                inner = " ".join(str(b.get("text", "")) for b in inner if isinstance(b, dict))
            parts.append(str(inner))
    return "\n".join(parts)


def is_user_turn_start(message: Message) -> bool:
    """A user message with text (not only tool results) starts a new turn."""
    if message.get("role") != "user":
        return False
    content = message.get("content")
    if isinstance(content, str):
        return True
    return any(isinstance(b, dict) and b.get("type") != "tool_result" for b in content or [])


def split_turns(history: Sequence[Message]) -> list[list[Message]]:
    """Group messages into turns: a user message and everything answering it."""
    turns: list[list[Message]] = []
    for message in history:
        if is_user_turn_start(message) or not turns:
            turns.append([message])
        else:
            turns[-1].append(message)
    return turns


def match_skills(skills: Sequence[Skill], message: str) -> list[Skill]:
    """Skills whose trigger keywords (whole words, any case) or regex patterns match the message."""
    lowered = message.lower()
    matched: list[Skill] = []
    for skill in skills:
        hit = any(
            kw.strip() and re.search(rf"(?<!\w){re.escape(kw.strip().lower())}(?!\w)", lowered)
            for kw in skill.keywords
        )
        if not hit:
            for pattern in skill.patterns:
                try:
                    if re.search(pattern, message, re.IGNORECASE):
                        hit = True
                        break
                except re.error:
                    continue
        if hit:
            matched.append(skill)
    return matched


def render_layer(name: str, text: str) -> str:
    return f"# {LAYER_TITLES[name]}\n\n{text.strip()}" if text.strip() else ""


def _layer(name: str, text: str, count: Counter, items: int = 0, refs: tuple[str, ...] = ()) -> Layer:
    text = text.strip()
    return Layer(name, text, count(render_layer(name, text)), items, refs)


def _trim(layer: Layer, over: int, count: Counter) -> Layer:
    """The layer with its tail cut by at least `over` tokens (or emptied)."""
    keep = layer.tokens - over - count(render_layer(layer.name, "x" + CUT_MARK))
    while keep > 0:
        text = truncate_to_tokens(layer.text, keep, count)
        if text.strip():
            new = _layer(layer.name, text + CUT_MARK, count, layer.items, layer.refs)
            if new.tokens <= layer.tokens - over:
                return new
        keep -= max(1, over // 4)
    return Layer(layer.name, "", 0, layer.items, layer.refs)


def _fixed_layers(sources: Sources, skills: list[Skill], summary: str, count: Counter) -> dict[str, Layer]:
    identity = "\n\n".join(t.strip() for t in (sources.soul, sources.agents) if t.strip())
    salient = [f"- {p.text.strip()} ({p.ref}{', pinned' if p.pinned else ''})" for p in sources.salient]
    memory = "\n".join(salient)
    if sources.memory_md.strip():
        memory = f"{memory}\n\n{sources.memory_md.strip()}" if memory else sources.memory_md
    learnings = "\n\n".join(f"## {rel}\n{text.strip()}" for rel, text in sources.learnings if text.strip())
    skill_text = "\n\n".join(f"## Skill: {s.name} ({s.rel})\n{s.body.strip()}" for s in skills)
    return {
        "identity": _layer("identity", identity, count),
        "user": _layer("user", sources.user, count),
        "memory": _layer(
            "memory", memory, count, len(sources.salient), tuple(p.ref for p in sources.salient)
        ),
        "recent": _layer("recent", sources.recent, count),
        "learnings": _layer("learnings", learnings, count, len(sources.learnings)),
        "skills": _layer("skills", skill_text, count, len(skills), tuple(s.name for s in skills)),
        "summary": _layer("summary", summary, count),
    }


def _recall_layer(items: Sequence[Recalled], count: Counter) -> Layer:
    text = "\n\n".join(f"[{r.ref}] (score {r.score:.2f})\n{r.text.strip()}" for r in items)
    return _layer("recall", text, count, len(items), tuple(r.ref for r in items))


# ------------------------------------------------------------------ assemble
def assemble(
    sources: Sources,
    *,
    message: str,
    history: Sequence[Message] = (),
    summary: str = "",
    recalled: Sequence[Recalled] = (),
    window: int,
    budget_ratio: float = 0.75,
    count: Counter = count_tokens,
) -> Context:
    """Build the layered context for `message`, fitted under `budget_ratio` x `window` tokens."""
    budget = int(window * budget_ratio)
    message_tokens = count(message)
    if message_tokens > budget:
        raise UsageError(
            f"the message is {message_tokens:,} tokens, over the context budget of {budget:,}; "
            "shorten it or set a larger [llm] context_window in jarvis.toml"
        )
    skills = match_skills(sources.skills, message)
    layers = _fixed_layers(sources, skills, summary, count)
    recall_items = sorted(recalled, key=lambda r: r.score, reverse=True)
    turns = split_turns(history)
    turn_tokens = [sum(count(message_text(m)) for m in turn) for turn in turns]
    cuts: list[Cut] = []

    recall_tokens = _recall_layer(recall_items, count).tokens

    def total() -> int:
        fixed = sum(layer.tokens for layer in layers.values())
        return fixed + recall_tokens + sum(turn_tokens) + message_tokens

    while total() > budget and turns:  # 1. oldest history first
        turn = turns.pop(0)
        tokens = turn_tokens.pop(0)
        first = " ".join(message_text(turn[0]).split())[:60]
        cuts.append(Cut("history", f"oldest turn ({len(turn)} messages): {first}", tokens))
    while total() > budget and recall_items:  # 2. lowest-scored recall
        item = recall_items.pop()
        before, recall_tokens = recall_tokens, _recall_layer(recall_items, count).tokens
        cuts.append(Cut("recall", f"{item.ref} (score {item.score:.2f})", before - recall_tokens))
    for name in TRIM_ORDER:  # 3. tails of fixed layers
        over = total() - budget
        if over <= 0:
            break
        layer = layers[name]
        if not layer.tokens:
            continue
        new = _trim(layer, over, count)
        cuts.append(Cut(name, "whole layer" if not new.text else "tail", layer.tokens - new.tokens))
        layers[name] = new
    order = ("identity", "user", "memory", "recent", "learnings", "skills", "recall", "summary")
    recall_layer = _recall_layer(recall_items, count)
    built = tuple(recall_layer if name == "recall" else layers[name] for name in order)
    kept = tuple(m for turn in turns for m in turn)
    return Context(
        layers=built,
        history=kept,
        message=message,
        message_tokens=message_tokens,
        history_tokens=sum(turn_tokens),
        budget=budget,
        window=window,
        cuts=tuple(cuts),
        warnings=sources.warnings,
        skills=tuple(s.name for s in skills),
    )
