"""The operations log: an append-only, structured record of what was done and why.

Kept in the workspace as `operations.jsonl` (tracked, one JSON object per line), so
`git log -p operations.jsonl` shows when each entry was added.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import date, datetime

from jarvis.errors import UsageError
from jarvis.events import track
from jarvis.gitstore import GitStore
from jarvis.notes import local_now, summary
from jarvis.redact import redact
from jarvis.workspace import Workspace

OPLOG_REL = "operations.jsonl"


@dataclass(frozen=True)
class Operation:
    ts: str
    action: str
    tool: str
    detail: str
    reason: str


def append_operation(
    ws: Workspace,
    action: str,
    tool: str,
    detail: str,
    reason: str = "",
    now: datetime | None = None,
    message: str | None = None,
) -> tuple[Operation, str | None]:
    """Append one entry and commit it (`log: ACTION TOOL: DETAIL`, or `message` when given)."""
    for name, value in (("action", action), ("tool", tool), ("detail", detail)):
        if not value.strip():
            raise UsageError(f"log entry needs a non-empty {name}")
    op = Operation(
        ts=(now or local_now()).isoformat(timespec="seconds"),
        action=redact(action.strip().lower())[0],
        tool=redact(tool.strip())[0],
        detail=redact(detail.strip())[0],
        reason=redact(reason.strip())[0],
    )
    store = GitStore(ws.root)
    with track(ws, "oplog", "append"), store.transaction() as tx:
        old = tx.read(OPLOG_REL) or ""
        if old and not old.endswith("\n"):
            old += "\n"
        tx.write(OPLOG_REL, old + json.dumps(asdict(op), ensure_ascii=False) + "\n")
        sha = tx.commit(message or f"log: {op.action} {op.tool}: {summary(op.detail, 50)}")
    return op, sha


def read_operations(
    ws: Workspace,
    action: str | None = None,
    tool: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> list[Operation]:
    path = ws.root / OPLOG_REL
    if not path.exists():
        return []
    out: list[Operation] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            raw = json.loads(line)
            op = Operation(**{k: str(raw.get(k, "")) for k in Operation.__dataclass_fields__})
            day = datetime.fromisoformat(op.ts).date()
        except (json.JSONDecodeError, TypeError, ValueError):
            continue
        if action and op.action != action.lower():
            continue
        if tool and op.tool != tool:
            continue
        if since and day < since:
            continue
        if until and day > until:
            continue
        out.append(op)
    return out
