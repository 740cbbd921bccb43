"""What a fact names, and what is not a fact at all: one set of rules for observe and reflect.

- An *instruction artefact* is an editor's instruction that leaked into a session ("Add after
  the second bullet: …", "Replace the old address with …", `old_str`): never memory.
- An *anchor* is something concrete a fact names — a decision record, a command or a file
  path. The write gate moves such a fact one step towards allow; triage may promote it.

The observer's gate (`jarvis.observe.gate`) and reflect's triage (`jarvis.reflect.triage`)
both call these two functions, so a fact is judged the same way at both ends of the loop.
"""

from __future__ import annotations

import re

_ARTEFACT_RE = re.compile(
    r"^\s*(?:please\s+)?(?:add|insert|append|prepend|replace|remove|delete|update|change|rename|move)\b"
    r"(?:\s+\S+){0,12}?\s+(?:after|before|with|below|above|into|the following|this line|these lines"
    r"|line \d+|section|bullet|heading)\b",
    re.IGNORECASE,
)
_ARTEFACT_START_RE = re.compile(r"^\s*(?:add after|add before|old_str|new_str)\b", re.IGNORECASE)
_DECISION_RE = re.compile(r"\b(?:decisions/\d{3,4}\S*|ADR[- ]?\d{1,4}|\d{4}-[a-z0-9-]+\.md)\b", re.IGNORECASE)
_PATH_RE = re.compile(
    r"(?:^|[\s`'\"(])(?:~|\.{1,2})?/(?:[\w.-]+/)*[\w.-]+"
    r"|\b(?:[\w.-]+/)+[\w-]+\.\w{1,8}\b"
    r"|\b[\w-]+\.(?:py|md|toml|json|ya?ml|sh|txt|cfg|ini|js|ts|rs|go)\b"
)
_COMMAND_RE = re.compile(
    r"`[^`\n]{2,}`|(?:^|\s)\$ \S"
    r"|\b(?:git|make|pip|npm|pnpm|yarn|cargo|docker|kubectl|jarvis|pytest|uv|poetry|brew|apt(?:-get)?"
    r"|systemctl|ssh|curl)\s+[\w-]+"
)


def names_anchor(text: str) -> str | None:
    """'decision record' / 'command' / 'file path' when the text names one, else None."""
    if _DECISION_RE.search(text):
        return "decision record"
    if _COMMAND_RE.search(text):
        return "command"
    if _PATH_RE.search(text):
        return "file path"
    return None


def is_artefact(text: str) -> bool:
    """True for an instruction to an editor ("Add after …", "Replace X with Y")."""
    return bool(_ARTEFACT_RE.match(text) or _ARTEFACT_START_RE.match(text))
