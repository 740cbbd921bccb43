"""Health of the server (written to `.jarvis/serve-health.json`), `jarvis status`, and heartbeat checks."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable
from typing import Any

from jarvis.events import track
from jarvis.fsutil import atomic_write
from jarvis.serve.client import HEALTH_NAME, LOG_NAME, server_pid, socket_path
from jarvis.workspace import Workspace

BULLET = re.compile(r"^\s*[-*]\s+\S")
DAYS = re.compile(r"(\d+)\s*days?")


def write_health(ws: Workspace, data: dict[str, Any]) -> None:
    # Health is best effort: a read-only .jarvis must not stop the server.
    with contextlib.suppress(OSError):
        atomic_write(ws.state(HEALTH_NAME), json.dumps(data, indent=1, sort_keys=True, default=str))


def read_health(ws: Workspace) -> dict[str, Any] | None:
    try:
        data = json.loads((ws.state_dir / HEALTH_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def index_freshness(ws: Workspace) -> Any:
    """What the index module says about freshness, or None when it cannot tell."""
    try:
        from jarvis.index.sync import freshness
    except ImportError:
        return None
    try:
        return freshness(ws)
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


def status_report(ws: Workspace) -> dict[str, Any]:
    """Everything `jarvis status` shows, as one JSON-able dict."""
    pid = server_pid(ws)
    health = read_health(ws) or {}
    if pid is None and health.get("state") not in (None, "stopped"):
        health["state"] = "crashed or killed (stale health file)"
    fresh = index_freshness(ws)
    if hasattr(fresh, "to_dict"):
        fresh = fresh.to_dict()
    return {
        "workspace": str(ws.root),
        "running": pid is not None,
        "pid": pid,
        "socket": str(socket_path(ws)),
        "log": str(ws.state_dir / LOG_NAME),
        "health": health,
        "index": fresh,
        "hand_edits": hand_edits(ws),
    }


def hand_edits(ws: Workspace) -> list[str]:
    """Tracked files changed and not committed, and new files under memory/ not yet in git."""
    from jarvis.errors import JarvisError
    from jarvis.gitstore import GitStore

    try:
        store = GitStore(ws.root)
        new = store.run("ls-files", "-z", "--others", "--exclude-standard", "--", "memory/")
        return sorted({*store.changed_tracked(), *(p for p in new.split("\0") if p)})
    except JarvisError:
        return []


# ----------------------------------------------------------------- heartbeat
def heartbeat_rules(ws: Workspace) -> list[str]:
    try:
        text = (ws.root / "HEARTBEAT.md").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line.strip()[2:].strip() for line in text.splitlines() if BULLET.match(line)]


def _check_index(ws: Workspace, health: Callable[[], dict[str, Any]] | None) -> str:
    problems: list[str] = []
    if health is not None:
        watcher = health().get("watcher") or {}
        if watcher and not watcher.get("observer_alive", True):
            problems.append("the file watcher is not running")
        if watcher.get("errors"):
            problems.append(f"watcher errors: {watcher['errors']} (last: {watcher.get('last_error')})")
        if watcher.get("backlog"):
            problems.append(f"{watcher['backlog']} changed path(s) waiting to be indexed")
    fresh = index_freshness(ws)
    stale = getattr(fresh, "stale", None)
    if stale is None and isinstance(fresh, dict):
        stale = fresh.get("stale")
    if stale:
        problems.append(f"index is behind the files ({stale})")
    return "; ".join(problems) if problems else "ok: index fresh, watcher alive"


def _check_memory_size(ws: Workspace) -> str:
    try:
        text = ws.memory_md.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "MEMORY.md is missing; run `jarvis doctor`"
    bullets = sum(1 for line in text.splitlines() if BULLET.match(line))
    limit = ws.config.reflect.max_bullets
    if bullets > limit:
        return f"MEMORY.md has {bullets} bullets (over {limit}); run `jarvis reflect` to propose pruning"
    return f"ok: MEMORY.md has {bullets} bullets (limit {limit})"


def _check_proposals(ws: Workspace, rule: str) -> str:
    from jarvis.gitstore import GitStore

    match = DAYS.search(rule)
    days = int(match.group(1)) if match else 7
    out = GitStore(ws.root).run(
        "for-each-ref", "--format=%(refname:short) %(committerdate:unix)", "refs/heads/proposals/"
    )
    cutoff = time.time() - days * 86400
    old = [line.split()[0] for line in out.splitlines() if line.strip() and float(line.split()[1]) < cutoff]
    if old:
        return f"{len(old)} proposal(s) open for over {days} days: {', '.join(old[:5])}; see `jarvis review`"
    return f"ok: no proposal open for over {days} days"


def heartbeat(ws: Workspace, health: Callable[[], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Run the checks HEARTBEAT.md asks for that jarvis knows how to do; record what was found."""
    with track(ws, "heartbeat", "check") as ev:
        findings: list[dict[str, str]] = []
        for rule in heartbeat_rules(ws):
            low = rule.lower()
            try:
                if "index" in low or "watcher" in low:
                    found = _check_index(ws, health)
                elif "memory.md" in low and "bullet" in low:
                    found = _check_memory_size(ws)
                elif "proposal" in low:
                    found = _check_proposals(ws, rule)
                else:
                    found = "no automatic check for this rule"
            except Exception as exc:
                found = f"check failed: {type(exc).__name__}: {exc}"
            findings.append({"rule": rule, "found": found})
        attention = [f for f in findings if not f["found"].startswith(("ok", "no automatic"))]
        ev.counts.update(rules=len(findings), attention=len(attention))
        ev.detail["findings"] = findings
    return {"rules": len(findings), "attention": len(attention), "findings": findings}
