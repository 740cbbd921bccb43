"""Step 1 of recall: query rewrite by the real Anthropic SDK against a replayed HTTP layer."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import httpx2
from conftest import write_files

from jarvis.config import LLMConfig
from jarvis.events import read_events
from jarvis.index.recall import handle_request, recall
from jarvis.index.rewrite import rewrite_query, wants_rewrite
from jarvis.llm import AnthropicLLM
from jarvis.workspace import Workspace

REPLY = json.loads((Path(__file__).parent / "data" / "index" / "anthropic_rewrite.json").read_text("utf-8"))
QUERY = "who treats my cat"
NOW = "2024-05-03T12:00"
VET = "memory/notes/people-relationships/vet.md"


def llm_with(handler: Any) -> tuple[AnthropicLLM, list[httpx2.Request]]:
    seen: list[httpx2.Request] = []

    def record(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return handler(request)  # type: ignore[no-any-return]

    client = httpx2.Client(transport=httpx2.MockTransport(record))
    return AnthropicLLM(LLMConfig(max_retries=0), "sk-ant-test-key", http_client=client), seen


def replying(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(200, json=REPLY)


def test_recorded_reply_keeps_the_original_words_and_adds_new_ones() -> None:
    llm, seen = llm_with(replying)
    query, how = rewrite_query(QUERY, llm, model="claude-haiku-4-5", timeout_s=30)
    assert how == "rewritten"
    assert query == "who treats my cat cat veterinarian Okonkwo clinic appointment"  # quotes stripped
    sent = json.loads(seen[0].content)
    assert sent["model"] == "claude-haiku-4-5" and sent["messages"][0]["content"] == QUERY


def test_slow_provider_gives_the_original_query_on_timeout() -> None:
    release = threading.Event()

    def slow(request: httpx2.Request) -> httpx2.Response:
        release.wait(30)
        return httpx2.Response(200, json=REPLY)

    llm, _ = llm_with(slow)
    try:
        assert rewrite_query(QUERY, llm, model="m", timeout_s=0.05) == (QUERY, "timeout")
    finally:
        release.set()


def test_error_empty_and_offline_give_the_original_query() -> None:
    failing, _ = llm_with(lambda request: httpx2.Response(500, json={"type": "error"}))
    assert rewrite_query(QUERY, failing, model="m", timeout_s=30) == (QUERY, "error")
    empty_reply = {**REPLY, "content": [{"type": "text", "text": ' \n""\n'}]}
    empty, _ = llm_with(lambda request: httpx2.Response(200, json=empty_reply))
    assert rewrite_query(QUERY, empty, model="m", timeout_s=30) == (QUERY, "error")
    assert rewrite_query(QUERY, None, model="m", timeout_s=30) == (QUERY, "offline")


def test_which_requests_rewrite(ws: Workspace) -> None:
    assert wants_rewrite(ws, {"query": QUERY, "profile": "deep"})
    assert not wants_rewrite(ws, {"query": QUERY, "profile": "balanced"})
    assert wants_rewrite(ws, {"query": QUERY, "profile": "balanced", "settings": {"rewrite": True}})
    assert not wants_rewrite(ws, {"query": QUERY, "profile": "lean", "settings": {"rewrite": True}})
    assert wants_rewrite(
        ws, {"profile": "lean", "batch": [{"query": QUERY}, {"query": QUERY, "profile": "deep"}]}
    )


def test_deep_recall_finds_what_only_the_rewritten_words_match(ws: Workspace, embedder: object) -> None:
    write_files(
        ws,
        {
            VET: "---\nid: mem-vet\ncategory: people-relationships\n---\n"
            "Dr. Okonkwo at the Elm Street clinic is our veterinarian.\n",
            "memory/notes/preferences/sofa.md": "---\nid: mem-sofa\ncategory: preferences\n---\n"
            "Prefers the grey corduroy sofa by the window for reading.\n",
        },
    )
    kw: dict[str, Any] = {"embedder": embedder, "now": NOW, "record": False}
    offline = recall(ws, QUERY, profile="deep", llm=None, **kw)
    assert offline.rewrite == {"query": QUERY, "how": "offline"}
    offline_vet = next(h for h in offline.hits if h.path == VET)
    assert offline_vet.signals["bm25"] == 0  # no original word matches it

    llm, seen = llm_with(replying)
    deep = recall(ws, QUERY, profile="deep", llm=llm, explain=True, **kw)
    assert len(seen) == 1 and deep.rewrite is not None and deep.rewrite["how"] == "rewritten"
    assert deep.query == QUERY and deep.explain["rewrite"] == deep.rewrite
    assert deep.hits[0].path == VET and deep.hits[0].signals["bm25"] > 0
    assert deep.hits[0].score > offline_vet.score  # the rewritten words lifted it
    assert deep.to_dict()["rewrite"]["query"].startswith(QUERY + " ")
    assert [e["detail"]["how"] for e in read_events(ws, "recall")] == ["offline", "rewritten"]

    request = {"query": QUERY, "profile": "lean", "settings": {"rewrite": True}, "now": NOW, "record": False}
    lean = handle_request(ws, request, embedder, llm=llm)  # type: ignore[arg-type]
    balanced = recall(ws, QUERY, profile="balanced", llm=llm, **kw)
    assert len(seen) == 1  # neither lean (even with rewrite on) nor default balanced asked the LLM
    assert "rewrite" not in lean and balanced.rewrite is None
