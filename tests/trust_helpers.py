"""Attack helpers for the reliability suite: real processes, real signals, real git.

`kill_loop` starts a jarvis command N times and SIGKILLs its process group at a random
moment; `check_trust` asserts the promises a killed write must keep: the git index is clean,
nothing jarvis wrote is left half-done, and every fact ever committed is still in HEAD.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ID_MARKER = re.compile(r"<!-- (mem-\d{8}-\d{6}-[0-9a-f]{6}) -->")


# One model cache for every process these tests start: the ONNX export happens once, not per test.
MODEL_CACHE = str(Path(tempfile.gettempdir()) / f"jarvis-tests-xdg-cache-{os.getuid()}")


def env() -> dict[str, str]:
    return {
        **os.environ,
        "JARVIS_AUTOSTART": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME") or MODEL_CACHE,
    }


def jarvis_argv(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "jarvis", "-w", str(root), *args]


def run(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(jarvis_argv(root, *args), capture_output=True, text=True, env=env(), timeout=120)
    if check:
        assert proc.returncode == 0, f"jarvis {' '.join(args)}: {proc.stdout}{proc.stderr}"
    return proc


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


@dataclass
class KillStats:
    started: int = 0
    killed: int = 0  # the SIGKILL landed while the command still ran
    finished: int = 0  # the command ended before the kill (exit 0)
    failed: list[str] = field(default_factory=list)  # ended on its own with an error


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def kill_loop(
    argv_for: Callable[[int], Sequence[str]],
    n: int,
    max_delay: float,
    *,
    probe: Callable[[int], None] | None = None,
    seed: int = 7,
    sig: int = signal.SIGKILL,
) -> KillStats:
    """Run argv_for(i) until n runs were SIGKILLed mid-run (at most 3n runs); `probe(i)` after each.

    `max_delay` <= 0 times the first run and kills the others within 1.1x of its duration, so
    most kills land mid-run on a fast or a slow machine alike.
    """
    rng = random.Random(seed)
    stats = KillStats()
    if max_delay <= 0:
        # calibrate: time two full runs (i = 0, 1) and kill within 1.1x of the faster one; the first
        # run in a fresh checkout also compiles the bytecode and can take several times as long
        durations = []
        for i in range(2):
            start = time.monotonic()
            done = subprocess.run(list(argv_for(i)), capture_output=True, env=env())
            assert done.returncode == 0, done.stderr.decode(errors="replace")
            durations.append(time.monotonic() - start)
            stats.started += 1
            stats.finished += 1
            if probe is not None:
                probe(i)
        max_delay = 1.1 * min(durations)
    while stats.killed < n and stats.started < 3 * n:  # n kills that really landed mid-run, or give up
        i = stats.started
        proc = subprocess.Popen(
            list(argv_for(i)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env(),
            start_new_session=True,
            # a terminal's Ctrl-C reaches a process whose SIGINT is at its default; a shell that runs
            # the tests in the background (`make test &`) ignores SIGINT, and children inherit that
            restore_signals=True,
            preexec_fn=_default_sigint if sig == signal.SIGINT else None,
        )
        stats.started += 1
        began = time.monotonic()
        time.sleep(rng.uniform(0, max_delay))
        if proc.poll() is not None:  # it ended before the kill: aim earlier next time
            max_delay = min(0.7 * max_delay, 1.1 * (time.monotonic() - began))
        if proc.poll() is None:
            os.killpg(proc.pid, sig)
            landed = True
        else:
            landed = False
        out, err = proc.communicate()
        if proc.returncode == -sig or (landed and proc.returncode != 0):
            stats.killed += 1
        elif proc.returncode == 0:
            stats.finished += 1
        else:
            stats.failed.append((out + err).decode(errors="replace").strip())
        if probe is not None:
            probe(i)
    return stats


def committed_fragments(root: Path) -> set[str]:
    """Every fragment path any commit on HEAD's history ever added."""
    out = git(root, "log", "--diff-filter=A", "--name-only", "--format=", "--", "memory/notes")
    return {line for line in out.splitlines() if line.strip()}


def forgotten_fragments(root: Path) -> set[str]:
    out = git(root, "log", "--diff-filter=D", "--name-only", "--format=", "--", "memory/notes")
    return {line for line in out.splitlines() if line.strip()}


def check_trust(root: Path) -> None:
    """The promises after any crash plus one more jarvis write."""
    assert git(root, "diff", "--cached", "--name-only") == "", "jarvis left the git index dirty"
    assert not (root / ".git" / "index.lock").exists(), "a stale .git/index.lock is left"
    assert not (root / ".jarvis" / "journal.json").exists(), "an interrupted write was not recovered"
    status = git(root, "status", "--porcelain", "--untracked-files=all")
    assert status == "", f"leftovers in the working tree:\n{status}"
    head_files = set(git(root, "ls-tree", "-r", "--name-only", "HEAD").splitlines())
    lost = committed_fragments(root) - forgotten_fragments(root) - head_files
    assert not lost, f"committed fragments lost: {sorted(lost)}"
    ids = set()
    for rel in head_files:
        if rel.startswith("memory/notes/"):
            match = re.search(r"^id: (\S+)", (root / rel).read_text(encoding="utf-8"), re.M)
            if match:
                ids.add(match.group(1))
    for rel in head_files:
        if re.fullmatch(r"memory/\d{4}-\d{2}-\d{2}\.md", rel):
            dangling = set(ID_MARKER.findall((root / rel).read_text(encoding="utf-8"))) - ids
            assert not dangling, f"{rel} points at fragments that do not exist: {sorted(dangling)}"
