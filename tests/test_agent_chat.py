"""The chat loop through the real anthropic SDK against a local server replaying recorded exchanges."""

from __future__ import annotations

import json

import pytest
from agent_replay import load_recording, replay_server

from jarvis.agent.chat import Chat
from jarvis.agent.tags import read_state
from jarvis.agent.tools import Toolbox
from jarvis.config import LLMConfig
from jarvis.gitstore import GitStore
from jarvis.llm import AnthropicLLM
from jarvis.notes import remember
from jarvis.observe.sessions import read_session


def test_reply_calls_memory_search_gets_results_answers_and_saves_tag(ws, embedder) -> None:  # type: ignore[no-untyped-def]
    remember(ws, "My cat is called Whiskerino.", category="people-relationships")
    with replay_server(load_recording("chat_search.json")) as (url, replay):
        llm = AnthropicLLM(LLMConfig(max_retries=0), "sk-ant-test", base_url=url)
        chat = Chat(ws, llm, toolbox=Toolbox(ws, embedder=embedder), recall=False)
        shown: list[str] = []
        result = chat.send("What is my cat called?", on_text=shown.append)

    # the model asked for memory_search, jarvis ran it and sent the hits back
    assert [o.name for o in result.tools] == ["memory_search"] and not result.tools[0].is_error
    assert len(replay.requests) == 2
    first = replay.requests[0]
    assert {t["name"] for t in first["tools"]} >= {
        "memory_search",
        "memory_read",
        "memory_write",
        "read_file",
    }
    assert "Identity" in first["system"] and first["messages"][-1]["content"] == "What is my cat called?"
    tool_result = replay.requests[1]["messages"][-1]["content"][0]
    assert tool_result["type"] == "tool_result" and tool_result["tool_use_id"] == "toolu_01Search"
    hits = json.loads(tool_result["content"])["hits"]
    assert "Whiskerino" in hits[0]["summary"] and hits[0]["path"].startswith("memory/notes/")

    # the answer is shown without tags; the tag became a committed fragment and a state key
    visible = "".join(shown)
    assert "Whiskerino" in visible and "Whiskerino" in result.text
    for text in (visible, result.text):
        assert "[MEMORY" not in text and "[STATE" not in text and "cite the memory file" not in text
    assert len(result.saved) == 1
    saved = result.saved[0]
    fragment = (ws.root / saved["path"]).read_text(encoding="utf-8")
    assert "cite the memory file" in fragment and saved["path"].startswith("memory/notes/preferences/")
    log = GitStore(ws.root).log(limit=1)[0]
    assert log.message.startswith("remember: Ana prefers answers") and saved["path"] in log.files
    assert read_state(ws)["last_topic"]["value"] == "cats"

    # the session is on disk for the observer: message, tool call, tool result, answer
    events = read_session(ws, chat.session_id).events
    assert [e.type for e in events] == ["message", "tool_call", "tool_result", "message"]
    assert events[1].data == {"query": "cat name"} and "Whiskerino" in events[2].text
    assert events[3].role == "assistant" and "[MEMORY" not in events[3].text


def test_chat_command_streams_strips_tag_and_commits(ws, cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with replay_server(load_recording("chat_tag.json")) as (url, replay):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        result = cli("chat", "--no-recall", "-m", "I take my tea green, no sugar", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "Noted: green tea, no sugar." in result.output and "Anything else?" in result.output
    assert "[MEMORY" not in result.output and "prefers green tea" not in result.output.split("saved")[0]
    assert "saved memory/notes/preferences/" in result.output
    assert GitStore(ws.root).log(limit=1)[0].message.startswith("remember: The user prefers green tea")
    assert len(replay.requests) == 1


def test_chat_without_provider_says_how_to_configure_and_fails(ws, cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("chat", "-m", "hello", workspace=ws)
    assert result.exit_code == 9
    message = result.stderr if hasattr(result, "stderr") else result.output
    assert "ANTHROPIC_API_KEY" in message and "base_url" in message and "jarvis recall" in message


def test_tool_errors_are_results_not_crashes(ws) -> None:  # type: ignore[no-untyped-def]
    from jarvis.agent.tools import run_tool

    box = Toolbox(ws)
    outside = run_tool(box, "read_file", {"path": "../../etc/passwd"})
    assert outside.is_error and "outside the workspace" in outside.text
    git_dir = run_tool(box, "read_file", {"path": ".git/config"})
    assert git_dir.is_error
    missing = run_tool(box, "memory_write", {})
    assert missing.is_error and "missing content" in missing.text
    unknown = run_tool(box, "rm_rf", {"path": "/"})
    assert unknown.is_error and "unknown tool" in unknown.text
    ok = run_tool(box, "read_file", {"path": "SOUL.md", "limit": 3})
    assert (
        not ok.is_error
        and ok.data is not None
        and ok.data["path"] == "SOUL.md"
        and ok.data["next_offset"] == 3
    )
    found = run_tool(box, "glob", {"pattern": "skills/*/SKILL.md"})
    assert found.data is not None and found.data["files"] == ["skills/weekly-review/SKILL.md"]
    grep = run_tool(box, "grep", {"pattern": "weekly review"})
    assert grep.data is not None and any(
        m["path"] == "skills/weekly-review/SKILL.md" for m in grep.data["matches"]
    )
    assert run_tool(box, "glob", {"pattern": "../*"}).is_error
    assert run_tool(box, "grep", {"pattern": "("}).is_error


@pytest.mark.parametrize("target", ["SOUL.md", "MEMORY.md"])
def test_propose_memory_change_is_a_branch_not_an_edit(ws, target) -> None:  # type: ignore[no-untyped-def]
    from jarvis.agent.tools import run_tool

    before = (ws.root / target).read_text(encoding="utf-8")
    head = GitStore(ws.root).head()
    out = run_tool(
        Toolbox(ws),
        "propose_memory_change",
        {
            "target": target,
            "section": "Preferences",
            "text": "Prefers green tea.",
            "rationale": "said so twice",
        },
    )
    assert not out.is_error, out.text
    assert out.data is not None and out.data["branch"].startswith("proposals/")
    assert (ws.root / target).read_text(encoding="utf-8") == before
    assert GitStore(ws.root).head() == head
    assert out.data["branch"] in GitStore(ws.root).run("branch", "--list", "proposals/*")
