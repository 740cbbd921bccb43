"""`jarvis hook claude-code` end to end, with recorded hook payloads and transcripts.

The hook runs as Claude Code runs it: a separate process, JSON on stdin. SessionEnd hands the
work to a detached worker (or the running server) and returns; the tests then wait for the
`observe:` commit that worker makes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from serve_helpers import running_server, wait_for
from trust_helpers import env

from jarvis.agent.tokens import count_tokens
from jarvis.events import read_events
from jarvis.hooks.claude_code import hand_off
from jarvis.notes import iter_fragments
from jarvis.workspace import Workspace

DATA = Path(__file__).parent / "data" / "claude_code"
SESSION = "3b1f6a2e-8c47-4d0b-a9e3-5f2d7c81b046"


def payload(name: str, transcript: Path | None = None) -> str:
    data = json.loads((DATA / name).read_text())
    if transcript is not None:
        data["transcript_path"] = str(transcript)
    return json.dumps(data)


def hook(ws: Workspace, stdin: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "jarvis", "-w", str(ws.root), "hook", "claude-code"]
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env(), timeout=60)


def transcript_copy(tmp_path: Path) -> Path:
    """The recorded transcript where Claude Code keeps it: ~/.claude/projects/<project>/<session>.jsonl."""
    folder = tmp_path / "claude" / "projects" / "-home-ana-src-checkout"
    folder.mkdir(parents=True)
    path = folder / f"{SESSION}.jsonl"
    shutil.copyfile(DATA / "session.jsonl", path)
    return path


def head(ws: Workspace) -> str:
    return subprocess.run(
        ["git", "-C", str(ws.root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()


def hook_observations(ws: Workspace) -> list[dict[str, Any]]:
    return [e for e in read_events(ws) if e["component"] == "hooks" and e["action"] == "observe"]


def test_session_start_injects_the_context_jarvis_context_builds(ws: Workspace, cli: Any) -> None:
    assert cli("remember", "--pin", "Staging Postgres listens on port 5433", workspace=ws).exit_code == 0
    memory = ws.root / "MEMORY.md"
    memory.write_text(memory.read_text() + "\n## Preferences\n\n- (2026-11-02) Uses fish as the shell\n")
    proc = hook(ws, payload("session_start.json"))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    context = out["hookSpecificOutput"]["additionalContext"]
    assert "port 5433" in context and "Uses fish as the shell" in context
    assert "# Long-term memory" in context  # the same layers `jarvis context` assembles


def test_session_start_context_stays_within_the_token_budget(ws: Workspace, cli: Any) -> None:
    memory = ws.root / "MEMORY.md"
    bullets = "".join(
        f"- (2026-10-{1 + i % 28:02d}) Fact number {i} about the ledger service\n" for i in range(400)
    )
    memory.write_text(memory.read_text() + "\n## Projects\n\n" + bullets)
    config = ws.root / "jarvis.toml"
    config.write_text(config.read_text() + "\n[agent]\nhook_context_tokens = 600\n")
    proc = hook(ws, payload("session_start.json"))
    assert proc.returncode == 0, proc.stderr
    context = json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "cut to fit the context budget" in context
    assert count_tokens(context) <= 600 + 60  # the budget, plus the one-line header


def test_session_end_observes_once_and_a_second_run_changes_nothing(ws: Workspace, tmp_path: Path) -> None:
    transcript = transcript_copy(tmp_path)
    before = head(ws)
    proc = hook(ws, payload("session_end.json", transcript))
    assert proc.returncode == 0 and proc.stdout == "", proc.stderr
    assert wait_for(lambda: len(hook_observations(ws)) >= 1), "the detached worker never finished"
    sha = head(ws)
    assert sha != before
    message = subprocess.run(
        ["git", "-C", str(ws.root), "log", "-1", "--format=%B"], capture_output=True, text=True, check=True
    ).stdout
    assert message.startswith("observe: “The cart total test is failing on")
    assert f"jarvis-observe: cc-{SESSION} turns 0-11" in message
    texts = [f.body for _, f in iter_fragments(ws)]
    assert any("pnpm" in t for t in texts) and any("Fridays" in t for t in texts)
    files = {rel: (ws.root / rel).read_bytes() for rel, _ in iter_fragments(ws)}

    again = hook(ws, payload("session_end.json", transcript))
    assert again.returncode == 0, again.stderr
    assert wait_for(lambda: len(hook_observations(ws)) >= 2)
    assert head(ws) == sha
    assert {rel: (ws.root / rel).read_bytes() for rel, _ in iter_fragments(ws)} == files


def test_pre_compact_then_session_end_observe_only_the_new_turns(ws: Workspace, tmp_path: Path) -> None:
    transcript = transcript_copy(tmp_path)
    assert hook(ws, payload("pre_compact.json", transcript)).returncode == 0
    assert wait_for(lambda: len(hook_observations(ws)) >= 1)
    first = len(list(iter_fragments(ws)))
    with transcript.open("a", encoding="utf-8") as handle:  # the session went on after compaction
        handle.write((DATA / "session_more.jsonl").read_text())
    assert hook(ws, payload("session_end.json", transcript)).returncode == 0
    assert wait_for(lambda: len(hook_observations(ws)) >= 2)
    message = subprocess.run(
        ["git", "-C", str(ws.root), "log", "-1", "--format=%B"], capture_output=True, text=True, check=True
    ).stdout
    assert f"jarvis-observe: cc-{SESSION} turns 12-12" in message
    assert len(list(iter_fragments(ws))) == first + 1
    assert any("5433" in f.body for _, f in iter_fragments(ws))


def test_hand_off_goes_to_the_running_server(ws: Workspace, tmp_path: Path, embedder: Any) -> None:
    transcript = transcript_copy(tmp_path)
    with running_server(ws, embedder):
        assert hand_off(ws, transcript) == "server"
        assert wait_for(lambda: len(hook_observations(ws)) >= 1)
    assert any("pnpm" in f.body for _, f in iter_fragments(ws))


def test_bad_input_never_fails_claude_code(ws: Workspace, tmp_path: Path) -> None:
    for stdin, words in [
        ("", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"session_id": "x"}', "no hook_event_name"),
        ('{"hook_event_name": "SessionEnd", "session_id": "x"}', "no transcript_path"),
    ]:
        proc = hook(ws, stdin)
        assert proc.returncode == 0
        assert proc.stdout == ""
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("jarvis hook:") and words in lines[0], proc.stderr
    missing = hook(ws, payload("session_start.json").replace('"SessionStart"', '"Notification"'))
    assert missing.returncode == 0 and missing.stdout == "" and missing.stderr == ""


def test_no_workspace_is_one_line_and_exit_zero(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "jarvis", "-w", str(tmp_path / "nowhere"), "hook", "claude-code"]
    proc = subprocess.run(
        argv, input=payload("session_start.json"), capture_output=True, text=True, env=env()
    )
    assert proc.returncode == 0 and proc.stdout == ""
    assert proc.stderr.startswith("jarvis hook: no jarvis workspace found") and proc.stderr.count("\n") == 1


def test_the_hook_path_imports_nothing_heavy(ws: Workspace) -> None:
    argv = [sys.executable, "-X", "importtime", "-m", "jarvis", "-w", str(ws.root), "hook", "claude-code"]
    proc = subprocess.run(
        argv, input=payload("session_start.json"), capture_output=True, text=True, env=env()
    )
    assert proc.returncode == 0
    modules = {line.split("|")[-1].strip().split(".")[0] for line in proc.stderr.splitlines() if "|" in line}
    assert not modules & {"torch", "numpy", "tantivy", "rich", "sentence_transformers", "onnxruntime"}


def test_a_failed_observation_is_an_event_not_silence(ws: Workspace, tmp_path: Path) -> None:
    missing = tmp_path / "gone" / f"{SESSION}.jsonl"
    proc = hook(ws, payload("session_end.json", missing))
    assert proc.returncode == 0 and proc.stderr == ""  # the hook itself handed off and returned
    [failure] = wait_for(lambda: hook_observations(ws))
    assert failure["success"] is False and "no such file" in failure["error"]
