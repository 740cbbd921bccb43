"""The light side of `jarvis serve`: ask a running server, find it, stop it, start it.

Stdlib only (no torch, numpy, tantivy, watchdog): `jarvis recall` imports this on
every call, and a recall through the server must start in well under 250 ms.

Protocol: the client connects to `.jarvis/serve.sock`, sends one JSON object on
one line, and reads one JSON object on one line back: `{"ok": true, "result": …}`
or `{"ok": false, "error": "…", "type": "UsageError"}`.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jarvis import errors
from jarvis.errors import JarvisError
from jarvis.workspace import Workspace

SOCKET_NAME = "serve.sock"
PID_NAME = "serve.pid"
LOCK_NAME = "serve.lock"
LOG_NAME = "serve.log"
HEALTH_NAME = "serve-health.json"
# sun_path holds 108 bytes; deeper paths are reached through /proc/self/fd/N/.
MAX_SUN_PATH = 100
CHUNK = 65536
BATCH_ITEM_TIMEOUT_S = 2.0
MIN_REQUEST_LIMIT = 65_536  # the lowest [serve] max_request_bytes jarvis.toml may set


def socket_path(ws: Workspace) -> Path:
    return ws.state_dir / SOCKET_NAME


@contextlib.contextmanager
def unix_address(path: Path) -> Iterator[str]:
    """A string for bind/connect that names `path` even when it is too long for sun_path."""
    text = str(path)
    if len(text.encode()) < MAX_SUN_PATH:
        yield text
        return
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    try:
        yield f"/proc/self/fd/{fd}/{path.name}"
    finally:
        os.close(fd)


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, default=str).encode("utf-8") + b"\n"


def read_line(sock: socket.socket, limit: int) -> bytes | None:
    """Read one newline-terminated message of at most `limit` bytes.

    Returns the line without its newline; None when it grew past `limit`.
    Raises ConnectionError when the peer closed before a full line arrived.
    """
    buf = bytearray()
    while True:
        end = buf.find(b"\n")
        if end >= 0:
            return bytes(buf[:end]) if end <= limit else None
        if len(buf) > limit:
            return None
        data = sock.recv(CHUNK)
        if not data:
            if buf.strip():
                return bytes(buf) if len(buf) <= limit else None
            raise ConnectionError("the peer closed the connection without a message")
        buf += data


def error_from_reply(reply: dict[str, Any]) -> JarvisError:
    """Rebuild the server's error as the same JarvisError subclass (same exit code)."""
    kind = getattr(errors, str(reply.get("type", "")), None)
    cls = kind if isinstance(kind, type) and issubclass(kind, JarvisError) else JarvisError
    return cls(str(reply.get("error") or "the jarvis server failed without a message; see .jarvis/serve.log"))


def query(ws: Workspace, request: dict[str, Any], timeout: float = 30.0) -> dict[str, Any] | None:
    """Send one recall request to the workspace's server and return its result.

    None means "no usable server" (no socket, a stale one, a server that stopped
    or did not answer in time): the caller then works in-process. An error the
    server reports (bad query, bad filter) is raised as the same JarvisError.
    """
    path = socket_path(ws)
    if not path.exists():
        return None
    payload = encode({"op": "recall", "workspace": str(ws.root), "request": request})
    # the setting is at least 64 KiB, so a usual request is sent without reading jarvis.toml
    if len(payload) > MIN_REQUEST_LIMIT and len(payload) > ws.config.serve.max_request_bytes:
        return None  # the server would refuse it; in-process has no such limit
    batch = request.get("batch")
    if isinstance(batch, list):
        timeout += BATCH_ITEM_TIMEOUT_S * len(batch)  # the server answers only when all are done
    try:
        with (
            socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock,
            unix_address(path) as address,
        ):
            sock.settimeout(timeout)
            sock.connect(address)
            sock.sendall(payload)
            line = read_line(sock, 1 << 30)
    except (OSError, ConnectionError):
        # Refused (stale socket), missing, timed out, reset: answer in-process instead.
        return None
    if line is None:
        return None
    try:
        reply = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(reply, dict):
        return None
    if not reply.get("ok"):
        raise error_from_reply(reply)
    result = reply.get("result")
    return result if isinstance(result, dict) else None


def call(ws: Workspace, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
    """Send a raw protocol message (ping, status) and return the whole reply.

    Raises JarvisError when no server answers.
    """
    path = socket_path(ws)
    try:
        with (
            socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock,
            unix_address(path) as address,
        ):
            sock.settimeout(timeout)
            sock.connect(address)
            sock.sendall(encode(message))
            line = read_line(sock, 1 << 30)
    except (OSError, ConnectionError) as exc:
        raise JarvisError(f"{path}: no jarvis server answers ({exc}); start one with `jarvis serve`") from exc
    if line is None:
        raise JarvisError(f"{path}: the server sent an oversized reply; see .jarvis/serve.log")
    reply = json.loads(line)
    if not isinstance(reply, dict):
        raise JarvisError(f"{path}: the server sent a malformed reply; see .jarvis/serve.log")
    return reply


def server_pid(ws: Workspace) -> int | None:
    """The pid of the server running for this workspace, or None.

    A server holds an flock on `.jarvis/serve.lock` for its whole life; the kernel
    drops it when the process dies, even by SIGKILL, so a leftover pid file or
    socket from a crashed server never counts as running.
    """
    lock = ws.state_dir / LOCK_NAME
    try:
        fd = os.open(lock, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            pass
        else:
            fcntl.flock(fd, fcntl.LOCK_UN)
            return None
    finally:
        os.close(fd)
    try:
        return int((ws.state_dir / PID_NAME).read_text().strip())
    except (OSError, ValueError):
        return None


def stop(ws: Workspace, timeout: float = 15.0) -> int | None:
    """Ask the running server to stop (SIGTERM) and wait for it; return its pid or None."""
    pid = server_pid(ws)
    if pid is None:
        return None
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return None
    except PermissionError as exc:
        raise JarvisError(
            f"pid {pid}: the jarvis server belongs to another user; stop it as that user"
        ) from exc
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server_pid(ws) is None:
            return pid
        time.sleep(0.05)
    raise JarvisError(
        f"pid {pid}: the jarvis server did not stop within {timeout:.0f} s; "
        f"see {ws.state_dir / LOG_NAME} or end it with `kill -9 {pid}`"
    )


def spawn(ws: Workspace, *, autostarted: bool = False) -> int | None:
    """Start `jarvis -w WS serve` detached (new session, output to .jarvis/serve.log); its pid.

    An autostarted server exits when idle and never commits the person's edits unless
    `[serve] autocommit = true`.
    """
    import subprocess
    import sys

    log = ws.state(LOG_NAME)
    extra = ["--autostarted"] if autostarted else []
    try:
        with open(log, "ab") as out, open(os.devnull, "rb") as devnull:
            proc = subprocess.Popen(
                [sys.executable, "-m", "jarvis", "-w", str(ws.root), "serve", *extra],
                stdin=devnull,
                stdout=out,
                stderr=out,
                cwd=ws.root,
                start_new_session=True,
                close_fds=True,
            )
    except OSError:
        return None
    return proc.pid


def autostart(ws: Workspace) -> int | None:
    """After an in-process recall: start a background server for the next ones; its pid.

    None when no server was spawned. A second server started by a race finds the lock
    held and exits at once, so calling this twice is harmless. JARVIS_AUTOSTART=0 turns
    it off (the test suite sets it).
    """
    if os.environ.get("JARVIS_AUTOSTART", "1") == "0" or server_pid(ws) is not None:
        return None
    return spawn(ws, autostarted=True)
