"""One reconcile routine: files -> manifest diff -> chunks -> vectors -> store -> lexical.

`jarvis index`, recall's freshness check and the watcher all call `reconcile`.
`freshness` is the stat-only check run before every recall.

Crash safety: the store (manifest + chunks + vectors) changes in one SQLite
transaction that bumps the generation; the tantivy folder is updated after and
its pointer names the generation it matches. A run killed anywhere leaves a
store that is old or new, never half, and a lexical pointer that is equal (fine)
or behind (detected, rebuilt from the store without re-embedding).
"""

from __future__ import annotations

import contextlib
import fcntl
import fnmatch
import hashlib
import os
import re
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jarvis.errors import InputError
from jarvis.events import track
from jarvis.index import lexical, manifest
from jarvis.index.chunk import CHUNKER_VERSION, Chunk, FileInfo, chunk_text
from jarvis.index.manifest import FileRow
from jarvis.workspace import EVERGREEN, Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder

SUFFIXES = (".md", ".markdown", ".txt")
DAILY = re.compile(r"(?:^|/)(\d{4}-\d{2}-\d{2})\.md$")
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
GATES = ("allow", "hold")
STATUSES = ("active", "stale", "archived")
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


@dataclass
class _Plan:
    current: dict[str, tuple[int, int]]
    skipped: list[str] = field(default_factory=list)


def index_dir(ws: Workspace) -> Path:
    return ws.state(manifest.INDEX_DIR, manifest.DB_NAME).parent


def index_identity(ws: Workspace) -> dict[str, Any]:
    """What the vectors and chunks depend on; any change means a full re-embed."""
    cfg = ws.config
    return {
        "schema": manifest.SCHEMA_VERSION,
        "model": cfg.embedding.model,
        "chunker": CHUNKER_VERSION,
        "unit": cfg.index.chunk_unit,
        "chunk_chars": cfg.index.chunk_chars,
        "chunk_overlap": cfg.index.chunk_overlap,
    }


@contextlib.contextmanager
def index_lock(ws: Workspace) -> Iterator[None]:
    """Exclusive lock for index writers (the kernel drops it if the process dies)."""
    fd = os.open(ws.state(manifest.INDEX_DIR, "lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _excluded(rel: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(rel, p) for p in patterns)


def scan(ws: Workspace, paths: list[str] | None = None) -> _Plan:
    """Stat every indexable file: rel -> (size, mtime_ns). Symlinks leading out are skipped with a warning."""
    root = ws.root
    plan = _Plan(current={})
    patterns = ws.config.index.exclude
    root_real = root.resolve()

    def consider(abs_path: str, rel: str) -> None:
        name = rel.rsplit("/", 1)[-1]
        if not name.endswith(SUFFIXES) or name.startswith((".", "~")) or _excluded(rel, patterns):
            return
        try:
            st = os.lstat(abs_path)
        except OSError:
            return
        if os.path.islink(abs_path):
            target = Path(abs_path).resolve()
            if root_real != target and root_real not in target.parents:
                plan.skipped.append(f"{rel}: symlink to {target}, outside the workspace; skipped")
            return  # a link inside the workspace: its target is indexed under its own path
        plan.current[rel] = (st.st_size, st.st_mtime_ns)

    if paths is not None:
        for rel in paths:
            consider(str(root / rel), rel)
        return plan
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        keep = []
        for d in dirnames:
            if d.startswith(".") or d in ("node_modules", "__pycache__"):
                continue
            if os.path.islink(os.path.join(dirpath, d)):
                target = Path(dirpath, d).resolve()
                if root_real != target and root_real not in target.parents:
                    plan.skipped.append(f"{rel_dir}{d}/: symlink to {target}, outside the workspace; skipped")
                continue
            keep.append(d)
        dirnames[:] = keep
        for name in filenames:
            consider(os.path.join(dirpath, name), rel_dir + name)
    return plan


def freshness(ws: Workspace) -> Freshness:
    """Stat-only comparison of the files with the manifest (cheap; run before every recall)."""
    conn = manifest.open_store(ws)
    try:
        gen = manifest.generation(conn)
        known = manifest.manifest(conn)
        ident = manifest.identity(conn)
        files, chunks = manifest.counts(conn)
        indexed_at = manifest.last_indexed(conn)
    finally:
        conn.close()
    plan = scan(ws)
    new = tuple(sorted(p for p in plan.current if p not in known))
    modified = tuple(
        sorted(
            p
            for p, stat in plan.current.items()
            if p in known and (known[p].size, known[p].mtime_ns) != stat
        )
    )
    deleted = tuple(sorted(p for p in known if p not in plan.current))
    pointer = lexical.read_pointer(index_dir(ws))
    behind = gen > 0 and (pointer is None or int(pointer.get("generation", -1)) != gen)
    return Freshness(
        generation=gen,
        indexed_at=indexed_at,
        files=files,
        chunks=chunks,
        new=new,
        modified=modified,
        deleted=deleted,
        identity_changed=ident is not None and ident != index_identity(ws),
        lexical_behind=behind,
    )


def _git_dates(ws: Workspace) -> dict[str, str]:
    """Path -> date of the commit that added it (one git call for the whole repo)."""
    if not (ws.root / ".git").exists():
        return {}
    from jarvis.errors import JarvisError
    from jarvis.gitstore import GitStore

    try:
        out = GitStore(ws.root).run("log", "--diff-filter=A", "--name-only", "--format=%x1e%aI", what="git log")
    except JarvisError:
        return {}
    dates: dict[str, str] = {}
    for record in out.split("\x1e"):
        lines = [line for line in record.strip().splitlines() if line]
        if not lines:
            continue
        for rel in lines[1:]:
            dates[rel] = lines[0][:10]  # log is newest first: the last seen is the first add
    return dates


def _file_info(ws: Workspace, rel: str, meta: dict[str, Any], dates: Callable[[str], str | None]) -> FileInfo:
    created = meta.get("created")
    date = str(created)[:10] if created and ISO_DATE.match(str(created)) else None
    if date is None and (match := DAILY.search(rel)):
        date = match.group(1)
    if date is None:
        date = dates(rel)
    category = meta.get("category")
    parts = rel.split("/")
    if not category and len(parts) >= 4 and parts[:2] == ["memory", "notes"]:
        category = parts[2]
    gate = str(meta.get("gate", "allow")).lower()
    status = str(meta.get("status", "active")).lower()
    pinned = meta.get("pinned") is True or str(meta.get("pinned", "")).lower() == "true"
    return FileInfo(
        path=rel,
        date=date,
        category=str(category) if category else None,
        gate=gate if gate in GATES else "allow",
        status=status if status in STATUSES else "active",
        pinned=pinned,
        evergreen=rel in EVERGREEN or pinned,
        fragment_id=str(meta["id"]) if meta.get("id") and rel.startswith("memory/notes/") else None,
    )


def load_file(
    ws: Workspace, rel: str, stat: tuple[int, int], dates: Callable[[str], str | None]
) -> tuple[FileRow, list[Chunk], list[str]]:
    """Read, hash, parse and chunk one file. Unreadable files give a row with a warning and no chunks."""
    from jarvis.doc import parse_document
    from jarvis.fsutil import decode_text
    from jarvis.taxonomy import category_for_section

    cfg = ws.config.index
    path = ws.root / rel
    size, mtime = stat
    if size > cfg.max_file_bytes:
        warning = (
            f"{rel}: {size:,} bytes is over the {cfg.max_file_bytes:,}-byte limit; skipped "
            "(split the file or raise [index] max_file_bytes in jarvis.toml)"
        )
        return FileRow(rel, size, mtime, f"size:{size}:{mtime}", 0, warning), [], [warning]
    try:
        raw = path.read_bytes()
    except OSError as exc:
        warning = f"{rel}: cannot read ({exc.strerror}); skipped"
        return FileRow(rel, size, mtime, f"error:{size}:{mtime}", 0, warning), [], [warning]
    sha = hashlib.sha256(raw).hexdigest()
    try:
        text, warnings = decode_text(raw, rel)
    except InputError as exc:
        return FileRow(rel, size, mtime, sha, 0, str(exc)), [], [str(exc)]
    doc = parse_document(text, rel)
    warnings += list(doc.warnings)
    body_line = text[: len(text) - len(doc.body)].count("\n") if doc.has_frontmatter else 0
    info = _file_info(ws, rel, doc.meta, dates)
    chunks = chunk_text(
        info,
        text,
        body_line,
        unit=cfg.chunk_unit,
        limit=cfg.chunk_chars,
        overlap=cfg.chunk_overlap,
        whole=rel.startswith("memory/notes/"),
    )
    if rel == "MEMORY.md":
        chunks = [
            replace(c, info=replace(info, category=category_for_section(c.heading.rsplit(" > ", 1)[-1])))
            for c in chunks
        ]
    note = "; ".join(warnings) if warnings else None
    return FileRow(rel, size, mtime, sha, len(chunks), note), chunks, warnings


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
) -> SyncReport:
    """Bring the index in line with the files; see the module docstring."""
    from jarvis.index.embed import LazyEmbedder, embed_texts

    started = time.perf_counter()
    with track(ws, "index", "reconcile") as ev, index_lock(ws):
        conn, reason = _open_or_reset(ws)
        try:
            ident = index_identity(ws)
            stored = manifest.identity(conn)
            full = rebuild or (stored is not None and stored != ident)
            if full and not rebuild:
                changed = ", ".join(f"{k} {stored.get(k)!r} -> {v!r}" for k, v in ident.items() if stored.get(k) != v)  # type: ignore[union-attr]
                reason = f"index identity changed ({changed}); re-embedding everything"
            elif rebuild:
                reason = "rebuild requested"
            known = {} if full else manifest.manifest(conn)
            plan = scan(ws, None if full else paths)
            scope = set(paths) if paths is not None and not full else None
            deleted = [p for p in known if p not in plan.current and (scope is None or p in scope)]
            todo = [p for p, st in plan.current.items() if p not in known or (known[p].size, known[p].mtime_ns) != st]
            git_dates: dict[str, str] | None = None

            def dates(rel: str) -> str | None:
                nonlocal git_dates
                if git_dates is None:
                    git_dates = _git_dates(ws)
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

            vectors = embed_texts(
                ws, embedder or LazyEmbedder(ws.config.embedding), [c.embed_text for c in chunks], counting
            )
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
                        reason = "the lexical index was behind (an interrupted run); rebuilt it from the store"
                    lexical.rebuild(folder, manifest.chunk_rows(conn), gen)
            files_total, chunks_total = manifest.counts(conn)
        finally:
            conn.close()
        report = SyncReport(
            new=tuple(sorted(f.path for f in files if f.path not in known and f.path not in moved_new)),
            modified=tuple(sorted(f.path for f in files if f.path in known)),
            deleted=tuple(sorted(p for p in deleted if p not in moved_old)),
            moved=moved,
            unchanged=len(plan.current) - len(files),
            skipped=tuple(w for w in warnings if "skipped" in w),
            warnings=tuple(w for w in warnings if "skipped" not in w),
            chunks_embedded=stats["encoded"],
            chunks_total=chunks_total,
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
