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

from jarvis.anchors import is_artefact, names_anchor
from jarvis.observe.schema import Fact
from jarvis.redact import redact

_MARKER_RE = re.compile(r"\[REDACTED:[\w-]+\]")


@dataclass(frozen=True)
class Verdict:
    fact: Fact  # redacted
    gate: str  # allow | hold | discard
    reasons: tuple[str, ...]
    redacted: int  # secrets removed from this fact


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
