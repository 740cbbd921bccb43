"""Running the UI: standalone (`jarvis ui`) or as a thread of `jarvis serve` (one process, one model).

The listening socket is bound here, on 127.0.0.1 only, before uvicorn starts, so the
printed URL names the real port even when the OS picked it. A server that runs the UI
writes its address, token included, to `.jarvis/ui.json` (mode 0600, like Jupyter's
runtime files), and `jarvis ui` prints that address instead of starting a second server.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jarvis.errors import JarvisError, UsageError
from jarvis.fsutil import atomic_write
from jarvis.ui.pages import Recaller
from jarvis.ui.security import Access
from jarvis.workspace import Workspace

HOST = "127.0.0.1"
URL_FILE = "ui.json"


def bind(port: int) -> socket.socket:
    """A listening TCP socket on 127.0.0.1:`port` (0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        raise UsageError(
            f"{HOST}:{port}: cannot listen ({exc.strerror}); pick another port with --port or [ui] port"
        ) from None
    sock.listen(64)
    sock.set_inheritable(False)
    return sock


def make_recaller(ws: Workspace, embedder: Any = None) -> Recaller:
    """Recall as `jarvis recall` does it: the running server when there is one, else in-process
    with one embedding model kept for the life of the UI."""
    from jarvis.index.embed import LazyEmbedder

    model = embedder or LazyEmbedder(ws.config.embedding)
    lock = threading.Lock()

    def recall(request: dict[str, Any]) -> dict[str, Any]:
        from jarvis.index.recall import handle_request
        from jarvis.serve import client

        reply = client.query(ws, request)
        if reply is not None:
            return reply
        with lock:
            return handle_request(ws, request, model)

    return recall


def _uvicorn(app: Any) -> Any:
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", server_header=False)
    return uvicorn.Server(config)


def serve_forever(
    ws: Workspace,
    sock: socket.socket,
    recall: Recaller,
    env: Mapping[str, str],
    access: Access,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve in this (main) thread until Ctrl-C."""
    from jarvis.ui.app import build_app

    server = _uvicorn(build_app(ws, recall, env, access, warm=True))
    if on_ready is not None:
        timer = threading.Timer(0.3, on_ready)
        timer.daemon = True
        timer.start()
    server.run(sockets=[sock])


@dataclass
class Running:
    """A UI served from a background thread; `stop()` ends it."""

    ws: Workspace
    access: Access
    server: Any
    thread: threading.Thread
    sock: socket.socket

    @property
    def url(self) -> str:
        return self.access.url()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        with contextlib.suppress(OSError):
            self.sock.close()
        forget_url(self.ws)

    def health(self) -> dict[str, Any]:
        return {"port": self.access.port, "alive": self.thread.is_alive()}


def start_in_thread(
    ws: Workspace,
    port: int,
    recall: Recaller,
    env: Mapping[str, str],
    *,
    extra_hosts: tuple[str, ...] = (),
    publish: bool = True,
) -> Running:
    """Start the UI in a daemon thread (inside `jarvis serve`, and in the browser tests)."""
    from jarvis.ui.app import build_app

    sock = bind(port)
    access = Access(port=sock.getsockname()[1], extra_hosts=extra_hosts)
    server = _uvicorn(build_app(ws, recall, env, access, warm=True))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="jarvis-ui", daemon=True)
    thread.start()
    running = Running(ws, access, server, thread, sock)
    for _ in range(200):
        if server.started or not thread.is_alive():
            break
        threading.Event().wait(0.025)
    if not server.started:
        running.stop()
        raise JarvisError(f"jarvis ui did not start on {HOST}:{access.port}; see {ws.state_dir}/serve.log")
    if publish:
        publish_url(ws, access.url())
    return running


def start_in_server(server: Any) -> Running | None:
    """The `[ui] port` hook of `jarvis serve`: the UI in a thread, using the server's model."""
    from jarvis.events import emit

    ws = server.ws
    try:
        running = start_in_thread(ws, ws.config.ui.port, server.recall, dict(os.environ))
    except JarvisError as exc:  # recall and the jobs go on without the page; the failure is an event
        emit(ws, "ui", "start", success=False, error=str(exc))
        return None
    emit(ws, "ui", "start", detail={"port": running.access.port, "pid": os.getpid()})
    return running


def publish_url(ws: Workspace, url: str) -> None:
    record = {"url": url, "pid": os.getpid()}
    atomic_write(ws.state(URL_FILE), json.dumps(record), mode=0o600)


def forget_url(ws: Workspace) -> None:
    path = ws.state_dir / URL_FILE
    with contextlib.suppress(OSError, ValueError):
        if json.loads(path.read_text(encoding="utf-8")).get("pid") == os.getpid():
            path.unlink()


def served_url(ws: Workspace) -> str | None:
    """The UI address of the running `jarvis serve` of this workspace, if it serves one."""
    from jarvis.serve.client import server_pid

    try:
        record = json.loads((ws.state_dir / URL_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    pid = server_pid(ws)
    if pid is None or record.get("pid") != pid:
        return None
    url = record.get("url")
    return url if isinstance(url, str) else None
