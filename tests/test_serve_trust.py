"""Autocommit cannot be tricked into committing a secret; an autostarted server is polite."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from serve_helpers import set_serve_config
from trust_helpers import MODEL_CACHE

from jarvis.serve.autocommit import commit_hand_edits
from jarvis.workspace import Workspace

KEY = "ghp_" + "Q7w8E9r0T1y2U3i4O5p6A7s8D9f0G1h2J3k4"


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def all_blobs(root: Path) -> bytes:
    return subprocess.run(
        ["git", "-C", str(root), "cat-file", "--batch-all-objects", "--batch"],
        capture_output=True,
        check=True,
    ).stdout


def test_a_utf16_file_with_a_secret_is_not_committed(ws: Workspace) -> None:
    for name, codec in (("USER.md", "utf-16"), ("AGENTS.md", "utf-16-le"), ("SOUL.md", "utf-32")):
        (ws.root / name).write_bytes(f"my token is {KEY}\n".encode(codec))
    result = commit_hand_edits(ws, min_age_s=0.0, pause_s=0.01)
    assert result.sha is None
    assert all("secret" in result.skipped[name] for name in ("USER.md", "AGENTS.md", "SOUL.md"))
    for codec in ("utf-16-le", "utf-32-le"):
        assert KEY.encode(codec) not in all_blobs(ws.root)


def test_a_secret_after_the_first_two_megabytes_is_seen(ws: Workspace) -> None:
    config = ws.root / "jarvis.toml"
    config.write_text(config.read_text() + "\n[index]\nmax_file_bytes = 10000000\n")
    git(ws.root, "-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qam", "bigger files")
    ws.__dict__.pop("config", None)
    big = "- a perfectly ordinary line of notes\n" * 70_000  # ~2.5 MB
    (ws.root / "MEMORY.md").write_text(big + f"deploy token {KEY}\n")
    result = commit_hand_edits(ws, min_age_s=0.0, pause_s=0.01)
    assert result.sha is None and "MEMORY.md" in result.skipped
    assert KEY.encode() not in all_blobs(ws.root)


def test_a_secret_written_between_check_and_commit_never_lands(ws: Workspace) -> None:
    """A second writer flips the file between clean and secret in a tight loop while autocommit runs."""
    target = ws.root / "memory" / "scratch.md"
    stop = threading.Event()

    def flip() -> None:
        i = 0
        while not stop.is_set():
            i += 1
            text = f"clean line {i}\n" if i % 2 else f"token {KEY} line {i}\n"
            target.write_text(text)
            time.sleep(0.002 * (i % 5))  # irregular pauses: some checks see a settled file

    writer = threading.Thread(target=flip)
    writer.start()
    commits = 0
    try:
        for _ in range(300):
            commits += commit_hand_edits(ws, min_age_s=0.0, pause_s=0.0).sha is not None
            if commits >= 5:
                break
    finally:
        stop.set()
        writer.join()
    assert KEY.encode() not in all_blobs(ws.root)
    assert commits >= 1  # it did commit the clean states it checked


def test_status_lists_uncommitted_hand_edits(ws: Workspace, cli) -> None:  # type: ignore[no-untyped-def]
    (ws.root / "USER.md").write_text("# User\n\nI moved to Porto\n")
    (ws.root / "memory" / "hand-note.md").write_text("a new note\n")
    result = cli("status", workspace=ws)
    assert "USER.md" in result.output and "memory/hand-note.md" in result.output
    assert "uncommitted" in result.output and "git -C" in result.output


def test_autostarted_server_exits_when_idle_and_commits_nothing(ws: Workspace) -> None:
    set_serve_config(ws, idle_exit_minutes=0.05, autocommit_quiet_s=0.1, debounce_s=0.1)  # 3 s
    git(ws.root, "add", "jarvis.toml")
    git(ws.root, "-c", "user.name=p", "-c", "user.email=p@p", "commit", "-qm", "settings")
    env = {**os.environ, "JARVIS_AUTOSTART": "1", "XDG_CACHE_HOME": MODEL_CACHE}
    recall = subprocess.run(
        [sys.executable, "-m", "jarvis", "-w", str(ws.root), "recall", "anything at all"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert recall.returncode == 0, recall.stderr
    assert "started a background jarvis server (pid" in recall.stderr
    assert "exits after 0.05 idle minutes" in recall.stderr and "does not commit your edits" in recall.stderr
    pid = int(recall.stderr.split("(pid ", 1)[1].split(")", 1)[0])
    (ws.root / "USER.md").write_text("# User\n\na hand edit the server must leave alone\n")
    deadline = time.monotonic() + 180  # the server may first export the model in this fresh HOME
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        if Path(f"/proc/{pid}/stat").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
            break
        time.sleep(0.2)
    else:
        os.kill(pid, 9)
        raise AssertionError("the autostarted server never exited when idle")
    assert "M USER.md" in git(ws.root, "status", "--porcelain")  # not committed behind the person's back
    assert "exited after 0.05 idle minute(s)" in (ws.root / ".jarvis" / "serve.log").read_text()


def test_a_write_right_after_the_check_is_not_what_gets_committed(ws: Workspace, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Deterministic version of the race: the file changes just as the commit starts."""
    from jarvis.gitstore import GitStore

    target = ws.root / "memory" / "note.md"
    target.write_text("a clean note\n")

    def writer_lands_first(real):  # type: ignore[no-untyped-def]
        def wrapped(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            target.write_text(f"a clean note\ntoken {KEY}\n")
            return real(self, *args, **kwargs)

        return wrapped

    for name in ("commit_blobs", "commit_paths"):  # whichever entry point autocommit uses
        monkeypatch.setattr(GitStore, name, writer_lands_first(getattr(GitStore, name)))
    result = commit_hand_edits(ws, min_age_s=0.0, pause_s=0.0)
    assert result.sha is not None
    assert git(ws.root, "show", "HEAD:memory/note.md") == "a clean note\n"  # exactly the bytes checked
    assert KEY.encode() not in all_blobs(ws.root)
