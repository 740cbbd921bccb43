"""Sessions: transcripts as JSONL event files in `.jarvis/sessions/` (never committed).

One event per line, in order; an event's position in the file is its `turn`:

    {"type": "message", "role": "user", "name": "Ana", "text": "…", "ts": "…"}
    {"type": "tool_call", "name": "grep", "id": "t1", "input": {…}}
    {"type": "tool_result", "name": "grep", "id": "t1", "text": "…", "is_error": true}
    {"type": "compaction", "text": "summary of turns 0-40", "data": {"from": 0, "to": 40}}

Next to `<id>.jsonl` lives `<id>.meta.json` (source, format, title, created, imported_from).
Reading skips malformed lines and counts them; sessions only grow (compaction
appends a summary, it never rewrites earlier lines), so a turn number is stable.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, NotFound, UsageError
from jarvis.fsutil import atomic_write
from jarvis.workspace import Workspace

EVENT_TYPES = ("message", "tool_call", "tool_result", "compaction")
ROLES = ("user", "assistant", "system")
SESSIONS_DIR = "sessions"
_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")


@dataclass(frozen=True)
class SessionEvent:
    type: str
    turn: int = 0
    role: str = ""
    text: str = ""
    name: str = ""
    ts: str = ""
    id: str = ""
    is_error: bool = False
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def speaker(self) -> str:
        """Who said it, for people: the name when known, else the role."""
        return self.name or self.role or self.type


@dataclass(frozen=True)
class SessionMeta:
    id: str
    source: str = "jarvis"  # jarvis | claude-code | jsonl | text
    title: str = ""
    created: str = ""
    imported_from: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Session:
    meta: SessionMeta
    events: tuple[SessionEvent, ...]
    skipped: int = 0


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def parse_ts(value: str) -> datetime | None:
    """An event's timestamp as an aware local time, or None when there is none.

    `2026-03-01T22:15:00Z`, `…+02:00` and naive `2026-03-01 22:15` are all read; a naive
    time is taken as the person's local time, an aware one is converted to it (the day a
    daily-log line lands in is the person's day). See adr/0088-session-time.md.
    """
    text = value.strip()
    if not text or not text[:4].isdigit():
        return None
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment.astimezone()  # naive: local time as written; aware: converted to local


def new_session_id(prefix: str = "chat") -> str:
    return f"{prefix}-{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def check_session_id(session_id: str) -> str:
    if not _ID_RE.match(session_id):
        raise UsageError(
            f"session id {session_id!r}: use letters, digits, '.', '_' and '-' (list them with `jarvis observe --list`)"
        )
    return session_id


def event_to_dict(event: SessionEvent) -> dict[str, Any]:
    """The JSON form of an event (turn is implied by the line number and not stored)."""
    out: dict[str, Any] = {"type": event.type}
    for key in ("role", "name", "text", "ts", "id"):
        value = getattr(event, key)
        if value:
            out[key] = value
    if event.is_error:
        out["is_error"] = True
    if event.data:
        out["data"] = dict(event.data)
    return out


def event_from_dict(obj: Any, turn: int) -> SessionEvent:
    """Parse one event strictly; raise ValueError naming what is wrong."""
    if not isinstance(obj, dict):
        raise ValueError("not a JSON object")
    kind = obj.get("type")
    if kind not in EVENT_TYPES:
        raise ValueError(f"unknown event type {kind!r}")
    strings: dict[str, str] = {}
    for key in ("role", "name", "text", "ts", "id"):
        value = obj.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise ValueError(f"{key} must be a string")
        strings[key] = value
    if kind == "message" and strings["role"] not in ROLES:
        raise ValueError(f"message role must be one of {', '.join(ROLES)}")
    is_error = obj.get("is_error", False)
    if not isinstance(is_error, bool):
        raise ValueError("is_error must be true or false")
    data = obj.get("data", obj.get("input", {}))
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ValueError("data must be an object")
    return SessionEvent(type=kind, turn=turn, is_error=is_error, data=data, **strings)


def parse_events(
    lines: Iterable[str], start_turn: int = 0, adapt: Callable[[Any], Any] | None = None
) -> tuple[list[SessionEvent], int]:
    """Events from JSONL lines; returns (events, number of malformed lines skipped).

    Lines are split on "\\n" only (JSON keeps U+2028 and friends raw). Blank lines are
    ignored; a malformed line is skipped and does not take a turn number. `adapt`
    turns another format's decoded line into an event dict first.
    """
    events: list[SessionEvent] = []
    skipped = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            events.append(event_from_dict(adapt(obj) if adapt else obj, start_turn + len(events)))
        except ValueError:  # json.JSONDecodeError is a ValueError
            skipped += 1
    return events, skipped


def dump_events(events: Iterable[SessionEvent]) -> str:
    return "".join(json.dumps(event_to_dict(e), ensure_ascii=False) + "\n" for e in events)


# ------------------------------------------------------------------ storage
def sessions_dir(ws: Workspace) -> Path:
    return ws.state_dir / SESSIONS_DIR


def session_path(ws: Workspace, session_id: str) -> Path:
    return ws.state(SESSIONS_DIR, f"{check_session_id(session_id)}.jsonl")


def meta_path(ws: Workspace, session_id: str) -> Path:
    return ws.state(SESSIONS_DIR, f"{check_session_id(session_id)}.meta.json")


def write_meta(ws: Workspace, meta: SessionMeta) -> None:
    data = {
        "id": meta.id,
        "source": meta.source,
        "title": meta.title,
        "created": meta.created or now_iso(),
        "imported_from": meta.imported_from,
        **dict(meta.extra),
    }
    atomic_write(meta_path(ws, meta.id), json.dumps(data, ensure_ascii=False, indent=2) + "\n", mode=0o600)


def read_meta(ws: Workspace, session_id: str) -> SessionMeta:
    path = meta_path(ws, session_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return SessionMeta(id=session_id)
    except (OSError, ValueError):
        return SessionMeta(id=session_id, extra={"meta_warning": f"{path.name} unreadable"})
    if not isinstance(data, dict):
        return SessionMeta(id=session_id)
    known = {"id", "source", "title", "created", "imported_from"}
    return SessionMeta(
        id=session_id,
        source=str(data.get("source") or "jarvis"),
        title=str(data.get("title") or ""),
        created=str(data.get("created") or ""),
        imported_from=str(data.get("imported_from") or ""),
        extra={k: v for k, v in data.items() if k not in known},
    )


def write_session(ws: Workspace, meta: SessionMeta, events: Iterable[SessionEvent]) -> Path:
    """Write (or replace) a whole session file and its metadata. Mode 0600: transcripts are private."""
    path = session_path(ws, meta.id)
    atomic_write(path, dump_events(events), mode=0o600)
    write_meta(ws, meta)
    return path


def append_events(ws: Workspace, session_id: str, events: Iterable[SessionEvent]) -> int:
    """Append events to a session (creating it); returns the number of events now in the file.

    Used by `jarvis chat` as the conversation goes. Each call appends whole lines.
    """
    path = session_path(ws, session_id)
    if not meta_path(ws, session_id).exists():
        write_meta(ws, SessionMeta(id=session_id, source="jarvis", created=now_iso()))
    payload = dump_events(events).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(fd, payload)
    finally:
        os.close(fd)
    return count_events(ws, session_id)


def count_events(ws: Workspace, session_id: str) -> int:
    return len(read_session(ws, session_id).events)


def read_session(ws: Workspace, session_id: str) -> Session:
    path = session_path(ws, session_id)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise NotFound(
            f"session {session_id}: no file {ws.rel(path)}; list sessions with `jarvis observe --list`"
        ) from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    text = raw.decode("utf-8", errors="replace")
    events, skipped = parse_events(text.split("\n"))
    return Session(read_meta(ws, session_id), tuple(events), skipped)


def list_sessions(ws: Workspace) -> list[str]:
    folder = sessions_dir(ws)
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(".jsonl")] for p in folder.glob("*.jsonl") if _ID_RE.match(p.stem))
