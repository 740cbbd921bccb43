"""`jarvis ui` server time on a 2,000-fragment workspace: Memory and Review (target <= 300 ms).

Builds a workspace with `jarvis init`, 2,000 fragments (frontmatter as `remember` writes it,
spread over six months), a MEMORY.md of 150 bullets and 20 open proposals, then times each
page through the whole app (token check, route, library calls, template) in-process with
Starlette's TestClient: the first request of a fresh app with nothing cached (the first
look at a workspace ever), the first request of a restarted app (fragment rows cached in
.jarvis/), and the median of 10 after it. The UI server reads the fragments in the
background when it starts, so a person meets the second or third number.
Prints a markdown table. Options: --fragments N, --proposals N.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from jarvis.fragment import render_fragment
from jarvis.gitstore import GitStore
from jarvis.memorymd import add_bullet
from jarvis.notes import build_fragment, fragment_rel
from jarvis.reflect.apply import apply_proposal
from jarvis.reflect.proposals import create_branch, make_proposal
from jarvis.workspace import Workspace

TARGET_MS = 300.0
CATEGORIES = ["preferences", "operations", "projects", "people-relationships", "rules-conventions"]
WORDS = [
    "deploy",
    "cache",
    "tea",
    "cat",
    "invoice",
    "backup",
    "laptop",
    "garden",
    "train",
    "review",
    "python",
    "budget",
    "dentist",
]
PEOPLE = ["Ana", "Bo", "Chen", "Dara", "Eli", "Farah"]
SECTIONS = ["Preferences", "Projects", "People", "Operations", "Conventions"]


def build(root: Path, fragments: int, proposals: int) -> Workspace:
    subprocess.run([sys.executable, "-m", "jarvis", "init", str(root)], check=True, capture_output=True)
    ws = Workspace(root.resolve())
    rng = random.Random(14)
    start = datetime.now().astimezone() - timedelta(days=180)
    rels = []
    for i in range(fragments):
        text = (
            f"{rng.choice(PEOPLE)} said the {rng.choice(WORDS)} {rng.choice(WORDS)} plan changes on "
            f"{rng.choice(['Monday', 'Friday', 'the 3rd'])} (note {i})"
        )
        fragment = build_fragment(
            text,
            category=CATEGORIES[i % len(CATEGORIES)],
            tags=tuple(rng.sample(WORDS, 2)),
            type=rng.choice(["fact", "preference", "decision", "rule"]),
            priority=rng.choice(["high", "medium", "low"]),
            now=start + timedelta(minutes=130 * i + rng.randrange(60)),
        )
        rel = fragment_rel(fragment).replace(".md", f"-{i}.md")
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(render_fragment(fragment), encoding="utf-8")
        rels.append(rel)
    memory = ws.memory_md.read_text(encoding="utf-8")
    for i in range(150):
        memory = add_bullet(
            memory, SECTIONS[i % len(SECTIONS)], f"{rng.choice(WORDS)} fact number {i}", "2026-11-01"
        )
    ws.memory_md.write_text(memory, encoding="utf-8")
    store = GitStore(ws.root)
    store.commit_paths([*rels, "MEMORY.md"], f"bench: {fragments} fragments and 150 bullets")
    for i in range(proposals):
        p = make_proposal(
            section=SECTIONS[i % len(SECTIONS)],
            text=f"Proposal {i}: {rng.choice(PEOPLE)} prefers {rng.choice(WORDS)} over {rng.choice(WORDS)}",
            rationale="seen in two sessions this week",
            fragments=(f"mem-{i}",),
        )
        create_branch(store, p, apply_proposal(memory, p, "2026-11-20"))
    return ws


def timed(client: object, path: str, repeat: int) -> tuple[float, list[float]]:
    def once() -> float:
        t = time.perf_counter()
        r = client.get(path)  # type: ignore[attr-defined]
        elapsed = (time.perf_counter() - t) * 1000
        assert r.status_code == 200, (path, r.status_code, r.text[-300:])
        return elapsed

    first = once()
    return first, [once() for _ in range(repeat)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fragments", type=int, default=2000)
    ap.add_argument("--proposals", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    from starlette.testclient import TestClient

    from jarvis.ui.app import build_app
    from jarvis.ui.security import Access

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        ws = build(Path(tmp) / "ws", args.fragments, args.proposals)
        print(
            f"workspace: {args.fragments} fragments, {args.proposals} open proposals, 150 bullets "
            f"(built in {time.perf_counter() - t:.1f} s)\n"
        )

        def no_recall(request: dict[str, object]) -> dict[str, object]:
            raise RuntimeError("not timed here")

        def fresh_client() -> TestClient:
            access = Access(extra_hosts=("testserver",))
            client = TestClient(build_app(ws, no_recall, {}, access))
            client.get(f"/?token={access.token}", follow_redirects=False)
            return client

        client = fresh_client()
        cold = {path: timed(client, path, 0)[0] for path in ("/", "/review")}
        client = fresh_client()  # a restart: the in-memory rows are gone, the .jarvis cache is not
        print("| page | nothing cached ms | first after restart ms | median ms (n) | max ms | target |")
        print("|---|---:|---:|---:|---:|---|")
        for name, path, target in (
            ("Memory", "/", True),
            ("Review", "/review", True),
            ("Memory, filtered", "/?q=tea+cat", False),
            ("File MEMORY.md + history", "/file/MEMORY.md", False),
            ("Activity", "/activity", False),
        ):
            first, warm = timed(client, path, args.repeat)
            median = statistics.median(warm)
            verdict = ("ok" if max(first, median) <= TARGET_MS else "OVER") + f" (<= {TARGET_MS:.0f})"
            never = f"{cold[path]:.0f}" if path in cold else "-"
            print(
                f"| {name} | {never} | {first:.0f} | {median:.0f} ({len(warm)}) | {max(warm):.0f} | "
                f"{verdict if target else '-'} |"
            )


if __name__ == "__main__":
    main()
