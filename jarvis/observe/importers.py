"""Importers: outside transcripts -> jarvis sessions in `.jarvis/sessions/`.

Formats: `claude-code` (Claude Code's `~/.claude/projects/*/*.jsonl`), `jsonl`
(jarvis's own event lines, or generic `{"role", "content"}` lines) and `text`
(plain text or markdown with `Name: text` lines; `User:`/`Assistant:` map to
roles). The format is detected from the first lines when not given. Malformed
lines are skipped and counted, never fatal. Re-importing a file that grew
(a Claude Code session still going) rewrites the session with the same
earlier events, so already-observed turns keep their numbers.

Time: every event keeps its own timestamp (Claude Code writes one per line). A plain
text transcript has none, so its events take the `--date` the person gave or else the
file's modification time, and `Imported.dated_by` says which (adr/0088-session-time.md).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, UsageError
from jarvis.fsutil import decode_text
from jarvis.observe.lexicon import MONTHS, WEEKDAYS
from jarvis.observe.sessions import (
    EVENT_TYPES,
    SessionEvent,
    SessionMeta,
    event_from_dict,
    now_iso,
    parse_events,
    parse_ts,
    write_session,
)
from jarvis.redact import redact
from jarvis.workspace import Workspace

FORMATS = ("claude-code", "jsonl", "text")
MAX_IMPORT_BYTES = 200_000_000
# line types Claude Code writes (newer versions open a file with a file-history-snapshot)
CLAUDE_TYPES = {"user", "assistant", "summary", "system", "file-history-snapshot", "queue-operation"}
USER_ALIASES = {"user", "human", "me", "you", "person", "q", "question"}
ASSISTANT_ALIASES = {"assistant", "ai", "claude", "jarvis", "bot", "gpt", "chatgpt", "model", "a", "answer"}
_SPEAKER_RE = re.compile(
    r"^\s*(?:[-*]\s+)?(?:<!--.*?-->\s*)?(?:\*\*|__)?(?P<name>[A-Za-z][\w .'-]{0,40}?)(?::(?:\*\*|__)|(?:\*\*|__)?:)\s*(?P<text>.*)$"
)
_NOISE_PREFIXES = (
    "<command-",
    "<local-command-",
    "<system-reminder",
    "<task-notification",
    "Caveat: The messages below",
    "[Request interrupted by user",
)


@dataclass(frozen=True)
class Imported:
    session_id: str
    format: str
    events: tuple[SessionEvent, ...]
    skipped: int
    path: Path
    dated_by: str = "timestamps"  # timestamps | --date | mtime
    start: str = ""  # the session's first timestamp (ISO), "" when it has none


def parse_date_option(value: str) -> datetime:
    """`2026-03-01` (noon local time) or an ISO date-time (`2026-03-01T09:30`, `…Z`, `…+02:00`)."""
    text = value.strip()
    moment = parse_ts(text + "T12:00:00" if len(text) == 10 else text)
    if moment is None:
        raise UsageError(f"{value!r}: not a date; use YYYY-MM-DD or an ISO date-time like 2026-03-01T09:30")
    return moment


def date_events(
    events: list[SessionEvent], path: Path, date: datetime | None
) -> tuple[list[SessionEvent], str]:
    """Give undated events a time; returns (events, how: timestamps | --date | mtime).

    A session with timestamps keeps them (an undated line takes the time of the line before
    it, or the first time seen); one with none takes `date`, else the file's mtime.
    """
    known = [e.ts for e in events if parse_ts(e.ts)]
    if known:
        out, last = [], known[0]
        for event in events:
            if parse_ts(event.ts):
                last = event.ts
            out.append(event if event.ts == last else replace(event, ts=last))
        return out, "timestamps"
    if date is not None:
        when, how = date, "--date"
    else:
        when, how = datetime.fromtimestamp(path.stat().st_mtime).astimezone(), "mtime"
    stamp = when.isoformat(timespec="seconds")
    return [replace(e, ts=stamp) for e in events], how


def detect_format(path: Path, head: str) -> str:
    """Guess the format from the file's first non-empty lines."""
    for line in head.split("\n")[:20]:
        line = line.strip()
        if not line:
            continue
        if not line.startswith("{"):
            return "text"
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        if obj.get("type") in EVENT_TYPES or ("role" in obj and "content" in obj):
            return "jsonl"
        if obj.get("type") in CLAUDE_TYPES or "sessionId" in obj or "leafUuid" in obj:
            return "claude-code"
        # a line neither format names: the next one may
    return "text" if path.suffix.lower() not in (".jsonl", ".json") else "jsonl"


def _blocks_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text"
        ).strip()
    return ""


def _claude_line(obj: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    """Our event dicts for one Claude Code line (several for mixed content)."""
    kind = obj.get("type")
    ts = str(obj.get("timestamp") or "")
    if kind == "summary":
        text = obj.get("summary")
        return [{"type": "compaction", "text": text, "ts": ts}] if isinstance(text, str) else []
    if kind not in ("user", "assistant") or obj.get("isMeta"):
        return []
    message = obj.get("message")
    if obj.get("isCompactSummary") and isinstance(message, dict):
        # Claude Code's summary after /compact is written as a user line, but the person never
        # said it: it is a compaction, not something to learn their words from
        text = _blocks_text(message.get("content"))
        return [{"type": "compaction", "text": text, "ts": ts}] if text else []
    if not isinstance(message, dict):
        raise ValueError("no message object")
    role = message.get("role", kind)
    if role not in ("user", "assistant"):
        raise ValueError(f"unexpected role {role!r}")
    content = message.get("content")
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise ValueError("content is neither text nor a list of blocks")
    out: list[dict[str, Any]] = []
    texts: list[str] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        btype = block.get("type")
        if btype == "text" and isinstance(block.get("text"), str):
            texts.append(block["text"])
        elif btype == "tool_use":
            names[str(block.get("id", ""))] = str(block.get("name", ""))
            data = block.get("input") if isinstance(block.get("input"), dict) else {}
            out.append(
                {
                    "type": "tool_call",
                    "name": block.get("name", ""),
                    "id": block.get("id", ""),
                    "data": data,
                    "ts": ts,
                }
            )
        elif btype == "tool_result":
            call_id = str(block.get("tool_use_id", ""))
            out.append(
                {
                    "type": "tool_result",
                    "id": call_id,
                    "name": names.get(call_id, ""),
                    "text": _blocks_text(block.get("content")),
                    "is_error": bool(block.get("is_error", False)),
                    "ts": ts,
                }
            )
    text = "\n".join(texts).strip()
    if text and not text.startswith(_NOISE_PREFIXES):
        out.insert(0, {"type": "message", "role": role, "text": text, "ts": ts})
    return out


def parse_claude_code(lines: Iterable[str]) -> tuple[list[SessionEvent], int]:
    events: list[SessionEvent] = []
    skipped = 0
    names: dict[str, str] = {}
    for line in lines:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("not an object")
            if obj.get("isSidechain"):
                continue
            for item in _claude_line(obj, names):
                events.append(event_from_dict(item, len(events)))
        except ValueError:
            skipped += 1
    return events, skipped


def parse_jsonl(lines: Iterable[str]) -> tuple[list[SessionEvent], int]:
    """Our own event lines, or generic chat lines `{"role": ..., "content": ...}`."""
    return parse_events(lines, adapt=_generic_chat_line)


_TIME_KEYS = ("ts", "timestamp", "time", "created_at", "date")


def _when(obj: dict[str, Any]) -> str:
    """The line's time as ISO text: a string as written, epoch seconds (or milliseconds) converted."""
    for key in _TIME_KEYS:
        value = obj.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
            seconds = value / 1000 if value > 10**11 else value
            return datetime.fromtimestamp(seconds).astimezone().isoformat(timespec="seconds")
    return ""


def _generic_chat_line(obj: Any) -> Any:
    if isinstance(obj, dict) and "type" not in obj and "role" in obj:
        return {
            "type": "message",
            "role": obj["role"],
            "name": obj.get("name", ""),
            "text": _blocks_text(obj.get("content")),
            "ts": _when(obj),
        }
    return obj


def role_for(name: str) -> tuple[str, str]:
    """(role, name to keep) for a speaker label in a text transcript."""
    low = name.strip().lower()
    if low in USER_ALIASES:
        return "user", ""
    if low in ASSISTANT_ALIASES:
        return "assistant", ""
    return "user", name.strip()


def _speaker_lines(lines: list[str]) -> tuple[dict[int, re.Match[str]], set[int]]:
    """The lines that open a message, by index, and the lines inside code fences (see `parse_text`)."""
    found: dict[int, re.Match[str]] = {}
    fenced: set[int] = set()
    in_fence = False
    for i, line in enumerate(lines):
        if line.strip().startswith("```"):
            in_fence = not in_fence
        if in_fence:
            fenced.add(i)
        match = None if in_fence else _SPEAKER_RE.match(line)
        if match and len(match.group("name").split()) <= 4 and not match.group("text").startswith("//"):
            found[i] = match
    said = Counter(m.group("name").strip().lower() for m in found.values())
    # "**User:** … **Assistant:** …" again and again: a chat of two, and any other label is content
    # ("- **Rent:** 2.800.000" in a budget, "fixed costs: rent …" in the person's own list)
    two = (
        sum(n for k, n in said.items() if k in USER_ALIASES) >= 2
        and sum(n for k, n in said.items() if k in ASSISTANT_ALIASES) >= 2
    )
    out: dict[int, re.Match[str]] = {}
    role = ""
    for i, m in sorted(found.items()):
        name = m.group("name").strip().lower()
        alias = name in USER_ALIASES or name in ASSISTANT_ALIASES
        if not alias and (two or name in _CALENDAR):
            continue  # "- july: 1.610 USD", "**Monday:** rest day": a month or a day is nobody
        known = alias or said[name] >= 2
        if role == "assistant" and not known and not (_bold(m) and _name_shaped(m.group("name"))):
            continue  # "Photographer: £1,600", "**Automatic feeder:**" in the assistant's reply: its labels
        if role and not known and not _bold(m) and (not _name_shaped(m.group("name")) or _listed(m)):
            continue  # "- rent: 2.500.000" in the person's own message: a list of theirs
        out[i] = m
        role = role_for(m.group("name"))[0]
    return out, fenced


_CALENDAR_SHORT = (
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thurs fri sat sun today tomorrow "
    "tonight yesterday weekdays weekends"
)
_CALENDAR = frozenset((*WEEKDAYS, *MONTHS, *_CALENDAR_SHORT.split()))


def _listed(m: re.Match[str]) -> bool:
    return m.group(0).lstrip()[:1] in ("-", "*", "•") and not m.group(0).lstrip().startswith("**")


def _bold(m: re.Match[str]) -> bool:
    return bool(re.search(r"\*\*|__", m.group(0)[: m.start("text")]))


def _name_shaped(name: str) -> bool:
    """ "Caroline", "Siew Lan", "Dr Patel": every word capitalised ("Automatic feeder" is a label)."""
    return all(word[:1].isupper() for word in name.split())


def parse_text(lines: Iterable[str]) -> tuple[list[SessionEvent], int]:
    """`Name: text` lines; following lines without a speaker continue the message.

    Markdown is tolerated (`- **Name:** text`, headings skipped). Lines before the
    first speaker are counted as skipped. A label inside a message ("Photographer: £1,600" in
    the assistant's budget, "**Automatic feeder:**" in its list) is no new speaker: inside the
    assistant's message, a line opens a new one only for a known speaker (user/assistant, a name
    that speaks twice or more, or a bold name such as "**Caroline:**").
    """
    lines = [raw.rstrip() for raw in lines]
    speaker_at, fenced = _speaker_lines(lines)
    items: list[tuple[str, str, list[str]]] = []
    skipped = 0
    for i, line in enumerate(lines):
        match = speaker_at.get(i)
        if match:
            role, name = role_for(match.group("name"))
            items.append((role, name, [match.group("text")]))
        elif line.lstrip().startswith("#") and i not in fenced:
            continue
        elif items:
            items[-1][2].append(line)
        elif line.strip():
            skipped += 1
    events: list[SessionEvent] = []
    for role, name, parts in items:
        text = "\n".join(parts).strip()
        if text:
            events.append(SessionEvent(type="message", turn=len(events), role=role, name=name, text=text))
    return events, skipped


PARSERS = {"claude-code": parse_claude_code, "jsonl": parse_jsonl, "text": parse_text}


def session_id_for(path: Path, fmt: str) -> str:
    """Stable id per source file: re-importing the same file updates the same session."""
    # the id reaches commit messages and `source:` fields: built from the redacted file name
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", redact(path.stem)[0]).strip("-.")[:60] or "session"
    if fmt == "claude-code":
        return f"cc-{stem}"
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:8]
    return f"{fmt}-{stem}-{digest}"


def read_transcript(path: Path, fmt: str | None = None) -> tuple[str, list[SessionEvent], int]:
    """(format, events, skipped) for a transcript file; raises InputError/UsageError for what cannot be read."""
    if fmt is not None and fmt not in FORMATS:
        raise UsageError(f"--format {fmt}: use one of {', '.join(FORMATS)}")
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise InputError(
                f"{path}: {size:,} bytes is over the {MAX_IMPORT_BYTES:,}-byte import limit; split it"
            )
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file; check the path") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder; give a transcript file (or --import-claude-code)") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    try:
        text, _ = decode_text(raw, str(path))
    except InputError:
        if fmt is None and path.suffix.lower() in (".jsonl", ".json"):
            text = raw.decode("utf-8", errors="replace")  # JSONL with a bad line: skip it, keep the rest
        else:
            raise
    fmt = fmt or detect_format(path, text[:20_000])
    events, skipped = PARSERS[fmt](text.split("\n"))
    return fmt, events, skipped


def import_transcript(
    ws: Workspace, path: Path, fmt: str | None = None, *, date: datetime | None = None
) -> Imported:
    """Read a transcript and store it as a session; returns what was imported.

    `date` dates a transcript without timestamps (else its mtime does); events that carry
    their own time keep it.
    """
    fmt, events, skipped = read_transcript(path, fmt)
    events, dated_by = date_events(events, path, date)
    session_id = session_id_for(path, fmt)
    start = next((e.ts for e in events if parse_ts(e.ts)), "")
    meta = SessionMeta(
        id=session_id,
        source=fmt,
        title=redact(path.stem)[0],
        created=start or now_iso(),
        imported_from=str(path.resolve()),
        extra={"skipped_lines": skipped, "imported": now_iso(), "dated_by": dated_by},
    )
    write_session(ws, meta, events)
    return Imported(session_id, fmt, tuple(events), skipped, path, dated_by, start)


def claude_code_files(home: Path) -> list[Path]:
    """Claude Code session files: `~/.claude/projects/*/*.jsonl`."""
    root = home / ".claude" / "projects"
    if not root.is_dir():
        return []
    return sorted(p for p in root.glob("*/*.jsonl") if p.is_file())
