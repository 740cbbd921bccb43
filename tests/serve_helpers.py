"""Helpers for the serve tests: servers that are always stopped, raw socket talk."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jarvis.serve.client import read_line, socket_path, unix_address
from jarvis.serve.server import Server
from jarvis.workspace import Workspace

WAIT_S = 60.0


def wait_for(predicate: Callable[[], Any], timeout: float = WAIT_S) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


def set_serve_config(ws: Workspace, **values: Any) -> None:
    """Append a [serve] table to the workspace's jarvis.toml (short quiet periods for tests)."""
    lines = ["", "[serve]"] + [f"{k} = {json.dumps(v)}" for k, v in values.items()]
    path = ws.root / "jarvis.toml"
    path.write_text(path.read_text() + "\n".join(lines) + "\n")
    ws.__dict__.pop("config", None)  # drop the cached Config


@contextmanager
def running_server(ws: Workspace, embedder: object) -> Iterator[Server]:
    """An in-process server in a thread; always stopped and joined on exit."""
    ready = threading.Event()
    server = Server(ws, embedder=embedder)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            server.run(on_ready=lambda _s: ready.set())
        except BaseException as exc:
            errors.append(exc)
            ready.set()

    thread = threading.Thread(target=run, name="test-server")
    thread.start()
    try:
        assert ready.wait(WAIT_S), "server did not start"
        if errors:
            raise errors[0]
        yield server
    finally:
        server.stop()
        thread.join(WAIT_S)
        assert not thread.is_alive(), "server thread did not stop"


def raw_exchange(ws: Workspace, payload: bytes, timeout: float = 30.0) -> dict[str, Any]:
    """Send raw bytes to the server socket and parse the one reply line."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock, unix_address(socket_path(ws)) as address:
        sock.settimeout(timeout)
        sock.connect(address)
        sock.sendall(payload)
        sock.shutdown(socket.SHUT_WR)
        line = read_line(sock, 1 << 26)
    assert line is not None
    reply = json.loads(line)
    assert isinstance(reply, dict)
    return reply


class ServeProcess:
    """`jarvis -w WS serve` as a real process (killed in the finalizer if still alive)."""

    def __init__(self, ws: Workspace, env: dict[str, str]) -> None:
        self.ws = ws
        self.log = ws.state("test-serve.log").open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jarvis", "-w", str(ws.root), "serve"],
            stdout=self.log,
            stderr=self.log,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )

    def kill(self, sig: int = signal.SIGKILL) -> int:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
        code = self.proc.wait(WAIT_S)
        self.log.close()
        return code

    def log_text(self) -> str:
        return Path(self.log.name).read_text(errors="replace")
