"""memory/recent.md refresh: only with new session text, offline digest, rebuild past the target."""

from __future__ import annotations

from datetime import datetime

from agent_replay import replay_server, text_message
from conftest import write_files

from jarvis.agent.recent import RECENT_REL, UPDATE_SYSTEM, refresh_recent
from jarvis.config import LLMConfig
from jarvis.gitstore import GitStore
from jarvis.llm import AnthropicLLM
from jarvis.observe.sessions import SessionEvent, append_events

NOW = datetime(2026, 11, 22, 18, 30).astimezone()


def say(ws, session_id: str, *lines: tuple[str, str]) -> None:  # type: ignore[no-untyped-def]
    append_events(ws, session_id, [SessionEvent("message", role=role, text=text) for role, text in lines])


def test_refresh_offline_digest_then_nothing_new(ws, cli) -> None:  # type: ignore[no-untyped-def]
    say(
        ws,
        "chat-1",
        ("user", "Hi there. We decided to move the launch to March 3rd."),
        ("assistant", "Noted. I will remind you about the launch plan."),
        ("user", "ok"),
    )
    report = refresh_recent(ws, now=NOW)
    assert report.mode == "update" and report.offline and report.sha and report.messages == 3
    text = (ws.root / RECENT_REL).read_text(encoding="utf-8")
    assert text.startswith("# Recent") and "## 2026-11-22 18:30" in text and "launch to March 3rd" in text
    log = GitStore(ws.root).log(limit=1)[0]
    assert log.message.startswith("recent: update from 1 session(s)") and log.files == (RECENT_REL,)

    head = GitStore(ws.root).head()
    result = cli("recent", workspace=ws)  # nothing new: no commit, no LLM needed
    assert result.exit_code == 0 and "nothing new" in result.output
    assert GitStore(ws.root).head() == head

    say(ws, "chat-1", ("user", "Remember that the demo is on Friday at noon."))
    report = refresh_recent(ws, now=NOW.replace(hour=19))
    text = (ws.root / RECENT_REL).read_text(encoding="utf-8")
    assert report.mode == "update" and report.messages == 1
    assert text.index("## 2026-11-22 19:30") < text.index("## 2026-11-22 18:30")  # newest first
    assert "demo is on Friday" in text and text.count("March 3rd") == 1


def test_refresh_with_llm_and_no_call_when_nothing_new(ws) -> None:  # type: ignore[no-untyped-def]
    say(ws, "chat-2", ("user", "I spent the day on the tantivy index."))
    bullets = "- Worked on the tantivy index all day."
    with replay_server([text_message(bullets)]) as (url, replay):
        llm = AnthropicLLM(LLMConfig(max_retries=0), "sk-ant-test", base_url=url)
        report = refresh_recent(ws, llm=llm, now=NOW)
        assert report.mode == "update" and not report.offline
        assert refresh_recent(ws, llm=llm, now=NOW).mode == "none"
    assert len(replay.requests) == 1 and replay.requests[0]["system"] == UPDATE_SYSTEM
    assert "tantivy index" in replay.requests[0]["messages"][0]["content"]
    assert bullets in (ws.root / RECENT_REL).read_text(encoding="utf-8")


def test_rebuild_from_fragments_when_past_target(ws) -> None:  # type: ignore[no-untyped-def]
    write_files(
        ws,
        {
            "jarvis.toml": "[agent]\nrecent_target_chars = 600\n",
            RECENT_REL: "# Recent\n\n"
            + "".join(
                f"## 2026-10-{d:02d} 10:00\n- old update {d} " + "x" * 80 + "\n\n" for d in range(1, 20)
            ),
            "memory/notes/projects/launch.md": "---\nid: mem-20261120-100000-aaaaaa\ncategory: projects\n"
            "updated: 2026-11-20T10:00:00+00:00\n---\nThe launch moved to March 3rd.\n",
        },
    )
    GitStore(ws.root).commit_paths(
        ["jarvis.toml", RECENT_REL, "memory/notes/projects/launch.md"], "test: setup"
    )
    say(ws, "chat-3", ("user", "We decided to hire a second designer."))
    report = refresh_recent(ws, now=NOW)
    text = (ws.root / RECENT_REL).read_text(encoding="utf-8")
    assert report.mode == "rebuild" and len(text) <= 600 * 1.2
    assert "second designer" in text and "launch moved to March 3rd" in text and "old update 1 " not in text
    assert GitStore(ws.root).log(limit=1)[0].message.startswith("recent: rebuild from 1 fragment(s)")


def test_refuses_to_overwrite_a_hand_edit(ws) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from jarvis.errors import UncommittedEdit

    write_files(ws, {RECENT_REL: "# Recent\n\nmy own words, not committed\n"})
    say(ws, "chat-4", ("user", "Remember that parking is on level 3."))
    with pytest.raises(UncommittedEdit):
        refresh_recent(ws, now=NOW)
    assert "my own words" in (ws.root / RECENT_REL).read_text(encoding="utf-8")
    GitStore(ws.root).commit_paths([RECENT_REL], "edit: recent")
    assert refresh_recent(ws, now=NOW).mode == "update"  # the offset did not move: nothing lost
    text = (ws.root / RECENT_REL).read_text(encoding="utf-8")
    assert "parking is on level 3" in text and "my own words" in text
