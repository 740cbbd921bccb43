"""`memory/recent.md`: the always-loaded rolling summary of the last days.

`refresh_recent` reads the session text written since its last run (per-session
event offsets in `.jarvis/recent.json`). Nothing new: no LLM call, no commit.
Otherwise it prepends a short dated update (by the LLM, or offline an extractive
digest) and commits `recent: …`. When the file grows 20% past
`[agent] recent_target_chars` it is rebuilt from the newest fragments, keeping the
latest update on top. Offsets advance only after the commit lands.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from jarvis.agent.compaction import CUES, first_sentence, transcript
from jarvis.events import track
from jarvis.fsutil import atomic_write

if TYPE_CHECKING:
    from jarvis.llm import LLM
    from jarvis.observe.sessions import SessionEvent
    from jarvis.workspace import Workspace

RECENT_REL = "memory/recent.md"
STATE_FILE = "recent.json"
HEADER = "# Recent\n\n<!-- Kept by `jarvis recent`: newest first. Edit freely; it is rebuilt from memory when it grows. -->\n"
GROWTH = 1.2
DIGEST_BULLETS = 6
UPDATE_SYSTEM = (
    "You keep a short rolling summary of a person's recent days for their assistant. From the "
    "conversation text, write 2-6 markdown bullets ('- ...') of what matters later: what they worked "
    "on, decisions, new facts and preferences, open threads. Plain words, no preamble, no heading."
)


@dataclass(frozen=True)
class RecentReport:
    mode: str  # none | update | rebuild
    sessions: int = 0
    messages: int = 0
    chars: int = 0
    sha: str | None = None
    offline: bool = True

    @property
    def changed(self) -> bool:
        return self.mode != "none"


def _load_state(ws: Workspace) -> dict[str, Any]:
    try:
        data = json.loads((ws.state_dir / STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"offsets": {}}
    return data if isinstance(data, dict) and isinstance(data.get("offsets"), dict) else {"offsets": {}}


def new_session_text(ws: Workspace) -> tuple[dict[str, int], list[SessionEvent], int]:
    """(new offsets, new message events, sessions with news) since the last refresh."""
    from jarvis.observe.sessions import list_sessions, read_session

    offsets: dict[str, int] = dict(_load_state(ws)["offsets"])
    news: list[SessionEvent] = []
    touched = 0
    for session_id in list_sessions(ws):
        events = read_session(ws, session_id).events
        start = int(offsets.get(session_id, 0))
        fresh = [
            e
            for e in events[start:]
            if e.type == "message" and e.role in ("user", "assistant") and e.text.strip()
        ]
        if fresh:
            touched += 1
            news.extend(fresh)
        offsets[session_id] = len(events)
    return offsets, news, touched


def digest(events: list[SessionEvent], limit: int = DIGEST_BULLETS) -> list[str]:
    """Offline digest: sentences with facts, decisions or preferences first, then the person's asks."""
    scored: list[tuple[int, int, str]] = []
    seen: set[str] = set()
    for position, event in enumerate(events):
        for sentence in re.split(r"(?<=[.!?])\s+", " ".join(event.text.split())):
            if len(sentence) < 12:
                continue
            key = sentence.lower()
            if key in seen:
                continue
            seen.add(key)
            score = 2 * len(CUES.findall(sentence)) + (1 if event.role == "user" else 0)
            if score:
                scored.append((score, position, sentence))
    best = sorted(scored, key=lambda item: (-item[0], -item[1]))[:limit]
    best.sort(key=lambda item: item[1])  # back in conversation order
    return [f"- {first_sentence(s, 200)}" for _, _, s in best]


def split_recent(text: str) -> tuple[str, list[str]]:
    """(header, dated sections) of recent.md; each section starts with `## `."""
    parts = re.split(r"(?m)^(?=## )", text)
    header = parts[0] if parts and not parts[0].startswith("## ") else ""
    sections = [p for p in parts if p.startswith("## ")]
    return header or HEADER, sections


def rebuild(ws: Workspace, latest: str, target: int) -> tuple[str, int]:
    """recent.md from the newest active fragments, under the target size, latest update on top."""
    from jarvis.notes import iter_fragments

    fragments = [
        f
        for _, f in iter_fragments(ws)
        if f.gate != "hold" and (f.status or "active") == "active" and f.body.strip()
    ]
    fragments.sort(key=lambda f: str(f.updated or f.created or ""), reverse=True)
    text = HEADER + "\n" + latest.rstrip() + "\n\n## From memory (rebuilt)\n"
    used = 0
    for fragment in fragments:
        line = f"- {first_sentence(fragment.body, 200)} ({fragment.category or 'note'})\n"
        if len(text) + len(line) > target:
            break
        text += line
        used += 1
    return text, used


def refresh_recent(ws: Workspace, *, llm: LLM | None = None, now: datetime | None = None) -> RecentReport:
    """Prepend an update from new session text; rebuild when too big; one commit `recent: …`."""
    from jarvis.gitstore import GitStore
    from jarvis.redact import redact

    now = now or datetime.now().astimezone()
    with track(ws, "agent", "recent") as ev:
        offsets, news, touched = new_session_text(ws)
        ev.counts.update(sessions=touched, messages=len(news))
        if not news:
            ev.counts["mode"] = "none"
            return RecentReport("none")
        offline = llm is None
        bullets: list[str] = []
        if llm is not None:
            reply = llm.complete(
                UPDATE_SYSTEM, [{"role": "user", "content": transcript(news, 16_000)}], max_tokens=400
            ).text.strip()
            bullets = [line for line in reply.splitlines() if line.strip()]
        if not bullets:
            bullets = digest(news) or [f"- {first_sentence(news[-1].text, 200)}"]
            offline = True
        section = f"## {now:%Y-%m-%d %H:%M}\n" + "\n".join(bullets) + "\n"
        section = redact(section)[0]
        store = GitStore(ws.root)
        with store.transaction() as tx:
            old = tx.read(RECENT_REL) or HEADER  # read under the lock: nobody writes between
            header, sections = split_recent(old)
            text = header.rstrip() + "\n\n" + section + ("\n" + "".join(sections) if sections else "")
            target = ws.config.agent.recent_target_chars
            mode, message = "update", f"recent: update from {touched} session(s), {len(news)} message(s)"
            if len(text) > GROWTH * target:
                text, used = rebuild(ws, section, target)
                text = redact(text)[0]
                mode, message = "rebuild", f"recent: rebuild from {used} fragment(s) (over {target} chars)"
            tx.write(RECENT_REL, text)
            sha = tx.commit(message)
        state = {"offsets": offsets, "last_run": now.isoformat(timespec="seconds")}
        atomic_write(ws.state(STATE_FILE), json.dumps(state, indent=2) + "\n", mode=0o600)
        ev.counts.update(mode=mode, chars=len(text))
    return RecentReport(mode, touched, len(news), len(text), sha, offline)
