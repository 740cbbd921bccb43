"""observe end to end on real workspaces: real git, the real model, offline observer."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from jarvis.doc import parse_fragment
from jarvis.errors import UncommittedEdit
from jarvis.events import read_events
from jarvis.notes import iter_fragments, local_now
from jarvis.observe.pipeline import observe_events, observe_sessions, read_offsets
from jarvis.observe.sessions import SessionEvent, SessionMeta, write_session
from jarvis.taxonomy import TAXONOMY_VERSION
from jarvis.workspace import Workspace

API_KEY = "sk-ant-api03-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3" * 4
PASSWORD = "Tr0ub4dor&3-horse"
PRIVATE_KEY = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACBQx7Vd4nTq0Kq8mF2pXz9wz3y1dFv5Hh0aQb7cL2pYfQAAAJg3e6iUN3uo\n"
    "-----END OPENSSH PRIVATE KEY-----"
)


def git(ws: Workspace, *args: str) -> str:
    cmd = ["git", "-c", "user.name=Person", "-c", "user.email=p@example.com", "-C", str(ws.root), *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def session(ws: Workspace, sid: str, *messages: tuple[str, str]) -> list[SessionEvent]:
    events = [SessionEvent("message", turn=i, role=r, text=t) for i, (r, t) in enumerate(messages)]
    write_session(ws, SessionMeta(id=sid), events)
    return events


def fragments(ws: Workspace) -> dict[str, Any]:
    return {rel: frag for rel, frag in iter_fragments(ws)}


def test_observe_writes_fragments_one_commit_and_rerun_changes_nothing(ws: Workspace, embedder: Any) -> None:
    session(
        ws,
        "s1",
        ("user", "Hi! My cat's name is Whiskerino."),
        ("assistant", "Lovely name. Your vet visit is on Monday."),
        ("user", "No, that's wrong. The vet visit is on Wednesday."),
        ("user", "I prefer green tea in the morning. My day is fine."),
        ("user", "ok"),
    )
    head = git(ws, "rev-parse", "HEAD")
    report = observe_sessions(ws, ["s1"], embedder=embedder)
    assert report.counts["allowed"] == 3
    assert report.counts["held"] == 0
    assert report.turns == 5
    subject = git(ws, "log", "-1", "--format=%s").strip()
    assert subject == "observe: “Hi! My cat's name is Whiskerino.” (3 allowed, 0 held, 0 discarded, 0 merged)"
    assert git(ws, "rev-list", "--count", f"{head.strip()}..HEAD").strip() == "1"
    found = fragments(ws)
    cat = next(f for f in found.values() if "Whiskerino" in f.body)
    assert cat.body.startswith("The user's cat is named Whiskerino.\n")
    assert (cat.source, cat.gate, cat.category, cat.type) == (
        "s1:0-0",
        "allow",
        "people-relationships",
        "fact",
    )
    assert cat.extra["taxonomy"] == TAXONOMY_VERSION
    day = (ws.daily_log(local_now().date())).read_text(encoding="utf-8")
    assert f"<!-- {cat.id} -->" in day
    assert "The vet visit is on Wednesday" in (ws.root / "learnings/corrections.md").read_text(
        encoding="utf-8"
    )
    assert read_offsets(ws) == {"s1": 5}
    assert git(ws, "status", "--porcelain").strip() == ""

    # re-running: nothing new, no commit, no file touched
    head = git(ws, "rev-parse", "HEAD")
    again = observe_sessions(ws, ["s1"], embedder=embedder)
    assert again.sessions == () and again.sha is None
    # even when the offset state is lost, the commit trailer says where we were
    (ws.state_dir / "observe" / "offsets.json").unlink()
    assert observe_sessions(ws, None, embedder=embedder).sha is None
    assert git(ws, "rev-parse", "HEAD") == head
    event = read_events(ws, component="observe")[-1]
    assert event["success"] and event["counts"]["turns"] == 0


def test_new_turns_only_and_dedup_merges(ws: Workspace, embedder: Any) -> None:
    events = session(ws, "s1", ("user", "My cat's name is Whiskerino."))
    observe_sessions(ws, ["s1"], embedder=embedder)
    events.append(
        SessionEvent("message", turn=1, role="user", text="Remember that my cat's name is Whiskerino!")
    )
    write_session(ws, SessionMeta(id="s1"), events)
    report = observe_sessions(ws, ["s1"], embedder=embedder)
    assert report.turns == 1
    assert (report.counts["allowed"], report.counts["merged"]) == (0, 1)
    [cat] = [f for f in fragments(ws).values() if "Whiskerino" in f.body]
    assert cat.merged_count == 1
    assert (
        git(ws, "log", "-1", "--format=%s").strip()
        == "observe: “My cat's name is Whiskerino.” (0 allowed, 0 held, 0 discarded, 1 merged)"
    )


def test_different_facts_are_not_merged(ws: Workspace, embedder: Any) -> None:
    session(ws, "s1", ("user", "My cat's name is Whiskerino. I live in Lisbon. I'm allergic to peanuts."))
    report = observe_sessions(ws, ["s1"], embedder=embedder)
    assert (report.counts["allowed"], report.counts["merged"]) == (3, 0)


def test_secrets_never_reach_git(ws: Workspace, embedder: Any, tmp_path: Path, cli: Any) -> None:
    transcript = tmp_path / "leaky.txt"
    transcript.write_text(
        f"User: Remember that my Anthropic key is {API_KEY} for the staging box.\n"
        f"User: Please remember my database login is admin with password={PASSWORD} on db1.\n"
        f"User: Remember this deploy key:\n{PRIVATE_KEY}\n"
        "User: My cat's name is Whiskerino.\n",
        encoding="utf-8",
    )
    result = cli("observe", "--import", str(transcript), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "redacted" in result.output
    history = git(ws, "log", "-p", "--all")
    for secret in (API_KEY, PASSWORD, "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ", "QyNTUxOQAAACBQx7Vd4nTq"):
        assert secret not in history
    bodies = "\n".join(f.body for f in fragments(ws).values())
    assert "[REDACTED:" in bodies
    assert "Whiskerino" in bodies
    assert "staging box" in bodies


@pytest.mark.parametrize(
    ("first", "later", "value", "kept"),
    [
        (
            "The tablet asks for my email password and I typed in {v} like always.",
            "Remember that {v} also opens the shed laptop.",
            "Glenys" + "1958",
            "shed laptop",
        ),
        (
            "my wifi pw is {v}",
            "note to self: the guest network uses {v} as well",
            "bluefish" + "77",
            "guest network",
        ),
        (
            "Remember that {v} also opens the shed laptop.",
            "oh and the router password is {v}",
            "marlow" + "1987",
            "shed laptop",
        ),
    ],
)
def test_a_secret_said_once_is_redacted_wherever_it_recurs_in_the_session(
    ws: Workspace, embedder: Any, tmp_path: Path, cli: Any, first: str, later: str, value: str, kept: str
) -> None:
    transcript = tmp_path / "told-twice.txt"
    transcript.write_text(
        f"User: {first.format(v=value)}\nUser: {later.format(v=value.upper())}\nUser: I live in Swansea.\n",
        encoding="utf-8",
    )
    result = cli("observe", "--import", str(transcript), workspace=ws)
    assert result.exit_code == 0, result.output
    bodies = "\n".join(f.body for f in fragments(ws).values())
    assert "Swansea" in bodies and kept in bodies  # the fact that held the value was kept, redacted
    assert value.lower() not in git(ws, "log", "-p", "--all").lower()


def test_a_credential_given_as_an_answer_never_reaches_git(
    ws: Workspace, embedder: Any, tmp_path: Path, cli: Any
) -> None:
    value = "Kerlouan-Maree" + "-2291"
    transcript = tmp_path / "answered.txt"
    transcript.write_text(
        "User: the ansible check run fails on the vault again\n"
        "Assistant: It needs the vault password (group_vars are encrypted). How do you usually provide it?\n"
        f"User: it's {value}. Remember that {value} also unlocks the backup laptop.\n",
        encoding="utf-8",
    )
    result = cli("observe", "--import", str(transcript), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "backup laptop" in "\n".join(f.body for f in fragments(ws).values())
    assert value.lower() not in git(ws, "log", "-p", "--all").lower()


def test_dry_run_writes_nothing(ws: Workspace, embedder: Any, cli: Any) -> None:
    session(ws, "s1", ("user", "I prefer vim over emacs for quick edits."))
    head = git(ws, "rev-parse", "HEAD")
    result = cli("observe", "s1", "--dry-run", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "The user prefers vim over emacs for quick edits." in result.output
    assert git(ws, "rev-parse", "HEAD") == head
    assert read_offsets(ws) == {}
    assert fragments(ws) == {}


def test_a_persons_uncommitted_edit_is_never_overwritten(ws: Workspace, embedder: Any) -> None:
    day = ws.daily_log(local_now().date())
    day.write_text("# today\n\n- my own unsaved note\n", encoding="utf-8")
    git(ws, "add", str(day.relative_to(ws.root)))
    git(ws, "commit", "-qm", "person: note")
    day.write_text("# today\n\n- my own unsaved note\n- half-written thought\n", encoding="utf-8")
    session(ws, "s1", ("user", "My cat's name is Whiskerino."))
    with pytest.raises(UncommittedEdit):
        observe_sessions(ws, ["s1"], embedder=embedder)
    assert "half-written thought" in day.read_text(encoding="utf-8")
    assert fragments(ws) == {}
    assert read_offsets(ws) == {}
    assert read_events(ws, component="observe")[-1]["success"] is False


def test_tool_failures_go_to_learnings_and_held_facts_are_marked(ws: Workspace, embedder: Any) -> None:
    events = [
        SessionEvent("message", turn=0, role="user", text="My main concern is my mother's health."),
        SessionEvent("tool_call", turn=1, name="bash", id="t1", data={"command": "make deploy"}),
        SessionEvent("tool_result", turn=2, name="bash", id="t1", text="make: *** No rule to make target 'deploy'", is_error=True),
    ]  # fmt: skip
    report = observe_events(ws, "chat-1", events, embedder=embedder)
    assert (report.counts["held"], report.counts["learnings"]) == (1, 1)
    [held] = fragments(ws).values()
    assert held.gate == "hold"
    errors = (ws.root / "learnings/errors.md").read_text(encoding="utf-8")
    assert "Tool bash failed on `make deploy`: make: *** No rule to make target 'deploy'" in errors
    # observe_events moved the offset: observing the stored session later does not repeat it
    write_session(ws, SessionMeta(id="chat-1"), events)
    assert observe_sessions(ws, ["chat-1"], embedder=embedder).sha is None
    assert errors == (ws.root / "learnings/errors.md").read_text(encoding="utf-8")


def test_cli_reports_malformed_lines_and_emits_one_event(
    ws: Workspace, embedder: Any, cli: Any, tmp_path: Path
) -> None:
    path = tmp_path / "chat.jsonl"
    lines = [
        json.dumps({"type": "message", "role": "user", "text": "I live in Porto, by the sea."}),
        "{broken",
        json.dumps({"type": "nonsense"}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("observe", "--import", str(path), workspace=ws)
    assert result.exit_code == 0, result.output
    assert "2 malformed line(s) skipped" in result.output
    assert "1 allowed" in result.output
    runs = [e for e in read_events(ws, component="observe") if e["action"] == "run"]
    assert len(runs) == 1 and runs[0]["counts"]["allowed"] == 1
    frag = parse_fragment(next(iter(fragments(ws).values())).original or "", "x.md")
    assert frag.body.startswith("The user lives in Porto, by the sea.")


def test_import_claude_code_scans_the_home_folder(ws: Workspace, embedder: Any, cli: Any) -> None:
    folder = Path.home() / ".claude" / "projects" / "-work-repo"
    folder.mkdir(parents=True)
    lines = [
        {
            "type": "user",
            "message": {"role": "user", "content": "Remember that the staging database is db-stage-2."},
        },
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
        },
    ]
    (folder / "5f0c.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    result = cli("observe", "--import-claude-code", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "as cc-5f0c (claude-code, 2 events)" in result.output
    [frag] = fragments(ws).values()
    assert frag.body.startswith("The staging database is db-stage-2.") and frag.source == "cc-5f0c:0-0"


def test_offline_narrative_reaches_the_daily_log_redacted(ws: Workspace, embedder: Any) -> None:
    key = "sk-ant-" + "api03-" + "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lm" * 2
    session(
        ws,
        "chat-7",
        ("user", f"Can you check why the build fails with key {key} in the env?"),
        ("assistant", "The build fails because the cache is stale."),
        ("user", "ok thanks"),
    )
    observe_sessions(ws, ["chat-7"], embedder=embedder)
    day = ws.daily_log(local_now().date()).read_text(encoding="utf-8")
    line = next(line for line in day.splitlines() if "chat-7" in line)
    assert "3 messages (turns 0-2)" in line and "Can you check why the build fails" in line
    assert key not in day and "[REDACTED:" in line
    assert key not in git(ws, "log", "--all", "-p")
