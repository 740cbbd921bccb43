"""The server's background embedder: fills in vectors for chunks stored without one.

`reconcile` stores a big change for BM25 at once and leaves its vectors for later;
this thread embeds them a batch at a time with the model the server already holds.
Each batch is stored under the index write lock in one short transaction, so recall
and the watcher go on meanwhile, and a new batch of edits is indexed first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from jarvis.events import emit
from jarvis.workspace import Workspace

RETRY_S = 5.0


class VectorFiller:
    def __init__(
        self,
        ws: Workspace,
        embedder: Any,
        writing: Callable[[], AbstractContextManager[object]],
        on_progress: Callable[[], None] | None = None,
    ) -> None:
        self.ws = ws
        self.embedder = embedder
        self.writing = writing
        self.on_progress = on_progress
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.stats: dict[str, Any] = {
            "running": False,
            "embedded": 0,
            "done": 0,
            "total": 0,
            "last_fill": None,
            "errors": 0,
            "last_error": None,
        }

    def poke(self) -> None:
        """Something may have been stored without vectors: look."""
        self._wake.set()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="jarvis-vectors", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def health(self) -> dict[str, Any]:
        return dict(self.stats)

    def _progress(self, done: int, total: int) -> None:
        self.stats["done"], self.stats["total"] = done, total
        if self.on_progress is not None:
            self.on_progress()

    def _loop(self) -> None:
        from jarvis.index.sync import fill_vectors

        while True:
            self._wake.wait()
            self._wake.clear()
            if self._stopping.is_set():
                return
            self.stats["running"] = True
            try:
                report = fill_vectors(
                    self.ws,
                    self.embedder,
                    progress=self._progress,
                    should_stop=self._stopping.is_set,
                    writing=self.writing,
                )
            except Exception as exc:  # kept for `jarvis status`; tried again shortly
                self.stats["errors"] += 1
                self.stats["last_error"] = f"{type(exc).__name__}: {exc}"
                emit(self.ws, "serve", "fill-vectors", success=False, error=self.stats["last_error"])
                if self._stopping.wait(RETRY_S):
                    return
                self._wake.set()
            else:
                self.stats["embedded"] += report.embedded
                if report.embedded:
                    self.stats["last_fill"] = datetime.now(UTC).isoformat(timespec="seconds")
            finally:
                self.stats["running"] = False
