"""LLM providers behind one small interface, used by the whole product.

- `AnthropicLLM`: the `anthropic` SDK (its own retries with backoff on 429/5xx/timeouts).
- `OpenAICompatLLM` (in `openai_compat.py`): `/v1/chat/completions` of Ollama, llama.cpp, vLLM.
- No provider (None): the offline rule-based observer takes over.

Messages use the Anthropic shape (`{"role": ..., "content": str | [blocks]}`) and
tools the Anthropic schema (`name`, `description`, `input_schema`); the OpenAI
adapter converts both. Both accept an injected HTTP client (httpx2, the HTTP
library the anthropic SDK is built on) so tests replay recorded responses.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from jarvis.errors import ConfigError, ProviderError

if TYPE_CHECKING:
    from jarvis.config import LLMConfig

PROVIDERS = ("auto", "offline", "anthropic", "openai")


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    input: dict[str, Any]


@dataclass(frozen=True)
class Completion:
    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    stop_reason: str = ""
    usage: dict[str, int] = field(default_factory=dict)
    content: list[dict[str, Any]] = field(default_factory=list)  # raw content blocks (Anthropic shape)
    model: str = ""


class LLM(Protocol):
    name: str

    def complete(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Completion: ...

    def stream(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Iterator[str | Completion]:
        """Text deltas (str) as they arrive, then one final Completion."""
        ...


def get_llm(cfg: LLMConfig, env: Mapping[str, str], *, http_client: Any = None) -> LLM | None:
    """The configured provider, or None for offline.

    provider "auto": Anthropic when the key variable (cfg.api_key_env) is set; else an
    OpenAI-compatible server when base_url is set; else offline.
    """
    if cfg.provider not in PROVIDERS:
        raise ConfigError(f"jarvis.toml [llm] provider {cfg.provider!r}: use one of {', '.join(PROVIDERS)}")
    key = env.get(cfg.api_key_env, "")
    provider = cfg.provider
    if provider == "offline":
        return None
    if provider == "auto":
        if key:
            provider = "anthropic"
        elif cfg.base_url:
            provider = "openai"
        else:
            return None
    if provider == "anthropic":
        if not key:
            raise ConfigError(
                f"jarvis.toml [llm] provider = anthropic but ${cfg.api_key_env} is not set; "
                "export the key or set provider = offline"
            )
        base_url = cfg.base_url or env.get("ANTHROPIC_BASE_URL") or None
        return AnthropicLLM(cfg, key, base_url=base_url, http_client=http_client)
    from jarvis.llm.openai_compat import OpenAICompatLLM

    if not cfg.base_url:
        raise ConfigError(
            'jarvis.toml [llm] provider = openai needs base_url (e.g. "http://localhost:11434/v1" for Ollama)'
        )
    return OpenAICompatLLM(
        cfg, cfg.base_url, api_key=key or env.get("OPENAI_API_KEY", ""), http_client=http_client
    )


def json_list_reply(text: str, key: str, who: str) -> list[Any]:
    """The list under `key` in an LLM's JSON reply (code fences allowed); ProviderError otherwise."""
    raw = text.strip()
    if raw.startswith("```"):
        raw = raw.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ProviderError(f"{who}: reply is not JSON ({exc.msg} at {exc.pos})") from None
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ProviderError(f'{who}: reply has no "{key}" list')
    return items


def _block_dict(block: Any) -> dict[str, Any]:
    if hasattr(block, "model_dump"):
        return dict(block.model_dump(exclude_none=True))
    return dict(block)


def completion_from_message(message: Any) -> Completion:
    """Turn an anthropic Message into a Completion."""
    blocks = [_block_dict(b) for b in message.content]
    text = "".join(b.get("text", "") for b in blocks if b.get("type") == "text")
    calls = [
        ToolCall(str(b.get("id", "")), str(b.get("name", "")), dict(b.get("input") or {}))
        for b in blocks
        if b.get("type") == "tool_use"
    ]
    usage = message.usage
    return Completion(
        text=text,
        tool_calls=calls,
        stop_reason=str(message.stop_reason or ""),
        usage={
            "input_tokens": int(getattr(usage, "input_tokens", 0) or 0),
            "output_tokens": int(getattr(usage, "output_tokens", 0) or 0),
        },
        content=blocks,
        model=str(getattr(message, "model", "") or ""),
    )


def _provider_error(exc: Exception, base: str) -> ProviderError:
    import anthropic

    if isinstance(exc, anthropic.APITimeoutError):
        return ProviderError(
            f"Anthropic API at {base}: timed out after the retries; try again or raise [llm] timeout_s"
        )
    if isinstance(exc, anthropic.APIConnectionError):
        return ProviderError(
            f"Anthropic API at {base}: cannot connect ({exc}); check the network or [llm] base_url"
        )
    if isinstance(exc, anthropic.AuthenticationError):
        return ProviderError("Anthropic API: the key was refused (401); check ANTHROPIC_API_KEY")
    if isinstance(exc, anthropic.RateLimitError):
        return ProviderError("Anthropic API: rate limited (429) after the retries; wait and run again")
    if isinstance(exc, anthropic.APIStatusError):
        return ProviderError(f"Anthropic API: HTTP {exc.status_code} ({exc.message}); run again later")
    return ProviderError(f"Anthropic API: {type(exc).__name__}: {exc}")


class AnthropicLLM:
    """Claude through the official SDK."""

    name = "anthropic"

    def __init__(self, cfg: LLMConfig, api_key: str, *, base_url: str | None = None, http_client: Any = None):
        import anthropic

        self.cfg = cfg
        self.base_url = base_url or "https://api.anthropic.com"
        self.client = anthropic.Anthropic(
            api_key=api_key,
            base_url=base_url,
            timeout=cfg.timeout_s,
            max_retries=cfg.max_retries,
            http_client=http_client,
        )

    def _kwargs(
        self,
        system: str,
        messages: list[dict[str, Any]],
        max_tokens: int,
        tools: list[dict[str, Any]] | None,
        model: str | None,
    ) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "model": model or self.cfg.model,
            "max_tokens": max_tokens,
            "messages": messages,
        }
        if system:
            kwargs["system"] = system
        if tools:
            kwargs["tools"] = tools
        return kwargs

    def complete(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Completion:
        import anthropic

        try:
            message = self.client.messages.create(**self._kwargs(system, messages, max_tokens, tools, model))
        except anthropic.APIError as exc:
            raise _provider_error(exc, self.base_url) from exc
        return completion_from_message(message)

    def stream(
        self,
        system: str,
        messages: list[dict[str, Any]],
        *,
        max_tokens: int,
        tools: list[dict[str, Any]] | None = None,
        model: str | None = None,
    ) -> Iterator[str | Completion]:
        import anthropic

        try:
            with self.client.messages.stream(
                **self._kwargs(system, messages, max_tokens, tools, model)
            ) as stream:
                yield from stream.text_stream
                final = stream.get_final_message()
        except anthropic.APIError as exc:
            raise _provider_error(exc, self.base_url) from exc
        yield completion_from_message(final)
