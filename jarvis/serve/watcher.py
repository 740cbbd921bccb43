"""The watcher: watchdog marks paths dirty, one debounced loop syncs them.

The watchdog callback does nothing but record which workspace-relative paths
changed (or that a full scan is needed, for directory events). One loop thread
waits for `debounce_s` of quiet and then calls the sync routine once with the
whole batch, so a `git checkout` of a thousand files is one batch. A failing
sync is recorded and retried with back-off; a dead observer is restarted; a
full stat scan runs every `safety_scan_s` in case an event was ever lost.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from jarvis.events import emit
from jarvis.workspace import Workspace

IGNORED_DIRS = frozenset({".git", ".jarvis", "__pycache__", "node_modules", ".hg", ".svn"})
IGNORED_SUFFIXES = (
    "~",  # vim/emacs backups
    ".swp",  # vim swap files (.name.swp, .swo, .swx, …)
    ".swo",
    ".swx",
    ".swn",
    ".tmp",  # jarvis.fsutil.atomic_write (.NAME.xxx.tmp) and many editors
    ".temp",
    ".bak",
    ".part",
    ".crdownload",
    ".kate-swp",
    "___jb_tmp___",  # JetBrains safe write
    "___jb_old___",
)
# Events that say nothing about content (reading a file must not trigger a sync).
QUIET_EVENTS = frozenset({"opened", "closed_no_write"})
MAX_RETRY_S = 60.0
WATCHDOG_CHECK_S = 1.0

SyncFn = Callable[[Sequence[str] | None], object]


def ignored(rel: str) -> bool:
    """True for paths the watcher never reacts to: git and jarvis state, editor temp/swap/backup files."""
    parts = rel.split("/")
    if any(part in IGNORED_DIRS for part in parts[:-1]):
        return True
    name = parts[-1]
    if not name or name in IGNORED_DIRS:
        return True
    return (
        name.startswith(".")  # .#emacs-lock, .name.swp, .DS_Store, .NAME.xxx.tmp, .idea
        or (name.startswith("#") and name.endswith("#"))  # emacs auto-save
        or name.startswith("~$")  # office lock files
        or name.isdigit()  # vim's write test file 4913 (and its successors)
        or name.endswith(IGNORED_SUFFIXES)
        or any(part.startswith(".") for part in parts[:-1])  # inside hidden folders (.vscode, .idea)
    )


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Watcher:
    """Keeps the index in step with the files. `sync(paths)` gets a batch, or None for a full scan."""

    def __init__(
        self,
        ws: Workspace,
        sync: SyncFn,
        *,
        debounce_s: float = 0.5,
        safety_scan_s: float = 300.0,
        max_wait_s: float | None = None,
    ) -> None:
        self.ws = ws
        self.root = ws.root.resolve()
        self.sync = sync
        self.debounce_s = max(0.0, debounce_s)
        self.safety_scan_s = safety_scan_s
        # A stream of edits that never goes quiet still gets synced this often.
        self.max_wait_s = max_wait_s if max_wait_s is not None else max(5.0, 10 * self.debounce_s)
        self._cond = threading.Condition()
        self._dirty: set[str] = set()
        self._full = False
        self._first_mark = 0.0
        self._last_mark = 0.0
        self._retry_at = 0.0
        self._retry_delay = 0.0
        self._stopping = False
        self._syncing = False
        self._observer: Any = None
        self._thread: threading.Thread | None = None
        self.stats: dict[str, Any] = {
            "started": None,
            "last_event": None,
            "last_sync": None,
            "last_sync_ms": None,
            "last_batch": 0,
            "batches": 0,
            "safety_scans": 0,
            "errors": 0,
            "last_error": None,
            "last_error_at": None,
            "observer_restarts": 0,
        }

    # ------------------------------------------------------------ callback side
    def mark(self, rel: str | None) -> None:
        """Record a changed path (None: something changed that needs a full scan)."""
        now = time.monotonic()
        with self._cond:
            if rel is None:
                self._full = True
            elif not ignored(rel):
                self._dirty.add(rel)
            else:
                return
            if self._first_mark == 0.0:
                self._first_mark = now
            self._last_mark = now
            self.stats["last_event"] = _now_iso()
            self._cond.notify()

    def on_event(self, event: Any) -> None:
        """The watchdog callback: classify the event and mark; never raises, never syncs."""
        try:
            if event.event_type in QUIET_EVENTS:
                return
            if event.is_directory:
                if event.event_type in ("modified", "closed"):
                    return  # a file inside changed; that file has its own event
                if any(self._rel(p) is not None for p in self._paths(event)):
                    self.mark(None)
                return
            for path in self._paths(event):
                rel = self._rel(path)
                if rel is not None:
                    self.mark(rel)
        except Exception:
            self.mark(None)

    def _paths(self, event: Any) -> list[str]:
        paths = [event.src_path]
        dest = getattr(event, "dest_path", "")
        if dest:
            paths.append(dest)
        return [os.fsdecode(p) for p in paths]

    def _rel(self, path: str) -> str | None:
        rel = os.path.relpath(path, self.root)
        if rel == "." or rel.startswith(".."):
            return None
        rel = rel.replace(os.sep, "/")
        return None if ignored(rel) else rel

    # -------------------------------------------------------------- lifecycle
    def start(self) -> None:
        self.stats["started"] = _now_iso()
        self._start_observer()
        self._thread = threading.Thread(target=self._loop, name="jarvis-watcher", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        self._stop_observer()

    @property
    def backlog(self) -> int:
        with self._cond:
            return len(self._dirty) + (1 if self._full else 0)

    def health(self) -> dict[str, Any]:
        with self._cond:
            out = dict(self.stats)
            out["backlog"] = len(self._dirty) + (1 if self._full else 0)
            out["syncing"] = self._syncing
        out["observer_alive"] = bool(self._observer is not None and self._observer.is_alive())
        return out

    def _start_observer(self) -> None:
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                watcher.on_event(event)

        observer = Observer()
        observer.daemon = True
        observer.schedule(Handler(), str(self.root), recursive=True)
        observer.start()
        self._observer = observer

    def _stop_observer(self) -> None:
        observer, self._observer = self._observer, None
        if observer is None:
            return
        try:
            observer.stop()
            observer.join(5.0)
        except Exception:
            pass

    def _check_observer(self) -> None:
        """Restart the observer if its thread died (a full scan covers what it missed)."""
        if self._stopping or (self._observer is not None and self._observer.is_alive()):
            return
        self._stop_observer()
        try:
            self._start_observer()
        except Exception as exc:
            self._record_error("observer", exc)
            return
        self.stats["observer_restarts"] += 1
        emit(self.ws, "watcher", "restart-observer", counts={"restarts": self.stats["observer_restarts"]})
        self.mark(None)

    # ------------------------------------------------------------------- loop
    def _loop(self) -> None:
        next_scan = time.monotonic() + self.safety_scan_s if self.safety_scan_s > 0 else float("inf")
        while True:
            batch: list[str] | None
            with self._cond:
                if self._stopping:
                    return
                now = time.monotonic()
                pending = bool(self._dirty or self._full)
                if pending:
                    ready_at = min(self._last_mark + self.debounce_s, self._first_mark + self.max_wait_s)
                    ready_at = max(ready_at, self._retry_at)
                else:
                    ready_at = next_scan
                if now < ready_at:
                    self._cond.wait(min(ready_at - now, WATCHDOG_CHECK_S))
                    batch = None
                    run = False
                elif pending:
                    batch = None if self._full else sorted(self._dirty)
                    self._dirty = set()
                    self._full = False
                    self._first_mark = 0.0
                    self._syncing = True
                    run = True
                else:
                    batch = None
                    run = True
            if not run:
                self._check_observer()
                continue
            if not pending:
                next_scan = time.monotonic() + self.safety_scan_s
            self._run_sync(batch, safety=not pending)

    def _run_sync(self, batch: list[str] | None, *, safety: bool) -> None:
        start = time.perf_counter()
        try:
            self.sync(batch)
        except Exception as exc:
            self._record_error("sync", exc)
            with self._cond:
                # Keep the work: it is retried (with back-off) together with anything new.
                if batch is None:
                    self._full = True
                else:
                    self._dirty.update(batch)
                if self._first_mark == 0.0:
                    self._first_mark = time.monotonic()
                self._retry_delay = min(MAX_RETRY_S, max(2 * self._retry_delay, self.debounce_s, 0.5))
                self._retry_at = time.monotonic() + self._retry_delay
                self._syncing = False
            return
        with self._cond:
            self._syncing = False
            self._retry_delay = 0.0
            self._retry_at = 0.0
            self.stats["last_sync"] = _now_iso()
            self.stats["last_sync_ms"] = round((time.perf_counter() - start) * 1000, 1)
            self.stats["last_batch"] = -1 if batch is None else len(batch)
            self.stats["batches"] += 1
            if safety:
                self.stats["safety_scans"] += 1
            self._cond.notify_all()

    def _record_error(self, what: str, exc: BaseException) -> None:
        message = f"{type(exc).__name__}: {exc}"
        with self._cond:
            self.stats["errors"] += 1
            self.stats["last_error"] = f"{what}: {message}"
            self.stats["last_error_at"] = _now_iso()
        emit(self.ws, "watcher", what, success=False, error=message)

    def wait_batches(self, count: int, timeout: float) -> bool:
        """Block until at least `count` syncs have completed (for callers that need a barrier)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.stats["batches"] < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._cond.wait(remaining)
        return True
