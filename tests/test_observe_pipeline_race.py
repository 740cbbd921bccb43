"""Two observe runs over the same turns (a hook's worker and the server's schedule) write them once."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from jarvis.notes import iter_fragments
from jarvis.observe import pipeline
from jarvis.observe.pipeline import observe_sessions
from jarvis.observe.sessions import SessionEvent, SessionMeta, write_session
from jarvis.workspace import Workspace


def test_turns_committed_by_another_run_meanwhile_are_not_written_again(
    ws: Workspace, embedder: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = [
        SessionEvent(
            "message",
            turn=0,
            role="user",
            text="Remember that the staging Postgres listens on port 5433.",
            ts="2026-11-20T10:00:00Z",
        ),
        SessionEvent(
            "message",
            turn=1,
            role="user",
            text="I prefer pnpm over npm for the checkout repo.",
            ts="2026-11-20T10:01:00Z",
        ),
    ]
    write_session(ws, SessionMeta(id="s1"), events)
    real = pipeline.build_plan
    raced: list[Any] = []

    def plan_then_race(*args: Any, **kwargs: Any) -> Any:
        made = real(*args, **kwargs)
        if not raced:  # after this run planned, before it takes the lock, another run commits the turns
            monkeypatch.setattr(pipeline, "build_plan", real)
            raced.append(observe_sessions(ws, ["s1"], embedder=embedder))
            monkeypatch.setattr(pipeline, "build_plan", plan_then_race)
        return made

    monkeypatch.setattr(pipeline, "build_plan", plan_then_race)
    report = observe_sessions(ws, ["s1"], embedder=embedder)
    assert raced and raced[0].sha is not None
    assert report.sha is None  # nothing left to write
    log = subprocess.run(
        ["git", "-C", str(ws.root), "log", "--format=%s"], capture_output=True, text=True, check=True
    ).stdout
    assert sum(line.startswith("observe:") for line in log.splitlines()) == 1
    assert all(f.merged_count == 0 for _, f in iter_fragments(ws))  # not merged into themselves
