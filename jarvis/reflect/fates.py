"""What became of every observation in a reflection, and why (adr/0089).

An observation (a new or changed fragment) ends in exactly one fate:
- `promoted`: its bullet went into MEMORY.md at once (triage tier 1 or 2);
- `proposed`: its bullet waits as a `proposals/<id>` branch (new, or already open);
- `merged`: MEMORY.md already says it, or another observation's proposal carries it;
- `skipped`: not for MEMORY.md, with the reason (held by the write gate, a tool failure kept
  in learnings, low priority, no MEMORY.md section, rejected by triage, …).

`offline_candidates` decides which observations the offline rules turn into proposals: every
durable, allowed fact — pinned, rules, preferences, corrections (with what they corrected),
decisions, explicit remember requests and stable personal facts — not only high priority.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jarvis.fragment import Fragment
from jarvis.taxonomy import SECTIONS

FATES = ("promoted", "proposed", "merged", "skipped")
DURABLE_KINDS = frozenset({"rule", "preference", "correction", "decision", "remember-request", "fact"})
LEARNING_KINDS = frozenset({"tool-failure"})


@dataclass(frozen=True)
class Fate:
    fragment: str  # fragment id
    text: str
    fate: str  # promoted | proposed | merged | skipped
    reason: str
    proposal: str = ""  # the proposal id that carries it, when there is one

    def as_dict(self) -> dict[str, str]:
        return {
            "id": self.fragment,
            "text": self.text,
            "fate": self.fate,
            "reason": self.reason,
            "proposal": self.proposal,
        }


def why_not(f: Fragment) -> str | None:
    """Why the offline rules do not propose this observation for MEMORY.md (None: they do)."""
    gate = f.gate or "allow"
    if gate != "allow":
        return f"the write gate {'held' if gate == 'hold' else 'discarded'} it; it stays a fragment"
    if (f.type or "") in LEARNING_KINDS:
        return "a tool failure: kept in learnings/errors.md, not MEMORY.md"
    if (f.category or "") not in SECTIONS:
        return f"category {f.category or '(none)'} has no MEMORY.md section"
    if f.pinned:
        return None
    if f.type and f.type not in DURABLE_KINDS:
        return f"a {f.type}, not a durable fact"
    if f.priority == "low":
        return "low priority: kept as a fragment, not raised to MEMORY.md"
    return None


def rationale(f: Fragment) -> str:
    kind = f"pinned {f.type or 'fact'}" if f.pinned else (f.type or "fact")
    text = f"{kind} fragment {f.id} ({f.category}), allowed by the write gate."
    return text[0].upper() + text[1:]


def account(
    obs: Sequence[Fragment],
    skipped: dict[str, str],
    verdicts: Sequence[object],
    open_before: dict[str, str],
    default: str,
) -> list[Fate]:
    """One fate per observation.

    `skipped`: fragment id -> why no proposal was made; `verdicts`: triage's verdicts after
    they were carried out; `open_before`: fragment id -> the id of an already open proposal
    carrying it; `default`: the reason for an observation nothing else accounts for.
    """
    by_fragment: dict[str, tuple[str, str, str]] = {}
    for v in verdicts:
        p = v.proposal  # type: ignore[attr-defined]
        fate, reason = _fate(v.action, v.reason)  # type: ignore[attr-defined]
        for n, fid in enumerate(p.fragments):
            if n and fate != "skipped":  # a second observation saying the same: one bullet for both
                by_fragment.setdefault(
                    fid, ("merged", f"says what {p.fragments[0]} says; {fate} together", p.id)
                )
            else:
                by_fragment.setdefault(fid, (fate, reason, p.id))
    out: list[Fate] = []
    for f in obs:
        text = " ".join(f.body.strip().split("\n\n", 1)[0].split())[:200]  # the statement, not the quote
        if f.id in skipped:
            out.append(Fate(f.id, text, "skipped", skipped[f.id]))
        elif f.id in by_fragment:
            fate, reason, pid = by_fragment[f.id]
            out.append(Fate(f.id, text, fate, reason, pid))
        elif f.id in open_before:
            pid = open_before[f.id]
            out.append(
                Fate(f.id, text, "proposed", f"already open as {pid}; see `jarvis review show {pid}`", pid)
            )
        else:
            out.append(Fate(f.id, text, "skipped", default))
    return out


def _fate(action: str, reason: str) -> tuple[str, str]:
    if action == "promote":
        return "promoted", reason
    if action == "human":
        return "proposed", reason
    if action == "merge" or reason.startswith("exact duplicate"):
        return "merged", reason
    return "skipped", reason
