"""Results as passages: a hit is one chunk, or adjacent chunks of one file joined together."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jarvis.index.vectors import Loaded


@dataclass(frozen=True)
class Hit:
    path: str
    start_line: int
    end_line: int
    heading: str
    text: str
    score: float
    signals: dict[str, float]
    chunk_id: str
    fragment_id: str | None
    category: str | None
    date: str | None

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def merge_into(passages: list[dict[str, Any]], loaded: Loaded, p: int, max_chars: int) -> bool:
    """Join chunk p to an already chosen passage of the same file it touches (adjacent lines)."""
    if max_chars <= 0:
        return False
    for passage in passages:
        parts = passage["parts"]
        if loaded.paths[parts[0]] != loaded.paths[p]:
            continue
        start = min(loaded.starts[q] for q in parts)
        end = max(loaded.ends[q] for q in parts)
        if loaded.starts[p] > end + 2 or loaded.ends[p] < start - 2:
            continue
        if sum(len(loaded.texts[q]) + 1 for q in parts) + len(loaded.texts[p]) > max_chars:
            return False
        parts.append(p)
        return True
    return False


def make_hit(loaded: Loaded, passage: dict[str, Any]) -> Hit:
    parts = passage["parts"]
    best = parts[0]
    ordered = sorted(dict.fromkeys(parts), key=lambda q: (loaded.starts[q], loaded.ends[q]))
    signals = dict(passage["signals"])
    if len(ordered) > 1:
        signals["merged"] = len(ordered)
    return Hit(
        path=loaded.paths[best],
        start_line=min(loaded.starts[q] for q in ordered),
        end_line=max(loaded.ends[q] for q in ordered),
        heading=loaded.headings[best],
        text="\n".join(loaded.texts[q] for q in ordered),
        score=signals["final"],
        signals=signals,
        chunk_id=loaded.chunk_ids[best],
        fragment_id=loaded.fragment_ids[best],
        category=loaded.categories[best],
        date=loaded.dates[best],
    )
