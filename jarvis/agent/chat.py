"""`jarvis chat`: the conversation loop, with memory tools, tags and compaction.

One `Chat` per session. `send` assembles the context for the message, streams the
reply (tags filtered out as they arrive), runs tool calls until the model answers,
saves `[MEMORY:…]`/`[STATE:…]` tags, appends every event to the session JSONL in
`.jarvis/sessions/` (the observer reads it later), then compacts when the
conversation has grown past the thresholds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from jarvis.agent import compaction
from jarvis.agent.context import Context, Message, Recalled, message_text
from jarvis.agent.sources import build_context
from jarvis.agent.tags import TagFilter, category_for_type, extract_tags, save_state
from jarvis.agent.tokens import context_window, count_tokens
from jarvis.agent.tools import TOOL_SPECS, Toolbox, ToolOutcome, run_tool
from jarvis.errors import JarvisError, ProviderError
from jarvis.events import track

if TYPE_CHECKING:
    from jarvis.llm import LLM, Completion
    from jarvis.observe.sessions import SessionEvent
    from jarvis.workspace import Workspace

MAX_ROUNDS = 8
RECALL_K = 6

NO_PROVIDER = (
    "no LLM provider is configured, so `jarvis chat` cannot answer (it will not pretend). "
    "Either export ANTHROPIC_API_KEY=sk-ant-… (Claude), or set an OpenAI-compatible server in "
    'jarvis.toml: [llm] base_url = "http://localhost:11434/v1" and model = "llama3.1" (Ollama, '
    'llama.cpp, vLLM). Meanwhile search your memory with `jarvis recall "your question"`'
)


def require_llm(llm: LLM | None) -> LLM:
    if llm is None:
        raise ProviderError(NO_PROVIDER)
    return llm


def clean_content(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Assistant content blocks reduced to what the API accepts back (text and tool_use)."""
    out: list[dict[str, Any]] = []
    for block in blocks:
        if block.get("type") == "text" and block.get("text"):
            out.append({"type": "text", "text": block["text"]})
        elif block.get("type") == "tool_use":
            out.append(
                {
                    "type": "tool_use",
                    "id": block["id"],
                    "name": block["name"],
                    "input": block.get("input", {}),
                }
            )
    return out


@dataclass
class Turn:
    messages: list[Message]
    first_event: int


@dataclass
class TurnResult:
    text: str
    tools: list[ToolOutcome]
    saved: list[dict[str, Any]]
    states: list[str]
    context: Context
    compactions: list[compaction.CompactionReport] = field(default_factory=list)


class Chat:
    def __init__(
        self,
        ws: Workspace,
        llm: LLM,
        *,
        toolbox: Toolbox | None = None,
        session_id: str | None = None,
        recall: bool = True,
        observer_llm: LLM | str | None = "same",
        now: Callable[[], datetime] | None = None,
    ):
        from jarvis.observe.sessions import new_session_id

        self.ws = ws
        self.llm = llm
        self.toolbox = toolbox or Toolbox(ws)
        self.session_id = session_id or new_session_id("chat")
        self.recall = recall
        # The observer that flushes old turns: the chat's LLM by default, None for the offline rules.
        self.observer_llm: LLM | None = llm if observer_llm == "same" else observer_llm  # type: ignore[assignment]
        self.now = now or (lambda: datetime.now().astimezone())
        self.turns: list[Turn] = []
        self.summary = ""
        self.flushed_to = 0  # session events before this index have been observed
        self.n_events = 0
        self.window = context_window(ws.config.llm)

    # ------------------------------------------------------------- session file
    def _append(self, *events: SessionEvent) -> int:
        from jarvis.observe.sessions import append_events

        first = self.n_events
        self.n_events = append_events(self.ws, self.session_id, events)
        return first

    def _event(self, **kw: Any) -> SessionEvent:
        from jarvis.observe.sessions import SessionEvent

        return SessionEvent(ts=self.now().isoformat(timespec="seconds"), **kw)

    # ------------------------------------------------------------------ context
    def _recalled(self, message: str) -> list[Recalled]:
        if not self.recall:
            return []
        try:
            hits = self.toolbox.memory_search(message, k=RECALL_K)["hits"]
        except JarvisError:
            return []  # an unusable index must not stop the conversation; `jarvis doctor` says why
        return [Recalled(h["id"], h["summary"], float(h["score"])) for h in hits]

    def context(self, message: str) -> Context:
        history = [m for turn in self.turns for m in turn.messages]
        return build_context(
            self.ws,
            message,
            history=history,
            summary=self.summary,
            recall=self._recalled if self.recall else None,
        )

    # --------------------------------------------------------------------- turn
    def send(self, message: str, on_text: Callable[[str], None] | None = None) -> TurnResult:
        message = message.strip()
        if not message:
            raise JarvisError("empty message; type something to say")
        with track(self.ws, "agent", "chat_turn") as ev:
            ctx = self.context(message)
            first = self._append(self._event(type="message", role="user", text=message))
            turn = Turn([{"role": "user", "content": message}], first)
            outcomes: list[ToolOutcome] = []
            texts: list[str] = []
            for _ in range(MAX_ROUNDS):
                final = self._stream(ctx.system, ctx.history, turn.messages, on_text)
                texts.append(final.text)
                if not final.tool_calls:
                    break
                turn.messages.append({"role": "assistant", "content": clean_content(final.content)})
                results = []
                for call in final.tool_calls:
                    outcome = run_tool(self.toolbox, call.name, call.input)
                    outcomes.append(outcome)
                    self._append(
                        self._event(type="tool_call", name=call.name, id=call.id, data=call.input),
                        self._event(
                            type="tool_result",
                            name=call.name,
                            id=call.id,
                            text=outcome.text,
                            is_error=outcome.is_error,
                        ),
                    )
                    results.append(
                        {
                            "type": "tool_result",
                            "tool_use_id": call.id,
                            "content": outcome.text,
                            **({"is_error": True} if outcome.is_error else {}),
                        }
                    )
                turn.messages.append({"role": "user", "content": results})
            tagged = extract_tags("".join(texts))
            saved = self._save_tags(tagged)
            turn.messages.append({"role": "assistant", "content": tagged.clean or "(no text)"})
            self._append(self._event(type="message", role="assistant", text=tagged.clean))
            self.turns.append(turn)
            ev.counts.update(tools=len(outcomes), saved=len(saved), states=len(tagged.states))
            reports = self.maybe_compact(ctx)
            ev.counts["compactions"] = len(reports)
        return TurnResult(tagged.clean, outcomes, saved, [s.key for s in tagged.states], ctx, reports)

    def _stream(
        self,
        system: str,
        history: tuple[Message, ...],
        turn: list[Message],
        on_text: Callable[[str], None] | None,
    ) -> Completion:
        from jarvis.llm import Completion

        messages = [*history, *turn]
        filt = TagFilter()
        final: Completion | None = None
        for item in self.llm.stream(
            system, list(messages), max_tokens=self.ws.config.llm.max_tokens, tools=TOOL_SPECS
        ):
            if isinstance(item, Completion):
                final = item
            elif on_text is not None:
                visible = filt.feed(item)
                if visible:
                    on_text(visible)
        if on_text is not None:
            rest = filt.flush()
            if rest:
                on_text(rest)
        if final is None:
            raise ProviderError(f"{self.llm.name}: the stream ended without a final message; try again")
        return final

    def _save_tags(self, tagged: Any) -> list[dict[str, Any]]:
        saved: list[dict[str, Any]] = []
        for tag in tagged.memories:
            data = self.toolbox.memory_write(
                tag.text,
                category=category_for_type(tag.type),
                type=tag.type,
                source={"session": self.session_id, "via": "memory-tag"},
            )
            saved.append(data)
        for state in tagged.states:
            save_state(self.ws, state.key, state.value, self.now())
        return saved

    # --------------------------------------------------------------- compaction
    def usage(self, ctx: Context) -> int:
        """Tokens the next request would need: the fixed layers plus the whole (uncut) history."""
        fixed = sum(layer.tokens for layer in ctx.layers if layer.name not in ("recall", "summary"))
        history = sum(count_tokens(message_text(m)) for turn in self.turns for m in turn.messages)
        return fixed + count_tokens(self.summary) + history

    def maybe_compact(self, ctx: Context) -> list[compaction.CompactionReport]:
        cfg = self.ws.config.agent
        tokens = self.usage(ctx)
        reports: list[compaction.CompactionReport] = []
        keep = max(1, cfg.keep_turns)
        if len(self.turns) <= keep:
            return reports
        cut_at = self.turns[-keep].first_event
        flush_at = int(cfg.flush_ratio * self.window)
        compact_at = int(cfg.compact_ratio * self.window)
        try:
            if tokens >= flush_at and self.flushed_to < cut_at:
                reports.append(self._flush(cut_at, tokens, flush_at))
            if tokens >= compact_at:
                if self.flushed_to < cut_at:  # write before compact, always
                    reports.append(self._flush(cut_at, tokens, compact_at))
                reports.append(self._compact(keep, cut_at, tokens, compact_at))
        except JarvisError as exc:
            # Nothing is archived unless it was observed first; the next turn tries again.
            reports.append(
                compaction.CompactionReport(
                    "postponed", tokens, flush_at, (self.flushed_to, cut_at), error=str(exc)
                )
            )
        return reports

    def _events(self, start: int, end: int) -> list[SessionEvent]:
        from jarvis.observe.sessions import read_session

        return [e for e in read_session(self.ws, self.session_id).events if start <= e.turn < end]

    def _flush(self, cut_at: int, tokens: int, threshold: int) -> compaction.CompactionReport:
        start = self.flushed_to
        with track(self.ws, "agent", "flush") as ev:
            facts = compaction.observe_range(
                self.ws,
                self.session_id,
                self._events(start, cut_at),
                self.observer_llm,
                self.toolbox.get_embedder(),
            )
            ev.counts.update(events=cut_at - start, facts=facts)
        self.flushed_to = cut_at
        return compaction.CompactionReport("flush", tokens, threshold, (start, cut_at), facts=facts)

    def _compact(self, keep: int, cut_at: int, tokens: int, threshold: int) -> compaction.CompactionReport:
        with track(self.ws, "agent", "compact") as ev:
            old = self.turns[:-keep]
            start = old[0].first_event
            summary, offline = compaction.summarise(
                self._events(start, cut_at), self.summary, self.llm, self.ws.config.llm.max_tokens
            )
            self._append(
                self._event(
                    type="compaction",
                    text=summary,
                    data={"from": start, "to": cut_at, "turns": len(old), "offline": offline},
                )
            )
            self.summary = summary
            self.turns = self.turns[-keep:]
            ev.counts.update(turns=len(old), events=cut_at - start, summary_tokens=count_tokens(summary))
        return compaction.CompactionReport(
            "compact",
            tokens,
            threshold,
            (start, cut_at),
            turns=len(old),
            summary_tokens=count_tokens(summary),
            offline=offline,
        )
