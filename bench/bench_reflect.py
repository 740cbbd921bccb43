"""Reflection benchmarks: proposal branches, accept, reflect and maintain on a real git workspace.

Prints a markdown table. Runs offline, without the embedding model (near-duplicate checks off).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from jarvis.gitstore import GitStore
from jarvis.init import init_workspace
from jarvis.notes import remember
from jarvis.reflect.apply import apply_proposal
from jarvis.reflect.maintain import maintain
from jarvis.reflect.proposals import create_branch, list_open, make_proposal
from jarvis.reflect.reflect import reflect
from jarvis.reflect.review import accept
from jarvis.workspace import Workspace


def timed(fn: Callable[[int], object], n: int) -> list[float]:
    out = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        out.append((time.perf_counter() - start) * 1000)
    return out


def row(name: str, ms: list[float]) -> str:
    return f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {max(ms):.1f} |"


def main() -> None:
    os.environ.setdefault("JARVIS_AUTOSTART", "0")
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace(init_workspace(Path(tmp) / "ws").root)
        store = GitStore(ws.root)
        made: list[str] = []

        def propose(i: int) -> None:
            p = make_proposal(section="Projects", text=f"Benchmark fact number {i} about the garden shed")
            base = store.show_file("HEAD", "MEMORY.md") or ""
            made.append(create_branch(store, p, apply_proposal(base, p)).proposal.id)

        create = timed(propose, 40)
        listing = timed(lambda _: list_open(store), 5)
        accepting = timed(lambda i: accept(ws, made[i]), 20)
        old = datetime.now().astimezone() - timedelta(days=120)
        for i in range(60):
            remember(ws, f"High priority preference {i}: likes variant {i} of tea", category="preferences",
                     priority="high", confidence=0.6, now=old + timedelta(minutes=i))  # fmt: skip
        reflecting = timed(lambda _: reflect(ws, full=True), 1)
        maintaining = timed(lambda _: maintain(ws), 2)
    print("| step | runs | median ms | max ms |")
    print("|---|---|---|---|")
    for name, ms in (
        ("create proposal branch (plumbing, no checkout)", create),
        ("list 40 open proposals", listing),
        ("accept (three-way merge + commit)", accepting),
        ("reflect offline, 60 fragments -> 60 branches", reflecting),
        ("maintain 60 fragments (first marks stale, second no-op)", maintaining),
    ):
        print(row(name, ms))


if __name__ == "__main__":
    main()
