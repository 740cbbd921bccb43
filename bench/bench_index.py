"""Index and recall speed on synthetic workspaces (daily logs + fragments); prints a markdown table.

    python bench/bench_index.py [--sizes 1000,10000] [--queries 60]

Measures, in one run: the model's raw encode throughput, index build chunks/s with a
cold embedding cache and with a warm one (`--rebuild`), single-file incremental update
latency, in-process recall p50/p95 (model loaded), a cold `jarvis recall` process, and
peak RSS. Targets (issue 3): warm recall p50 <= 50 ms at 10k chunks, warm-cache rebuild
>= 1,000 chunks/s, cold embedding >= 90% of raw model throughput.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("JARVIS_AUTOSTART", "0")

PEOPLE = ["Priya", "Marco", "Lena", "Tom", "Aiko", "Sam", "Noor", "Ivan"]
TOPICS = [
    "the billing migration",
    "the flaky login test",
    "espresso grinder settings",
    "the Kafka consumer lag",
    "quarterly planning",
    "the garden irrigation timer",
    "the Rust parser rewrite",
    "marathon training",
    "the home server backups",
    "the design review",
]
VERBS = ["fixed", "discussed", "postponed", "reviewed", "measured", "documented", "broke", "shipped"]
CATEGORIES = ["preferences", "operations", "projects", "people-relationships", "rules-conventions"]


def sentence(rng: random.Random, i: int) -> str:
    return (
        f"{rng.choice(PEOPLE)} {rng.choice(VERBS)} {rng.choice(TOPICS)} (item {i}); "
        f"next step: {rng.choice(VERBS)} {rng.choice(TOPICS)} with {rng.choice(PEOPLE)}."
    )


def make_corpus(root: Path, chunks: int, seed: int = 7) -> None:
    """~80% daily-log entries (20 per day), ~20% fragments: about `chunks` chunks."""
    rng = random.Random(seed)
    memory = root / "memory"
    memory.mkdir(parents=True, exist_ok=True)
    n_frag = chunks // 5
    days = (chunks - n_frag) // 20
    start = 738_000  # an ordinal day in 2021
    from datetime import date

    n = 0
    for d in range(days):
        day = date.fromordinal(start + d).isoformat()
        lines = [f"# {day}", ""] + [
            f"- {9 + k // 3:02d}:{(k * 7) % 60:02d} {sentence(rng, n + k)}" for k in range(20)
        ]
        n += 20
        (memory / f"{day}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for f in range(n_frag):
        cat = CATEGORIES[f % len(CATEGORIES)]
        folder = memory / "notes" / cat
        folder.mkdir(parents=True, exist_ok=True)
        created = date.fromordinal(start + rng.randrange(max(days, 1))).isoformat()
        body = sentence(rng, n + f)
        (folder / f"note-{f:05d}.md").write_text(
            f"---\nid: mem-{f:06d}\ncategory: {cat}\ncreated: {created}\n---\n{body}\n", encoding="utf-8"
        )


class TimedEmbedder:
    """The real embedder, with the time spent inside the model added up."""

    def __init__(self, inner: object):
        self.inner = inner
        self.model_id = inner.model_id  # type: ignore[attr-defined]
        self.dim = inner.dim  # type: ignore[attr-defined]
        self.seconds = 0.0

    def encode(self, texts: list[str]) -> object:
        t = time.perf_counter()
        out = self.inner.encode(texts)  # type: ignore[attr-defined]
        self.seconds += time.perf_counter() - t
        return out


def init(root: Path) -> None:
    subprocess.run([sys.executable, "-m", "jarvis", "init", str(root)], check=True, capture_output=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--queries", type=int, default=60)
    args = ap.parse_args()
    from jarvis.config import EmbeddingConfig
    from jarvis.index.embed import load_embedder
    from jarvis.index.recall import recall
    from jarvis.index.sync import reconcile
    from jarvis.workspace import Workspace

    t0 = time.perf_counter()
    embedder = load_embedder(EmbeddingConfig())
    load_s = time.perf_counter() - t0
    embedder.encode(["warm up"])
    rows: list[tuple[str, str, str]] = [
        ("model load (in-process)", f"{load_s:.2f} s", f"backend {getattr(embedder, 'backend', '?')}")
    ]
    rng = random.Random(1)
    queries = [
        f"what did {rng.choice(PEOPLE)} do about {rng.choice(TOPICS)}, case {n}" for n in range(args.queries)
    ]
    tmp = Path(tempfile.mkdtemp(prefix="jarvis-bench-"))
    for size in [int(s) for s in args.sizes.split(",")]:
        root = tmp / f"ws{size}"
        init(root)
        make_corpus(root, size)
        ws = Workspace(root)
        from jarvis.index.source import load_file, scan

        plan = scan(ws)
        texts = []
        for rel, stat in plan.current.items():
            texts += [c.embed_text for c in load_file(ws, rel, stat, lambda _r: None)[1]]
        sample = random.Random(size).sample(texts, min(len(texts), 2000))

        def raw_rate(sample: list[str] = sample) -> float:
            t = time.perf_counter()
            embedder.encode(sample)
            return len(sample) / (time.perf_counter() - t)

        timed = TimedEmbedder(embedder)
        before = raw_rate()
        cold = reconcile(ws, embedder=timed)  # type: ignore[arg-type]
        raw = (before + raw_rate()) / 2  # bracket the build: the machine's speed drifts
        in_build = cold.chunks_embedded / timed.seconds
        cold_rate = cold.chunks_total / cold.duration_s
        warm = reconcile(ws, embedder=embedder, rebuild=True)
        warm_rate = warm.chunks_total / warm.duration_s
        rows += [
            (
                f"{size:,}: raw model encode",
                f"{raw:,.0f} chunks/s",
                f"{len(sample):,} of the same texts, before and after the build",
            ),
            (
                f"{size:,}: build, cold embedding cache",
                f"{cold_rate:,.0f} chunks/s",
                f"{cold.chunks_total:,} chunks in {cold.duration_s:.1f} s = {cold_rate / raw:.0%} of raw overall; "
                f"embedding inside the build {in_build:,.0f} chunks/s = {in_build / raw:.0%} of raw; "
                f"non-model work {cold.duration_s - timed.seconds:.1f} s",
            ),
            (
                f"{size:,}: rebuild, warm embedding cache",
                f"{warm_rate:,.0f} chunks/s",
                f"{warm.duration_s:.2f} s, {warm.chunks_embedded} embedded",
            ),
        ]
        logs = sorted(p for p in plan.current if p.startswith("memory/2"))
        target = logs[len(logs) // 2]
        (root / target).write_text((root / target).read_text() + "- 18:00 added a late entry about kites\n")
        t = time.perf_counter()
        inc = reconcile(ws, embedder=embedder)
        rows.append(
            (
                f"{size:,}: one file changed, reconcile",
                f"{(time.perf_counter() - t) * 1000:.0f} ms",
                f"{inc.modified}",
            )
        )
        recall(ws, queries[0], embedder=embedder, record=False)
        times = []
        for q in queries:
            t = time.perf_counter()
            recall(ws, q, embedder=embedder, record=False, k=10)
            times.append((time.perf_counter() - t) * 1000)
        rows.append(
            (
                f"{size:,}: recall in-process (warm)",
                f"p50 {statistics.median(times):.1f} ms",
                f"p95 {pct(times, 0.95):.1f} ms over {len(times)} queries, freshness check included",
            )
        )
        t = time.perf_counter()
        cmd = [
            sys.executable,
            "-m",
            "jarvis",
            "-w",
            str(root),
            "recall",
            "kite flying late entry",
            "--no-record",
            "--json",
        ]
        subprocess.run(cmd, check=True, capture_output=True)
        rows.append(
            (
                f"{size:,}: cold `jarvis recall` process",
                f"{time.perf_counter() - t:.2f} s",
                "new query: loads the model",
            )
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rows.append(
        ("peak RSS", f"{peak:,.0f} MB", f"bench process; largest child (cold recall, init) {child:,.0f} MB")
    )
    print("| measure | value | notes |")
    print("|---|---|---|")
    for name, value, note in rows:
        print(f"| {name} | {value} | {note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
