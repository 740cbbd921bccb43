"""The loaded index: chunk metadata, the vector matrix and the tantivy handle, kept per process.

Loaded once per store generation (a long-running server reloads only after a
change). Dense search is exact cosine: one matrix-vector product over L2-normalised
rows, so no approximate index to keep in sync.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from jarvis.index import lexical, manifest
from jarvis.index.chunk import has_own_words

if TYPE_CHECKING:
    import numpy as np

    from jarvis.workspace import Workspace

_CACHE: dict[str, Loaded] = {}


def day_number(iso: str | None) -> float:
    """Days since year 1 of an ISO date (NaN for none or unreadable)."""
    if not iso:
        return float("nan")
    try:
        return float(date.fromisoformat(iso[:10]).toordinal())
    except ValueError:
        return float("nan")


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k largest finite scores, best first."""
    import numpy as np

    k = min(k, int(np.isfinite(scores).sum()))
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    part = np.argpartition(-scores, k - 1)[:k]
    return part[np.argsort(-scores[part], kind="stable")]


@dataclass
class Loaded:
    generation: int
    vectors_version: int
    lexical_dir: str
    lexical_index: Any
    ids: np.ndarray
    pos: dict[int, int]
    matrix: np.ndarray
    chunk_ids: list[str]
    paths: list[str]
    starts: list[int]
    ends: list[int]
    headings: list[str]
    texts: list[str]
    dates: list[str | None]
    day: np.ndarray
    categories: list[str | None]
    gates: np.ndarray
    statuses: np.ndarray
    evergreen: np.ndarray
    fragment_ids: list[str | None]
    embedded: np.ndarray  # False where the chunk has no vector yet (its matrix row is zero)
    own_words: np.ndarray  # False for bare links and lone headings: never a result by themselves

    def __len__(self) -> int:
        return len(self.paths)

    def cosine(self, query: np.ndarray) -> np.ndarray:
        import numpy as np

        if self.matrix.shape[1] != query.shape[0]:  # empty, or nothing embedded yet
            return np.zeros(len(self.paths), dtype=np.float32)
        _one_blas_thread()
        result: np.ndarray = self.matrix @ query.astype(np.float32)
        return result


@functools.cache
def _one_blas_thread() -> None:
    """One BLAS thread for this process: a 10k x 384 matrix-vector product takes 0.4 ms on one
    thread and 1-6 ms on two when the other core is busy (the embedding model's own threads,
    the watcher, other processes). Set once, not per call (threadpoolctl costs ~0.5 ms a call)."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return
    threadpool_limits(limits=1, user_api="blas")


def _load(conn: sqlite3.Connection, generation: int, version: int, index: Any, folder: str) -> Loaded:
    import numpy as np

    rows = conn.execute(f"SELECT {manifest.CHUNK_COLUMNS}, vec FROM chunks ORDER BY id").fetchall()
    ids = np.array([r[0] for r in rows], dtype=np.int64)
    embedded = np.array([r[15] is not None for r in rows], dtype=bool)
    width = next((len(r[15]) for r in rows if r[15] is not None), 0)
    if rows and embedded.all():
        matrix = np.frombuffer(b"".join(r[15] for r in rows), dtype=np.float32).reshape(len(rows), -1)
    elif rows:
        blank = bytes(width)
        joined = b"".join(r[15] if r[15] is not None else blank for r in rows)
        matrix = np.frombuffer(joined, dtype=np.float32).reshape(len(rows), width // 4)
    else:
        matrix = np.zeros((0, 0), dtype=np.float32)
    return Loaded(
        generation=generation,
        vectors_version=version,
        embedded=embedded,
        own_words=np.array([has_own_words(r[6]) for r in rows], dtype=bool),
        lexical_dir=folder,
        lexical_index=index,
        ids=ids,
        pos={int(i): n for n, i in enumerate(ids)},
        matrix=matrix,
        chunk_ids=[r[1] for r in rows],
        paths=[r[2] for r in rows],
        starts=[r[3] for r in rows],
        ends=[r[4] for r in rows],
        headings=[r[5] for r in rows],
        texts=[r[6] for r in rows],
        dates=[r[8] for r in rows],
        day=np.array([day_number(r[8]) for r in rows], dtype=np.float64),
        categories=[r[9] for r in rows],
        gates=np.array([r[10] for r in rows], dtype=object),
        statuses=np.array([r[11] for r in rows], dtype=object),
        evergreen=np.array([bool(r[13]) for r in rows], dtype=bool),
        fragment_ids=[r[14] for r in rows],
    )


def load_index(ws: Workspace) -> Loaded | None:
    """The current index, from the per-process cache when its generation still matches.

    None when the store and the lexical index disagree (an interrupted write): the
    caller repairs with `reconcile` and asks again, so no mixed result is served.
    """
    folder = ws.state(manifest.INDEX_DIR, manifest.DB_NAME).parent
    conn = manifest.open_store(ws)
    try:
        conn.execute("BEGIN")
        generation = manifest.generation(conn)
        version = manifest.vectors_version(conn)
        pointer = lexical.read_pointer(folder)
        if pointer is None or int(pointer.get("generation", -1)) != generation:
            return None
        key = str(ws.root)
        cached = _CACHE.get(key)
        if (
            cached is not None
            and cached.generation == generation
            and cached.vectors_version == version
            and cached.lexical_dir == pointer["dir"]
        ):
            return cached
        opened = lexical.open_index(folder)
        if opened is None:
            return None
        loaded = _load(conn, generation, version, opened[0], str(pointer["dir"]))
        conn.execute("COMMIT")
    finally:
        conn.close()
    _CACHE[key] = loaded
    return loaded
