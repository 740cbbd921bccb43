"""Agent benchmarks: token counting throughput and context assembly latency (prints a markdown table)."""

from __future__ import annotations

import statistics
import time

from jarvis.agent.context import Pinned, Recalled, Sources, assemble
from jarvis.agent.tokens import count_tokens


def timed(fn, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    prose = "The person prefers short answers and green tea; the index uses tantivy. " * 200
    count_tokens("warm up")
    count_ms = timed(lambda: count_tokens(prose), 50)
    sources = Sources(
        soul="Be direct. " * 200,
        agents="Search memory first. " * 200,
        user="Ana, engineer. " * 100,
        memory_md="- (2026-11-01) a remembered fact about work\n" * 200,
        salient=tuple(Pinned(f"mem-{i}", "pinned fact " * 10, True) for i in range(20)),
        recent="- an update\n" * 100,
        learnings=(("learnings/errors.md", "- mistake\n" * 50),),
    )
    history = [
        {"role": r, "content": f"turn {i} " + "words " * 60}
        for i in range(100)
        for r in ("user", "assistant")
    ]
    recalled = [Recalled(f"r{i}", "recalled " * 40, i / 12) for i in range(12)]
    fits = timed(
        lambda: assemble(sources, message="hi", history=history, recalled=recalled, window=200_000), 10
    )
    cuts = timed(
        lambda: assemble(sources, message="hi", history=history, recalled=recalled, window=8_000), 10
    )
    chars = len(prose)
    print("| measure | p50 | p95 |")
    print("|---|---|---|")
    print(
        f"| count_tokens, {chars:,} chars | {statistics.median(count_ms):.2f} ms | {sorted(count_ms)[47]:.2f} ms |"
    )
    print(f"| assemble, 200 messages, fits in 200k | {statistics.median(fits):.1f} ms | {max(fits):.1f} ms |")
    print(
        f"| assemble, 200 messages, cut to 8k window | {statistics.median(cuts):.1f} ms | {max(cuts):.1f} ms |"
    )


if __name__ == "__main__":
    main()
