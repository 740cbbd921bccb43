"""The first hour, measured: adopt a 2,000-file vault, first answer, fully embedded; fast processes.

Run: `python bench/bench_first_hour.py` (or `make bench`). Options: --files N (2000),
--chunks N (10000, for the recall rows), --recalls N (30), --skip-vault, --skip-recall.

Rows (issue 12):
- a synthetic vault of realistic markdown (150-600 words a file: headings, paragraphs,
  lists, links, code, some frontmatter): `jarvis init --adopt` then the first
  `jarvis recall` answer (BM25 at once) — target <= 10 s; then `jarvis index` until every
  chunk has its vector — target <= 4 min;
- int8 vs fp32 embedding speed on the vault's own chunks (same run);
- `jarvis recall` as a new process through a running server on 10k chunks, p50 (target
  <= 100 ms), beside `python -c pass` and `python -S -c pass` measured in the same run;
- warm in-process recall on 10k chunks, p50 (target <= 20 ms).
Every step is a real process on real files; nothing is faked.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ["JARVIS_AUTOSTART"] = "0"

BIN = Path(sys.executable).parent
JARVIS = str(BIN / "jarvis")

TOPICS = {
    "python": "asyncio generators decorators typing dataclasses pytest packaging virtualenv wheels imports",
    "git": "rebase bisect reflog worktree stash cherry-pick submodules hooks blame sparse-checkout",
    "postgres": "vacuum indexes explain analyze replication partitions jsonb locks migrations pgbouncer",
    "linux": "systemd cgroups namespaces strace journald iptables sockets signals permissions mounts",
    "cooking": "sourdough fermentation braising knife stock emulsion caramel roasting brine spices",
    "garden": "tomatoes compost pruning seedlings mulch irrigation aphids raised beds frost",
    "rust": "ownership borrowing lifetimes traits cargo macros async tokio serde clippy",
    "travel": "trains visas luggage hostels itinerary ferry passport currency jetlag maps",
    "finance": "budget invoices taxes savings index funds pension receipts mortgage spreadsheet",
    "writing": "outline drafts editing voice metaphor chapters revision feedback pacing dialogue",
}
FILLER = [
    "the",
    "a",
    "this",
    "that",
    "when",
    "then",
    "because",
    "so",
    "it",
    "we",
    "I",
    "you",
    "they",
    "often",
    "usually",
    "never",
    "always",
    "quickly",
    "carefully",
    "first",
    "next",
    "finally",
    "also",
    "but",
    "however",
    "instead",
    "which",
    "while",
    "after",
    "before",
    "during",
]
VERBS = [
    "use",
    "run",
    "check",
    "set",
    "keep",
    "move",
    "write",
    "read",
    "build",
    "fix",
    "test",
    "try",
    "learn",
    "note",
    "found",
    "prefer",
    "avoid",
]


def sentence(rng: random.Random, topic: str) -> str:
    words = TOPICS[topic].split()
    out = []
    for _ in range(rng.randint(8, 18)):
        pick = rng.random()
        out.append(
            rng.choice(words) if pick < 0.35 else rng.choice(VERBS) if pick < 0.5 else rng.choice(FILLER)
        )
    return " ".join(out).capitalize() + "."


def note(rng: random.Random, i: int) -> tuple[str, str]:
    """(relative path, markdown) of one realistic note of 150-600 words."""
    topic = rng.choice(list(TOPICS))
    target = rng.randint(150, 600)
    title = f"{topic.title()} note {i}: {' '.join(rng.sample(TOPICS[topic].split(), 2))}"
    parts: list[str] = []
    if rng.random() < 0.3:
        parts.append(
            f"---\ntags: [{topic}, til]\ncreated: 2025-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}\n---"
        )
    parts.append(f"# {title}")
    words = 0
    while words < target:  # mostly paragraphs, like a TIL or notes repository (~7 chunks a file)
        kind = rng.random()
        if kind < 0.08:
            block = f"## {sentence(rng, topic)[:40].rstrip('.')}"
        elif kind < 0.16:
            block = "\n".join(f"- {sentence(rng, topic)}" for _ in range(rng.randint(2, 4)))
        elif kind < 0.21:
            block = f"```sh\n{rng.choice(VERBS)} --{rng.choice(TOPICS[topic].split())} {i}\n```"
        elif kind < 0.25:
            block = f"[source](https://example.org/{topic}/{i}/{rng.randint(1, 999)})"
        else:
            block = " ".join(sentence(rng, topic) for _ in range(rng.randint(4, 9)))
        parts.append(block)
        words += len(block.split())
    parts.append(f"Unique marker for this note: zq{i:05}x appears only here.")
    return f"{topic}/{i:05}-{topic}.md", "\n\n".join(parts) + "\n"


def make_vault(path: Path, files: int) -> None:
    rng = random.Random(12)
    for i in range(files):
        rel, text = note(rng, i)
        target = path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def timed(cmd: list[str], **kw: object) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stdout}\n{done.stderr}")
    return time.perf_counter() - start, done


def p50(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_vault(files: int, rows: list[tuple[str, str, str]]) -> Path:
    base = Path(tempfile.mkdtemp(prefix="jarvis-first-hour-"))
    vault = base / "vault"
    make_vault(vault, files)
    adopt_s, _ = timed([JARVIS, "init", "--adopt"], cwd=vault)
    answer_s, answer = timed([JARVIS, "recall", "--json", "zq00042x unique marker"], cwd=vault)
    hit = json.loads(answer.stdout)["hits"][0]["path"]
    fresh = json.loads(answer.stdout)["freshness"]
    rows.append(
        (
            f"{files:,}-file vault: `jarvis init --adopt` + first `jarvis recall`",
            f"{adopt_s + answer_s:.1f} s ({adopt_s:.1f} + {answer_s:.1f}); {fresh['chunks']:,} chunks, "
            f"{fresh['unembedded']:,} not embedded yet; top hit {'right' if '/00042-' in hit else 'WRONG: ' + hit}",
            "<= 10 s",
        )
    )
    fill_s, _ = timed([JARVIS, "index", "--json"], cwd=vault)
    status = json.loads(timed([JARVIS, "index", "--status", "--json"], cwd=vault)[1].stdout)
    rows.append(
        (
            f"{files:,}-file vault: fully embedded (adopt + first answer + `jarvis index`)",
            f"{adopt_s + answer_s + fill_s:.0f} s; {status['chunks']:,} chunks, "
            f"{status['unembedded']} left without a vector; {status['chunks'] / fill_s:.0f} chunks/s",
            "<= 240 s",
        )
    )
    return vault


def bench_int8(vault: Path, rows: list[tuple[str, str, str]]) -> None:
    from jarvis.config import EmbeddingConfig
    from jarvis.index import manifest
    from jarvis.index.embed import load_embedder
    from jarvis.workspace import Workspace

    conn = manifest.open_store(Workspace(vault.resolve()))
    try:
        texts = [t for (t,) in conn.execute("SELECT embed_text FROM chunks ORDER BY id LIMIT 1024")]
    finally:
        conn.close()
    rates = {}
    vectors = {}
    for quantize in ("none", "int8"):
        model = load_embedder(EmbeddingConfig(quantize=quantize))
        model.encode(texts[:64])
        start = time.perf_counter()
        vectors[quantize] = model.encode(texts)
        rates[quantize] = len(texts) / (time.perf_counter() - start)
    cos = (vectors["none"] * vectors["int8"]).sum(axis=1)
    rows.append(
        (
            f"embedding speed, {len(texts):,} vault chunks: int8 vs fp32 (same run)",
            f"int8 {rates['int8']:.0f} chunks/s, fp32 {rates['none']:.0f} chunks/s "
            f"(x{rates['int8'] / rates['none']:.2f}); cosine int8 vs fp32 min {cos.min():.3f}, mean {cos.mean():.3f}",
            "eval rows: `make eval` (adr/0077)",
        )
    )


def bench_recall(chunks: int, recalls: int, rows: list[tuple[str, str, str]]) -> None:
    from bench_serve import ServeChild, make_workspace

    from jarvis.index.recall import recall

    base = Path(tempfile.mkdtemp(prefix="jarvis-first-hour-10k-"))
    try:
        ws = make_workspace(base / "ws", chunks)
        rng = random.Random(5)
        words = [
            "garden",
            "tomato",
            "deploy",
            "script",
            "coffee",
            "train",
            "budget",
            "release",
            "memory",
            "friend",
            "river",
            "oven",
        ]
        queries = [" ".join(rng.sample(words, 3)) for _ in range(recalls)]
        # warm in-process: the same function the server runs, model and index loaded once
        from jarvis.index.embed import load_embedder

        model = load_embedder(ws.config.embedding)
        for q in queries[:3]:
            recall(ws, q, embedder=model, record=False)
        warm = []
        for q in queries:
            start = time.perf_counter()
            recall(ws, q, embedder=model, record=False)
            warm.append(time.perf_counter() - start)
        python = str(BIN / "python")
        bare = [timed([python, "-c", "pass"])[0] for _ in range(recalls)]
        no_site = [timed([python, "-S", "-c", "pass"])[0] for _ in range(recalls)]
        server = ServeChild(ws)
        try:
            timed([JARVIS, "-w", str(ws.root), "recall", "warm up", "--no-record"])
            via = [timed([JARVIS, "-w", str(ws.root), "recall", q, "--no-record"])[0] for q in queries]
            via_json = [
                timed([JARVIS, "-w", str(ws.root), "recall", q, "--no-record", "--json"])[0] for q in queries
            ]
            answered = server.status()["requests"]["total"]
        finally:
            server.stop()
        rows.append(
            (
                f"`jarvis recall` new process via server, {chunks:,} chunks",
                f"p50 {p50(via):.0f} ms (--json {p50(via_json):.0f} ms); `python -c pass` {p50(bare):.0f} ms "
                f"(x{p50(via) / p50(bare):.1f}), `python -S -c pass` {p50(no_site):.0f} ms "
                f"(x{p50(via) / p50(no_site):.1f}); {answered} answered by the server",
                "p50 <= 100 ms",
            )
        )
        rows.append(
            (
                f"warm in-process recall, {chunks:,} chunks",
                f"p50 {p50(warm):.1f} ms, p95 {sorted(warm)[int(0.95 * (len(warm) - 1))] * 1000:.1f} ms",
                "p50 <= 20 ms",
            )
        )
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--chunks", type=int, default=10_000)
    ap.add_argument("--recalls", type=int, default=30)
    ap.add_argument("--skip-vault", action="store_true")
    ap.add_argument("--skip-recall", action="store_true")
    args = ap.parse_args()
    rows: list[tuple[str, str, str]] = []
    if not args.skip_vault:
        vault = bench_vault(args.files, rows)
        bench_int8(vault, rows)
        shutil.rmtree(vault.parent, ignore_errors=True)
    if not args.skip_recall:
        bench_recall(args.chunks, args.recalls, rows)
    print("| measure | result | target |")
    print("|---|---|---|")
    for measure, value, target in rows:
        print(f"| {measure} | {value} | {target} |")


if __name__ == "__main__":
    main()
