"""The write gate: rule overrides on top of the observer's verdict, and secret redaction.

Order (SPEC section 3):
1. redact secrets in the text and the quote (git history is forever);
2. under `min_chars` characters (after redaction) -> discard;
3. instruction artefacts ("Add after…", "Replace…") -> discard;
4. a fact that names a decision record, a file path or a command moves one
   step towards allow (discard -> hold, hold -> allow);
otherwise the observer's verdict stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from jarvis.observe.schema import Fact
from jarvis.redact import redact

_ARTEFACT_RE = re.compile(
    r"^\s*(?:add|insert|append|prepend|replace|remove|delete|update|change|rename|move)\b"
    r"(?:\s+\w+){0,3}?\s+(?:after|before|with|below|above|the following|this line|these lines|line \d+|section)\b",
    re.IGNORECASE,
)
_ARTEFACT_START_RE = re.compile(
    r"^\s*(?:replace|insert|add after|add before|old_str|new_str)\b", re.IGNORECASE
)
_DECISION_RE = re.compile(r"\b(?:decisions/\d{3,4}|ADR[- ]?\d{1,4}|\d{4}-[a-z0-9-]+\.md)\b", re.IGNORECASE)
_PATH_RE = re.compile(
    r"(?:^|[\s`'\"(])(?:~/|\./|/)[\w.-]+(?:/[\w.-]+)*|\b(?:[\w.-]+/)+[\w-]+\.\w{1,8}\b"
    r"|\b[\w-]+\.(?:py|md|toml|json|ya?ml|sh|txt|cfg|ini|js|ts|rs|go)\b"
)
_COMMAND_RE = re.compile(
    r"`[^`\n]{2,}`|(?:^|\s)\$ \S|\b(?:git|make|pip|npm|pnpm|yarn|cargo|docker|kubectl|jarvis|pytest|uv|poetry|brew|apt(?:-get)?|systemctl|ssh|curl)\s+[\w-]+",
)
_MARKER_RE = re.compile(r"\[REDACTED:[\w-]+\]")


@dataclass(frozen=True)
class Verdict:
    fact: Fact  # redacted
    gate: str  # allow | hold | discard
    reasons: tuple[str, ...]
    redacted: int  # secrets removed from this fact


def names_anchor(text: str) -> str | None:
    """'decision record' / 'file path' / 'command' when the text names one, else None."""
    if _DECISION_RE.search(text):
        return "decision record"
    if _COMMAND_RE.search(text):
        return "command"
    if _PATH_RE.search(text):
        return "file path"
    return None


def is_artefact(text: str) -> bool:
    return bool(_ARTEFACT_RE.match(text) or _ARTEFACT_START_RE.match(text))


def judge(fact: Fact, min_chars: int = 12) -> Verdict:
    """Apply the rules to one fact. Tool failures and corrections go through the same checks."""
    text, found = redact(fact.text)
    quote, found_q = redact(fact.quote)
    context, found_c = redact(fact.context)
    clean = replace(fact, text=text, quote=quote, context=context)
    redacted = len(found) + len(found_q) + len(found_c)
    reasons: list[str] = []
    if redacted:
        reasons.append(f"redacted {redacted} secret(s)")
    gate = fact.gate
    meaningful = _MARKER_RE.sub("", text).strip()
    if len(meaningful) < min_chars:
        return Verdict(clean, "discard", (*reasons, f"shorter than {min_chars} characters"), redacted)
    if is_artefact(text):
        return Verdict(clean, "discard", (*reasons, "instruction artefact"), redacted)
    anchor = names_anchor(text)
    if anchor and gate != "allow":
        gate = "hold" if gate == "discard" else "allow"
        reasons.append(f"names a {anchor}")
    return Verdict(clean, gate, tuple(reasons), redacted)
