"""What an observer returns, and the strict parser for an LLM's JSON answer.

An observer reads a batch of session events and returns segments: a narrative
(what happened, for the daily log) and facts (durable things worth a fragment),
each fact with priority, gate verdict, confidence, category, kind and the turns
it came from. The LLM is asked for exactly this JSON; anything else is a
ProviderError and nothing from that batch is applied.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from jarvis.errors import ProviderError
from jarvis.observe.sessions import SessionEvent
from jarvis.taxonomy import CATEGORIES

PRIORITIES = ("high", "medium", "low")
GATES = ("allow", "hold", "discard")
KINDS = ("fact", "preference", "rule", "correction", "decision", "tool-failure", "remember-request")
_FENCE_RE = re.compile(r"^```(?:json)?\s*\n(.*)\n```\s*$", re.DOTALL)


@dataclass(frozen=True)
class Fact:
    text: str
    priority: str = "medium"
    gate: str = "allow"
    confidence: float = 0.5
    category: str | None = None
    kind: str = "fact"
    turn_start: int = 0
    turn_end: int = 0
    quote: str = ""  # the original words, kept next to the clean statement
    context: str = ""  # for corrections: what the assistant had said
    # Why the offline observer kept it: the phrasing family that matched ("self/team",
    # "rule/we-use", …) and what the statement is about (a jarvis.taxonomy subject: place,
    # person, tool, …), which decides its category. Empty for an LLM's facts.
    family: str = ""
    subject: str = ""

    @property
    def reasons(self) -> tuple[str, ...]:
        """The family and subject, as words a person reads in a preview or a fragment."""
        return tuple(
            r
            for r in (self.family and f"family {self.family}", self.subject and f"about {self.subject}")
            if r
        )


@dataclass(frozen=True)
class Segment:
    narrative: str
    facts: tuple[Fact, ...]
    turn_start: int
    turn_end: int


@dataclass(frozen=True)
class ObserverOutput:
    segments: tuple[Segment, ...]
    usage: dict[str, int] = field(default_factory=dict)

    @property
    def facts(self) -> list[Fact]:
        return [f for s in self.segments for f in s.facts]


class Observer(Protocol):
    name: str

    def extract(self, batch: list[SessionEvent]) -> ObserverOutput: ...


# ------------------------------------------------------------------ parsing
def _need(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ProviderError(f"observer output: {where} lacks {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ProviderError(f"observer output: {where}.{key} has the wrong type ({type(value).__name__})")
    return value


def _turns(obj: dict[str, Any], where: str, lo: int, hi: int) -> tuple[int, int]:
    turns = _need(obj, "turns", list, where)
    if len(turns) != 2 or not all(isinstance(t, int) and not isinstance(t, bool) for t in turns):
        raise ProviderError(f"observer output: {where}.turns must be [first, last] integers")
    start, end = turns
    if not lo <= start <= end <= hi:
        raise ProviderError(f"observer output: {where}.turns {turns} outside this batch ({lo}-{hi})")
    return start, end


def _fact(obj: Any, where: str, lo: int, hi: int) -> Fact:
    if not isinstance(obj, dict):
        raise ProviderError(f"observer output: {where} is not an object")
    text = _need(obj, "text", str, where).strip()
    priority = _need(obj, "priority", str, where)
    gate = _need(obj, "gate", str, where)
    confidence = _need(obj, "confidence", (int, float), where)
    kind = obj.get("kind", "fact")
    category = obj.get("category")
    if priority not in PRIORITIES:
        raise ProviderError(f"observer output: {where}.priority {priority!r} not in {PRIORITIES}")
    if gate not in GATES:
        raise ProviderError(f"observer output: {where}.gate {gate!r} not in {GATES}")
    if kind not in KINDS:
        raise ProviderError(f"observer output: {where}.kind {kind!r} not in {KINDS}")
    if not 0.0 <= float(confidence) <= 1.0:
        raise ProviderError(f"observer output: {where}.confidence {confidence} not in [0, 1]")
    if category is not None and not isinstance(category, str):
        raise ProviderError(f"observer output: {where}.category must be a string or null")
    start, end = _turns(obj, where, lo, hi)
    return Fact(
        text=text,
        priority=priority,
        gate=gate,
        confidence=float(confidence),
        category=category if category in CATEGORIES else None,
        kind=kind,
        turn_start=start,
        turn_end=end,
        quote=str(obj.get("quote") or ""),
    )


def parse_output(text: str, lo: int, hi: int) -> ObserverOutput:
    """Parse the LLM's answer: one JSON object (optionally in a single ```json fence).

    Raises ProviderError naming the first problem; never returns a partial result.
    """
    body = text.strip()
    fenced = _FENCE_RE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise ProviderError(f"observer output is not valid JSON ({exc}); the batch will be retried") from None
    if not isinstance(data, dict) or set(data) != {"segments"} or not isinstance(data["segments"], list):
        raise ProviderError('observer output must be exactly {"segments": [...]}; the batch will be retried')
    segments: list[Segment] = []
    for i, seg in enumerate(data["segments"]):
        where = f"segments[{i}]"
        if not isinstance(seg, dict):
            raise ProviderError(f"observer output: {where} is not an object")
        narrative = _need(seg, "narrative", str, where)
        facts_raw = _need(seg, "facts", list, where)
        start, end = _turns(seg, where, lo, hi)
        facts = tuple(_fact(f, f"{where}.facts[{j}]", lo, hi) for j, f in enumerate(facts_raw))
        segments.append(Segment(narrative.strip(), facts, start, end))
    return ObserverOutput(tuple(segments))


# ------------------------------------------------------------------ prompting
SYSTEM_PROMPT = f"""You read part of a conversation between a person and their assistant and \
decide what is worth remembering long-term about the person and their work.

Answer with ONE JSON object and nothing else:
{{"segments": [{{"narrative": "one or two sentences on what happened",
  "turns": [first_turn, last_turn],
  "facts": [{{"text": "a self-contained statement, third person (The user ...)",
             "quote": "the person's own words, verbatim",
             "kind": one of {list(KINDS)},
             "category": one of {list(CATEGORIES)} or null,
             "priority": "high" | "medium" | "low",
             "gate": "allow" | "hold" | "discard",
             "confidence": 0.0-1.0,
             "turns": [first_turn, last_turn]}}]}}]}}

Rules: a fact must make sense with no other context. gate "allow" for durable facts, stated \
preferences, rules, corrections and decisions; "hold" when unsure; "discard" for small talk and \
anything only true for this moment. Never include secrets (keys, tokens, passwords). Turn numbers \
are the [n] markers in the transcript. Use an empty list when nothing is worth keeping."""


def render_batch(batch: list[SessionEvent], max_chars: int = 4000) -> str:
    """The transcript as the LLM sees it: `[turn] speaker: text` lines."""
    lines: list[str] = []
    for event in batch:
        text = " ".join(event.text.split())
        if len(text) > max_chars:
            text = text[:max_chars] + " …"
        if event.type == "message":
            lines.append(f"[{event.turn}] {event.speaker}: {text}")
        elif event.type == "tool_call":
            args = json.dumps(dict(event.data), ensure_ascii=False)[:500]
            lines.append(f"[{event.turn}] tool call {event.name}: {args}")
        elif event.type == "tool_result":
            status = "ERROR" if event.is_error else "ok"
            lines.append(f"[{event.turn}] tool result {event.name} ({status}): {text[:1000]}")
        else:
            lines.append(f"[{event.turn}] (summary of earlier turns): {text}")
    return "\n".join(lines)


class LLMObserver:
    """Asks an LLM for the JSON above and parses it strictly (ProviderError on anything else)."""

    def __init__(self, llm: Any, *, model: str | None = None, max_tokens: int = 4096):
        self.llm = llm
        self.model = model
        self.max_tokens = max_tokens
        self.name = f"llm:{getattr(llm, 'name', 'llm')}"

    def extract(self, batch: list[SessionEvent]) -> ObserverOutput:
        if not batch:
            return ObserverOutput(())
        lo, hi = batch[0].turn, batch[-1].turn
        prompt = f"Transcript, turns {lo} to {hi}:\n\n{render_batch(batch)}"
        completion = self.llm.complete(
            SYSTEM_PROMPT, [{"role": "user", "content": prompt}], max_tokens=self.max_tokens, model=self.model
        )
        if completion.stop_reason == "max_tokens":
            raise ProviderError("observer output was cut off at max_tokens; the batch will be retried")
        parsed = parse_output(completion.text, lo, hi)
        return ObserverOutput(parsed.segments, dict(completion.usage))
