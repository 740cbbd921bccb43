"""The offline observer: rule-based extraction of explicit signals, no model, no network.

It reads what the person says (user-role messages) sentence by sentence and
keeps only explicit cues, each turned into a statement that reads on its own
plus the person's own words:

- remember-requests: "remember that …", "don't forget …", "keep in mind …"
- facts about the person: names ("my cat's name is …"), where they live/work,
  family, age, allergies, birthday, pets; a bare "my X is Y" is held, not allowed
- stated preferences: "I prefer/like/love/enjoy/hate …", "my favourite X is Y"
- rules: "always …", "never …", "from now on …"
- corrections of the assistant (only right after an assistant message):
  "no, that's wrong …", "actually …", "I said X, not Y"
- decisions: "we decided to …", "let's go with …"
- tool failures: tool results flagged is_error

Limits (see adr/0032): no coreference ("she" stays "she"), no facts stated by
the assistant, no implicit preferences, English only, questions and
conditionals are skipped, and a cue word inside a longer sentence can still
produce a clumsy statement — which is why generic patterns are held.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from jarvis.observe.perspective import possessive, sentence, third_person
from jarvis.observe.schema import Fact, ObserverOutput, Segment
from jarvis.observe.sessions import SessionEvent

USER_NAMES = frozenset({"", "user", "human", "me", "you"})
IC = re.IGNORECASE
_FENCE_RE = re.compile(r"```.*?(```|$)", re.DOTALL)
_STAGE_RE = re.compile(r"\[(?:shares|sends|posts|shows)\b[^\]]*\]", IC)
_SPLIT_RE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|\n+")
_SKIP_START_RE = re.compile(
    r"^(?:if|when|whether|unless|maybe|perhaps|do you|did you|would you|what|why|how|who|where|which|"
    r"should i|can i|could i|wonder)\b",
    IC,
)
_CONTEXT_BOUND_RE = re.compile(
    r"^(?:that|this|it|its|it's|those|these|them|you|your|yours|the way|how|what|when|hearing|"
    r"to hear|seeing|reading about|the idea|the sound of|the look of|the photo|the pic|the picture)\b",
    IC,
)
_DULL_WORDS = (
    "day week weekend month year morning evening night life time mind heart head schedule "
    "pleasure bad fault guess point question answer goal plan"
)
_DULL_REL = frozenset(_DULL_WORDS.split())
_TRIM = " \t\"'`.,;:!?-—–)("
_REMEMBER_RE = re.compile(
    r"^(?:(?:hey|ok|okay|so|and|also|oh|jarvis|btw|by the way)[,!]?\s+)*(?:please\s+)?"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?|i (?:want|need) you to\s+|i'd like you to\s+)?"
    r"(?:remember|don't forget|do not forget|never forget|keep in mind|make a note|take a note|take note|note|memori[sz]e)"
    r"(?:\s+that\s+|\s+this:\s*|:\s*|\s+(?=(?:my|our|I|I'm|I've|we|we're)\b))(?P<x>.{3,})$",
    IC,
)
_NOSTALGIA_RE = re.compile(r"^(?:when|the time|how|what|who|where|back when|our|those|that)\b", IC)
_WRONG_RE = re.compile(
    r"\b(?:that's|that is|it's|it is|this is|you're|you are|you got (?:it|that))\s+"
    r"(?:wrong|not right|incorrect|not correct|not true|mistaken)\b[\s,.;:!—–-]*(?P<x>.*)$",
    IC,
)
_NO_RE = re.compile(
    r"^(?:no|nope)[,.!]\s+(?:actually[,\s]+)?(?P<x>(?:it's|it is|they're|they are|that's|i said|i meant|my|the|i|we)\b.+)$",
    IC,
)
_ACTUALLY_RE = re.compile(r"^actually[,\s]+(?P<x>.{8,})$", IC)
_SAID_NOT_RE = re.compile(r"\bI (?:said|meant|asked for) (?P<right>[^,;]+?),? not (?P<wrong>[^,;.]+)", IC)
_RULE_RES = (
    re.compile(r"^(?:please\s+)?(?:from now on|going forward|in (?:the )?future)[,\s]+(?P<x>.{6,})$", IC),
    re.compile(
        r"^(?:please\s+)?(?:you should\s+|we should\s+|you must\s+|we must\s+)?"
        r"(?P<x>(?:always|never)\s+(?!(?:here|there|been|had|was|were|did|a|an|the|gonna|too|so|in|at|on|mind)\b)"
        r"(?![a-z]+ed\b)[a-z]+\b.{4,})$",
        IC,
    ),
    re.compile(r"^(?:please\s+)?(?:don't|do not) ever\s+(?P<x>.{6,})$", IC),
)
_DECISION_RES = (
    re.compile(
        r"\b(?P<x>(?:we|i)(?:'ve| have)?\s+(?:finally\s+|just\s+)?(?:decided|agreed|settled)\s+(?:to|that|on)\s+.{4,})$",
        IC,
    ),
    re.compile(
        r"^(?:ok(?:ay)?[,\s]+)?let's\s+(?P<x>(?:go with|use|stick with|pick|choose|switch to)\s+.{3,})$", IC
    ),
    re.compile(r"^(?:the\s+)?decision(?:\s+is)?:\s*(?P<x>.{4,})$", IC),
)
_NAME_OF = r"\bmy\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:'s|s'|’s)\s+name\s+is\s+(?P<v>.+)$"
_NAMED = r"\bmy\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+is\s+(?:called|named)\s+(?P<v>.+)$"
_FAV = r"\bmy\s+(?:absolute\s+|all-time\s+)?favou?rite\s+(?P<rel>[\w\s-]{1,30}?)\s+(?:is|are)\s+(?P<v>.+)$"
_PREF = (
    r"(?:^|[,;:]\s*|\b(?:and|but|so|because|also|honestly|personally)\s+)I\s+(?:(?:really|much|strongly|generally|usually|absolutely|definitely|totally|also|just|still|"
    r"truly|kinda)\s+)*(?P<verb>prefer|like|love|enjoy|hate|dislike|adore|detest|can't stand|cannot stand|"
    r"don't like|do not like|don't mind|(?:'m|am) (?:really |so )?(?:into|keen on|passionate about|a big fan of|fond of))"
    r"\s+(?P<v>.+)$"
)
_JOBS = (
    "engineer|developer|teacher|nurse|doctor|designer|manager|student|writer|artist|lawyer|scientist|"
    "researcher|consultant|programmer|accountant|chef|musician|counselor|counsellor|photographer|"
    "architect|pilot|firefighter|dancer|painter|therapist|professor|founder|analyst"
)
_REL_WORDS = (
    "wife|husband|partner|girlfriend|boyfriend|fiancée?|son|daughter|mother|mom|mum|father|dad|brother|"
    "sister|boss|manager|best friend|dog|cat|kid|child|grandmother|grandfather|grandma|grandpa"
)

Builder = Callable[[re.Match[str], str], str]


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern[str]
    kind: str
    build: Builder
    gate: str = "allow"
    confidence: float = 0.8
    priority: str = "medium"


def _v(match: re.Match[str], group: str = "v") -> str:
    """A captured value, trimmed, with any first person in it turned into they/their."""
    return third_person(match.group(group).strip(_TRIM), "they")


def _pat(regex: str, kind: str, build: Builder, **kw: object) -> Pattern:
    return Pattern(re.compile(regex, IC), kind, build, **kw)  # type: ignore[arg-type]


def _named(m: re.Match[str], s: str) -> str:
    return f"{possessive(s)} {m.group('rel').lower()} is named {_v(m)}"


def _pref(m: re.Match[str], s: str) -> str:
    verb = m.group("verb").lower()
    if verb.startswith(("'m ", "am ")):
        return f"{s} is {verb.split(' ', 1)[1]} {_v(m)}"
    verb = {"don't like": "doesn't like", "do not like": "does not like", "don't mind": "doesn't mind"}.get(
        verb, verb if " " in verb else verb + ("s" if not verb.endswith("s") else "")
    )
    return f"{s} {verb} {_v(m)}"


FACT_PATTERNS: tuple[Pattern, ...] = (
    _pat(_NAME_OF, "fact", _named, confidence=0.9),
    _pat(_NAMED, "fact", _named, confidence=0.9),
    _pat(
        r"\bI\s+have\s+(?P<n>a|an|one|two|three|\d+)\s+(?P<rel>[\w\s-]{1,30}?)\s+(?:called|named)\s+(?P<v>.+)$",
        "fact",
        lambda m, s: f"{s} has {m.group('n').lower()} {m.group('rel').lower()} named {_v(m)}",
        confidence=0.9,
    ),
    _pat(
        r"\b(?:my name is|call me)\s+(?P<v>[\w' -]{2,40})$",
        "fact",
        lambda m, s: f"{possessive(s)} name is {_v(m)}",
        confidence=0.85,
    ),
    _pat(
        r"\bI\s+(?:currently\s+|now\s+|still\s+)?(?:live|reside)\s+(?P<v>(?:in|at|near|on)\s+.+)$",
        "fact",
        lambda m, s: f"{s} lives {_v(m)}",
    ),
    _pat(r"\bI\s+(?:just\s+|recently\s+)?moved\s+(?P<v>to\s+.+)$", "fact", lambda m, s: f"{s} moved {_v(m)}"),
    _pat(r"\bI(?:'m| am)\s+(?:originally\s+)?from\s+(?P<v>.+)$", "fact", lambda m, s: f"{s} is from {_v(m)}"),
    _pat(r"\bI\s+was\s+born\s+(?P<v>(?:in|on)\s+.+)$", "fact", lambda m, s: f"{s} was born {_v(m)}"),
    _pat(
        r"\bI\s+(?:currently\s+|now\s+|still\s+)?work\s+(?P<v>(?:at|for|as)\s+.+)$",
        "fact",
        lambda m, s: f"{s} works {_v(m)}",
    ),
    _pat(
        rf"\bI(?:'m| am)\s+(?:a|an)\s+(?P<v>(?:[\w-]+\s+){{0,2}}(?:{_JOBS}))\b(?P<rest>(?:\s+(?:at|for|in)\s+.+)?)$",
        "fact",
        lambda m, s: f"{s} is a {_v(m)}{m.group('rest').rstrip(_TRIM)}",
    ),
    _pat(
        rf"\bmy\s+(?P<rel>{_REL_WORDS})\s+is\s+(?P<v>(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))",
        "fact",
        lambda m, s: f"{possessive(s)} {m.group('rel').lower()} is {_v(m)}",
        confidence=0.85,
    ),
    _pat(
        r"\bmy\s+birthday\s+is\s+(?:on\s+)?(?P<v>.+)$",
        "fact",
        lambda m, s: f"{possessive(s)} birthday is on {_v(m)}",
        confidence=0.85,
    ),
    _pat(
        r"\bI(?:'m| am)\s+allergic\s+to\s+(?P<v>.+)$",
        "fact",
        lambda m, s: f"{s} is allergic to {_v(m)}",
        confidence=0.9,
        priority="high",
    ),
    _pat(
        r"\bI(?:'m| am)\s+(?P<v>\d{1,3})\s+years?\s+old\b", "fact", lambda m, s: f"{s} is {_v(m)} years old"
    ),
    _pat(
        rf"\bI\s+have\s+(?P<v>(?:a|an|one|two|three|four|five|\d+)\s+(?:{_REL_WORDS}|kids|children|sons|"
        r"daughters|dogs|cats|pets|brothers|sisters)\b.*)$",
        "fact",
        lambda m, s: f"{s} has {_v(m)}",
        confidence=0.75,
    ),
    _pat(
        r"(?:^|[,;:]\s*|\b(?:and|but|so)\s+)I(?:'ve| have)\s+been\s+(?P<v>[a-z]+ing\b.{2,}?\b(?:for|since)\s+.{2,})$",
        "fact",
        lambda m, s: f"{s} has been {_v(m)}",
        confidence=0.7,
    ),
    _pat(
        _FAV,
        "preference",
        lambda m, s: f"{possessive(s)} favourite {m.group('rel').strip().lower()} is {_v(m)}",
        confidence=0.85,
    ),
    _pat(_PREF, "preference", _pref, confidence=0.75),
    _pat(
        r"^(?P<v>[\w' -]{3,60}?)\s+(?:is|are)\s+my\s+(?:absolute\s+|all-time\s+)?favou?rites?\b(?P<rest>.*)$",
        "preference",
        lambda m, s: f"{_v(m)} is {possessive(s)} favourite{m.group('rest').rstrip(_TRIM)}",
        confidence=0.75,
    ),
    _pat(
        r"^my\s+(?P<rel>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:is|are)\s+(?P<v>.{3,})$",
        "fact",
        lambda m, s: f"{possessive(s)} {m.group('rel').lower()} is {_v(m)}",
        gate="hold",
        confidence=0.45,
        priority="low",
    ),
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a message, with code blocks removed."""
    text = _STAGE_RE.sub(" ", _FENCE_RE.sub("\n", text))
    parts = (p.strip().lstrip("-*> ").strip() for p in _SPLIT_RE.split(text))
    return [p for p in parts if len(p) >= 3]


def subject_for(event: SessionEvent) -> str:
    return "the user" if event.name.strip().lower() in USER_NAMES else event.name.strip()


def _fact(
    kind: str,
    text: str,
    quote: str,
    turn: int,
    *,
    gate: str = "allow",
    confidence: float = 0.8,
    priority: str = "medium",
    context: str = "",
) -> Fact:
    return Fact(
        text=sentence(text),
        priority=priority,
        gate=gate,
        confidence=confidence,
        kind=kind,
        turn_start=turn,
        turn_end=turn,
        quote=quote.strip(),
        context=context,
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _context_bound(value: str) -> bool:
    return len(value) < 3 or bool(_CONTEXT_BOUND_RE.match(value))


def _correction(sent: str, nxt: str, subj: str) -> tuple[str, str] | None:
    """(corrected statement, the words it came from) or None."""
    m = _SAID_NOT_RE.search(sent)
    if m:
        return (
            f"{third_person(m.group('right').strip(_TRIM), subj)}, not {m.group('wrong').strip(_TRIM)}",
            sent,
        )
    for regex in (_WRONG_RE, _NO_RE, _ACTUALLY_RE):
        m = regex.search(sent)
        if m:
            rest = (m.group("x") or "").strip(_TRIM)
            quote = sent
            if not rest:
                rest, quote = nxt.strip(_TRIM), f"{sent} {nxt}"
            return (third_person(rest, subj), quote) if len(rest) >= 6 else None
    return None


def extract_sentence(sent: str, nxt: str, event: SessionEvent, after_assistant: str) -> Fact | None:
    """At most one fact from one sentence (the most specific cue wins)."""
    subj = subject_for(event)
    turn = event.turn
    clean = sent.strip()
    m = _REMEMBER_RE.match(clean.rstrip("?"))
    if m and not _NOSTALGIA_RE.match(m.group("x")):
        return _fact(
            "remember-request",
            third_person(m.group("x").strip(_TRIM), subj),
            clean,
            turn,
            confidence=0.9,
            priority="high",
        )
    if clean.endswith("?") or _SKIP_START_RE.match(clean):
        return None
    if after_assistant:
        fixed = _correction(clean, nxt, subj)
        if fixed:
            return _fact(
                "correction",
                "Correction: " + _cap(fixed[0]),
                fixed[1],
                turn,
                confidence=0.85,
                priority="high",
                context=after_assistant,
            )
    for regex in _RULE_RES:
        m = regex.match(clean)
        if m:
            body = m.group("x").strip(_TRIM)
            body = body if regex is not _RULE_RES[2] else f"never {body}"
            return _fact("rule", body, clean, turn, confidence=0.8, priority="high")
    for regex in _DECISION_RES:
        m = regex.search(clean)
        if m:
            body = third_person(m.group("x").strip(_TRIM), subj)
            prefix = "" if regex is _DECISION_RES[0] else "Decision: "
            return _fact("decision", prefix + _cap(body), clean, turn, confidence=0.75)
    for pattern in FACT_PATTERNS:
        m = pattern.regex.search(clean)
        if not m or ("v" in m.groupdict() and _context_bound(_v(m))):
            continue
        if "rel" in m.groupdict() and m.group("rel").strip().lower() in _DULL_REL:
            continue
        return _fact(
            pattern.kind,
            pattern.build(m, subj),
            clean,
            turn,
            gate=pattern.gate,
            confidence=pattern.confidence,
            priority=pattern.priority,
        )
    return None


def _tool_failure(event: SessionEvent, calls: dict[str, SessionEvent]) -> Fact:
    call = calls.get(event.id)
    name = event.name or (call.name if call else "") or "a tool"
    first = next((ln.strip() for ln in event.text.splitlines() if ln.strip()), "no error text")
    detail = ""
    if call and call.data:
        args = call.data.get("command") or call.data.get("path") or call.data.get("query") or ""
        if isinstance(args, str) and args:
            detail = f" on `{args[:120]}`"
    return _fact(
        "tool-failure",
        f"Tool {name} failed{detail}: {first[:200]}",
        event.text[:300],
        event.turn,
        confidence=0.9,
        priority="low",
    )


class OfflineObserver:
    """Rule-based extraction; deterministic, no network."""

    name = "offline"

    def extract(self, batch: list[SessionEvent]) -> ObserverOutput:
        facts: list[Fact] = []
        calls: dict[str, SessionEvent] = {}
        last_assistant = ""
        for event in batch:
            if event.type == "tool_call":
                calls[event.id] = event
            elif event.type == "tool_result" and event.is_error:
                facts.append(_tool_failure(event, calls))
            elif event.type == "message" and event.role == "assistant":
                last_assistant = " ".join(event.text.split())[:200]
            elif event.type == "message" and event.role == "user":
                sentences = split_sentences(event.text)
                for i, sent in enumerate(sentences):
                    nxt = sentences[i + 1] if i + 1 < len(sentences) else ""
                    fact = extract_sentence(sent, nxt, event, last_assistant if i < 2 else "")
                    if fact:
                        facts.append(fact)
                last_assistant = ""
        if not batch:
            return ObserverOutput(())
        return ObserverOutput((Segment(narrate(batch, facts), tuple(facts), batch[0].turn, batch[-1].turn),))


def narrate(batch: list[SessionEvent], facts: list[Fact]) -> str:
    """An extractive one-line narrative: how much was said, the user's opening line, what was noted."""
    said = [e for e in batch if e.type == "message" and e.text.strip()]
    if not said:
        return ""
    opening = next((e for e in said if e.role == "user"), said[0])
    first = " ".join(split_sentences(opening.text)[:1] or [opening.text]).strip()
    first = " ".join(first.split())
    if len(first) > 120:
        first = first[:117] + "..."
    failures = sum(1 for e in batch if e.type == "tool_result" and e.is_error)
    parts = [
        f'{len(said)} messages (turns {batch[0].turn}-{batch[-1].turn}), opening with {opening.speaker}: "{first}"'
    ]
    if facts:
        parts.append(f"{len(facts)} fact(s) noted")
    if failures:
        parts.append(f"{failures} tool failure(s)")
    return "; ".join(parts) + "."
