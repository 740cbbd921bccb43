"""Random-point SIGKILLs across jarvis's write paths: lost facts, wedged workspaces, dirty index.

`python bench/bench_trust.py [KILLS]` (default 1000 landed kills, spread over remember, forget,
observe and review accept), with an editor's `git status` loop running beside them. After every kill the next write must succeed (else: wedged); at the
end every fragment any commit added (and no commit removed) must be in HEAD, the git index must
be clean and no journal, index.lock or stray file may be left.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ENV = {**os.environ, "JARVIS_AUTOSTART": "0", "HF_HUB_OFFLINE": "1", "PYTHONDONTWRITEBYTECODE": "1"}


def jarvis(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "jarvis", "-w", str(root), *args]


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True).stdout


def git_status_loop(root: Path, stop: threading.Event) -> None:
    while not stop.is_set():
        os.utime(root / "SOUL.md")
        subprocess.run(["git", "-C", str(root), "status", "--porcelain"], capture_output=True)
        time.sleep(0.02)


def lost_fragments(root: Path) -> set[str]:
    added = git(root, "log", "--diff-filter=A", "--name-only", "--format=", "--", "memory/notes").split()
    removed = git(root, "log", "--diff-filter=D", "--name-only", "--format=", "--", "memory/notes").split()
    head = set(git(root, "ls-tree", "-r", "--name-only", "HEAD").split())
    return set(added) - set(removed) - head


class WritePath:
    def __init__(self, name: str, root: Path, tmp: Path, max_delay: float):
        self.name, self.root, self.tmp, self.max_delay = name, root, tmp, max_delay
        self.started = self.killed = self.wedged = 0
        self.counter = 0

    def argv(self) -> list[str]:
        self.counter += 1
        i = self.counter
        if self.name == "remember":
            return jarvis(self.root, "remember", f"Shared first line\nfact {i} about rack {i % 17}")
        if self.name == "forget":
            ids = re.findall(r"^id: (mem-\S+)", "\n".join(p.read_text() for p in self.notes()), re.M)
            return jarvis(self.root, "forget", ids[i % len(ids)]) if ids else self.argv_remember(i)
        if self.name == "observe":
            talk = self.tmp / f"talk-{i}.txt"
            talk.write_text(f"User: Remember that server {i} lives in rack {i % 9}.\n", encoding="utf-8")
            return jarvis(self.root, "observe", "--import", str(talk))
        from jarvis.gitstore import GitStore
        from jarvis.reflect.proposals import create_branch, make_proposal

        p = make_proposal(section="Preferences", text=f"Prefers layout {i} for weekly report number {i}")
        create_branch(GitStore(self.root), p, (self.root / "MEMORY.md").read_text() + f"\n- {p.text}\n")
        return jarvis(self.root, "review", "accept", p.id)

    def argv_remember(self, i: int) -> list[str]:
        return jarvis(self.root, "remember", f"Refill fact {i}")

    def notes(self) -> list[Path]:
        return sorted((self.root / "memory" / "notes").rglob("*.md"))


def run_one(path: WritePath, rng: random.Random) -> None:
    proc = subprocess.Popen(
        path.argv(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, start_new_session=True
    )
    path.started += 1
    began = time.monotonic()
    time.sleep(rng.uniform(0, path.max_delay))
    if proc.poll() is not None:  # ended before the kill: aim earlier next time
        path.max_delay = 0.5 * path.max_delay + 0.55 * (time.monotonic() - began)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    path.killed += proc.returncode == -signal.SIGKILL
    probe = subprocess.run(
        jarvis(path.root, "remember", f"probe {path.name} {path.started}"), env=ENV, capture_output=True
    )
    if probe.returncode != 0:
        path.wedged += 1
        if path.wedged <= 2:
            print(
                f"wedged after {path.name}: {probe.stderr.decode(errors='replace').strip()}", file=sys.stderr
            )


def main() -> int:
    target = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        root = tmp / "ws"
        subprocess.run(
            [sys.executable, "-m", "jarvis", "init", str(root)], env=ENV, check=True, capture_output=True
        )
        for i in range(10):
            subprocess.run(
                jarvis(root, "remember", f"Seed fact {i}"), env=ENV, check=True, capture_output=True
            )
        paths = [
            WritePath("remember", root, tmp, 0.35),
            WritePath("forget", root, tmp, 0.35),
            WritePath("observe", root, tmp, 1.0),
            WritePath("accept", root, tmp, 0.45),
        ]
        stop = threading.Event()
        busy = threading.Thread(target=git_status_loop, args=(root, stop), daemon=True)
        busy.start()  # an editor's git integration beside every write: index.lock contention
        start = time.perf_counter()
        try:
            while sum(p.killed for p in paths) < target:
                run_one(rng.choice(paths), rng)
        finally:
            stop.set()
            busy.join()
        elapsed = time.perf_counter() - start
        lost = lost_fragments(root)
        dirty = git(root, "diff", "--cached", "--name-only").split()
        leftovers = git(root, "status", "--porcelain", "--untracked-files=all").splitlines()
        journal = (root / ".jarvis" / "journal.json").exists()
        print("| write path | runs | killed mid-run | wedged (next write failed) |")
        print("|---|---:|---:|---:|")
        for p in paths:
            print(f"| {p.name} | {p.started} | {p.killed} | {p.wedged} |")
        print()
        print("| kills | lost committed facts | dirty index entries | leftovers | journal left | seconds |")
        print("|---:|---:|---:|---:|---|---:|")
        print(
            f"| {sum(p.killed for p in paths)} | {len(lost)} | {len(dirty)} | {len(leftovers)} | "
            f"{'yes' if journal else 'no'} | {elapsed:.0f} |"
        )
        bad = lost or dirty or leftovers or journal or any(p.wedged for p in paths)
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
