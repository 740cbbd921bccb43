"""An OpenAI-compatible chat endpoint (Ollama, llama.cpp server, vLLM) over plain HTTP.

Messages and tools come in the Anthropic shape used across jarvis and are
converted here. Retries with exponential backoff on 429, 5xx and timeouts
(`Retry-After` honoured, capped).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from jarvis.errors import ProviderError
from jarvis.llm import Completion, ToolCall

if TYPE_CHECKING:
    from jarvis.config import LLMConfig

STOP_REASONS = {
    "stop": "end_turn",
    "length": "max_tokens",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
}
RETRY_STATUS = {408, 409, 429, 500, 502, 503, 504}
MAX_BACKOFF_S = 8.0


def chat_url(base_url: str) -> str:
    base = base_url.rstrip("/")
    return f"{base}/chat/completions" if base.endswith("/v1") else f"{base}/v1/chat/completions"


def to_openai_messages(system: str, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Anthropic-shaped messages (text, tool_use, tool_result blocks) to OpenAI chat messages."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for message in messages:
        role, content = message.get("role", "user"), message.get("content", "")
        if isinstance(content, str):
            out.append({"role": role, "content": content})
            continue
        texts: list[str] = []
        calls: list[dict[str, Any]] = []
        for block in content:
            kind = block.get("type")
            if kind == "text":
                texts.append(block.get("text", ""))
            elif kind == "tool_use":
                calls.append(
                    {
                        "id": block.get("id", ""),
                        "type": "function",
                        "function": {
                            "name": block.get("name", ""),
                            "arguments": json.dumps(block.get("input", {})),
                        },
                    }
                )
            elif kind == "tool_result":
                result = block.get("content", "")
                if isinstance(result, list):
                    result = "".join(b.get("text", "") for b in result if isinstance(b, dict))
                out.append(
                    {"role": "tool", "tool_call_id": block.get("tool_use_id", ""), "content": str(result)}
                )
        if texts or calls:
            item: dict[str, Any] = {"role": role, "content": "".join(texts) or None}
            if calls:
                item["tool_calls"] = calls
            out.append(item)
    return out


def to_openai_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t.get("description", ""),
                "parameters": t.get("input_schema", {"type": "object", "properties": {}}),
            },
        }
        for t in tools
    ]


def _parse_args(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        raise ProviderError(
            f"OpenAI-compatible server: tool arguments are not JSON: {str(raw)[:80]!r}"
        ) from None
    return value if isinstance(value, dict) else {}


def completion_from_openai(data: Any, model: str) -> Completion:
    try:
        choice = data["choices"][0]
        message = choice["message"]
    except (KeyError, IndexError, TypeError):
        raise ProviderError("OpenAI-compatible server: the reply has no choices[0].message") from None
    text = message.get("content") or ""
    calls = [
        ToolCall(
            str(c.get("id", "")), str(c["function"]["name"]), _parse_args(c["function"].get("arguments"))
        )
        for c in message.get("tool_calls") or []
    ]
    usage = data.get("usage") or {}
    return _completion(
        text, calls, str(choice.get("finish_reason") or ""), usage, str(data.get("model") or model)
    )


def _completion(
    text: str, calls: list[ToolCall], finish: str, usage: dict[str, Any], model: str
) -> Completion:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
    blocks += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.input} for c in calls]
    return Completion(
        text=text,
        tool_calls=calls,
        stop_reason=STOP_REASONS.get(finish, finish),
        usage={
            "input_tokens": int(usage.get("prompt_tokens", 0) or 0),
            "output_tokens": int(usage.get("completion_tokens", 0) or 0),
        },
        content=blocks,
        model=model,
    )


class OpenAICompatLLM:
    name = "openai"

    def __init__(self, cfg: LLMConfig, base_url: str, *, api_key: str = "", http_client: Any = None):
        import httpx2

        self.cfg = cfg
        self.url = chat_url(base_url)
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = http_client or httpx2.Client(timeout=cfg.timeout_s)
        self.sleep = time.sleep

    def _body(
        self,
        system: str,
        messages: list[dict[str, Any]],
        max_tokens: int,
        tools: list[dict[str, Any]] | None,
        model: str | None,
        stream: bool,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": model or self.cfg.model,
            "messages": to_openai_messages(system, messages),
            "max_tokens": max_tokens,
        }
        if tools:
            body["tools"] = to_openai_tools(tools)
        if stream:
            body["stream"] = True
        return body

    def _backoff(self, attempt: int, retry_after: str | None) -> None:
        delay = min(MAX_BACKOFF_S, 0.5 * 2**attempt)
        if retry_after:
            with contextlib.suppress(ValueError):
                delay = min(MAX_BACKOFF_S, float(retry_after))
        self.sleep(delay)

    def _send(self, body: dict[str, Any], stream: bool) -> Any:
        """POST with retries; returns an open response (caller closes it)."""
        import httpx2

        last = ""
        for attempt in range(self.cfg.max_retries + 1):
            try:
                request = self.client.build_request(
                    "POST", self.url, json=body, headers=self.headers, timeout=self.cfg.timeout_s
                )
                response = self.client.send(request, stream=stream)
            except httpx2.TimeoutException:
                last = f"timed out after {self.cfg.timeout_s:g} s"
                if attempt < self.cfg.max_retries:
                    self._backoff(attempt, None)
                continue
            except httpx2.HTTPError as exc:
                raise ProviderError(
                    f"OpenAI-compatible server {self.url}: cannot connect ({type(exc).__name__}); is it running?"
                ) from exc
            if response.status_code < 400:
                return response
            detail = response.read().decode("utf-8", "replace")[:200]
            response.close()
            last = f"HTTP {response.status_code}: {detail}"
            if response.status_code not in RETRY_STATUS:
                break
            if attempt < self.cfg.max_retries:
                self._backoff(attempt, response.headers.get("retry-after"))
        raise ProviderError(f"OpenAI-compatible server {self.url}: {last}; check [llm] base_url and model")

    def complete(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Completion:
        body = self._body(system, messages, max_tokens, tools, model, stream=False)
        response = self._send(body, stream=False)
        try:
            data = response.json()
        except ValueError:
            raise ProviderError(f"OpenAI-compatible server {self.url}: the reply is not JSON") from None
        finally:
            response.close()
        return completion_from_openai(data, body["model"])

    def stream(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Iterator[str | Completion]:
        body = self._body(system, messages, max_tokens, tools, model, stream=True)
        response = self._send(body, stream=True)
        texts: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        finish, usage = "", dict[str, Any]()
        try:
            for line in response.iter_lines():
                if not line.startswith("data:"):
                    continue
                payload = line[5:].strip()
                if payload == "[DONE]":
                    break
                try:
                    chunk = json.loads(payload)
                except ValueError:
                    raise ProviderError(
                        f"OpenAI-compatible server {self.url}: a stream chunk is not JSON"
                    ) from None
                usage = chunk.get("usage") or usage
                for choice in chunk.get("choices") or []:
                    delta = choice.get("delta") or {}
                    if delta.get("content"):
                        texts.append(delta["content"])
                        yield delta["content"]
                    for call in delta.get("tool_calls") or []:
                        slot = calls.setdefault(int(call.get("index", 0)), {"id": "", "name": "", "args": ""})
                        fn = call.get("function") or {}
                        slot["id"] = call.get("id") or slot["id"]
                        slot["name"] += fn.get("name") or ""
                        slot["args"] += fn.get("arguments") or ""
                    finish = choice.get("finish_reason") or finish
        finally:
            response.close()
        tool_calls = [ToolCall(c["id"], c["name"], _parse_args(c["args"])) for _, c in sorted(calls.items())]
        yield _completion("".join(texts), tool_calls, finish, usage, body["model"])
