"""What `jarvis hook claude-code` does with the JSON Claude Code sends on stdin.

Claude Code runs the hook command with one JSON object on stdin (`session_id`,
`transcript_path`, `cwd`, `hook_event_name`, and `source` / `reason` / `trigger` by event):

- `SessionStart`: print `{"hookSpecificOutput": {"hookEventName": "SessionStart",
  "additionalContext": …}}`, the context `jarvis context` assembles (identity, USER,
  MEMORY, recent days, learnings), fitted under `[agent] hook_context_tokens`;
- `PreCompact`, `SessionEnd`: observe the transcript from where the last observation of that
  session stopped. That takes seconds (the model, git), and a hook must return at once, so
  the work goes to the running `jarvis serve` (op `observe`) or else to a detached
  `jarvis hook claude-code --observe-transcript PATH` process, and the hook exits.

This module is on the hook's start-up path: standard library and jarvis's light modules
only (no numpy, torch, tantivy or rich); the heavy observe imports happen in the worker.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from jarvis.errors import InputError, JarvisError
from jarvis.workspace import Workspace

MAX_PAYLOAD = 1_000_000
OBSERVE_EVENTS = ("PreCompact", "SessionEnd")
LOCK = ("observe", "hook.lock")
LOCK_WAIT_S = 600.0  # a worker waits this long for the one before it


def read_payload(raw: bytes) -> dict[str, Any]:
    """The hook's JSON object; InputError naming what is wrong otherwise."""
    if len(raw) > MAX_PAYLOAD:
        raise InputError(f"hook input over {MAX_PAYLOAD:,} bytes; expected Claude Code's small JSON object")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(
            f"hook input is not JSON ({exc}); expected Claude Code's hook object on stdin"
        ) from None
    if not isinstance(data, dict):
        raise InputError("hook input is not a JSON object; expected Claude Code's hook object on stdin")
    event = data.get("hook_event_name")
    if not isinstance(event, str) or not event:
        raise InputError("hook input has no hook_event_name; expected Claude Code's hook object on stdin")
    return data


def session_context(ws: Workspace) -> str:
    """The context `jarvis context` builds (no recall: nothing is asked yet), under the hook budget."""
    from jarvis.agent.context import assemble
    from jarvis.agent.sources import load_sources

    budget = ws.config.agent.hook_context_tokens
    built = assemble(load_sources(ws), message="", window=budget, budget_ratio=1.0)
    if not built.system.strip():
        return ""
    return f"Memory from jarvis (workspace {ws.root}; edit it with `jarvis remember` / `jarvis review`):\n\n{built.system}"


def session_start(ws: Workspace) -> str:
    """The JSON Claude Code reads from a SessionStart hook."""
    payload = {
        "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": session_context(ws)}
    }
    return json.dumps(payload, ensure_ascii=False)


def transcript_of(data: dict[str, Any]) -> Path:
    path = data.get("transcript_path")
    if not isinstance(path, str) or not path.strip():
        raise InputError(f"{data.get('hook_event_name')} hook input has no transcript_path")
    return Path(path).expanduser()


def hand_off(ws: Workspace, transcript: Path) -> str:
    """Ask the running server to observe `transcript`, else start a detached worker; return which."""
    from jarvis.serve.client import call, socket_path

    if socket_path(ws).exists():
        try:
            reply = call(
                ws, {"op": "observe", "workspace": str(ws.root), "path": str(transcript)}, timeout=0.5
            )
            if reply.get("ok"):
                return "server"
        except (JarvisError, ValueError):
            pass  # no server after all, or one too old to know `observe`: a worker does it
    spawn_worker(ws, transcript)
    return "process"


def spawn_worker(ws: Workspace, transcript: Path) -> int:
    """`jarvis -w WS hook claude-code --observe-transcript PATH`, detached: own session, no stdio."""
    argv = [sys.executable, "-m", "jarvis", "-w", str(ws.root), "hook", "claude-code"]
    proc = subprocess.Popen(
        [*argv, "--observe-transcript", str(transcript)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ws.root,
        start_new_session=True,
        close_fds=True,
    )
    return proc.pid


def handle(ws: Workspace, data: dict[str, Any]) -> str:
    """Run one hook event; returns what to print on stdout ("" for nothing)."""
    event = data["hook_event_name"]
    if event == "SessionStart":
        return session_start(ws)
    if event in OBSERVE_EVENTS:
        transcript = transcript_of(data)
        how = hand_off(ws, transcript)
        from jarvis.events import emit

        why = data.get("trigger") or data.get("reason") or ""
        emit(
            ws,
            "hooks",
            "hand-off",
            detail={"event": event, "why": str(why), "to": how, "transcript": transcript.name},
        )
        return ""
    return ""  # an event jarvis does not use: nothing to do


def observe_transcript(ws: Workspace, path: Path, *, llm: Any = None, embedder: Any = None) -> Any:
    """Import a Claude Code transcript and observe its new turns (one at a time per workspace).

    Runs in the server or the detached worker. The session offset makes a second call on an
    unchanged transcript a no-op. Returns the ObserveReport.
    """
    from jarvis.events import track
    from jarvis.flock import exclusive
    from jarvis.observe.importers import import_transcript
    from jarvis.observe.pipeline import observe_sessions

    def busy(holder: Any, timed_out: bool) -> JarvisError:
        return JarvisError(f"another hook observation ({holder.text}) still runs; this one gave up")

    with track(ws, "hooks", "observe") as ev:
        with exclusive(ws.state(*LOCK), LOCK_WAIT_S, busy):
            imported = import_transcript(ws, path, "claude-code")
            report = observe_sessions(ws, [imported.session_id], llm=llm, embedder=embedder)
        ev.detail.update(session=imported.session_id, sha=report.sha, dated_by=imported.dated_by)
        ev.counts.update(turns=report.turns, allowed=report.counts.get("allowed", 0))
    return report


def worker_main(ws: Workspace, path: Path) -> None:
    """The detached worker's body: observe with the configured LLM; failures go to the events log."""
    from jarvis.llm import get_llm

    observe_transcript(ws, path, llm=get_llm(ws.config.llm, os.environ))
