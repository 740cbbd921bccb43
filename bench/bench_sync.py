"""Two devices, one memory: randomized rounds of concurrent work, then sync in random orders.

Run: `python bench/bench_sync.py [--rounds 200] [--seed 11]` (or `make bench`).

Each round, a laptop and a desktop (clones of one bare remote, real git, the real merge
drivers) each do a random mix of what people and agents do between syncs:
- remember a new fact (fragment + daily-log line; both devices append to the same day's log);
- remember the *same* words as the other device did (same slug, colliding file names);
- hand-edit MEMORY.md: add a bullet, or change the same bullet the other device changes;
- edit a fragment's body (its own or one the other device wrote), or forget a fragment
  the other device may be editing (the forget wins, adr/0079);
- propose a bullet and accept it (a `promote:` commit).
Then the devices sync in a random order (sometimes one twice, sometimes one not at all).
At the end both sync until quiet. Printed: rounds, syncs, conflicts that needed a person
(a sync that stopped), bullets kept for review (same bullet changed on both), facts lost
(every fact remembered and never forgotten must be on both devices), conflict markers,
identical trees.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["JARVIS_AUTOSTART"] = "0"
os.environ.setdefault("GIT_AUTHOR_NAME", "bench")
os.environ.setdefault("GIT_AUTHOR_EMAIL", "bench@example.org")
os.environ.setdefault("GIT_COMMITTER_NAME", "bench")
os.environ.setdefault("GIT_COMMITTER_EMAIL", "bench@example.org")

from jarvis.agent.tools import Toolbox  # noqa: E402
from jarvis.init import init_workspace  # noqa: E402
from jarvis.merge.memory import REVIEW_MARK  # noqa: E402
from jarvis.notes import forget, remember  # noqa: E402
from jarvis.reflect.review import accept  # noqa: E402
from jarvis.sync import SyncError, clone_workspace, sync  # noqa: E402
from jarvis.workspace import Workspace  # noqa: E402

WORDS = [
    "kiln",
    "heron",
    "tram",
    "fern",
    "quartz",
    "lantern",
    "maple",
    "otter",
    "cedar",
    "harbor",
    "violin",
    "comet",
    "walnut",
    "basil",
]


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def phrase(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(5))


class Device:
    def __init__(self, ws: Workspace):
        self.ws = ws
        self.facts: dict[str, str] = {}  # fact text -> fragment id (remembered here)

    @property
    def name(self) -> str:
        return self.ws.root.name


def edit_memory(ws: Workspace, rng: random.Random, shared_bullet: str, round_no: int) -> str:
    path = ws.root / "MEMORY.md"
    text = path.read_text(encoding="utf-8")
    if shared_bullet in text and rng.random() < 0.5:
        new = f"{shared_bullet} ({ws.root.name} {round_no})"
        text = text.replace(shared_bullet, new, 1)
        kind = "changed shared bullet"
    else:
        text = text.replace("## Projects\n", f"## Projects\n\n- (2026-11-20) {phrase(rng)} {round_no}\n", 1)
        kind = "added bullet"
    path.write_text(text, encoding="utf-8")
    git(ws.root, "commit", "-qam", f"edit: MEMORY.md ({kind})")
    return kind


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="jarvis-bench-sync-"))
    laptop_ws = init_workspace(tmp / "laptop").root
    bare = tmp / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "--initial-branch=main", str(bare)], check=True)
    git(laptop_ws, "remote", "add", "origin", str(bare))
    sync(Workspace(laptop_ws))
    clone_workspace(str(bare), tmp / "desktop")
    devices = [Device(Workspace(laptop_ws)), Device(Workspace(tmp / "desktop"))]
    shared_bullet = "- (2026-11-20) The shared bullet both devices edit"
    path = devices[0].ws.root / "MEMORY.md"
    path.write_text(path.read_text().replace("## Projects\n", f"## Projects\n\n{shared_bullet}\n", 1))
    git(devices[0].ws.root, "commit", "-qam", "edit: shared bullet")
    for d in (devices[0], devices[1], devices[0]):
        sync(d.ws)
    alive: set[str] = set()
    forgotten: set[str] = set()
    syncs = stopped = 0
    start = time.perf_counter()
    for n in range(args.rounds):
        same_words = f"Both devices noted {phrase(rng)} in round {n}"
        for d in devices:
            for _ in range(rng.randint(1, 3)):
                roll = rng.random()
                if roll < 0.35:
                    fact = f"{d.name} fact {n}: {phrase(rng)}"
                    d.facts[fact] = remember(d.ws, fact).id
                    alive.add(fact)
                elif roll < 0.45:
                    d.facts[same_words] = remember(d.ws, same_words).id
                    alive.add(same_words)
                elif roll < 0.65:
                    edit_memory(d.ws, rng, shared_bullet, n)
                elif roll < 0.72 and alive:
                    fact = rng.choice(sorted(alive))  # maybe written on the other device
                    for path in (d.ws.root / "memory" / "notes").rglob("*.md"):
                        body = path.read_text(encoding="utf-8")
                        if fact in body:
                            path.write_text(body.rstrip("\n") + f" (edited on {d.name} in round {n})\n")
                            git(d.ws.root, "commit", "-qam", f"edit: {path.name}")
                            break
                elif roll < 0.8 and d.facts:
                    fact = rng.choice(sorted(d.facts))
                    if fact in alive and fact != same_words and rng.random() < 0.5:
                        try:
                            forget(d.ws, d.facts[fact])
                            alive.discard(fact)
                            forgotten.add(fact)
                        except Exception:
                            pass  # forgotten on the other device already and synced here
                else:
                    text = f"Accepted on {d.name} in round {n}: {phrase(rng)}"
                    made = Toolbox(d.ws).propose_memory_change("MEMORY.md", "Preferences", text, "bench")
                    accept(d.ws, str(made["id"]))
        order = rng.sample(devices, 2) + ([rng.choice(devices)] if rng.random() < 0.3 else [])
        if rng.random() < 0.15:
            order = order[:1]  # one device does not sync this round
        for d in order:
            syncs += 1
            try:
                sync(d.ws)
            except SyncError as exc:
                stopped += 1
                print(f"round {n}: {d.name}: {exc}", file=sys.stderr)
    for d in (devices[0], devices[1], devices[0], devices[1]):
        sync(d.ws)
        syncs += 1
    elapsed = time.perf_counter() - start
    trees = {git(d.ws.root, "rev-parse", "HEAD^{tree}").strip() for d in devices}
    markers = 0
    lost = 0
    review = 0
    for d in devices:
        texts = []
        for p in d.ws.root.rglob("*.md"):
            if ".git" in p.parts or ".jarvis" in p.parts:
                continue
            body = p.read_text(encoding="utf-8", errors="replace")
            markers += sum(body.count(m) for m in ("<<<<<<<", ">>>>>>>"))
            texts.append(body)
        every = "\n".join(texts)
        lost += sum(1 for fact in alive if fact not in every)
        review += (d.ws.root / "MEMORY.md").read_text().count(REVIEW_MARK)
    print("| measure | result |")
    print("|---|---|")
    print(f"| rounds (seed {args.seed}) | {args.rounds} |")
    print(f"| syncs | {syncs} ({elapsed / max(syncs, 1):.2f} s per sync incl. the round's work) |")
    print(f"| facts remembered and kept / forgotten | {len(alive)} / {len(forgotten)} |")
    print(f"| conflicts that needed a person (sync stopped) | {stopped} |")
    print(f"| MEMORY.md bullets kept for review (same bullet changed on both) | {review // 2} |")
    print(f"| facts lost (either device) | {lost} |")
    print(f"| conflict markers in files | {markers} |")
    print(f"| both devices identical | {'yes' if len(trees) == 1 else 'NO'} |")
    ok = lost == 0 and markers == 0 and len(trees) == 1 and stopped == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
