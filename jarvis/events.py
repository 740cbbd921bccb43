"""Telemetry: one structured event per command or pipeline step in `.jarvis/events.jsonl`.

Use `with track(ws, "index", "reconcile") as ev: ev.counts["files"] = 3`. The event
is written on exit, with success False and the error's message when it raised.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jarvis.workspace import Workspace

EVENTS_FILE = "events.jsonl"


@dataclass
class Event:
    component: str
    action: str
    counts: dict[str, Any] = field(default_factory=dict)
    detail: dict[str, Any] = field(default_factory=dict)


def emit(
    ws: Workspace,
    component: str,
    action: str,
    *,
    success: bool = True,
    duration_ms: float = 0.0,
    counts: dict[str, Any] | None = None,
    error: str | None = None,
    detail: dict[str, Any] | None = None,
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "component": component,
        "action": action,
        "success": success,
        "duration_ms": round(duration_ms, 2),
        "counts": counts or {},
    }
    if error:
        record["error"] = error
    if detail:
        record["detail"] = detail
    line = json.dumps(record, ensure_ascii=False, default=str) + "\n"
    try:
        path = ws.state(EVENTS_FILE)
        # O_APPEND writes of one short line are atomic enough for concurrent processes.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)
    except OSError:
        # Telemetry must never break the operation it describes (read-only workspace).
        pass
    return record


@contextmanager
def track(ws: Workspace, component: str, action: str) -> Iterator[Event]:
    ev = Event(component, action)
    start = time.perf_counter()
    try:
        yield ev
    except BaseException as exc:
        emit(
            ws,
            component,
            action,
            success=False,
            duration_ms=(time.perf_counter() - start) * 1000,
            counts=ev.counts,
            error=f"{type(exc).__name__}: {exc}",
            detail=ev.detail,
        )
        raise
    emit(
        ws,
        component,
        action,
        duration_ms=(time.perf_counter() - start) * 1000,
        counts=ev.counts,
        detail=ev.detail,
    )


def read_events(
    ws: Workspace,
    component: str | None = None,
    since: datetime | None = None,
    failed: bool = False,
) -> list[dict[str, Any]]:
    path = ws.state_dir / EVENTS_FILE
    if not path.exists():
        return []
    out: list[dict[str, Any]] = []
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if component and record.get("component") != component:
                continue
            if failed and record.get("success", True):
                continue
            if since is not None:
                try:
                    ts = datetime.fromisoformat(record["ts"])
                except (KeyError, ValueError):
                    continue
                if ts < since:
                    continue
            out.append(record)
    return out
