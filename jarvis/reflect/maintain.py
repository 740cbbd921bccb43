"""`jarvis maintain`: dedup sweep, stale marking, archiving and stats, as one commit per run.

- dedup: of two active fragments closer than `[maintain] dedup_threshold` (cosine), the
  weaker gets `status: superseded` and `superseded_by: <id of the stronger>`;
- stale: an active fragment with no activity (written or recalled) for `stale_days`;
  recall counts, so a fragment recalled recently is never stale, and a stale one that
  was recalled again becomes active;
- archive: a stale fragment with no activity for `archive_days` (never deleted).

Pinned fragments are never touched. Only frontmatter changes; nothing is deleted. A
second run with nothing new changes nothing and makes no commit.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from jarvis.events import track
from jarvis.fragment import Fragment, render_fragment, splice_frontmatter
from jarvis.gitstore import GitStore
from jarvis.notes import iter_fragments
from jarvis.workspace import Workspace

if TYPE_CHECKING:
    from jarvis.index.embed import Embedder

_PRIORITY = {"high": 3, "medium": 2, "low": 1}


def _when(value: object) -> datetime | None:
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        stamp = datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    return stamp if stamp.tzinfo else stamp.astimezone()


def last_activity(fragment: Fragment, last_recall: str | None) -> datetime | None:
    """The latest of created, updated and last recalled."""
    times = [t for t in (_when(fragment.created), _when(fragment.updated), _when(last_recall)) if t]
    return max(times) if times else None


def strength(fragment: Fragment) -> tuple[int, int, int, float, str, int]:
    """Sort key: the stronger of two near-duplicates wins (pinned, priority, merges, confidence, age)."""
    return (
        int(fragment.pinned),
        _PRIORITY.get(fragment.priority or "", 2),
        fragment.merged_count,
        fragment.confidence if fragment.confidence is not None else 0.5,
        fragment.updated or fragment.created or "",
        len(fragment.body),
    )


def near_duplicates(vectors: object, threshold: float) -> list[tuple[float, int, int]]:
    """(cosine, i, j) for every pair at or over `threshold`, best first (rows L2-normalised)."""
    import numpy as np

    matrix = np.asarray(vectors, dtype=np.float32)
    if len(matrix) < 2:
        return []
    sims = matrix @ matrix.T
    rows, cols = np.where(np.triu(sims, k=1) >= threshold)
    pairs = [(float(sims[i, j]), int(i), int(j)) for i, j in zip(rows, cols, strict=True)]
    return sorted(pairs, reverse=True)


def plan(
    ws: Workspace,
    fragments: list[tuple[str, Fragment]],
    access: dict[str, tuple[int, str]],
    now: datetime,
    embedder: Embedder | None,
) -> tuple[dict[str, Fragment], dict[str, int]]:
    """What maintain would change: ({rel: new fragment}, counts)."""
    cfg = ws.config.maintain
    counts = {"superseded": 0, "stale": 0, "archived": 0, "revived": 0}
    changed: dict[str, Fragment] = {}
    active = [(rel, f) for rel, f in fragments if f.status == "active" and not f.superseded_by]
    if embedder is not None and len(active) > 1:
        from jarvis.index.embed import embed_texts

        vectors = embed_texts(ws, embedder, [" ".join(f.body.split()) or f.id for _, f in active])
        for score, i, j in near_duplicates(vectors, cfg.dedup_threshold):
            (rel_a, a), (rel_b, b) = active[i], active[j]
            if rel_a in changed or rel_b in changed:
                continue
            (weak_rel, weak), (_, strong) = sorted(((rel_a, a), (rel_b, b)), key=lambda x: strength(x[1]))
            if weak.pinned:
                continue
            changed[weak_rel] = replace(
                weak,
                status="superseded",
                superseded_by=strong.id,
                extra={**weak.extra, "similarity": round(score, 3)},
            )
            counts["superseded"] += 1
    for rel, f in fragments:
        if rel in changed or f.pinned or f.status not in ("active", "stale"):
            continue
        recalled = access.get(rel, (0, ""))[1] or None
        last = last_activity(f, recalled)
        if last is None:
            continue
        idle = now - last
        status = f.status
        if status == "active" and idle > timedelta(days=cfg.stale_days):
            status, counts["stale"] = "stale", counts["stale"] + 1
        if status == "stale" and idle > timedelta(days=cfg.archive_days):
            status, counts["archived"] = "archived", counts["archived"] + 1
        elif status == "stale" and idle <= timedelta(days=cfg.stale_days):
            status, counts["revived"] = "active", counts["revived"] + 1
        if status != f.status:
            changed[rel] = replace(f, status=status)
    return changed, counts


def maintain(
    ws: Workspace, *, embedder: Embedder | None = None, now: datetime | None = None
) -> MaintainResult:
    """One maintenance pass; commits `maintain: …` only when something changed."""
    from jarvis.index.access import read_access

    now = now or datetime.now().astimezone()
    store = GitStore(ws.root)
    with track(ws, "maintain", "run") as ev, store.transaction() as tx:
        # decided under the lock: no other jarvis process changes a fragment between plan and write
        fragments = list(iter_fragments(ws))
        changed, counts = plan(ws, fragments, read_access(ws), now, embedder)
        skipped = tuple(store.dirty_paths(changed))
        for rel in skipped:  # the person is editing it: leave it for the next run
            changed.pop(rel)
        sha = None
        if changed:
            parts = [f"{n} {name}" for name, n in counts.items() if n]
            for rel, fragment in changed.items():
                # only the frontmatter changes; the body keeps its bytes (CRLF, BOM, NUL …)
                tx.write(rel, splice_frontmatter(tx.read_bytes(rel) or b"", render_fragment(fragment)))
            sha = tx.commit(f"maintain: {', '.join(parts) or 'update'} ({len(changed)} fragment(s))")
        stats = _stats([changed.get(rel, f) for rel, f in fragments])
        ev.counts.update(counts, fragments=len(fragments), changed=len(changed), skipped=len(skipped))
        ev.detail["committed"] = sha
    return MaintainResult(sha, counts, stats, skipped, tuple(sorted(changed)))


def _stats(fragments: list[Fragment]) -> dict[str, dict[str, int]]:
    by_status: dict[str, int] = {}
    by_category: dict[str, int] = {}
    for f in fragments:
        by_status[f.status] = by_status.get(f.status, 0) + 1
        by_category[f.category or "none"] = by_category.get(f.category or "none", 0) + 1
    return {"status": dict(sorted(by_status.items())), "category": dict(sorted(by_category.items()))}


@dataclass(frozen=True)
class MaintainResult:
    sha: str | None
    counts: dict[str, int]
    stats: dict[str, dict[str, int]]
    skipped: tuple[str, ...] = ()
    changed: tuple[str, ...] = field(default=())
