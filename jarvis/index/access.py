"""Access records: how often and when each file was recalled, in `.jarvis/access.sqlite`.

High-churn numbers never go into tracked files. Decay reads the last access (a file
recalled recently counts as recent), maintenance reads "never recalled" (absent here).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jarvis.workspace import Workspace

ACCESS_FILE = "access.sqlite"


def _open(ws: Workspace) -> sqlite3.Connection:
    conn = sqlite3.connect(ws.state(ACCESS_FILE), timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS access (path TEXT PRIMARY KEY, count INTEGER NOT NULL, last TEXT NOT NULL)"
    )
    return conn


def record_access(ws: Workspace, paths: Iterable[str], when_iso: str) -> None:
    """Count one access for each distinct path, at `when_iso` (kept if later than the stored one)."""
    unique = sorted(set(paths))
    if not unique:
        return
    conn = _open(ws)
    try:
        with conn:
            conn.executemany(
                "INSERT INTO access (path, count, last) VALUES (?, 1, ?) "
                "ON CONFLICT(path) DO UPDATE SET count = count + 1, last = max(last, excluded.last)",
                [(p, when_iso) for p in unique],
            )
    finally:
        conn.close()


def read_access(ws: Workspace) -> dict[str, tuple[int, str]]:
    """rel_path -> (count, last access ISO time). A path never recalled is absent."""
    if not (ws.state_dir / ACCESS_FILE).exists():
        return {}
    conn = _open(ws)
    try:
        return {p: (int(c), str(t)) for p, c, t in conn.execute("SELECT path, count, last FROM access")}
    finally:
        conn.close()
