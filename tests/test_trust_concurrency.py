"""Writers at once, an editor's git in a loop beside them, locks left by the dead."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest
from trust_helpers import check_trust, env, git, jarvis_argv, run

from jarvis.workspace import Workspace


def _start_all(argvs: list[list[str]]) -> list[subprocess.CompletedProcess[str]]:
    """Start every command at once (a barrier in the shell), wait for all."""
    procs = [
        subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        for argv in argvs
    ]
    results = []
    for argv, proc in zip(argvs, procs, strict=True):
        out, err = proc.communicate(timeout=120)
        results.append(subprocess.CompletedProcess(argv, proc.returncode, out, err))
    return results


class GitBusy:
    """An IDE's git integration: touch a file and run `git status` in a tight loop."""

    def __init__(self, root: Path):
        self.root = root
        self.stop = threading.Event()
        self.runs = 0
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self.stop.is_set():
            os.utime(self.root / "SOUL.md")
            subprocess.run(["git", "-C", str(self.root), "status", "--porcelain"], capture_output=True)
            self.runs += 1

    def __enter__(self) -> GitBusy:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


def test_eight_writers_with_colliding_slugs_all_land(ws: Workspace) -> None:
    root = ws.root
    texts = [f"Release checklist\nitem {i}: tag the build for customer {i}" for i in range(8)]
    results = _start_all([jarvis_argv(root, "remember", text) for text in texts])
    for result in results:
        assert result.returncode == 0, result.stderr
    notes = sorted(p.relative_to(root).as_posix() for p in ws.notes_dir.rglob("*.md"))
    assert len(notes) == 8, notes  # eight files, none overwritten
    bodies = "\n".join((root / rel).read_text() for rel in notes)
    for i in range(8):
        assert f"customer {i}" in bodies
    assert len(git(root, "log", "--format=%s", "--grep=^remember:").splitlines()) == 8
    check_trust(root)


def test_writers_beside_a_git_status_loop(ws: Workspace) -> None:
    root = ws.root
    with GitBusy(root) as busy:
        results = _start_all(
            [jarvis_argv(root, "remember", f"Standup moved to {9 + i}:30 on weekday {i}") for i in range(6)]
        )
        for result in results:
            assert result.returncode == 0, result.stderr
        for result in results[:4]:
            run(root, "forget", result.stdout.split()[1])
    assert busy.runs > 10  # the loop really ran beside the writers
    assert len(list(ws.notes_dir.rglob("*.md"))) == 2
    check_trust(root)


@pytest.mark.parametrize("name", ["index.lock", "HEAD.lock", "refs/heads/main.lock"])
def test_stale_git_lock_from_a_killed_git_is_cleared(ws: Workspace, name: str) -> None:
    root = ws.root
    lock = root / ".git" / name
    lock.write_bytes(b"")
    old = time.time() - 30
    os.utime(lock, (old, old))
    doctor = run(root, "doctor", check=False)
    assert lock.name in doctor.stdout and "doctor --fix" in doctor.stdout
    result = run(root, "remember", "The boiler service is due in March")
    assert "remembered" in result.stdout
    assert not lock.exists()
    check_trust(root)


def test_doctor_fix_clears_a_stale_lock_and_says_so(ws: Workspace) -> None:
    lock = ws.root / ".git" / "HEAD.lock"
    lock.write_bytes(b"")
    old = time.time() - 30
    os.utime(lock, (old, old))
    fixed = run(ws.root, "doctor", "--fix", check=False)
    assert f"removed stale {lock}" in fixed.stdout
    assert not lock.exists()
    assert "fail" not in fixed.stdout


def test_a_fresh_index_lock_of_a_live_git_is_waited_for(ws: Workspace) -> None:
    """A git command that holds index.lock for a moment (an editor) delays jarvis, never fails it."""
    root = ws.root
    lock = root / ".git" / "index.lock"
    (root / "USER.md").write_text("# User\n\nhalf-way through my own commit\n")
    person = {
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@b",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@b",
    }
    # `git commit -a` holds index.lock while the editor is open (here: 1.5 s)
    holder = subprocess.Popen(
        ["git", "-C", str(root), "-c", "core.editor=sleep 1.5 && true", "commit", "-a", "-q"],
        env={**env(), **person},
    )
    deadline = time.monotonic() + 5
    while not lock.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lock.exists(), "the editor-held git commit never took index.lock"
    result = run(root, "remember", "The car's MOT is due in June")
    assert "remembered" in result.stdout
    holder.wait(timeout=30)
    assert (root / "USER.md").read_text().endswith("half-way through my own commit\n")
    subprocess.run(["git", "-C", str(root), "checkout", "USER.md"], check=True)
    check_trust(root)


HOLD_LOCK = """
import sys, time
from pathlib import Path
from jarvis.gitstore import GitStore
with GitStore(Path(sys.argv[1])).lock():
    print("locked", flush=True)
    time.sleep(60)
"""


def test_a_stopped_lock_holder_is_named_not_waited_for_forever(ws: Workspace) -> None:
    import signal
    import sys

    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(ws.root)], stdout=subprocess.PIPE, text=True, env=env()
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        holder.send_signal(signal.SIGSTOP)
        result = run(ws.root, "remember", "Written while a stopped process holds the lock", check=False)
        assert result.returncode != 0
        # named at once as stopped (a plain timeout would say "for over 30 s")
        assert f"stopped jarvis process (pid and start: {holder.pid}" in result.stderr
        assert f"kill -CONT {holder.pid}" in result.stderr
        doctor = run(ws.root, "doctor", check=False)
        assert f"kill -CONT {holder.pid}" in doctor.stdout and doctor.returncode != 0
    finally:
        holder.kill()
        holder.wait()
    run(ws.root, "remember", "Written after the holder is gone")
    check_trust(ws.root)


def _flaky_git(tmp_path: Path, dies: int) -> dict[str, str]:
    """A `git` first on PATH that dies by SIGBUS, with no message, on its first `dies` runs of
    `git diff` (git reading a file another process truncates can die so), then is the real git."""
    real = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True).stdout.strip()
    shim = tmp_path / "shim"
    shim.mkdir()
    count = tmp_path / "deaths"
    (shim / "git").write_text(
        "#!/bin/sh\n"
        'if [ "$1" = diff ]; then\n'
        f'  n=$(cat "{count}" 2>/dev/null || echo 0)\n'
        f'  if [ "$n" -lt {dies} ]; then echo $((n + 1)) > "{count}"; kill -BUS $$; fi\n'
        "fi\n"
        f'exec "{real}" "$@"\n'
    )
    (shim / "git").chmod(0o755)
    return {"PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"}


def test_a_query_git_dies_on_once_is_asked_again(ws: Workspace, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`git diff` killed by a signal mid-read leaves no message; one more look sees the edit."""
    from jarvis.gitstore import GitStore

    (ws.root / "USER.md").write_text("# User\n\nI moved to Tromsø\n")
    for key, value in _flaky_git(tmp_path, dies=1).items():
        monkeypatch.setenv(key, value)
    assert GitStore(ws.root).changed_tracked() == ["USER.md"]
    assert (tmp_path / "deaths").read_text().strip() == "1"  # the first run did die


def test_a_query_git_keeps_dying_on_names_the_exit_status(ws: Workspace, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from jarvis.errors import GitError
    from jarvis.gitstore import GitStore

    for key, value in _flaky_git(tmp_path, dies=10).items():
        monkeypatch.setenv(key, value)
    with pytest.raises(GitError, match=r"git diff.*exit status -?\d+ and no message"):
        GitStore(ws.root).changed_tracked()
    assert (tmp_path / "deaths").read_text().strip() == "3"  # asked three times, no more
