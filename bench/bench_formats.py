"""Throughput of the file formats: frontmatter parse, fragment render, MEMORY.md edits, redaction."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarvis.doc import parse_document, parse_fragment, render_fragment
from jarvis.memorymd import add_bullet, remove_bullet
from jarvis.redact import redact

FRAGMENT = """---
id: mem-20260301-143022-ab1c4f
category: preferences
priority: high
gate: allow
confidence: 0.9
created: 2026-03-01T14:30:22+00:00
tags: [tea, mornings]
my_key: kept  # a person's comment
---

Prefers green tea in the morning, black tea after lunch.
"""


def rate(fn: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - start)


def main() -> None:
    random.seed(7)
    fragment = parse_fragment(FRAGMENT, "tea.md")
    changed = replace(fragment, merged_count=2)
    memory = "# Memory\n\n" + "".join(
        f"## Section {s}\n\n"
        + "".join(f"- (2026-01-01) fact {s}-{i} about things\n" for i in range(30))
        + "\n"
        for s in range(7)
    )
    words = [
        "the",
        "a",
        "token",
        "key",
        "password",
        "secret",
        "is",
        "was",
        "api",
        "my",
        "for",
        "to",
        "of",
        "and",
        "in",
        "config",
        "deploy",
        "server",
        "said",
    ]
    prose = "\n".join(
        " ".join(random.choice(words) for _ in range(12)) + (" password=hunter22" if i % 50 == 0 else "")
        for i in range(20_000)
    )
    start = time.perf_counter()
    redact(prose)
    mb_s = len(prose) / (time.perf_counter() - start) / 1e6
    rows = [
        (
            "parse_document (fragment file)",
            f"{rate(lambda: parse_document(FRAGMENT, 'tea.md'), 2000):,.0f} /s",
        ),
        ("render_fragment unchanged", f"{rate(lambda: render_fragment(fragment), 2000):,.0f} /s"),
        ("render_fragment changed (line reuse)", f"{rate(lambda: render_fragment(changed), 1000):,.0f} /s"),
        (
            "MEMORY.md add+remove (210 bullets)",
            f"{rate(lambda: remove_bullet(add_bullet(memory, 'Section 3', 'new fact', '2026-11-22'), 'Section 3', 'new fact'), 200):,.0f} /s",
        ),
        ("redact keyword-dense prose (1.1 MB)", f"{mb_s:.2f} MB/s"),
    ]
    print("| operation | throughput |")
    print("|---|---:|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
