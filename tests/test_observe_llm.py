"""LLM providers through their real clients; only the HTTP layer is replayed from recorded JSON."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest

from jarvis.config import LLMConfig
from jarvis.errors import ConfigError, ProviderError
from jarvis.events import read_events
from jarvis.llm import AnthropicLLM, Completion, get_llm
from jarvis.llm.openai_compat import OpenAICompatLLM
from jarvis.notes import iter_fragments
from jarvis.observe.pipeline import observe_sessions, read_offsets
from jarvis.observe.schema import parse_output
from jarvis.observe.sessions import SessionEvent, SessionMeta, write_session
from jarvis.workspace import Workspace

DATA = Path(__file__).parent / "data" / "observe"
ENV = {"ANTHROPIC_API_KEY": "sk-ant-test-key"}


def recorded(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


Step = Callable[[httpx2.Request], httpx2.Response]


def replay(*steps: Step) -> tuple[httpx2.Client, list[httpx2.Request]]:
    """An httpx2 client whose transport answers the steps in order (and records requests)."""
    seen: list[httpx2.Request] = []
    queue = list(steps)

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        assert queue, "more requests than recorded responses"
        return queue.pop(0)(request)

    return httpx2.Client(transport=httpx2.MockTransport(handler)), seen


def ok(name: str) -> Step:
    return lambda request: httpx2.Response(200, json=recorded(name))


def rate_limited(request: httpx2.Request) -> httpx2.Response:
    return httpx2.Response(429, json=recorded("anthropic_429.json"), headers={"retry-after-ms": "10"})


def timeout(request: httpx2.Request) -> httpx2.Response:
    raise httpx2.ReadTimeout("timed out", request=request)


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ws.root), *args], capture_output=True, text=True, check=True
    ).stdout


def cat_session(ws: Workspace) -> None:
    texts = [
        ("user", "my cat's name is Whiskerino"),
        ("assistant", "ok"),
        ("user", "always run make test before you commit"),
        ("assistant", "Will do."),
    ]
    write_session(
        ws,
        SessionMeta(id="s1"),
        [SessionEvent("message", turn=i, role=r, text=t) for i, (r, t) in enumerate(texts)],
    )


def anthropic(client: httpx2.Client, **cfg: Any) -> Any:
    cfg.setdefault("model", "claude-sonnet-4-6")
    llm = get_llm(LLMConfig(max_retries=cfg.pop("max_retries", 2), **cfg), ENV, http_client=client)
    assert isinstance(llm, AnthropicLLM)
    return llm


def test_provider_selection() -> None:
    assert get_llm(LLMConfig(), {}) is None
    assert get_llm(LLMConfig(provider="offline"), ENV) is None
    assert isinstance(get_llm(LLMConfig(base_url="http://localhost:11434/v1"), {}), OpenAICompatLLM)
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        get_llm(LLMConfig(provider="anthropic"), {})
    with pytest.raises(ConfigError, match="provider"):
        get_llm(LLMConfig(provider="gpt"), {})


def test_anthropic_after_429_and_timeout_writes_the_right_files(ws: Workspace, embedder: Any) -> None:
    cat_session(ws)
    client, seen = replay(rate_limited, timeout, ok("anthropic_ok.json"))
    report = observe_sessions(ws, ["s1"], llm=anthropic(client), embedder=embedder)
    assert len(seen) == 3
    sent = json.loads(seen[-1].content)
    assert (
        sent["model"] == "claude-sonnet-4-6"
        and "[0] user: my cat's name is Whiskerino" in sent["messages"][0]["content"]
    )
    assert "sk-ant-test-key" in (
        seen[-1].headers.get("x-api-key", "") + seen[-1].headers.get("authorization", "")
    )
    assert report.errors == ()
    assert report.counts["allowed"] == 2  # the held rule names a command: promoted to allow
    assert report.counts["discarded"] == 2  # "ok" is too short; the small talk the model discarded
    assert (
        git(ws, "log", "-1", "--format=%s").strip()
        == "observe: “my cat's name is Whiskerino” (2 allowed, 0 held, 2 discarded, 0 merged)"
    )
    bodies = sorted(f.body.split("\n")[0] for _, f in iter_fragments(ws))
    assert bodies == [
        "Always run make test before committing to the jarvis repo.",
        "The user's cat is named Whiskerino.",
    ]
    assert {f.extra["observer"] for _, f in iter_fragments(ws)} == {"llm:anthropic"}
    day = next(ws.memory_dir.glob("2*.md")).read_text(encoding="utf-8")
    assert "s1: The user introduced their cat and set a rule for commits." in day
    event = read_events(ws, component="observe")[-1]
    assert (event["counts"]["input_tokens"], event["counts"]["output_tokens"]) == (412, 233)
    assert read_offsets(ws) == {"s1": 4}


def test_malformed_output_is_an_error_event_nothing_half_applied_then_retried(
    ws: Workspace, embedder: Any
) -> None:
    cat_session(ws)
    head = git(ws, "rev-parse", "HEAD")
    client, _ = replay(ok("anthropic_malformed.json"))
    report = observe_sessions(ws, ["s1"], llm=anthropic(client), embedder=embedder)
    assert report.sha is None and len(report.errors) == 1
    assert "not valid JSON" in report.errors[0]
    assert git(ws, "rev-parse", "HEAD") == head
    assert git(ws, "status", "--porcelain").strip() == ""
    assert list(iter_fragments(ws)) == [] and read_offsets(ws) == {}
    assert read_events(ws, component="observe")[-1]["detail"]["errors"]
    # next run: the same batch again, now answered properly
    client, _ = replay(ok("anthropic_ok.json"))
    again = observe_sessions(ws, ["s1"], llm=anthropic(client), embedder=embedder)
    assert again.errors == () and again.counts["allowed"] == 2 and read_offsets(ws) == {"s1": 4}


def test_retries_exhausted_is_a_provider_error_with_advice() -> None:
    client, seen = replay(rate_limited, rate_limited)
    with pytest.raises(ProviderError, match="rate limited"):
        anthropic(client, max_retries=1).complete("sys", [{"role": "user", "content": "hi"}], max_tokens=10)
    assert len(seen) == 2


def test_anthropic_stream_yields_text_then_a_completion_with_tool_calls() -> None:
    events = [
        ("message_start", {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
         "model": "claude-sonnet-4-5", "content": [], "stop_reason": None, "stop_sequence": None,
         "usage": {"input_tokens": 20, "output_tokens": 1}}}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me "}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "look."}}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("content_block_start", {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use",
         "id": "toolu_1", "name": "memory_search", "input": {}}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta",
         "partial_json": "{\"query\": \"cat\"}"}}),
        ("content_block_stop", {"type": "content_block_stop", "index": 1}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
         "usage": {"output_tokens": 17}}),
        ("message_stop", {"type": "message_stop"}),
    ]  # fmt: skip
    body = "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events)
    client, _ = replay(
        lambda r: httpx2.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"})
    )
    out = list(
        anthropic(client).stream("sys", [{"role": "user", "content": "my cat?"}], max_tokens=100, tools=[])
    )
    assert out[:2] == ["Let me ", "look."]
    final = out[-1]
    assert isinstance(final, Completion)
    assert final.stop_reason == "tool_use" and final.text == "Let me look."
    assert [(c.name, c.input) for c in final.tool_calls] == [("memory_search", {"query": "cat"})]


def test_openai_compatible_server(ws: Workspace, embedder: Any) -> None:
    cat_session(ws)
    client, seen = replay(
        lambda r: httpx2.Response(503, text="loading model", headers={"retry-after": "0"}),
        timeout,
        ok("openai_ok.json"),
    )
    llm = get_llm(
        LLMConfig(base_url="http://127.0.0.1:11434/v1", model="llama3.1:8b"), {}, http_client=client
    )
    assert isinstance(llm, OpenAICompatLLM)
    llm.sleep = lambda s: None
    report = observe_sessions(ws, ["s1"], llm=llm, embedder=embedder)
    assert str(seen[-1].url) == "http://127.0.0.1:11434/v1/chat/completions"
    body = json.loads(seen[-1].content)
    assert body["messages"][0]["role"] == "system" and body["model"] == "llama3.1:8b"
    assert report.counts["allowed"] == 1 and report.usage == {"input_tokens": 380, "output_tokens": 61}


def test_openai_tool_calls_and_message_conversion() -> None:
    reply = {"choices": [{"message": {"content": None, "tool_calls": [{"id": "c1", "type": "function",
             "function": {"name": "memory_search", "arguments": "{\"query\": \"cat\"}"}}]},
             "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 5, "completion_tokens": 3}}  # fmt: skip
    client, seen = replay(lambda r: httpx2.Response(200, json=reply))
    llm = OpenAICompatLLM(LLMConfig(max_retries=0), "http://localhost:8080", http_client=client)
    history = [
        {"role": "user", "content": "my cat?"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "c0", "name": "memory_search", "input": {"query": "x"}}],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c0", "content": "nothing"}]},
    ]
    tools = [{"name": "memory_search", "description": "search", "input_schema": {"type": "object"}}]
    result = llm.complete("sys", history, max_tokens=50, tools=tools)
    assert result.stop_reason == "tool_use" and result.tool_calls[0].input == {"query": "cat"}
    sent = json.loads(seen[0].content)
    assert str(seen[0].url) == "http://localhost:8080/v1/chat/completions"
    assert [m["role"] for m in sent["messages"]] == ["system", "user", "assistant", "tool"]
    assert sent["tools"][0]["function"]["parameters"] == {"type": "object"}


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ('{"segments": []} trailing', "not valid JSON"),
        ('{"segments": [], "extra": 1}', "exactly"),
        ('{"segments": [{"narrative": "x", "turns": [0, 9], "facts": []}]}', "outside this batch"),
        ('{"segments": [{"narrative": "x", "turns": [0, 1], "facts": [{"text": "t", "priority": "urgent", '
         '"gate": "allow", "confidence": 0.5, "turns": [0, 0]}]}]}', "priority"),
        ('{"segments": [{"narrative": "x", "turns": [0, 1], "facts": [{"text": "t", "priority": "low", '
         '"gate": "allow", "confidence": true, "turns": [0, 0]}]}]}', "wrong type"),
    ],
)  # fmt: skip
def test_strict_parser_rejects(answer: str, problem: str) -> None:
    with pytest.raises(ProviderError, match=problem):
        parse_output(answer, 0, 1)


def test_strict_parser_accepts_a_fenced_answer() -> None:
    out = parse_output('```json\n{"segments": [{"narrative": "n", "turns": [3, 4], "facts": []}]}\n```', 3, 4)
    assert out.segments[0].narrative == "n"
