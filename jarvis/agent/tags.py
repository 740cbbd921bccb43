"""`[MEMORY:type] … [/MEMORY]` and `[STATE:key] … [/STATE]` tags in the agent's replies.

The agent marks facts worth keeping and small pieces of state inline; jarvis
saves them (a fragment through `notes.remember`, a key/value pair in
`.jarvis/state.json`) and strips them from what the person sees. `TagFilter`
does the stripping on a stream of text deltas, holding back only what could
still turn out to be a tag.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from jarvis.errors import UsageError
from jarvis.fsutil import atomic_write

if TYPE_CHECKING:
    from jarvis.workspace import Workspace

TAG_RE = re.compile(
    r"\[(?P<kind>MEMORY|STATE)(?::(?P<arg>[^\]\n]{0,64}))?\](?P<body>.*?)\[/(?P=kind)\]",
    re.DOTALL | re.IGNORECASE,
)
OPENERS = ("[memory", "[state")
STATE_FILE = "state.json"
_KEY_RE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")

# memory type named in a tag -> fragment category
TYPE_CATEGORIES: dict[str, str] = {
    "preference": "preferences",
    "preferences": "preferences",
    "rule": "rules-conventions",
    "convention": "rules-conventions",
    "rules-conventions": "rules-conventions",
    "architecture": "system-architecture",
    "system-architecture": "system-architecture",
    "operation": "operations",
    "operations": "operations",
    "project": "projects",
    "projects": "projects",
    "decision": "projects",
    "person": "people-relationships",
    "people": "people-relationships",
    "relationship": "people-relationships",
    "people-relationships": "people-relationships",
    "memory": "memory-system",
    "memory-system": "memory-system",
}


@dataclass(frozen=True)
class MemoryTag:
    type: str
    text: str


@dataclass(frozen=True)
class StateTag:
    key: str
    value: str


@dataclass(frozen=True)
class Tagged:
    clean: str
    memories: tuple[MemoryTag, ...]
    states: tuple[StateTag, ...]


def extract_tags(text: str) -> Tagged:
    """Split a reply into the text the person sees and the tags it carried."""
    memories: list[MemoryTag] = []
    states: list[StateTag] = []

    def take(match: re.Match[str]) -> str:
        body = match.group("body").strip()
        arg = (match.group("arg") or "").strip()
        if match.group("kind").upper() == "MEMORY":
            if body:
                memories.append(MemoryTag(arg.lower() or "fact", body))
        elif arg:
            states.append(StateTag(arg, body))
        return ""

    clean = TAG_RE.sub(take, text)
    clean = re.sub(r"[ \t]+\n", "\n", clean)
    clean = re.sub(r"\n{3,}", "\n\n", clean).strip()
    return Tagged(clean, tuple(memories), tuple(states))


def category_for_type(type_: str) -> str | None:
    """The category a tag's type names, or None to let the taxonomy classify the text."""
    return TYPE_CATEGORIES.get(type_.strip().lower())


class TagFilter:
    """Strips tags from streamed text: feed deltas, get the visible part back."""

    def __init__(self) -> None:
        self._pending = ""

    def feed(self, delta: str) -> str:
        self._pending += delta
        out: list[str] = []
        while self._pending:
            start = self._pending.find("[")
            if start < 0:
                out.append(self._pending)
                self._pending = ""
                break
            out.append(self._pending[:start])
            rest = self._pending[start:]
            lowered = rest.lower()
            could_open = any(o.startswith(lowered[: len(o)]) for o in OPENERS)
            if not could_open:
                out.append("[")
                self._pending = rest[1:]
                continue
            if not any(lowered.startswith(o) for o in OPENERS):
                self._pending = rest  # too short to decide yet
                break
            match = TAG_RE.match(rest)
            if match is None:
                # An opener without its closing tag: wait for more, unless it can no longer be a tag.
                head = re.match(r"\[(MEMORY|STATE)(:[^\]\n]{0,64})?(\]|$)", rest, re.IGNORECASE)
                if head is None:
                    out.append("[")
                    self._pending = rest[1:]
                    continue
                self._pending = rest
                break
            self._pending = rest[match.end() :]
        return "".join(out)

    def flush(self) -> str:
        """What is left at the end of the stream (an unclosed tag is shown as written)."""
        rest, self._pending = self._pending, ""
        return rest


# ---------------------------------------------------------------------- state
def read_state(ws: Workspace) -> dict[str, Any]:
    path = ws.state_dir / STATE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_state(ws: Workspace, key: str, value: str, now: datetime) -> None:
    """Store one key/value pair in `.jarvis/state.json` (derived state, not committed)."""
    if not _KEY_RE.match(key):
        raise UsageError(f"state key {key!r}: use 1-64 letters, digits, '_', '.', '-'")
    data = read_state(ws)
    data[key] = {"value": value, "updated": now.isoformat(timespec="seconds")}
    atomic_write(ws.state(STATE_FILE), json.dumps(data, indent=2, ensure_ascii=False) + "\n", mode=0o600)
