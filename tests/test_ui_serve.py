"""`jarvis serve` with `[ui] port`: the page runs inside the server (one process, one model)."""

from __future__ import annotations

import http.client
import json
import os
import socket
import stat
from urllib.parse import urlparse

import pytest
from conftest import CliFn
from serve_helpers import running_server

from jarvis.workspace import Workspace

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(port: int, path: str, cookie: str = "") -> tuple[int, dict[str, str], str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    reply = conn.getresponse()
    body = reply.read().decode()
    headers = {k.lower(): v for k, v in reply.getheaders()}
    conn.close()
    return reply.status, headers, body


def test_serve_runs_the_ui_and_jarvis_ui_points_at_it(ws: Workspace, embedder: object, cli: CliFn) -> None:
    port = free_port()
    path = ws.root / "jarvis.toml"
    path.write_text(path.read_text() + f"\n[ui]\nport = {port}\n")
    ws.__dict__.pop("config", None)
    cli("remember", "The boiler service is booked for March", workspace=ws)
    with running_server(ws, embedder) as server:
        assert server.ui is not None
        record = ws.state_dir / "ui.json"
        assert stat.S_IMODE(record.stat().st_mode) == 0o600  # it holds the token
        url = json.loads(record.read_text())["url"]
        assert urlparse(url).port == port and urlparse(url).hostname == "127.0.0.1"

        out = cli("ui", "--no-open", workspace=ws)
        assert out.exit_code == 0
        assert url in out.output and "running `jarvis serve`" in out.output

        assert get(port, "/")[0] == 403
        status, headers, _ = get(port, urlparse(url).path + "?" + urlparse(url).query)
        assert status == 303
        cookie = headers["set-cookie"].split(";", 1)[0]
        status, _, body = get(port, "/recall?q=boiler+service", cookie)
        assert status == 200
        assert (
            "is booked for March" in body and "<mark>boiler</mark>" in body
        )  # answered with the server's model
    assert not (ws.state_dir / "ui.json").exists()
    with pytest.raises(OSError):
        get(port, "/")


def test_a_busy_port_does_not_stop_the_server(ws: Workspace, embedder: object) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        path = ws.root / "jarvis.toml"
        path.write_text(path.read_text() + f"\n[ui]\nport = {port}\n")
        ws.__dict__.pop("config", None)
        with running_server(ws, embedder) as server:
            assert server.ui is None
            assert server.state == "running"
        events = [json.loads(line) for line in (ws.state_dir / "events.jsonl").read_text().splitlines()]
        failed = [e for e in events if e["component"] == "ui" and not e["success"]]
        assert failed and "cannot listen" in failed[0]["error"]
    assert os.environ.get("JARVIS_AUTOSTART") == "0"


def test_standalone_jarvis_ui_prints_a_token_url_and_stops_on_ctrl_c(ws: Workspace) -> None:
    import signal
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.Popen(  # no display: it says so instead of starting a text browser here
        [sys.executable, "-m", "jarvis", "-w", str(ws.root), "ui", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("jarvis ui: http://127.0.0.1:"), first
        url = urlparse(first.split(": ", 1)[1].strip())
        assert url.query.startswith("token=") and len(url.query) > 40
        assert get(url.port or 0, "/")[0] == 403
        status, headers, _ = get(url.port or 0, "/?" + url.query)
        assert status == 303
        cookie = headers["set-cookie"].split(";", 1)[0]
        status, _, body = get(url.port or 0, "/health", cookie)
        assert status == 200 and "jarvis.toml is valid" in body
        assert not (ws.state_dir / "ui.json").exists()  # only a serve-run page is published
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "jarvis ui: stopped" in err
    assert "no graphical browser here" in err
