"""Three-way merges of files that are lists of entries: daily logs, append-only JSONL, learnings.

Pure functions over text. The rule for every kind: an entry both sides kept stays, an
entry either side added arrives, an entry either side removed (a `forget`, a purge) stays
removed. Nothing else is ever lost, and no conflict marker is ever written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

_ENTRY = re.compile(r"^[-*+][ \t]")
_TIME = re.compile(r"^[-*+][ \t]+(\d{1,2}:\d{2})\b")


def split_entries(text: str) -> tuple[list[str], list[str]]:
    """(head lines before the first entry, entries); an entry is a `- ` line and its continuation."""
    head: list[str] = []
    entries: list[str] = []
    for line in text.splitlines(keepends=True):
        if _ENTRY.match(line):
            entries.append(line)
        elif entries and line.strip() and (line[:1] in " \t"):
            entries[-1] += line  # an indented continuation belongs to the entry above
        elif entries:
            if line.strip():
                entries.append(line)  # stray text between entries is kept, as an entry of its own
        else:
            head.append(line)
    return head, [e if e.endswith("\n") else e + "\n" for e in entries]


def three_way(base: list[str], ours: list[str], theirs: list[str], key: Callable[[str], str]) -> list[str]:
    """Entries kept by both sides or added by either, in ours-then-theirs order, each once."""
    in_base = {key(e) for e in base}
    in_ours = {key(e) for e in ours}
    in_theirs = {key(e) for e in theirs}
    out: list[str] = []
    seen: set[str] = set()
    for entry in [*ours, *theirs]:
        k = key(entry)
        if k in seen or (k in in_base and (k not in in_ours or k not in in_theirs)):
            continue
        seen.add(k)
        out.append(entry)
    return out


def _norm(entry: str) -> str:
    return " ".join(entry.split())


def merge_daily(base: str, ours: str, theirs: str) -> str:
    """A daily log: the union of entries in time order (`- HH:MM …`), head from ours."""
    _, b = split_entries(base)
    head, o = split_entries(ours)
    their_head, t = split_entries(theirs)
    merged = three_way(b, o, t, _norm)

    def when(entry: str) -> tuple[str, str]:
        found = _TIME.match(entry)
        stamp = found.group(1).zfill(5) if found else "99:99"
        return stamp, _norm(entry)

    merged.sort(key=when)  # time, then text: the same result whichever side is "ours"
    return "".join(head or their_head) + "".join(merged)


def _ts(line: str) -> tuple[str, str]:
    try:
        value = json.loads(line)
    except ValueError:
        return "", line
    stamp = value.get("ts", "") if isinstance(value, dict) else ""
    return str(stamp), line


def merge_jsonl(base: str, ours: str, theirs: str) -> str:
    """An append-only JSONL log: union of lines, sorted by their `ts`, each line once."""

    def lines(text: str) -> list[str]:
        return [line.rstrip("\n") + "\n" for line in text.splitlines() if line.strip()]

    merged = three_way(lines(base), lines(ours), lines(theirs), lambda line: line.strip())
    merged.sort(key=_ts)
    return "".join(merged)


def merge_learnings(base: str, ours: str, theirs: str) -> str:
    """learnings/*.md: the head (title, explanation) from ours, then the union of bullets."""
    _, b = split_entries(base)
    head, o = split_entries(ours)
    their_head, t = split_entries(theirs)
    return "".join(head or their_head) + "".join(three_way(b, o, t, _norm))
