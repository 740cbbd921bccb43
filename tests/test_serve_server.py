"""The recall server: socket permissions, the protocol, bad requests, stale leftovers, stop."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import ServeProcess, raw_exchange, running_server, set_serve_config, wait_for

from jarvis.serve import client
from jarvis.serve.client import LOCK_NAME, PID_NAME, socket_path, unix_address
from jarvis.workspace import Workspace

NOBODY = 65534


def test_socket_is_private_and_the_server_is_findable(ws: Workspace, embedder: object) -> None:
    with running_server(ws, embedder):
        mode = os.stat(socket_path(ws))
        assert stat.S_ISSOCK(mode.st_mode)
        assert stat.S_IMODE(mode.st_mode) == 0o600
        assert mode.st_uid == os.getuid()
        assert client.server_pid(ws) == os.getpid()
        reply = client.call(ws, {"op": "ping"})
        assert reply == {
            "ok": True,
            "result": {"pid": os.getpid(), "workspace": str(ws.root), "state": "running"},
        }
    assert not socket_path(ws).exists()
    assert not (ws.state_dir / PID_NAME).exists()
    assert client.server_pid(ws) is None
    assert client.query(ws, {"query": "anything"}) is None  # no server: the caller goes in-process


MALFORMED = [
    b"not json at all\n",
    b"[1, 2, 3]\n",
    b'{"op": "launch-missiles"}\n',
    b'{"op": "recall", "request": "should be an object"}\n',
    b'{"op": "recall", "workspace": "/elsewhere", "request": {"query": "x"}}\n',
    b'{"op": "recall", "request": {"query": 42}}\n',
    b'{"op": "recall", "request": {"query": "x", "no_such_option": 1}}\n',
    b"\xff\xfe\x00 not utf-8\n",
    b'{"op": "recall", "request": {"query": "unterminated"',  # closed without a newline
]


def test_malformed_requests_get_an_error_reply(ws: Workspace, embedder: object) -> None:
    with running_server(ws, embedder) as server:
        for n, payload in enumerate(MALFORMED, start=1):
            reply = raw_exchange(ws, payload)
            assert reply["ok"] is False, payload
            assert reply["type"] == "UsageError", (payload, reply)
            assert reply["error"]
            assert client.call(ws, {"op": "ping"})["ok"]  # still serving
            assert server.health()["requests"]["errors"] == n


def test_oversized_request_is_refused_without_reading_it_all(ws: Workspace, embedder: object) -> None:
    set_serve_config(ws, max_request_bytes=65_536)
    with running_server(ws, embedder):
        big = b'{"op": "recall", "request": {"query": "' + b"x" * 200_000 + b'"}}\n'
        reply = raw_exchange(ws, big)
        assert reply["ok"] is False and reply["type"] == "UsageError"
        assert "over 65,536 bytes" in reply["error"]
        assert client.call(ws, {"op": "ping"})["ok"]


def test_silent_and_vanishing_clients_do_not_hurt(ws: Workspace, embedder: object) -> None:
    with running_server(ws, embedder):
        for _ in range(5):
            with socket.socket(socket.AF_UNIX) as sock, unix_address(socket_path(ws)) as address:
                sock.connect(address)  # and close at once
        assert client.call(ws, {"op": "ping"})["ok"]


@pytest.fixture
def public_ws(cli) -> Iterator[Workspace]:  # type: ignore[no-untyped-def]
    """A workspace whose folders other users may traverse (pytest's tmp is 0700), removed afterwards."""
    base = Path(tempfile.mkdtemp(prefix="jarvis-perm-"))
    try:
        os.chmod(base, 0o755)
        assert cli("init", str(base / "ws")).exit_code == 0
        os.chmod(base / "ws" / ".jarvis", 0o755)
        yield Workspace((base / "ws").resolve())
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _as_nobody(ws: Workspace) -> int:
    """In a forked child running as uid 65534: 0 connect refused by the kernel (EACCES),
    10 connected and the server refused us, 20 connected and served, 30 anything else."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        code = 30
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            with socket.socket(socket.AF_UNIX) as sock:
                sock.settimeout(10)
                try:
                    sock.connect(str(socket_path(ws)))
                except PermissionError:
                    code = 0
                else:
                    # the server may already have answered and closed (it refuses at accept)
                    with contextlib.suppress(OSError):
                        sock.sendall(b'{"op": "ping"}\n')
                    data = sock.recv(65536)
                    code = 10 if b"refused: uid 65534" in data else 20
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(os.getuid() != 0, reason="switching to another uid needs root")
def test_a_client_of_another_user_is_refused(public_ws: Workspace, embedder: object) -> None:
    with running_server(public_ws, embedder):
        # 1. the kernel: the socket is 0600, so another uid cannot even connect
        assert _as_nobody(public_ws) == 0
        # 2. the server: even if the mode were loosened, it checks the peer's uid (SO_PEERCRED)
        os.chmod(socket_path(public_ws), 0o666)
        assert _as_nobody(public_ws) == 10
        assert client.call(public_ws, {"op": "ping"})["ok"]  # the owner is still served


@pytest.fixture
def serve_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = str(tmp_path_factory.getbasetemp() / "serve-cache")  # ONNX export made once
    env["JARVIS_AUTOSTART"] = "0"
    return env


@pytest.mark.slow
def test_autostart_stop_and_a_killed_server_leaves_nothing_that_blocks(
    ws: Workspace, embedder: object, serve_env: dict[str, str], cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("JARVIS_AUTOSTART", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", serve_env["XDG_CACHE_HOME"])
    assert client.autostart(ws) is not None  # detached, returns its pid at once
    try:
        pid = wait_for(lambda: _ping(ws), 180)
        assert pid and client.server_pid(ws) == pid, (ws.state_dir / "serve.log").read_text()
        assert client.autostart(ws) is None  # one is running: no second spawn
        result = cli("serve", "--stop", workspace=ws)
        assert result.exit_code == 0 and f"pid {pid}" in result.output
        assert not socket_path(ws).exists() and not (ws.state_dir / PID_NAME).exists()
    finally:
        leftover = client.server_pid(ws)
        if leftover:
            os.kill(leftover, signal.SIGKILL)

    second = ServeProcess(ws, serve_env)
    try:
        assert wait_for(lambda: _ping(ws) == second.proc.pid, 180), second.log_text()
    finally:
        assert second.kill(signal.SIGKILL) == -signal.SIGKILL
    # SIGKILL: no clean-up ran; the socket file and pid file are left behind
    assert socket_path(ws).exists() and (ws.state_dir / PID_NAME).exists()
    assert client.server_pid(ws) is None  # the lock died with the process
    assert client.query(ws, {"query": "x"}) is None  # refused -> in-process, not an error
    assert "no jarvis server" in cli("serve", "--stop", workspace=ws).output
    with running_server(ws, embedder):  # the next server replaces the leftovers
        assert _ping(ws) == os.getpid()
        assert (ws.state_dir / PID_NAME).read_text().strip() == str(os.getpid())
    assert (ws.state_dir / LOCK_NAME).exists()


def _ping(ws: Workspace) -> int | None:
    try:
        reply = client.call(ws, {"op": "ping"}, timeout=2.0)
    except Exception:
        return None
    return int(reply["result"]["pid"]) if reply.get("ok") else None


def test_a_second_server_for_the_same_workspace_is_refused(ws: Workspace, embedder: object) -> None:
    from jarvis.errors import LockBusy
    from jarvis.serve.server import Server

    with running_server(ws, embedder):
        with pytest.raises(LockBusy, match="already runs"):
            Server(ws, embedder=embedder).run()
        assert client.call(ws, {"op": "ping"})["ok"]  # the first one is untouched
