"""Session files and importers: round trips, malformed lines, format detection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarvis.errors import InputError, NotFound, UsageError
from jarvis.observe.importers import (
    detect_format,
    import_transcript,
    parse_claude_code,
    parse_text,
    read_transcript,
)
from jarvis.observe.sessions import (
    SessionEvent,
    SessionMeta,
    append_events,
    dump_events,
    list_sessions,
    parse_events,
    read_session,
    write_session,
)
from jarvis.workspace import Workspace

text_st = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
event_st = st.builds(
    SessionEvent,
    type=st.sampled_from(["message", "tool_call", "tool_result", "compaction"]),
    role=st.sampled_from(["user", "assistant", "system"]),
    text=text_st,
    name=text_st,
    ts=st.just("2026-11-22T10:00:00+00:00"),
    id=st.text("abc123", max_size=6),
    is_error=st.booleans(),
    data=st.dictionaries(st.text("xyz", min_size=1, max_size=3), st.integers() | text_st, max_size=3),
)


@given(st.lists(event_st, max_size=8))
def test_events_round_trip(events: list[SessionEvent]) -> None:
    events = [
        SessionEvent(**{**e.__dict__, "turn": i, "role": e.role if e.type == "message" else ""})
        for i, e in enumerate(events)
    ]
    parsed, skipped = parse_events(dump_events(events).split("\n"))
    assert skipped == 0
    assert parsed == events


def test_malformed_lines_are_skipped_and_counted() -> None:
    lines = [
        '{"type": "message", "role": "user", "text": "hi"}',
        "not json at all",
        '{"type": "message", "role": "wizard", "text": "bad role"}',
        '{"type": "telepathy"}',
        "[1, 2]",
        "",
        '{"type": "message", "role": "assistant", "text": 42}',
        '{"type": "tool_result", "text": "boom", "is_error": true}',
    ]
    events, skipped = parse_events(lines)
    assert skipped == 5
    assert [(e.turn, e.type) for e in events] == [(0, "message"), (1, "tool_result")]


def test_store_append_read(ws: Workspace) -> None:
    write_session(ws, SessionMeta(id="s1", source="jsonl"), [SessionEvent("message", role="user", text="a")])
    assert append_events(ws, "s1", [SessionEvent("message", role="assistant", text="b")]) == 2
    append_events(ws, "chat-2", [SessionEvent("message", role="user", text="c")])
    session = read_session(ws, "s1")
    assert [e.text for e in session.events] == ["a", "b"]
    assert session.meta.source == "jsonl"
    assert list_sessions(ws) == ["chat-2", "s1"]
    assert (ws.state_dir / "sessions" / "s1.jsonl").stat().st_mode & 0o777 == 0o600
    with pytest.raises(NotFound):
        read_session(ws, "missing")
    with pytest.raises(UsageError):
        read_session(ws, "../escape")


CLAUDE_LINES = [
    {"type": "summary", "summary": "Setting up the repo", "leafUuid": "u0"},
    {"type": "user", "isMeta": True, "message": {"role": "user", "content": "Caveat: The messages below…"}},
    {"type": "user", "sessionId": "abc", "timestamp": "2026-11-20T10:00:00Z",
     "message": {"role": "user", "content": "Remember that the deploy script is scripts/deploy.sh"}},
    {"type": "assistant", "message": {"role": "assistant", "content": [
        {"type": "thinking", "thinking": "hmm"},
        {"type": "text", "text": "Running it."},
        {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "scripts/deploy.sh"}},
    ]}},
    {"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "is_error": True,
         "content": [{"type": "text", "text": "permission denied"}]},
    ]}},
    {"type": "user", "isSidechain": True, "message": {"role": "user", "content": "sub-agent chatter"}},
    {"type": "user", "message": {"role": "user", "content": "<command-name>/clear</command-name>"}},
]  # fmt: skip


def test_claude_code_import(tmp_path: Path) -> None:
    lines = [json.dumps(x) for x in CLAUDE_LINES] + ["{truncated", '{"type": "user", "message": "x"}']
    events, skipped = parse_claude_code(lines)
    assert skipped == 2
    assert [(e.type, e.role, e.name) for e in events] == [
        ("compaction", "", ""),
        ("message", "user", ""),
        ("message", "assistant", ""),
        ("tool_call", "", "Bash"),
        ("tool_result", "", "Bash"),
    ]
    assert events[4].is_error and events[4].text == "permission denied"
    assert events[3].data == {"command": "scripts/deploy.sh"}
    path = tmp_path / "0b1c.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert read_transcript(path)[0] == "claude-code"


def test_text_transcript() -> None:
    text = """# Chat with my assistant
intro line before anyone speaks
User: Hi there.
It continues here.
**Assistant:** Hello!
- **Caroline:** I love painting.
Bob: see http://example.com: nice
http://not-a-speaker.example: still Bob
"""
    events, skipped = parse_text(text.splitlines())
    assert skipped == 1
    assert [(e.role, e.name, e.text) for e in events] == [
        ("user", "", "Hi there.\nIt continues here."),
        ("assistant", "", "Hello!"),
        ("user", "Caroline", "I love painting."),
        ("user", "Bob", "see http://example.com: nice\nhttp://not-a-speaker.example: still Bob"),
    ]


def test_detect_format(tmp_path: Path) -> None:
    p = tmp_path / "x.jsonl"
    assert detect_format(p, '{"type": "message", "role": "user", "text": "x"}') == "jsonl"
    assert detect_format(p, '{"role": "user", "content": "x"}') == "jsonl"
    assert detect_format(p, '{"type": "user", "message": {}, "sessionId": "a"}') == "claude-code"
    assert detect_format(p, "User: hello") == "text"


def test_import_is_stable_and_errors_are_one_line(ws: Workspace, tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("User: one\nAssistant: two\n", encoding="utf-8")
    first = import_transcript(ws, path)
    path.write_text("User: one\nAssistant: two\nUser: three\n", encoding="utf-8")
    second = import_transcript(ws, path)
    assert first.session_id == second.session_id
    assert [e.text for e in read_session(ws, second.session_id).events] == ["one", "two", "three"]
    with pytest.raises(InputError, match="no such file"):
        import_transcript(ws, tmp_path / "missing.txt")
    (tmp_path / "bin.txt").write_bytes(b"\x00\x01\x02" * 100)
    with pytest.raises(InputError, match="binary"):
        import_transcript(ws, tmp_path / "bin.txt")
    with pytest.raises(UsageError):
        read_transcript(path, "yaml")


@pytest.mark.parametrize("mark", ["**{}:**", "{}:", "- **{}:**"])
def test_a_label_inside_the_assistants_message_is_not_a_new_speaker(mark: str) -> None:
    user, assistant = mark.format("User"), mark.format("Assistant")
    text = f"""# Conversation
{user} can you total the wedding budget
{assistant} Here it is:
Photographer: £1,600
**Automatic feeder:** £40
- Breakfast: 4 eggs
Venue hire: £4,000
{user} I prefer the cheaper venue
Tom: ok
Tom: and me
"""
    events, _ = parse_text(text.splitlines())
    assert [(e.role, e.name) for e in events] == [
        ("user", ""), ("assistant", ""), ("user", ""), ("user", "Tom"), ("user", "Tom"),
    ]  # fmt: skip
    assert "Photographer: £1,600" in events[1].text and "Venue hire" in events[1].text


@pytest.mark.parametrize("mark", ["**{}:**", "{}:", "- **{}:**"])
def test_in_a_chat_of_two_any_other_label_is_content(mark: str) -> None:
    user, assistant = mark.format("User"), mark.format("Assistant")
    text = f"""# Conversation
{user} ok so
- may: 1.340 USD
- june: 980 USD
fixed costs: rent 2.500.000, internet 210.000
I charge per word
{assistant} Summary:
- **Rent:** 2.800.000
**Monday:** rest day
Total: 3.550.000
{user} wait no, rent is 2.800.000 now
{assistant} Updated.
"""
    events, _ = parse_text(text.splitlines())
    assert [(e.role, e.name) for e in events] == [
        ("user", ""),
        ("assistant", ""),
        ("user", ""),
        ("assistant", ""),
    ]
    assert "I charge per word" in events[0].text and "june: 980 USD" in events[0].text
    assert "**Monday:** rest day" in events[1].text


def test_a_month_or_a_day_is_never_a_speaker() -> None:
    text = "Caroline: my plan\n**Monday:** swim\nTuesday: rest\nMel: looks good\nCaroline: thanks\n"
    events, _ = parse_text(text.splitlines())
    assert [e.name for e in events] == ["Caroline", "Mel", "Caroline"]
    assert "Tuesday: rest" in events[0].text
