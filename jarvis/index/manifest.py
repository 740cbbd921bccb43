"""The index store: one SQLite file with the manifest, the chunks and their vectors.

`.jarvis/index/index.sqlite` holds
- `meta`: index identity (schema, model, chunker settings) and `generation`, bumped by
  every committed change;
- `files`: the manifest, path -> size, mtime_ns, sha256, chunk count;
- `chunks`: every chunk with its metadata, the text given to the model, and its float32
  vector — NULL until embedded: a chunk is searchable by BM25 as soon as it is stored, and
  `fill_vectors` (sync.py) embeds the rest in batches afterwards.

Files, chunks and the generation change in one SQLite transaction, so a killed
writer leaves either the old or the new state. The lexical index (tantivy) records
the generation it matches; a mismatch means "rebuild it from here" (see sync.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jarvis.index.chunk import Chunk

if TYPE_CHECKING:
    import numpy as np

    from jarvis.workspace import Workspace

SCHEMA_VERSION = 3
INDEX_DIR = "index"
DB_NAME = "index.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
  sha256 TEXT NOT NULL, chunks INTEGER NOT NULL, indexed_at TEXT NOT NULL, warning TEXT
);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, chunk_id TEXT NOT NULL, path TEXT NOT NULL,
  start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, heading TEXT NOT NULL,
  text TEXT NOT NULL, search_text TEXT NOT NULL, context_text TEXT NOT NULL, date TEXT, category TEXT,
  gate TEXT NOT NULL, status TEXT NOT NULL, pinned INTEGER NOT NULL, evergreen INTEGER NOT NULL,
  fragment_id TEXT, embed_text TEXT NOT NULL, vec BLOB
);
CREATE INDEX IF NOT EXISTS chunks_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_unembedded ON chunks(id) WHERE vec IS NULL;
"""
_READY: set[str] = set()
CHUNK_COLUMNS = (
    "id, chunk_id, path, start_line, end_line, heading, text, search_text, date, category, "
    "gate, status, pinned, evergreen, fragment_id"
)


@dataclass(frozen=True)
class FileRow:
    path: str
    size: int
    mtime_ns: int
    sha256: str
    chunks: int = 0
    warning: str | None = None


def open_store(ws: Workspace) -> sqlite3.Connection:
    path = ws.state(INDEX_DIR, DB_NAME)
    fresh = str(path) not in _READY or not path.exists()
    conn = sqlite3.connect(path, timeout=60, isolation_level=None)
    conn.execute("PRAGMA synchronous=NORMAL")
    if fresh:  # once per process and file: WAL mode is persistent, the schema idempotent
        conn.execute("PRAGMA journal_mode=WAL")
        conn.executescript(_SCHEMA)
        _READY.add(str(path))
    return conn


def get_meta(conn: sqlite3.Connection, key: str, default: str | None = None) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else default


def generation(conn: sqlite3.Connection) -> int:
    return int(get_meta(conn, "generation", "0") or 0)


def identity(conn: sqlite3.Connection) -> dict[str, Any] | None:
    raw = get_meta(conn, "identity")
    return json.loads(raw) if raw else None


def manifest(conn: sqlite3.Connection) -> dict[str, FileRow]:
    rows = conn.execute("SELECT path, size, mtime_ns, sha256, chunks, warning FROM files")
    return {r[0]: FileRow(*r) for r in rows}


def stats(conn: sqlite3.Connection) -> dict[str, tuple[int, int]]:
    """path -> (size, mtime_ns): all the freshness check needs."""
    return {p: (s, m) for p, s, m in conn.execute("SELECT path, size, mtime_ns FROM files")}


def unembedded(conn: sqlite3.Connection) -> int:
    """How many stored chunks still wait for their vector."""
    return int(conn.execute("SELECT COUNT(*) FROM chunks WHERE vec IS NULL").fetchone()[0])


def vectors_version(conn: sqlite3.Connection) -> int:
    """Bumped by every batch of vectors filled in after the chunks were stored."""
    return int(get_meta(conn, "vectors_version", "0") or 0)


def pending_vectors(conn: sqlite3.Connection, limit: int) -> list[tuple[int, str]]:
    """(row id, text to embed) of up to `limit` chunks without a vector, oldest first."""
    rows = conn.execute("SELECT id, embed_text FROM chunks WHERE vec IS NULL ORDER BY id LIMIT ?", (limit,))
    return [(int(i), str(t)) for i, t in rows]


def fill(conn: sqlite3.Connection, rows: list[tuple[int, bytes]]) -> int:
    """Store vectors for chunks that still lack one; return how many rows took a vector.

    A chunk replaced meanwhile has a new row id, so a stale vector never lands on it.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        before = conn.total_changes
        conn.executemany("UPDATE chunks SET vec = ? WHERE id = ? AND vec IS NULL", [(v, i) for i, v in rows])
        filled = conn.total_changes - before
        version = vectors_version(conn) + 1
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('vectors_version', ?)", (str(version),)
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return filled


def counts(conn: sqlite3.Connection) -> tuple[int, int]:
    files = conn.execute("SELECT COUNT(*) FROM files").fetchone()[0]
    chunks = conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    return int(files), int(chunks)


def last_indexed(conn: sqlite3.Connection) -> str | None:
    return get_meta(conn, "indexed_at")


def apply(
    conn: sqlite3.Connection,
    *,
    identity_: dict[str, Any],
    remove: Iterable[str],
    files: list[FileRow],
    chunks: list[Chunk],
    vectors: list[np.ndarray | None],
    touched: list[FileRow],
    now_iso: str,
    wipe: bool = False,
) -> int:
    """Commit one change set atomically; return the new generation."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if wipe:
            conn.execute("DELETE FROM chunks")
            conn.execute("DELETE FROM files")
        for path in remove:
            conn.execute("DELETE FROM chunks WHERE path = ?", (path,))
            conn.execute("DELETE FROM files WHERE path = ?", (path,))
        conn.executemany(
            "INSERT INTO chunks (chunk_id, path, start_line, end_line, heading, text, search_text, "
            "context_text, date, category, gate, status, pinned, evergreen, fragment_id, embed_text, vec) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    c.chunk_id,
                    c.path,
                    c.start_line,
                    c.end_line,
                    c.heading,
                    c.text,
                    c.search_text,
                    c.context_text,
                    c.info.date,
                    c.info.category,
                    c.info.gate,
                    c.info.status,
                    int(c.info.pinned),
                    int(c.info.evergreen),
                    c.info.fragment_id,
                    c.embed_text,
                    None if vector is None else vector.tobytes(),
                )
                for c, vector in zip(chunks, vectors, strict=True)
            ],
        )
        conn.executemany(
            "INSERT OR REPLACE INTO files (path, size, mtime_ns, sha256, chunks, indexed_at, warning) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (f.path, f.size, f.mtime_ns, f.sha256, f.chunks, now_iso, f.warning)
                for f in [*files, *touched]
            ],
        )
        new_gen = generation(conn) + 1
        for key, value in (
            ("generation", str(new_gen)),
            ("identity", json.dumps(identity_, sort_keys=True)),
            ("indexed_at", now_iso),
        ):
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return new_gen


def touch(conn: sqlite3.Connection, rows: list[FileRow]) -> None:
    """Record new size/mtime for files whose content did not change (no generation bump)."""
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(
        "UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?", [(f.size, f.mtime_ns, f.path) for f in rows]
    )
    conn.execute("COMMIT")


def chunk_rows(conn: sqlite3.Connection, paths: Iterable[str] | None = None) -> list[tuple[Any, ...]]:
    """(id, path, heading, search_text, context_text, category, date) rows for the lexical index."""
    sql = "SELECT id, path, heading, search_text, context_text, category, date FROM chunks"
    if paths is None:
        return list(conn.execute(sql))
    out: list[tuple[Any, ...]] = []
    for path in paths:
        out += conn.execute(sql + " WHERE path = ?", (path,)).fetchall()
    return out
