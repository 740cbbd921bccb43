"""Offline observer benchmark: LoCoMo dev conversations, a 10,000-message transcript, labelled precision.

    python bench/bench_observe.py

Prints markdown tables. LoCoMo data is read in place from ../shared/eval/locomo-dev
(CC BY-NC 4.0); the precision labels in bench/observe_labels.json hold only turn ids.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("JARVIS_AUTOSTART", "0")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from locomo_sessions import locomo_sessions  # noqa: E402

from jarvis.init import init_workspace  # noqa: E402
from jarvis.observe.gate import judge  # noqa: E402
from jarvis.observe.importers import import_transcript  # noqa: E402
from jarvis.observe.offline import OfflineObserver  # noqa: E402
from jarvis.observe.pipeline import observe_sessions  # noqa: E402
from jarvis.observe.sessions import SessionMeta, write_session  # noqa: E402
from jarvis.workspace import Workspace  # noqa: E402

SAMPLE = 50
LABELS = HERE / "observe_labels.json"


def workspace(tmp: Path, name: str) -> Workspace:
    root = tmp / name
    init_workspace(root)
    return Workspace(root.resolve())


def bench_locomo(tmp: Path) -> None:
    print("### Offline observer on LoCoMo dev conversations\n")
    print(
        "| conversation | sessions | turns | seconds | turns/s | fragments created | merged | share deduplicated | discarded |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    by_conv: dict[str, list] = {}
    for sid, events in locomo_sessions():
        by_conv.setdefault(sid.rsplit("-s", 1)[0], []).append((sid, events))
    for conv, sessions in sorted(by_conv.items()):
        ws = workspace(tmp, conv)
        for sid, events in sessions:
            write_session(ws, SessionMeta(id=sid, source="locomo"), events)
        start = time.perf_counter()
        report = observe_sessions(ws, None)
        took = time.perf_counter() - start
        c = report.counts
        created = c["allowed"] + c["held"]
        share = c["merged"] / max(1, created + c["merged"])
        print(
            f"| {conv} | {len(sessions)} | {report.turns} | {took:.2f} | {report.turns / took:,.0f} | "
            f"{created} ({c['allowed']} allowed, {c['held']} held) | {c['merged']} | {share:.0%} | {c['discarded']} |"
        )
    print("\n(seconds include loading the embedding model for dedup in the first conversation)\n")


CHAT = [
    "How was your weekend?",
    "Pretty quiet, mostly reading.",
    "Can you summarise that article for me?",
    "Thanks, that helps a lot.",
    "What's the weather like tomorrow?",
    "ok",
    "Let's look at the budget later.",
    "I went for a walk this morning and it was lovely.",
    "Could you draft an email to the team?",
    "Sounds good, send it.",
    "Hmm, not sure about that one.",
    "Tell me a joke.",
]
CUES = [
    "My {rel}'s name is {name}.",
    "I prefer {thing} over {other}.",
    "I live in {city}.",
    "Remember that my {rel} likes {thing}.",
    "Always use {thing} for {other}.",
    "I'm allergic to {thing}.",
    "We decided to use {thing} for the {other} project.",
    "I really love {thing}.",
]
WORDS = {
    "rel": ["cat", "dog", "sister", "brother", "boss", "neighbour", "dentist", "friend"],
    "name": ["Whiskerino", "Rex", "Ana", "Bob", "Mira", "Tomas", "Lena", "Yusuf", "Kofi", "Ines"],
    "thing": [
        "green tea",
        "dark mode",
        "tabs",
        "postgres",
        "rust",
        "cycling",
        "jazz",
        "peanuts",
        "sushi",
        "vim",
    ],
    "other": ["coffee", "light mode", "spaces", "mysql", "go", "running", "pop", "search", "pizza", "emacs"],
    "city": ["Lisbon", "Porto", "Berlin", "Nairobi", "Osaka", "Quito", "Oslo", "Tunis"],
}


def synthetic_transcript(path: Path, messages: int = 10_000) -> None:
    rng = random.Random(7)
    lines = []
    for i in range(messages):
        if i % 2:
            lines.append(f"Assistant: {rng.choice(CHAT)}")
        elif i % 10 == 0:
            template = rng.choice(CUES)
            lines.append("User: " + template.format(**{k: rng.choice(v) for k, v in WORDS.items()}))
        else:
            lines.append(f"User: {rng.choice(CHAT)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def bench_large(tmp: Path) -> None:
    print("### A 10,000-message transcript, offline (target < 60 s)\n")
    ws = workspace(tmp, "large")
    path = tmp / "large.txt"
    synthetic_transcript(path)
    start = time.perf_counter()
    imported = import_transcript(ws, path)
    report = observe_sessions(ws, [imported.session_id])
    took = time.perf_counter() - start
    c = report.counts
    print(
        "| messages | seconds (import + observe + commit) | messages/s | allowed | held | merged | discarded | under 60 s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| {len(imported.events):,} | {took:.1f} | {len(imported.events) / took:,.0f} | {c['allowed']} | "
        f"{c['held']} | {c['merged']} | {c['discarded']} | {'yes' if took < 60 else 'NO'} |\n"
    )


def bench_precision() -> None:
    print("### Precision of allowed facts (hand-labelled, LoCoMo dev)\n")
    labels: dict[str, int] = json.loads(LABELS.read_text(encoding="utf-8"))["labels"]
    allowed: list[str] = []
    observer = OfflineObserver()
    for _, events in locomo_sessions():
        for fact in observer.extract(events).facts:
            if judge(fact).gate == "allow":
                allowed.append(events[fact.turn_start].id)
    sample = allowed if len(allowed) <= SAMPLE else random.Random(0).sample(allowed, SAMPLE)
    labelled = [labels[t] for t in sample if t in labels]
    missing = [t for t in sample if t not in labels]
    precision = sum(labelled) / len(labelled) if labelled else float("nan")
    print("| allowed facts in the dev conversations | sampled | labelled | correct | precision |")
    print("|---|---|---|---|---|")
    print(f"| {len(allowed)} | {len(sample)} | {len(labelled)} | {sum(labelled)} | {precision:.2f} |\n")
    if missing:
        print(
            f"unlabelled (the extractor changed since labelling; label them in {LABELS.name}): {', '.join(missing)}\n"
        )
    if len(allowed) < SAMPLE:
        print(
            f"Only {len(allowed)} facts pass the gate on these 788 turns, so all are labelled instead of a sample of {SAMPLE}.\n"
        )


def bench_judge() -> None:
    """What the learned judge (adr/0091) adds to observing one session, model loaded and cold."""
    from jarvis.config import EmbeddingConfig
    from jarvis.observe.importers import read_transcript
    from jarvis.observe.judge import Judge

    data = Path(__file__).resolve().parent.parent / "tests" / "data" / "learning"
    labels = json.loads((data / "labels.json").read_text(encoding="utf-8"))["sessions"]
    sessions = [read_transcript(data / s["file"])[1] for s in labels]
    started = time.perf_counter()
    judge_ = Judge.for_embedding(EmbeddingConfig())
    assert judge_ is not None
    judge_.scores(["warm up the model"])
    cold = time.perf_counter() - started
    rows = []
    for observer in (OfflineObserver(), OfflineObserver(judge_)):
        started = time.perf_counter()
        kept = sum(len(observer.extract(events).facts) for events in sessions)
        rows.append(((time.perf_counter() - started) / len(sessions) * 1000, kept / len(sessions)))
    print("### The learned judge per session (tests/data/learning, model already loaded)\n")
    print("| observer | ms per session | facts per session |\n|---|---|---|")
    print(f"| rules only | {rows[0][0]:.1f} | {rows[0][1]:.1f} |")
    print(f"| rules + judge | {rows[1][0]:.1f} | {rows[1][1]:.1f} |")
    print(f"\nLoading the judge and its model in a fresh process: {cold:.2f} s.\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench_locomo(Path(tmp))
        bench_large(Path(tmp))
    bench_precision()
    bench_judge()


if __name__ == "__main__":
    main()
