"""`jarvis serve` figures: save-to-searchable, recall through the server, idle CPU, a 1,000-file checkout.

Run: `python bench/bench_serve.py` (or `make bench`). Options: --chunks N (default 10000),
--edits N (100), --idle S (60), --recalls N (30), --keep (reuse bench/out/serve-10k between runs).

Everything goes through real processes: `jarvis serve` runs as a child, edits are
plain file writes picked up by its watcher, recalls are fresh `jarvis recall`
processes, and the checkout is a real `git checkout`.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ["JARVIS_AUTOSTART"] = "0"

from jarvis.fsutil import atomic_write  # noqa: E402
from jarvis.workspace import Workspace  # noqa: E402

JARVIS = str(Path(sys.executable).parent / "jarvis")
OUT = ROOT / "bench" / "out"
WORDS = [
    "garden",
    "tomato",
    "deploy",
    "script",
    "runner",
    "cache",
    "kernel",
    "coffee",
    "tea",
    "meeting",
    "budget",
    "travel",
    "train",
    "invoice",
    "python",
    "rust",
    "sqlite",
    "index",
    "backup",
    "laptop",
    "monitor",
    "keyboard",
    "family",
    "birthday",
    "recipe",
    "bread",
    "oven",
    "walk",
    "river",
    "mountain",
    "project",
    "deadline",
    "review",
    "release",
    "bug",
    "patch",
    "memory",
    "note",
    "friend",
    "call",
    "email",
]
ENTRIES_PER_LOG = 25


def sh(*args: str, cwd: Path | None = None, check: bool = True) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "bench"}
    env["GIT_COMMITTER_EMAIL"] = "b@x"
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=check, env=env).stdout


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def sentence(rng: random.Random, n: int = 12) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def make_workspace(path: Path, chunks: int, quiet: bool = True) -> Workspace:
    """A workspace of daily logs (one chunk per entry) holding about `chunks` chunks, indexed."""
    if path.exists():
        shutil.rmtree(path)
    sh(JARVIS, "init", str(path))
    rng = random.Random(7)
    logs = max(1, chunks // ENTRIES_PER_LOG)
    for day in range(logs):
        date = f"20{20 + day // 365:02}-{1 + (day // 28) % 12:02}-{1 + day % 28:02}"
        entries = "\n".join(f"- {sentence(rng)} {sentence(rng)}" for _ in range(ENTRIES_PER_LOG))
        atomic_write(path / "memory" / f"{date}-{day:04}.md", f"# {date}\n\n{entries}\n")
    (path / "jarvis.toml").write_text(
        (path / "jarvis.toml").read_text() + "\n[serve]\nautocommit = false\n[schedule]\n"
        "observe_every_s = 0\nrecent_every_s = 0\nmaintain_every_s = 0\n"
    )
    sh(JARVIS, "-w", str(path), "index")
    return Workspace(path.resolve())


class ServeChild:
    def __init__(self, ws: Workspace) -> None:
        from jarvis.serve.client import call

        self.ws = ws
        self.log = open(ws.state("bench-serve.log"), "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [JARVIS, "-w", str(ws.root), "serve"], stdout=self.log, stderr=self.log, start_new_session=True
        )
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                if call(ws, {"op": "ping"}, timeout=2)["ok"]:
                    break
            except Exception:
                time.sleep(0.2)
        else:
            raise SystemExit("server did not start; see .jarvis/bench-serve.log")
        # the start-up sync: wait until the watcher's first batch is done
        while (self.status()["watcher"] or {}).get("batches", 0) < 1:
            time.sleep(0.1)

    def status(self) -> dict[str, Any]:
        from jarvis.serve.client import call

        return call(self.ws, {"op": "status"})["result"]

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def searchable(ws: Workspace, rel: str) -> bool:
    """The watcher has indexed `rel`: in the store, and the lexical index caught up with the store.

    Read straight from the index files (no recall, which would sync by itself), cheaply, so
    polling does not steal CPU from the server being measured.
    """
    from jarvis.index import lexical, manifest
    from jarvis.index.sync import index_dir

    conn = manifest.open_store(ws)
    try:
        gen = manifest.generation(conn)
        present = conn.execute("SELECT 1 FROM files WHERE path = ?", (rel,)).fetchone() is not None
    finally:
        conn.close()
    pointer = lexical.read_pointer(index_dir(ws))
    return present and pointer is not None and int(pointer.get("generation", -1)) == gen


def bench_save_to_searchable(ws: Workspace, edits: int) -> tuple[list[float], int]:
    from jarvis.serve.client import query

    samples: list[float] = []
    misses = 0
    for i in range(edits):
        rel = f"memory/notes/projects/edit-{i:03}.md"
        token = f"zorblax{i:03}"
        start = time.perf_counter()
        atomic_write(ws.root / rel, f"Edit {i}: the {token} widget needs a new gasket.\n")
        while not searchable(ws, rel):
            time.sleep(0.01)
        samples.append(time.perf_counter() - start)
        hit = query(ws, {"query": token, "record": False, "path": rel})
        misses += not (hit and hit["hits"])
        time.sleep(0.05)
    return samples, misses


def bench_recall_process(ws: Workspace, runs: int, extra: tuple[str, ...] = ()) -> list[float]:
    rng = random.Random(3)
    samples = []
    for _ in range(runs):
        query = " ".join(rng.sample(WORDS, 3))
        start = time.perf_counter()
        subprocess.run(
            [JARVIS, "-w", str(ws.root), "recall", query, "--no-record", *extra],
            check=True,
            capture_output=True,
        )
        samples.append(time.perf_counter() - start)
    return samples


def bench_checkout(path: Path, files: int) -> dict[str, Any]:
    ws = make_workspace(path, 200)
    sh("git", "add", "-A", cwd=ws.root)
    sh("git", "commit", "-qm", "base", cwd=ws.root)
    base = sh("git", "rev-parse", "--abbrev-ref", "HEAD", cwd=ws.root).strip()
    sh("git", "checkout", "-qb", "big", cwd=ws.root)
    rng = random.Random(11)
    for i in range(files):
        atomic_write(
            ws.root / "memory" / "notes" / "imported" / f"n{i:04}.md", f"Note {i}. {sentence(rng)}\n"
        )
    sh("git", "add", "-A", cwd=ws.root)
    sh("git", "commit", "-qm", "1000 notes", cwd=ws.root)
    sh("git", "checkout", "-q", base, cwd=ws.root)
    server = ServeChild(ws)
    try:
        before = server.status()["watcher"]
        start = time.perf_counter()
        sh("git", "checkout", "-q", "big", cwd=ws.root)
        checkout_s = time.perf_counter() - start
        from jarvis.index import manifest
        from jarvis.index.sync import freshness

        expected = {f"memory/notes/imported/n{i:04}.md" for i in range(files)}

        def indexed() -> set[str]:
            conn = manifest.open_store(ws)
            try:
                return set(manifest.manifest(conn))
            finally:
                conn.close()

        deadline = time.monotonic() + 900
        while time.monotonic() < deadline:
            watcher = server.status()["watcher"]
            done = (
                watcher["batches"] > before["batches"] and watcher["backlog"] == 0 and not watcher["syncing"]
            )
            if done and expected <= indexed():
                break
            time.sleep(0.05)
        absorbed_s = time.perf_counter() - start
        lost = len(expected - indexed())
        stale = freshness(ws).stale
        return {
            "checkout_s": checkout_s,
            "absorbed_s": absorbed_s,
            "batches": watcher["batches"] - before["batches"],
            "errors": watcher["errors"] - before["errors"],
            "lost": lost,
            "stale": stale,
        }
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chunks", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--idle", type=float, default=60.0)
    parser.add_argument("--recalls", type=int, default=30)
    parser.add_argument("--checkout-files", type=int, default=1000)
    parser.add_argument("--keep", action="store_true", help="reuse bench/out/serve-10k if it exists")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    big = OUT / "serve-10k"
    if args.keep and (big / "jarvis.toml").exists():
        ws = Workspace(big.resolve())
        for old in (ws.root / "memory" / "notes" / "projects").glob("edit-*.md"):
            old.unlink()
        sh(JARVIS, "-w", str(ws.root), "index")
    else:
        ws = make_workspace(big, args.chunks)
    from jarvis.index.sync import freshness

    chunks = freshness(ws).chunks
    rows: list[tuple[str, str, str]] = []
    server = ServeChild(ws)
    try:
        cold = bench_recall_process(ws, 1)  # first process after start-up (page cache warm-up)
        recall = bench_recall_process(ws, args.recalls)
        recall_json = bench_recall_process(ws, args.recalls, ("--json",))
        requests = server.status()["requests"]["total"]
        rows.append(
            (
                f"`jarvis recall` new process via server, {chunks:,} chunks (table output)",
                f"p50 {statistics.median(recall) * 1000:.0f} ms, p95 {pct(recall, 0.95) * 1000:.0f} ms "
                f"(first {cold[0] * 1000:.0f} ms; {requests} answered by the server)",
                "p50 <= 250 ms",
            )
        )
        rows.append(
            (
                "`jarvis recall --json` new process via server",
                f"p50 {statistics.median(recall_json) * 1000:.0f} ms, p95 {pct(recall_json, 0.95) * 1000:.0f} ms",
                "p50 <= 250 ms",
            )
        )
        saves, misses = bench_save_to_searchable(ws, args.edits)
        rows.append(
            (
                f"save-to-searchable through the watcher, {args.edits} edits",
                f"p50 {statistics.median(saves) * 1000:.0f} ms, p95 {pct(saves, 0.95) * 1000:.0f} ms, "
                f"max {max(saves) * 1000:.0f} ms; {misses} not found by recall",
                "p95 <= 1 s",
            )
        )
        time.sleep(5)  # let the last batch and health writes settle
        cpu0, t0 = server.cpu_seconds(), time.monotonic()
        time.sleep(args.idle)
        cpu = (server.cpu_seconds() - cpu0) / (time.monotonic() - t0) * 100
        rows.append((f"idle server CPU over {args.idle:.0f} s", f"{cpu:.2f} % of one core", "< 1 %"))
    finally:
        server.stop()
    result = bench_checkout(OUT / "serve-checkout", args.checkout_files)
    rows.append(
        (
            f"absorb a {args.checkout_files:,}-file `git checkout`",
            f"{result['absorbed_s']:.1f} s to fresh (checkout itself {result['checkout_s']:.2f} s); "
            f"{result['batches']} batch(es), {result['errors']} errors, {result['lost']} files lost"
            + (", index still stale" if result["stale"] else ""),
            "one batch, no error, none lost",
        )
    )
    print("| measure | result | target |")
    print("|---|---|---|")
    for measure, value, target in rows:
        print(f"| {measure} | {value} | {target} |")
    print(
        f"\nreproduce: `python bench/bench_serve.py --chunks {args.chunks} --edits {args.edits} --idle {args.idle:.0f}`"
    )


if __name__ == "__main__":
    main()
