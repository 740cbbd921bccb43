"""Recall: fresh index -> BM25 + vector candidates -> fusion -> decay -> MMR -> top k.

`recall` is the one search function; `handle_request` is the same thing behind a
JSON-shaped request, used by the CLI (in-process) and by `jarvis serve` alike.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fnmatch
import functools
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from jarvis.config import RecallConfig, config_from_dict
from jarvis.errors import IndexError_, LockBusy, UsageError
from jarvis.events import track
from jarvis.index import lexical, rank
from jarvis.index.passage import Hit, make_hit, merge_into
from jarvis.index.sync import (
    INLINE_EMBED_MAX,
    RECALL_LOCK_WAIT_S,
    Freshness,
    Progress,
    SyncReport,
    fill_vectors,
    freshness,
    reconcile,
)

if TYPE_CHECKING:
    import numpy as np

    from jarvis.index.embed import Embedder
    from jarvis.index.vectors import Loaded
    from jarvis.workspace import Workspace

FUSIONS = ("weighted", "rrf", "bm25", "vector")
REQUEST_KEYS = {
    "query",
    "qid",
    "k",
    "profile",
    "category",
    "path",
    "since",
    "until",
    "include_held",
    "now",
    "record",
    "explain",
    "fusion",
    "settings",
}


@dataclass(frozen=True)
class RecallResult:
    query: str
    hits: list[Hit]
    freshness: Freshness
    profile: str
    k: int
    took_ms: float
    synced: SyncReport | None = None
    explain: dict[str, Any] = field(default_factory=dict)
    rewrite: dict[str, str] | None = None  # {"query": searched with, "how": ...} when a rewrite was asked

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "query": self.query,
            "profile": self.profile,
            "k": self.k,
            "took_ms": round(self.took_ms, 2),
            "hits": [h.to_dict() for h in self.hits],
            "freshness": self.freshness.to_dict(),
        }
        if self.synced is not None:
            data["synced"] = self.synced.to_dict()
        if self.rewrite is not None:
            data["rewrite"] = self.rewrite
        if self.explain:
            data["explain"] = self.explain
        return data


def parse_when(value: str | datetime | None, what: str) -> datetime | None:
    """An ISO date or date-time (naive means local time)."""
    if value is None or isinstance(value, datetime):
        return value
    try:
        parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(
            f"{what} {value!r}: not an ISO date or time; use e.g. 2024-05-01 or 2024-05-01T09:30"
        ) from None
    return parsed


def _day_of(moment: datetime) -> float:
    local = moment.astimezone() if moment.tzinfo else moment
    seconds = local.hour * 3600 + local.minute * 60 + local.second
    return local.date().toordinal() + seconds / 86400


def _settings(ws: Workspace, overrides: dict[str, Any] | None) -> RecallConfig:
    base = ws.config.recall
    if not overrides:
        return base
    if not isinstance(overrides, dict):
        raise UsageError("settings must be a mapping of [recall] keys")
    checked = config_from_dict({"recall": overrides}, "recall settings").recall
    return dataclasses.replace(base, **{k: getattr(checked, k) for k in overrides})


def _profile(cfg: RecallConfig, profile: str | None, query: str) -> str:
    chosen = profile or cfg.profile
    if chosen == "auto":
        chosen = rank.pick_profile(query)
    if chosen not in rank.PROFILES:
        raise UsageError(f"profile {chosen!r}: use lean, balanced, deep or auto")
    return chosen


def _rewrites(cfg: RecallConfig, chosen: str) -> bool:
    """Step 1 runs for the deep profile or `[recall] rewrite = true`, never for lean."""
    return chosen != "lean" and (chosen == "deep" or cfg.rewrite)


def ensure_fresh(
    ws: Workspace, embedder: Embedder | None = None, progress: Progress | None = None
) -> tuple[Freshness, SyncReport | None, Loaded]:
    """Stat-check the files, reindex what changed, and return the loaded index."""
    from jarvis.index.vectors import load_index

    fresh = freshness(ws)
    report = None
    if fresh.stale or fresh.generation == 0:
        try:
            report = reconcile(
                ws,
                embedder=embedder,
                progress=progress,
                lock_timeout=RECALL_LOCK_WAIT_S,
                embed_limit=INLINE_EMBED_MAX,
            )
            fresh = freshness(ws)
        except LockBusy as exc:
            if fresh.generation == 0:
                raise LockBusy(
                    f"{exc}; there is no complete index to answer from yet — try again soon"
                ) from None
            fresh = replace(fresh, busy=str(exc))  # answer from the last complete index, and say so
    if 0 < fresh.unembedded <= INLINE_EMBED_MAX and not fresh.busy:
        # a few chunks still without vectors: embed them now, the model is loaded for the query anyway
        with contextlib.suppress(LockBusy):
            fill_vectors(ws, embedder, lock_timeout=RECALL_LOCK_WAIT_S)
            fresh = replace(fresh, unembedded=freshness(ws).unembedded)
    loaded = load_index(ws)
    if loaded is None and fresh.busy:
        raise LockBusy(f"{fresh.busy}; the index cannot be read meanwhile — try again soon")
    if loaded is None:  # a writer died between store and lexical commit: repair, then read
        report = reconcile(ws, embedder=embedder, progress=progress, embed_limit=INLINE_EMBED_MAX)
        loaded = load_index(ws)
    if loaded is None:
        raise IndexError_(f"{ws.state_dir / 'index'}: index cannot be opened; run `jarvis index --rebuild`")
    return fresh, report, loaded


def _mask(
    loaded: Loaded,
    *,
    category: str | None,
    path_glob: str | None,
    since: datetime | None,
    until: datetime | None,
    include_held: bool,
) -> np.ndarray:
    import numpy as np

    keep = np.ones(len(loaded), dtype=bool)
    if not include_held:
        # Held, archived and superseded memory is kept on disk but out of default recall.
        keep &= (loaded.gates != "hold") & (loaded.statuses != "archived") & (loaded.statuses != "superseded")
    if category:
        keep &= np.array([c == category for c in loaded.categories], dtype=bool)
    if path_glob:
        keep &= np.array([fnmatch.fnmatch(p, path_glob) for p in loaded.paths], dtype=bool)
    if since is not None:
        keep &= loaded.day >= since.date().toordinal()
    if until is not None:
        keep &= loaded.day <= until.date().toordinal()
    return keep


@functools.cache
def _encoder_pool() -> ThreadPoolExecutor:
    """One worker thread for the query encoding, kept for the process (a new thread per
    recall cost ~1-3 ms on a busy 2-core machine)."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="jarvis-query")


def recall(
    ws: Workspace,
    query: str,
    *,
    embedder: Embedder | None = None,
    k: int | None = None,
    profile: str | None = None,
    category: str | None = None,
    path_glob: str | None = None,
    since: str | datetime | None = None,
    until: str | datetime | None = None,
    include_held: bool = False,
    now: str | datetime | None = None,
    record: bool = True,
    explain: bool = False,
    fusion: str | None = None,
    settings: dict[str, Any] | None = None,
    progress: Progress | None = None,
    llm: Any = None,
    _prepared: tuple[Freshness, SyncReport | None, Loaded] | None = None,
) -> RecallResult:
    """Search the memory. See SPEC section 2 for the pipeline; every step is in `[recall]` settings.

    `llm` (a jarvis.llm.LLM, None = offline) rewrites the query for the deep profile
    or when `[recall] rewrite` is on; the original query is used on timeout, error or offline.
    """
    import numpy as np

    from jarvis.index.access import read_access, record_access
    from jarvis.index.embed import LazyEmbedder, embed_texts
    from jarvis.index.vectors import day_number, top_k

    started = time.perf_counter()
    if not query or not query.strip():
        raise UsageError("empty query; say what to recall, e.g. `jarvis recall 'deploy steps'`")
    cfg = _settings(ws, settings)
    method = fusion or cfg.fusion
    if method not in FUSIONS:
        raise UsageError(f"fusion {method!r}: use one of {', '.join(FUSIONS)}")
    chosen = _profile(cfg, profile, query)
    if k is not None and k < 1:
        raise UsageError(f"-k {k}: ask for at least one result")
    limit = k or rank.PROFILES[chosen]
    moment = parse_when(now, "--now") or datetime.now(UTC)
    since_dt, until_dt = parse_when(since, "--since"), parse_when(until, "--until")
    model = embedder or LazyEmbedder(ws.config.embedding)
    rewrite = None
    searched = query
    if _rewrites(cfg, chosen):
        from jarvis.index.rewrite import rewrite_query

        with track(ws, "recall", "rewrite") as ev:
            searched, how = rewrite_query(
                query, llm, model=ws.config.llm.fast_model, timeout_s=cfg.rewrite_timeout_s
            )
            ev.detail["how"] = how
        rewrite = {"query": searched, "how": how}
    if _prepared is None:
        # Encode the query while the freshness check stats the files (both release the GIL).
        encoding = _encoder_pool().submit(embed_texts, ws, model, [searched])
        fresh, report, loaded = ensure_fresh(ws, model, progress)
        qvec = encoding.result()[0]
    else:
        fresh, report, loaded = _prepared
        qvec = embed_texts(ws, model, [searched])[0]
    t_ready = time.perf_counter()
    keep = _mask(
        loaded,
        category=category,
        path_glob=path_glob,
        since=since_dt,
        until=until_dt,
        include_held=include_held,
    )
    hits: list[Hit] = []
    info: dict[str, Any] = {}
    if len(loaded) and keep.any():
        filtered = not keep.all()
        wanted = cfg.bm25_candidates
        found = lexical.search(loaded.lexical_index, searched, wanted * 8 if filtered else wanted)
        bm25_pos = [loaded.pos[r] for r, _ in found if r in loaded.pos and keep[loaded.pos[r]]][:wanted]
        bm25_raw = np.array([s for r, s in found if r in loaded.pos and keep[loaded.pos[r]]][:wanted])
        t_lexical = time.perf_counter()
        cos = loaded.cosine(qvec)
        vec_pos = [
            int(p) for p in top_k(np.where(keep & loaded.embedded, cos, -np.inf), cfg.vector_candidates)
        ]
        if method == "bm25":
            vec_pos = []
        if method == "vector":
            bm25_pos, bm25_raw = [], np.zeros(0)
        cand = list(dict.fromkeys([*bm25_pos, *vec_pos]))
        if cand:
            idx = np.array(cand, dtype=np.int64)
            bm25_norm = dict(zip(bm25_pos, rank.minmax(bm25_raw), strict=True))
            bm25_score = np.array([bm25_norm.get(p, 0.0) for p in cand], dtype=np.float32)
            rank_b = np.array([bm25_pos.index(p) + 1 if p in bm25_norm else 0 for p in cand])
            vec_rank = {p: i + 1 for i, p in enumerate(vec_pos)}
            rank_v = np.array([vec_rank.get(p, 0) for p in cand])
            # A chunk without its vector yet is ranked by BM25 alone: its missing vector
            # signal takes the BM25 value and rank, so it is neither lifted nor sunk.
            has_vec = loaded.embedded[idx]
            vector = np.where(has_vec, np.clip(cos[idx], 0.0, 1.0), bm25_score).astype(np.float32)
            rank_v = np.where(has_vec, rank_v, rank_b)
            fused = rank.fuse(
                vector,
                bm25_score,
                rank_v,
                rank_b,
                method=method,
                vector_weight=cfg.vector_weight,
                bm25_weight=cfg.bm25_weight,
                rrf_k=cfg.rrf_k,
            )
            access = read_access(ws) if cfg.decay else {}
            accessed = np.array(
                [day_number(access.get(loaded.paths[p], (0, None))[1]) for p in cand], dtype=np.float64
            )
            decay = rank.decay_factors(
                loaded.day[idx],
                accessed,
                loaded.evergreen[idx],
                loaded.statuses[idx] == "stale",
                now_day=_day_of(moment),
                half_life=cfg.half_life_days,
                enabled=cfg.decay,
                stale_factor=cfg.stale_factor,
            )
            final = fused * decay
            if cfg.mmr:
                order = rank.mmr(final, loaded.matrix[idx], len(cand), cfg.mmr_lambda)
            else:
                order = [int(i) for i in np.argsort(-final, kind="stable")]
            passages: list[dict[str, Any]] = []
            per_file: dict[str, int] = {}
            for i in order:
                p = cand[i]
                if merge_into(passages, loaded, p, cfg.merge_adjacent_chars):
                    continue
                if len(passages) == limit:
                    break
                if not loaded.own_words[p]:
                    continue  # a bare link or lone heading only ever joins a passage
                if cfg.max_per_file and per_file.get(loaded.paths[p], 0) >= cfg.max_per_file:
                    continue
                per_file[loaded.paths[p]] = per_file.get(loaded.paths[p], 0) + 1
                signals = {
                    "bm25": round(float(bm25_score[i]), 4),
                    "vector": round(float(vector[i]), 4),
                    "fused": round(float(fused[i]), 4),
                    "decay": round(float(decay[i]), 4),
                    "final": round(float(final[i]), 4),
                }
                if explain:
                    signals |= {
                        "embedded": bool(has_vec[i]),
                        "bm25_rank": int(rank_b[i]),
                        "vector_rank": int(rank_v[i]),
                        "cosine": float(cos[p]),
                    }
                passages.append({"parts": [p], "signals": signals})
            hits = [make_hit(loaded, passage) for passage in passages]
        if explain:
            info = {
                "rewrite": rewrite,
                "fusion": method,
                "settings": dataclasses.asdict(cfg),
                "candidates": {"bm25": len(bm25_pos), "vector": len(vec_pos), "union": len(cand)},
                "searchable_chunks": int(keep.sum()),
                "chunks_without_vector": int((~loaded.embedded).sum()),
                "now": moment.isoformat(),
                "ms": {
                    "freshness_and_query_encode": round((t_ready - started) * 1000, 2),
                    "lexical_search": round((t_lexical - t_ready) * 1000, 2),
                    "vector_and_rank": round((time.perf_counter() - t_lexical) * 1000, 2),
                },
            }
    if record and hits:
        record_access(ws, [h.path for h in hits], datetime.now(UTC).isoformat(timespec="seconds"))
    return RecallResult(
        query=query,
        hits=hits,
        freshness=fresh,
        profile=chosen,
        k=limit,
        took_ms=(time.perf_counter() - started) * 1000,
        synced=report,
        explain=info,
        rewrite=rewrite,
    )


def _call(
    ws: Workspace,
    req: dict[str, Any],
    embedder: Embedder | None,
    prepared: Any = None,
    progress: Progress | None = None,
    llm: Any = None,
) -> RecallResult:
    unknown = set(req) - REQUEST_KEYS
    if unknown:
        raise UsageError(f"recall request: unknown key(s) {', '.join(sorted(unknown))}")
    query = req.get("query")
    if not isinstance(query, str):
        raise UsageError(f"recall request {req.get('qid', '')}: 'query' must be text".replace("  ", " "))
    k = req.get("k")
    if k is not None and (not isinstance(k, int) or isinstance(k, bool)):
        raise UsageError(f"recall request: k must be a whole number, got {k!r}")
    return recall(
        ws,
        query,
        embedder=embedder,
        k=k,
        profile=req.get("profile"),
        category=req.get("category"),
        path_glob=req.get("path"),
        since=req.get("since"),
        until=req.get("until"),
        include_held=bool(req.get("include_held", False)),
        now=req.get("now"),
        record=bool(req.get("record", True)),
        explain=bool(req.get("explain", False)),
        fusion=req.get("fusion"),
        settings=req.get("settings"),
        progress=progress,
        llm=llm,
        _prepared=prepared,
    )


def handle_request(
    ws: Workspace,
    request: dict[str, Any],
    embedder: Embedder | None = None,
    *,
    progress: Progress | None = None,
    llm: Any = None,
) -> dict[str, Any]:
    """Answer one request: {"query": …, options…} or {"batch": [{"qid", "query", …}, …], defaults…}."""
    if not isinstance(request, dict):
        raise UsageError("recall request must be a JSON object")
    if "batch" not in request:
        return _call(ws, request, embedder, progress=progress, llm=llm).to_dict()
    items = request["batch"]
    if not isinstance(items, list):
        raise UsageError("recall request: 'batch' must be a list of requests")
    defaults = {key: value for key, value in request.items() if key != "batch"}
    prepared = ensure_fresh(ws, embedder, progress)
    results = []
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            raise UsageError(f"batch line {n + 1}: must be a JSON object with a 'query'")
        merged = {**defaults, **item}
        qid = merged.pop("qid", n)
        result = _call(ws, merged, embedder, prepared, llm=llm)
        line = {"qid": qid, "hits": [h.to_dict() for h in result.hits], "took_ms": round(result.took_ms, 2)}
        if result.rewrite is not None:
            line["rewrite"] = result.rewrite
        results.append(line)
    return {"results": results, "freshness": prepared[0].to_dict()}
