"""Step 1 of recall: an optional query rewrite by a fast LLM, bounded by a hard timeout.

The call runs in a daemon thread; the caller waits at most `timeout_s` and then goes on
with the original query (a late answer is dropped, and the thread never holds up exit).
The rewritten words are appended to the original query, so the person's own words
always count for BM25 and the query embedding.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

HOWS = ("rewritten", "timeout", "error", "offline")
MAX_CHARS = 200
SYSTEM = (
    "You rewrite a search query for a personal memory search over markdown notes "
    "(daily logs, facts, preferences, decisions). Reply with ONE line: a short, "
    "keyword-rich search query with the likely names, synonyms and related terms. "
    "No quotes, no explanation, no punctuation besides spaces."
)


def _clean(text: str) -> str:
    """The first non-empty line of the reply, without quotes or a 'Query:' label."""
    line = next((s.strip() for s in text.splitlines() if s.strip()), "")
    if line.lower().startswith("query:"):
        line = line[len("query:") :].strip()
    return line.strip("\"'`“”‘’ ")[:MAX_CHARS].strip()


def rewrite_query(query: str, llm: Any, *, model: str, timeout_s: float) -> tuple[str, str]:
    """(query to search with, how): how is "rewritten", "timeout", "error" or "offline"."""
    if llm is None:
        return query, "offline"
    done: Future[str] = Future()

    def ask() -> None:
        try:
            reply = llm.complete(SYSTEM, [{"role": "user", "content": query}], max_tokens=64, model=model)
            done.set_result(reply.text)
        except BaseException as exc:  # delivered to the waiting caller, never raised in the thread
            done.set_exception(exc)

    threading.Thread(target=ask, name="jarvis-rewrite", daemon=True).start()
    try:
        text = done.result(timeout=max(timeout_s, 0.0))
    except FutureTimeout:
        return query, "timeout"
    except Exception:
        return query, "error"
    words = _clean(text)
    if not words:
        return query, "error"
    return f"{query} {words}", "rewritten"


def wants_rewrite(ws: Any, request: dict[str, Any]) -> bool:
    """Whether a request (or any line of a batch) would rewrite its query.

    Callers build an LLM only when this is true, so the ordinary recall imports nothing more.
    """
    from jarvis.errors import UsageError
    from jarvis.index.recall import _profile, _rewrites, _settings

    if not isinstance(request, dict):
        return False
    defaults = {key: value for key, value in request.items() if key != "batch"}
    items = request.get("batch") if "batch" in request else [{}]
    for item in items if isinstance(items, list) else []:
        merged = {**defaults, **item} if isinstance(item, dict) else defaults
        query = merged.get("query")
        if not isinstance(query, str) or not query.strip():
            continue
        try:
            cfg = _settings(ws, merged.get("settings"))
            if _rewrites(cfg, _profile(cfg, merged.get("profile"), query)):
                return True
        except UsageError:
            continue  # recall itself reports the bad request
    return False
