"""`jarvis serve`: the long-running process for one workspace.

It holds the embedding model and runs, in threads: the watcher (keeps the
index fresh), a recall server on `.jarvis/serve.sock` (mode 0600; peers of
another uid are refused), the scheduler and the autocommitter. A server owns
an flock on `.jarvis/serve.lock` for its life, so a socket or pid file left by a
crashed server is recognised as stale and replaced. SIGINT/SIGTERM shut it down
cleanly.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import socketserver
import struct
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from jarvis.errors import JarvisError, LockBusy, UsageError
from jarvis.events import emit, track
from jarvis.serve.client import LOCK_NAME, PID_NAME, encode, read_line, socket_path, unix_address
from jarvis.serve.health import write_health
from jarvis.serve.locks import ReadWriteLock
from jarvis.workspace import Workspace

CONNECTION_TIMEOUT_S = 30.0
HEALTH_EVERY_S = 1.0
UCRED = struct.Struct("3i")


def acquire_lock(ws: Workspace) -> int:
    """Take the server lock (held until the process ends); raise LockBusy naming the running pid."""
    path = ws.state(LOCK_NAME)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        try:
            pid = (ws.state_dir / PID_NAME).read_text().strip()
        except OSError:
            pid = "unknown"
        raise LockBusy(
            f"{ws.root}: a jarvis server already runs for this workspace (pid {pid}); "
            "stop it with `jarvis serve --stop`"
        ) from None
    return fd


def peer_uid(sock: socket.socket) -> int | None:
    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, UCRED.size)
    except OSError:
        return None
    return int(UCRED.unpack(raw)[1])


def error_reply(exc: BaseException) -> dict[str, Any]:
    kind = type(exc).__name__ if isinstance(exc, JarvisError) else "JarvisError"
    return {"ok": False, "error": str(exc), "type": kind}


def parse_message(line: bytes | None, limit: int) -> dict[str, Any]:
    """Decode one request line; raise UsageError for anything malformed or oversized."""
    if line is None:
        raise UsageError(
            f"request over {limit:,} bytes refused; send a shorter query ([serve] max_request_bytes)"
        )
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"malformed request: not one line of UTF-8 JSON ({exc})") from None
    if not isinstance(message, dict):
        raise UsageError("malformed request: expected a JSON object with an 'op' key")
    return message


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True
    allow_reuse_address = False
    request_queue_size = 64
    app: Server

    def server_bind(self) -> None:
        path = socket_path(self.app.ws)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # we hold the server lock: any socket here is stale
        old = os.umask(0o177)  # the socket is 0600 from its first moment
        try:
            with unix_address(path) as address:
                self.socket.bind(address)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        self.server_address = str(path)


class _Handler(socketserver.BaseRequestHandler):
    server: _Server

    def handle(self) -> None:
        app = self.server.app
        sock: socket.socket = self.request
        sock.settimeout(CONNECTION_TIMEOUT_S)
        uid = peer_uid(sock)
        if uid is not None and uid != os.getuid():
            reply = error_reply(JarvisError(f"refused: uid {uid} does not own this jarvis server"))
        else:
            try:
                line = read_line(sock, app.max_request_bytes)
            except (OSError, ConnectionError):
                return
            try:
                reply = {"ok": True, "result": app.dispatch(parse_message(line, app.max_request_bytes))}
            except JarvisError as exc:
                reply = error_reply(exc)
            except Exception as exc:
                traceback.print_exc(file=sys.stderr)
                reply = error_reply(
                    JarvisError(
                        f"internal error: {type(exc).__name__}: {exc}; see {app.ws.state_dir}/serve.log"
                    )
                )
        app.count_request(reply)
        with contextlib.suppress(OSError):
            sock.sendall(encode(reply))


class Server:
    """All parts of `jarvis serve` for one workspace; `run()` blocks until `stop()`."""

    def __init__(self, ws: Workspace, *, embedder: Any = None, autostarted: bool = False) -> None:
        self.ws = ws
        self.cfg = ws.config.serve
        self.autostarted = autostarted
        # hand edits are committed only when the person asked: they started this server, or
        # `[serve] autocommit = true`; a server `jarvis recall` started never commits them
        self.autocommit_on = self.cfg.autocommit == "true" or (
            self.cfg.autocommit == "auto" and not autostarted
        )
        self.idle_exit_s = self.cfg.idle_exit_minutes * 60 if autostarted else 0.0
        self.last_activity = time.monotonic()
        self.exit_reason = "stopped"
        self.max_request_bytes = self.cfg.max_request_bytes
        self.embedder = embedder
        self.llm: Any = None  # set at start; recall uses it for the query rewrite (deep profile)
        self.index_lock = ReadWriteLock()
        self._stop = threading.Event()
        self._lock_fd: int | None = None
        self._server: _Server | None = None
        self._threads: list[threading.Thread] = []
        self.watcher: Any = None
        self.scheduler: Any = None
        self.autocommit: Any = None
        self.filler: Any = None
        self.ui: Any = None  # `jarvis ui` in a thread when [ui] port is set (jarvis/ui/run.py)
        self.started = datetime.now(UTC).isoformat(timespec="seconds")
        self.state = "starting"
        self.requests: dict[str, Any] = {"total": 0, "errors": 0, "last": None}
        self._counter = threading.Lock()

    # -------------------------------------------------------------- requests
    def dispatch(self, message: dict[str, Any]) -> Any:
        op = message.get("op")
        if op == "ping":
            return {"pid": os.getpid(), "workspace": str(self.ws.root), "state": self.state}
        if op == "status":
            return self.health()
        if op not in ("recall", "observe"):
            raise UsageError(f"unknown op {op!r}; this server answers recall, observe, ping and status")
        where = message.get("workspace")
        if where is not None and os.path.realpath(str(where)) != os.path.realpath(self.ws.root):
            raise UsageError(f"this server serves {self.ws.root}, not {where}; one workspace per server")
        if op == "observe":
            return self.observe(message.get("path"))
        request = message.get("request")
        if not isinstance(request, dict):
            raise UsageError("malformed request: 'request' must be a JSON object")
        return self.recall(request)

    def recall(self, request: dict[str, Any]) -> dict[str, Any]:
        from jarvis.index.recall import handle_request

        with self.index_lock.reading():
            return handle_request(self.ws, request, self.embedder, llm=self.llm)

    def observe(self, path: Any) -> dict[str, Any]:
        """A hook's hand-off: observe a Claude Code transcript in the background; answer at once."""
        if not isinstance(path, str) or not path:
            raise UsageError("malformed request: 'path' must be the transcript's path")

        def work() -> None:
            from pathlib import Path

            from jarvis.hooks.claude_code import observe_transcript

            with contextlib.suppress(Exception):  # the failure is in the events log (track)
                observe_transcript(self.ws, Path(path), llm=self.llm, embedder=self.embedder)
            self._busy()

        threading.Thread(target=work, name="jarvis-hook-observe", daemon=True).start()
        self._busy()
        return {"queued": path}

    def count_request(self, reply: dict[str, Any]) -> None:
        self.last_activity = time.monotonic()
        with self._counter:
            self.requests["total"] += 1
            self.requests["errors"] += 0 if reply.get("ok") else 1
            self.requests["last"] = datetime.now(UTC).isoformat(timespec="seconds")

    # ------------------------------------------------------------------ sync
    def sync(self, paths: Sequence[str] | None) -> object:
        """The watcher's batch: the same reconcile `jarvis index` runs, under the index write lock."""
        from jarvis.index.sync import INLINE_EMBED_MAX, reconcile

        self.last_activity = time.monotonic()
        with self.index_lock.writing():
            report = reconcile(
                self.ws,
                embedder=self.embedder,
                paths=list(paths) if paths is not None else None,
                embed_limit=INLINE_EMBED_MAX,
            )
        if self.filler is not None and report.chunks_unembedded:
            self.filler.poke()
        if self.autocommit is not None:
            self.autocommit.poke()
        return report

    def _busy(self) -> None:
        """Background work (filling in vectors) counts as activity for the idle exit."""
        self.last_activity = time.monotonic()

    # ---------------------------------------------------------------- health
    def health(self) -> dict[str, Any]:
        with self._counter:
            requests = dict(self.requests)
        return {
            "pid": os.getpid(),
            "state": self.state,
            "started": self.started,
            "workspace": str(self.ws.root),
            "socket": str(socket_path(self.ws)),
            "updated": datetime.now(UTC).isoformat(timespec="seconds"),
            "requests": requests,
            "watcher": self.watcher.health() if self.watcher else None,
            "scheduler": self.scheduler.health() if self.scheduler else None,
            "autocommit": self.autocommit.health() if self.autocommit else {"enabled": False},
            "vectors": self.filler.health() if self.filler else None,
            "autostarted": self.autostarted,
            "idle_exit_s": self.idle_exit_s,
        }

    # ------------------------------------------------------------- lifecycle
    def stop(self) -> None:
        self._stop.set()

    def run(self, on_ready: Callable[[Server], None] | None = None) -> None:
        """Start everything, block until stop(), then shut down cleanly."""
        self._lock_fd = acquire_lock(self.ws)
        try:
            self._pid_file(write=True)
            write_health(self.ws, self.health())
            self._start()
            self.state = "running"
            write_health(self.ws, self.health())
            emit(self.ws, "serve", "start", detail={"pid": os.getpid()})
            if on_ready is not None:
                on_ready(self)
            last = ""
            while not self._stop.wait(HEALTH_EVERY_S):
                if self.idle_exit_s and time.monotonic() - self.last_activity > self.idle_exit_s:
                    minutes = self.idle_exit_s / 60
                    emit(self.ws, "serve", "idle-exit", detail={"pid": os.getpid(), "idle_minutes": minutes})
                    self.exit_reason = f"exited after {minutes:g} idle minute(s)"
                    break
                snapshot = self.health()
                text = json.dumps(
                    {k: v for k, v in snapshot.items() if k != "updated"}, default=str, sort_keys=True
                )
                if text != last:
                    write_health(self.ws, snapshot)
                    last = text
        finally:
            self._shutdown()

    def _start(self) -> None:
        from jarvis.serve.autocommit import AutoCommitter
        from jarvis.serve.filler import VectorFiller
        from jarvis.serve.scheduler import Scheduler, default_jobs
        from jarvis.serve.watcher import Watcher

        if self.embedder is None:
            from jarvis.index.embed import load_embedder

            with track(self.ws, "serve", "load-model"):
                self.embedder = load_embedder(self.ws.config.embedding)
        if self.autocommit_on:
            self.autocommit = AutoCommitter(self.ws, self.cfg.autocommit_quiet_s)
        self.filler = VectorFiller(self.ws, self.embedder, self.index_lock.writing, self._busy)
        self.filler.start()
        self.watcher = Watcher(
            self.ws, self.sync, debounce_s=self.cfg.debounce_s, safety_scan_s=self.cfg.safety_scan_s
        )
        self.watcher.start()
        # The first sync is a full scan run by the watcher loop (errors are retried and shown in
        # `jarvis status`); recalls that arrive meanwhile wait for it on the index lock.
        self.watcher.mark(None)
        server = _Server(str(socket_path(self.ws)), _Handler, bind_and_activate=False)
        server.app = self
        try:
            server.server_bind()
            server.server_activate()
        except BaseException:
            server.server_close()
            raise
        self._server = server
        thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.5}, name="jarvis-socket", daemon=True
        )
        thread.start()
        self._threads.append(thread)
        self.llm = self._llm()
        context = {"embedder": self.embedder, "health": self.health, "llm": self.llm}
        self.scheduler = Scheduler(self.ws, default_jobs(self.ws), context)
        self.scheduler.start()
        if self.autocommit is not None:
            self.autocommit.start()
            self.autocommit.poke()  # edits made while no server ran are committed after the quiet period
        if self.ws.config.ui.port:
            from jarvis.ui.run import start_in_server

            self.ui = start_in_server(self)

    def _llm(self) -> Any:
        """The configured LLM for the jobs (None: offline rules). Server start is a composition root."""
        try:
            from jarvis.llm import get_llm

            return get_llm(self.ws.config.llm, os.environ)
        except Exception as exc:  # a bad [llm] section must not stop recall; the jobs run offline
            emit(self.ws, "serve", "llm", success=False, error=f"{type(exc).__name__}: {exc}")
            return None

    def _shutdown(self) -> None:
        self.state = "stopping"
        if self._server is not None:
            with contextlib.suppress(FileNotFoundError):
                socket_path(self.ws).unlink()  # new clients go in-process from now on
            self._server.shutdown()
            self._server.server_close()
        for part in (self.ui, self.watcher, self.filler, self.scheduler, self.autocommit):
            if part is not None:
                with contextlib.suppress(Exception):
                    part.stop()
        self.state = "stopped"
        snapshot = self.health()
        snapshot["stopped"] = datetime.now(UTC).isoformat(timespec="seconds")
        write_health(self.ws, snapshot)
        emit(self.ws, "serve", "stop", detail={"pid": os.getpid()})
        self._pid_file(write=False)
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the flock
            self._lock_fd = None

    def _pid_file(self, *, write: bool) -> None:
        path = self.ws.state(PID_NAME)
        if write:
            path.write_text(f"{os.getpid()}\n")
        else:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def serve(
    ws: Workspace, on_ready: Callable[[Server], None] | None = None, *, autostarted: bool = False
) -> str:
    """Run the server in the foreground until SIGINT or SIGTERM (call from the main thread)."""
    server = Server(ws, autostarted=autostarted)
    previous = {}

    def handler(signum: int, frame: object) -> None:
        server.stop()

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        previous[sig] = signal.signal(sig, handler)
    try:
        server.run(on_ready)
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
    return server.exit_reason


def wait_until_ready(ws: Workspace, timeout: float) -> int | None:
    """Wait for a server of this workspace to answer ping; return its pid or None."""
    from jarvis.serve.client import call

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(JarvisError, ValueError):
            reply = call(ws, {"op": "ping"}, timeout=2.0)
            if reply.get("ok"):
                return int(reply["result"]["pid"])
        time.sleep(0.1)
    return None
