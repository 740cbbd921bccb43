"""Write-then-compact: a long scripted session crosses both thresholds and nothing is lost."""

from __future__ import annotations

from agent_replay import replay_server, text_message
from conftest import write_files

from jarvis.agent.chat import Chat
from jarvis.agent.compaction import SUMMARY_SYSTEM, extractive_summary
from jarvis.agent.tools import Toolbox
from jarvis.config import LLMConfig
from jarvis.gitstore import GitStore
from jarvis.llm import AnthropicLLM
from jarvis.notes import iter_fragments
from jarvis.observe.sessions import SessionEvent, read_session

FACTS = [
    "Remember that my sister Leonor lives in Porto.",
    "I prefer pull requests under 300 lines.",
    "Remember that the staging database is called atlas-stg.",
    "Always run the linter before pushing.",
]
FILLER = "We also talked through the plan for the index rewrite and the benchmark numbers in some detail. "
SUMMARY = "- Ana shared facts about her sister Leonor, PR size, the staging database and the linter rule."


def responder(body: dict) -> dict:  # type: ignore[type-arg]
    if body.get("system") == SUMMARY_SYSTEM:
        return text_message(SUMMARY, "msg_01Summary")
    n = sum(1 for m in body["messages"] if m["role"] == "user")
    return text_message(f"Understood (reply {n}). " + "I will keep that in mind for later work. " * 4)


def test_long_session_flushes_then_compacts_and_keeps_everything(ws, embedder) -> None:  # type: ignore[no-untyped-def]
    write_files(ws, {"jarvis.toml": "[llm]\ncontext_window = 3000\n\n[agent]\nkeep_turns = 2\n"})
    GitStore(ws.root).commit_paths(["jarvis.toml"], "test: small window")
    with replay_server(responder) as (url, replay):
        llm = AnthropicLLM(LLMConfig(max_retries=0), "sk-ant-test", base_url=url)
        chat = Chat(ws, llm, toolbox=Toolbox(ws, embedder=embedder), recall=False, observer_llm=None)
        messages = [*FACTS, *(f"Turn {i}: {FILLER * 2}" for i in range(12))]
        reports = []
        for text in messages:
            reports.extend(chat.send(text).compactions)
            if any(r.action == "compact" for r in reports):
                break
        actions = [r.action for r in reports]
        assert "flush" in actions and "compact" in actions, actions
        assert actions.index("flush") < actions.index("compact")  # write, then compact
        flush = next(r for r in reports if r.action == "flush")
        assert flush.tokens >= int(0.6 * 3000) and flush.facts >= len(FACTS)
        compact = next(r for r in reports if r.action == "compact")
        assert compact.tokens >= int(0.7 * 3000) and compact.turns >= 1 and not compact.offline

        # the facts are fragments, committed by the observer
        bodies = " ".join(f.body for _, f in iter_fragments(ws))
        for needle in ("Leonor", "300 lines", "atlas-stg", "linter"):
            assert needle in bodies, needle
        assert any(c.message.startswith("observe: ") for c in GitStore(ws.root).log(limit=20))

        # the summary is in the next context, the kept turns verbatim, the old ones gone from it
        assert len(chat.turns) == 2
        ctx = chat.context("what did we say about my sister?")
        summary = ctx.layer("summary")
        assert summary is not None and SUMMARY in summary.text
        assert "Leonor lives in Porto" not in str(ctx.messages())
        assert ctx.total <= ctx.budget

        # nothing lost: every turn is still in the session file, plus the compaction event
        events = read_session(ws, chat.session_id).events
        said = [e.text for e in events if e.type == "message" and e.role == "user"]
        assert said == [m.strip() for m in messages[: len(said)]] and FACTS[0] in said
        marks = [e for e in events if e.type == "compaction"]
        assert len(marks) == 1 and marks[0].text == SUMMARY
        assert marks[0].data["from"] == 0 and marks[0].data["to"] == compact.events[1]
    # the summarising request carried the archived turns
    summary_requests = [r for r in replay.requests if r.get("system") == SUMMARY_SYSTEM]
    assert len(summary_requests) == 1 and "Leonor" in summary_requests[0]["messages"][0]["content"]


def test_offline_extractive_summary_keeps_facts_and_asks() -> None:
    events = [
        SessionEvent("message", 0, "user", "Remember that my sister Leonor lives in Porto. Also hi."),
        SessionEvent("message", 1, "assistant", "Got it. The weather is nice. We decided to ship on Friday."),
        SessionEvent("tool_call", 2, name="grep"),
        SessionEvent("message", 3, "user", "Can you check the benchmark?"),
    ]
    text = extractive_summary(events)
    assert "Leonor lives in Porto" in text and "decided to ship on Friday" in text
    assert "check the benchmark" in text and "weather" not in text
    assert len(extractive_summary(events * 200, limit=500)) <= 600
