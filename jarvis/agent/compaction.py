"""Write-then-compact: observe old turns first, then summarise and archive them.

At `flush_ratio` x window the turns older than the last `keep_turns` are observed
(the observer extracts facts and commits them as fragments). At `compact_ratio`
x window those turns are summarised (by the LLM, or offline by an extractive
summary), a `compaction` event holding the summary and the archived range is
appended to the session file, and only the summary plus the last turns stay in
the conversation. The session file only grows: every archived turn is still on
disk.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jarvis.llm import LLM
    from jarvis.observe.sessions import SessionEvent
    from jarvis.workspace import Workspace

SUMMARY_CHARS = 2400
SUMMARY_MAX_TOKENS = 700
CUES = re.compile(
    r"\b(remember|decid\w*|decision|prefer\w*|always|never|must|plan\w*|deadline|todo|agreed|"
    r"chose|choose|will|fixed|because|important|name is|my \w+ is)\b",
    re.IGNORECASE,
)
SUMMARY_SYSTEM = (
    "You compact a conversation between a person and their assistant. Write a faithful summary in "
    "markdown bullets: what the person wanted, facts about them, decisions, open questions, and where "
    "the conversation stands. Keep names, numbers, paths and commands exactly. No preamble."
)


@dataclass(frozen=True)
class CompactionReport:
    action: str  # flush | compact | postponed (observing failed: nothing archived)
    tokens: int  # context size that triggered it
    threshold: int
    events: tuple[int, int]  # session event range [from, to)
    facts: int = 0  # fragments written or merged by the observer
    turns: int = 0  # turns archived (compact)
    summary_tokens: int = 0
    offline: bool = True
    error: str = ""


def first_sentence(text: str, limit: int = 220) -> str:
    one = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(\s|$)", one)
    sentence = match.group(1) if match else one
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def extractive_summary(events: Sequence[SessionEvent], previous: str = "", limit: int = SUMMARY_CHARS) -> str:
    """An offline summary: the earlier summary, then the gist of each exchange, facts and decisions first.

    Every user message contributes its first sentence; other sentences (from both sides)
    are kept when they carry a cue (remember, decided, prefer, always, never, …).
    """
    lines: list[str] = []
    for event in events:
        if event.type != "message" or not event.text.strip() or event.role not in ("user", "assistant"):
            continue
        who = "Person" if event.role == "user" else "Assistant"
        sentences = re.split(r"(?<=[.!?])\s+", " ".join(event.text.split()))
        picked = [s for s in sentences[1:] if CUES.search(s)]
        if event.role == "user" or CUES.search(sentences[0]):
            picked.insert(0, sentences[0])
        for sentence in picked[:3]:
            lines.append(f"- {who}: {first_sentence(sentence)}")
    body = "\n".join(lines)
    text = f"{previous.strip()}\n{body}".strip() if previous.strip() else body
    if len(text) > limit:  # keep the most recent part; the archived turns are still on disk
        text = (
            "- (earlier parts trimmed; the full transcript is in the session file)\n"
            + text[-limit:].split("\n", 1)[-1]
        )
    return text


def transcript(events: Sequence[SessionEvent], limit: int = 24_000) -> str:
    parts: list[str] = []
    for event in events:
        if event.type == "message" and event.text.strip():
            parts.append(f"{event.role}: {event.text.strip()}")
        elif event.type == "tool_call":
            parts.append(f"tool call {event.name}: {dict(event.data)}")
        elif event.type == "tool_result":
            parts.append(f"tool result {event.name}: {event.text[:400]}")
        elif event.type == "compaction" and event.text.strip():
            parts.append(f"(summary of earlier turns)\n{event.text.strip()}")
    text = "\n\n".join(parts)
    return text if len(text) <= limit else text[-limit:]


def summarise(
    events: Sequence[SessionEvent], previous: str, llm: LLM | None, max_tokens: int
) -> tuple[str, bool]:
    """(summary, offline?) of `events`, folding in the previous summary."""
    if llm is None:
        return extractive_summary(events, previous), True
    prompt = transcript(events)
    if previous.strip():
        prompt = f"Summary so far:\n{previous.strip()}\n\nConversation since:\n{prompt}"
    completion = llm.complete(
        SUMMARY_SYSTEM, [{"role": "user", "content": prompt}], max_tokens=min(max_tokens, SUMMARY_MAX_TOKENS)
    )
    text = completion.text.strip()
    return (text, False) if text else (extractive_summary(events, previous), True)


def observe_range(
    ws: Workspace, session_id: str, events: Sequence[SessionEvent], llm: LLM | None, embedder: Any = None
) -> int:
    """Observe events with the observer pipeline (facts committed); returns facts kept (allowed, held, merged).

    The pipeline keeps a per-session offset, so `jarvis observe` later does not observe these turns again.
    """
    from jarvis.observe.pipeline import observe_events

    if not events:
        return 0
    report = observe_events(ws, session_id, list(events), llm=llm, embedder=embedder)
    if report.errors:
        from jarvis.errors import ProviderError

        raise ProviderError(
            f"observing session {session_id} failed: {report.errors[0]}; compaction postponed"
        )
    return sum(int(report.counts.get(name, 0)) for name in ("allowed", "held", "merged"))
