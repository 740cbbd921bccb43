"""Turn the LoCoMo dev conversations (../shared/eval/locomo-dev) into jarvis sessions.

Each `## HH:MM · A and B · conv-26 session N (…)` block of the daily logs becomes
one session; each turn `- <!-- conv-26:D1:3 --> **Caroline:** text` becomes a
user message named after its speaker, with the LoCoMo turn id kept as the event id.
The data is CC BY-NC 4.0: it is read in place for evaluation and never copied
into the product or its tests.

    python bench/locomo_sessions.py OUT_DIR   # writes OUT_DIR/<session>.jsonl
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jarvis.observe.sessions import SessionEvent, dump_events

EVAL = Path(__file__).resolve().parent.parent.parent / "shared" / "eval" / "locomo-dev"
_HEAD_RE = re.compile(r"^## .*?· (?P<conv>conv-\d+) session (?P<n>\d+)")
_TURN_RE = re.compile(r"^- <!-- (?P<id>conv-\d+:D\d+:\d+) --> \*\*(?P<name>[^*]+?):\*\* (?P<text>.*)$")


def locomo_sessions(root: Path = EVAL) -> list[tuple[str, list[SessionEvent]]]:
    """[(session id, events)] for every conversation session, in order."""
    sessions: dict[str, list[SessionEvent]] = {}
    for conv in sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("conv-")):
        current: list[SessionEvent] | None = None
        for day in sorted((conv / "memory").glob("*.md")):
            for line in day.read_text(encoding="utf-8").splitlines():
                head = _HEAD_RE.match(line)
                if head:
                    current = sessions.setdefault(f"{head['conv']}-s{int(head['n']):02d}", [])
                    continue
                turn = _TURN_RE.match(line)
                if turn and current is not None:
                    current.append(
                        SessionEvent(
                            "message",
                            turn=len(current),
                            role="user",
                            name=turn["name"].strip(),
                            text=turn["text"].strip(),
                            id=turn["id"],
                        )
                    )
    return sorted(sessions.items())


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for sid, events in locomo_sessions():
        (out / f"{sid}.jsonl").write_text(dump_events(events), encoding="utf-8")
    print(f"wrote {len(locomo_sessions())} sessions to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
