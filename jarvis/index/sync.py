"""One reconcile routine: files -> manifest diff -> chunks -> vectors -> store -> lexical.

`jarvis index`, recall's freshness check and the watcher all call `reconcile`.
`freshness` is the stat-only check run before every recall. `fill_vectors` embeds
chunks that `reconcile` stored without a vector (a big first index is searchable by
BM25 in seconds; the vectors follow, from `jarvis index` or `jarvis serve`).

Crash safety: the store (manifest + chunks + vectors) changes in one SQLite
transaction that bumps the generation; the tantivy folder is updated after and
its pointer names the generation it matches. A run killed anywhere leaves a
store that is old or new, never half, and a lexical pointer that is equal (fine)
or behind (detected, rebuilt from the store without re-embedding).
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jarvis import flock
from jarvis.events import emit, track
from jarvis.flock import Holder
from jarvis.index import lexical, manifest
from jarvis.index.chunk import CHUNKER_VERSION, Chunk
from jarvis.index.embed import embedding_id
from jarvis.index.manifest import FileRow
from jarvis.index.source import git_first_dates, load_file, scan
from jarvis.workspace import Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Freshness:
    generation: int
    indexed_at: str | None
    files: int
    chunks: int
    new: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    identity_changed: bool = False
    lexical_behind: bool = False
    busy: str = ""  # who was writing the index when recall answered from the last complete one
    unembedded: int = 0  # chunks searchable by BM25 only until their vectors are filled in

    @property
    def stale(self) -> bool:
        return bool(self.new or self.modified or self.deleted or self.identity_changed or self.lexical_behind)

    @property
    def changed(self) -> tuple[str, ...]:
        return (*self.new, *self.modified, *self.deleted)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["stale"] = self.stale
        return data


@dataclass(frozen=True)
class SyncReport:
    new: tuple[str, ...] = ()
    modified: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    moved: tuple[tuple[str, str], ...] = ()
    unchanged: int = 0
    skipped: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    chunks_embedded: int = 0
    chunks_total: int = 0
    chunks_unembedded: int = 0  # stored without a vector yet (BM25 finds them; fill_vectors embeds them)
    files_total: int = 0
    duration_s: float = 0.0
    full: bool = False
    reason: str = ""
    generation: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.new or self.modified or self.deleted or self.moved)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def index_dir(ws: Workspace) -> Path:
    return ws.state(manifest.INDEX_DIR, manifest.DB_NAME).parent


def index_identity(ws: Workspace) -> dict[str, Any]:
    """What the vectors and chunks depend on; any change means a full re-embed."""
    cfg = ws.config
    return {
        "schema": manifest.SCHEMA_VERSION,
        "model": embedding_id(cfg.embedding),
        "chunker": CHUNKER_VERSION,
        "unit": cfg.index.chunk_unit,
        "chunk_chars": cfg.index.chunk_chars,
        "chunk_overlap": cfg.index.chunk_overlap,
        "embed_context_chars": cfg.index.embed_context_chars,
        "lexical_context": cfg.index.lexical_context,
    }


INDEX_LOCK_WAIT_S = 60.0  # `jarvis index`, the watcher: wait this long for another writer
RECALL_LOCK_WAIT_S = 3.0  # recall: then answer from the last complete index
# Recall and the watcher embed at most this many new chunks before answering (a few
# seconds); a bigger change is stored for BM25 at once and its vectors filled in after.
INLINE_EMBED_MAX = 128


def _describe(holder: Holder) -> str:
    stopped = f" (stopped: resume it with kill -CONT {holder.pid} or end it)" if holder.stopped else ""
    return f"pid {holder.pid} since {holder.since}{stopped}"


def index_lock_holder(ws: Workspace) -> str | None:
    """'pid N since T' of the process writing the index, with '(stopped)' when it is; None if free."""
    current = flock.holder(ws.state_dir / manifest.INDEX_DIR / "lock")
    return _describe(current) if current else None


@contextlib.contextmanager
def index_lock(ws: Workspace, timeout: float = INDEX_LOCK_WAIT_S) -> Iterator[None]:
    """Exclusive lock for index writers (the kernel drops it if the process dies).

    Waits at most `timeout` seconds (not at all for a stopped holder), then raises LockBusy
    naming the holder: a stopped `jarvis index` never hangs anyone.
    """
    from jarvis.errors import LockBusy

    path = ws.state(manifest.INDEX_DIR, "lock")
    with flock.exclusive(
        path,
        timeout,
        lambda holder, _: LockBusy(f"{path}: the index is being written by {_describe(holder)}"),
    ):
        yield


def freshness(ws: Workspace) -> Freshness:
    """Stat-only comparison of the files with the manifest (cheap; run before every recall)."""
    conn = manifest.open_store(ws)
    try:
        gen = manifest.generation(conn)
        known = manifest.stats(conn)
        ident = manifest.identity(conn)
        chunks = manifest.counts(conn)[1]
        waiting = manifest.unembedded(conn)
        indexed_at = manifest.last_indexed(conn)
    finally:
        conn.close()
    files = len(known)
    plan = scan(ws)
    new = tuple(sorted(p for p in plan.current if p not in known))
    modified = tuple(sorted(p for p, stat in plan.current.items() if p in known and known[p] != stat))
    deleted = tuple(sorted(p for p in known if p not in plan.current))
    pointer = lexical.read_pointer(index_dir(ws))
    behind = gen > 0 and (pointer is None or int(pointer.get("generation", -1)) != gen)
    return Freshness(
        generation=gen,
        indexed_at=indexed_at,
        files=files,
        chunks=chunks,
        unembedded=waiting,
        new=new,
        modified=modified,
        deleted=deleted,
        identity_changed=ident is not None and ident != index_identity(ws),
        lexical_behind=behind,
    )


def _open_or_reset(ws: Workspace) -> tuple[sqlite3.Connection, str]:
    try:
        conn = manifest.open_store(ws)
        conn.execute("SELECT COUNT(*) FROM chunks").fetchone()
        return conn, ""
    except sqlite3.DatabaseError:
        shutil.rmtree(index_dir(ws), ignore_errors=True)
        return manifest.open_store(ws), "the index store was damaged; rebuilt it from the files"


def reconcile(
    ws: Workspace,
    *,
    embedder: Embedder | None = None,
    rebuild: bool = False,
    paths: list[str] | None = None,
    progress: Progress | None = None,
    lock_timeout: float = INDEX_LOCK_WAIT_S,
    embed_limit: int | None = None,
) -> SyncReport:
    """Bring the index in line with the files; see the module docstring.

    Chunks whose text is in the embedding cache get their vector at once. The rest are
    encoded here when there are at most `embed_limit` of them (None: no limit); beyond
    that they are stored without a vector — searchable by BM25 at once — and
    `fill_vectors` embeds them afterwards.
    """
    from jarvis.index.embed import LazyEmbedder, cached_vectors, encode_missing

    started = time.perf_counter()
    with track(ws, "index", "reconcile") as ev, index_lock(ws, lock_timeout):
        conn, reason = _open_or_reset(ws)
        try:
            ident = index_identity(ws)
            stored = manifest.identity(conn)
            full = rebuild or (stored is not None and stored != ident)
            if full and not rebuild:
                old = stored or {}
                changed = ", ".join(
                    f"{k} {old.get(k)!r} -> {v!r}" for k, v in ident.items() if old.get(k) != v
                )
                reason = f"index identity changed ({changed}); re-embedding everything"
            elif rebuild:
                reason = "rebuild requested"
            previous = manifest.manifest(conn)
            known = {} if full else previous
            plan = scan(ws, None if full else paths)
            scope = set(paths) if paths is not None and not full else None
            deleted = [p for p in known if p not in plan.current and (scope is None or p in scope)]
            todo = [
                p
                for p, st in plan.current.items()
                if p not in known or (known[p].size, known[p].mtime_ns) != st
            ]
            git_dates: dict[str, str] | None = None

            def dates(rel: str) -> str | None:
                nonlocal git_dates
                if git_dates is None:
                    git_dates = git_first_dates(ws)
                if rel in git_dates:
                    return git_dates[rel]
                mtime = plan.current[rel][1] / 1e9
                return datetime.fromtimestamp(mtime).astimezone().date().isoformat()

            files: list[FileRow] = []
            touched: list[FileRow] = []
            chunks: list[Chunk] = []
            warnings: list[str] = list(plan.skipped)
            for rel in sorted(todo):
                if rel in known and not full:
                    size, mtime = plan.current[rel]
                    head = ws.root / rel
                    with contextlib.suppress(OSError):
                        if size <= ws.config.index.max_file_bytes and (
                            hashlib.sha256(head.read_bytes()).hexdigest() == known[rel].sha256
                        ):
                            touched.append(replace(known[rel], size=size, mtime_ns=mtime))
                            continue
                row, file_chunks, file_warnings = load_file(ws, rel, plan.current[rel], dates)
                files.append(row)
                chunks += file_chunks
                warnings += file_warnings
            new_shas = {f.sha256: f.path for f in files if f.path not in known}
            moved = tuple((p, new_shas[known[p].sha256]) for p in deleted if known[p].sha256 in new_shas)
            moved_new = {b for _, b in moved}
            moved_old = {a for a, _ in moved}
            stats = {"encoded": 0}

            def counting(done: int, total: int) -> None:
                stats["encoded"] = done
                if progress:
                    progress(done, total)

            model = embedder or LazyEmbedder(ws.config.embedding)
            texts = [c.embed_text for c in chunks]
            vectors = cached_vectors(ws, model.model_id, texts)
            missing = [t for t, v in zip(texts, vectors, strict=True) if v is None]
            if missing and (embed_limit is None or len(set(missing)) <= embed_limit):
                encoded = encode_missing(ws, model, missing, counting)
                vectors = [v if v is not None else encoded[t] for t, v in zip(texts, vectors, strict=True)]
            remove = [*deleted, *(f.path for f in files if f.path in known)]
            now_iso = datetime.now().astimezone().isoformat(timespec="seconds")
            gen = manifest.generation(conn)
            applied = bool(files or remove or full or stored is None)
            if applied:
                gen = manifest.apply(
                    conn,
                    identity_=ident,
                    remove=remove,
                    files=files,
                    chunks=chunks,
                    vectors=vectors,
                    touched=touched,
                    now_iso=now_iso,
                    wipe=full,
                )
            elif touched:
                manifest.touch(conn, touched)
            folder = index_dir(ws)
            pointer = lexical.read_pointer(folder)
            pointer_gen = int(pointer["generation"]) if pointer else -1
            if pointer_gen != gen:
                if applied and not full and pointer_gen == gen - 1:
                    added = [f.path for f in files]
                    lexical.update(folder, remove, manifest.chunk_rows(conn, added), gen)
                else:
                    if not applied and not reason:
                        reason = (
                            "the lexical index was behind (an interrupted run); rebuilt it from the store"
                        )
                    lexical.rebuild(folder, manifest.chunk_rows(conn), gen)
            files_total, chunks_total = manifest.counts(conn)
            waiting = manifest.unembedded(conn)
        finally:
            conn.close()
        if full:  # report against what was indexed before, not against the wiped store
            before = {p: r.sha256 for p, r in previous.items()}
            changed_files = [f for f in files if before.get(f.path) != f.sha256]
            deleted = [p for p in before if p not in plan.current]
        else:
            before = {p: r.sha256 for p, r in known.items()}
            changed_files = files
        report = SyncReport(
            new=tuple(
                sorted(f.path for f in changed_files if f.path not in before and f.path not in moved_new)
            ),
            modified=tuple(sorted(f.path for f in changed_files if f.path in before)),
            deleted=tuple(sorted(p for p in deleted if p not in moved_old)),
            moved=moved,
            unchanged=len(plan.current) - len(changed_files),
            skipped=tuple(w for w in warnings if "skipped" in w),
            warnings=tuple(w for w in warnings if "skipped" not in w),
            chunks_embedded=stats["encoded"],
            chunks_total=chunks_total,
            chunks_unembedded=waiting,
            files_total=files_total,
            duration_s=time.perf_counter() - started,
            full=full,
            reason=reason,
            generation=gen,
        )
        ev.counts.update(
            new=len(report.new),
            modified=len(report.modified),
            deleted=len(report.deleted),
            moved=len(report.moved),
            embedded=report.chunks_embedded,
            chunks=chunks_total,
            skipped=len(report.skipped),
        )
        return report


@dataclass(frozen=True)
class FillReport:
    embedded: int  # vectors stored by this run
    remaining: int  # chunks still without a vector (0 when it ran to the end)
    duration_s: float


def fill_vectors(
    ws: Workspace,
    embedder: Embedder | None = None,
    *,
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
    writing: Callable[[], contextlib.AbstractContextManager[object]] | None = None,
    batch: int = 512,  # long enough to sort by length well (less padding): 65 -> 82 chunks/s measured
    lock_timeout: float = INDEX_LOCK_WAIT_S,
) -> FillReport:
    """Embed chunks stored without a vector, a batch at a time, until none is left.

    The model runs outside the index lock; each batch is stored under it in one short
    transaction, so recall and the watcher are never held up by the model. Interrupted
    (Ctrl-C, kill, `should_stop`), it keeps what it stored; the next run goes on from there.
    `writing` wraps each store (the server's in-process reader/writer lock).
    """
    from jarvis.index.embed import LazyEmbedder, cached_vectors, encode_missing

    started = time.perf_counter()
    model = embedder or LazyEmbedder(ws.config.embedding)
    done = 0
    conn = manifest.open_store(ws)
    try:
        while not (should_stop is not None and should_stop()):
            pending = manifest.pending_vectors(conn, batch)
            if not pending:
                break
            texts = [t for _, t in pending]
            cached = cached_vectors(ws, model.model_id, texts)
            encoded = encode_missing(ws, model, [t for t, v in zip(texts, cached, strict=True) if v is None])
            rows = [
                (i, (v if v is not None else encoded[t]).tobytes())
                for (i, t), v in zip(pending, cached, strict=True)
                if v is not None or t in encoded
            ]
            with writing() if writing is not None else contextlib.nullcontext(), index_lock(ws, lock_timeout):
                done += manifest.fill(conn, rows)
            if progress:
                progress(done, done + manifest.unembedded(conn))
        remaining = manifest.unembedded(conn)
    finally:
        conn.close()
    if done:
        emit(ws, "index", "fill-vectors", counts={"embedded": done, "remaining": remaining})
    return FillReport(embedded=done, remaining=remaining, duration_s=time.perf_counter() - started)
