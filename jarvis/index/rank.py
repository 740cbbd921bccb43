"""Ranking math: normalisation, fusion (weighted or reciprocal-rank), time decay, MMR.

Pure functions over numpy arrays; recall.py wires them to the index.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

PROFILES = {"lean": 3, "balanced": 6, "deep": 12}
BROAD = re.compile(r"\b(all|every|everything|list|history|overview|summar\w*|compare|timeline)\b", re.I)


def pick_profile(query: str) -> str:
    """`auto`: a keyword or two -> lean, a broad question -> deep, else balanced."""
    words = re.findall(r"\w+", query)
    if len(words) <= 2:
        return "lean"
    if BROAD.search(query) or len(words) >= 16:
        return "deep"
    return "balanced"


def minmax(scores: np.ndarray) -> np.ndarray:
    import numpy as np

    if scores.size == 0:
        return scores.astype(np.float32)
    low, high = float(scores.min()), float(scores.max())
    if high - low < 1e-12:
        return np.ones_like(scores, dtype=np.float32)
    return ((scores - low) / (high - low)).astype(np.float32)


def fuse(
    vector: np.ndarray,
    bm25: np.ndarray,
    rank_vector: np.ndarray,
    rank_bm25: np.ndarray,
    *,
    method: str,
    vector_weight: float,
    bm25_weight: float,
    rrf_k: int,
) -> np.ndarray:
    """Fused score in [0, 1] per candidate. Ranks are 1-based; 0 means "not in that list"."""
    import numpy as np

    if method == "weighted":
        total = vector_weight + bm25_weight or 1.0
        return ((vector_weight * vector + bm25_weight * bm25) / total).astype(np.float32)
    if method == "rrf":
        parts = np.zeros(vector.shape, dtype=np.float64)
        for weight, ranks in ((vector_weight, rank_vector), (bm25_weight, rank_bm25)):
            present = ranks > 0
            parts[present] += weight / (rrf_k + ranks[present])
        best = (vector_weight + bm25_weight) / (rrf_k + 1)
        return (parts / best).astype(np.float32)
    if method == "vector":
        return vector.astype(np.float32)
    if method == "bm25":
        return bm25.astype(np.float32)
    raise ValueError(method)


def decay_factors(
    day: np.ndarray,
    accessed_day: np.ndarray,
    evergreen: np.ndarray,
    stale: np.ndarray,
    *,
    now_day: float,
    half_life: float,
    enabled: bool,
    stale_factor: float,
) -> np.ndarray:
    """0.5 ** (age / half-life) from the later of date and last access; evergreen exempt; stale x factor."""
    import numpy as np

    factors = np.ones(day.shape, dtype=np.float64)
    if enabled and half_life > 0:
        ref = np.fmax(day, accessed_day)  # NaN-aware: a missing value gives way to the other
        age = np.clip(now_day - ref, 0.0, None)
        age = np.where(np.isnan(age), 0.0, age)
        factors = np.where(evergreen, 1.0, np.power(0.5, age / half_life))
    return np.where(stale, factors * stale_factor, factors)


def mmr(relevance: np.ndarray, vectors: np.ndarray, k: int, lam: float) -> list[int]:
    """Maximal marginal relevance: indexes into `relevance`, in pick order."""
    import numpy as np

    n = relevance.shape[0]
    if n == 0 or k <= 0:
        return []
    sims = np.clip(vectors @ vectors.T, 0.0, 1.0) if vectors.size else np.zeros((n, n))
    chosen: list[int] = [int(np.argmax(relevance))]
    closest = sims[chosen[0]].copy()
    available = np.ones(n, dtype=bool)
    available[chosen[0]] = False
    while len(chosen) < min(k, n):
        score = lam * relevance - (1.0 - lam) * closest
        score[~available] = -np.inf
        nxt = int(np.argmax(score))
        chosen.append(nxt)
        available[nxt] = False
        closest = np.maximum(closest, sims[nxt])
    return chosen
