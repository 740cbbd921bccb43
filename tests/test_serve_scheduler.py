"""The scheduler, the heartbeat checks and `jarvis status`."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest
from serve_helpers import running_server, wait_for

from jarvis.serve.health import heartbeat
from jarvis.serve.scheduler import Job, Scheduler, default_jobs
from jarvis.workspace import Workspace


@pytest.fixture
def job_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("jarvis_test_jobs")
    calls: dict[str, int] = {"ok": 0, "boom": 0}

    def ok(ws: Workspace, embedder: Any = None) -> dict[str, Any]:
        calls["ok"] += 1
        return {"done": calls["ok"], "embedder_given": embedder is not None}

    def boom(ws: Workspace) -> None:
        calls["boom"] += 1
        raise RuntimeError("job exploded")

    module.ok = ok  # type: ignore[attr-defined]
    module.boom = boom  # type: ignore[attr-defined]
    module.calls = calls  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jarvis_test_jobs", module)
    return module


def test_a_failing_job_is_an_event_and_the_others_go_on(ws: Workspace, job_module: types.ModuleType) -> None:
    jobs = [
        Job("steady", 0.2, "jarvis_test_jobs", ("ok",)),
        Job("broken", 0.2, "jarvis_test_jobs", ("boom",)),
        Job("absent", 0.2, "jarvis.no_such_module", ("run",)),
        Job("no-attr", 0.2, "jarvis_test_jobs", ("nope",)),
        Job("off", 0, "jarvis_test_jobs", ("ok",)),
    ]
    scheduler = Scheduler(ws, jobs, {"embedder": object(), "unused": 1})
    scheduler.start()
    try:
        assert wait_for(lambda: job_module.calls["boom"] >= 2 and job_module.calls["ok"] >= 3, 30)
    finally:
        scheduler.stop()
    health = scheduler.health()
    assert health["steady"]["last_ok"] is True and health["steady"]["last_result"]["embedder_given"] is True
    assert health["broken"]["last_ok"] is False and "job exploded" in health["broken"]["last_error"]
    assert health["broken"]["failures"] >= 2
    assert health["absent"]["note"].startswith("skipped: jarvis.no_such_module is not part of this jarvis")
    assert health["no-attr"]["note"] == "skipped: jarvis_test_jobs has no nope"
    assert health["off"]["note"].startswith("off")
    events = [json.loads(line) for line in (ws.state_dir / "events.jsonl").read_text().splitlines()]
    failed = [e for e in events if e["component"] == "scheduler" and e["action"] == "broken"]
    assert failed and not any(e["success"] for e in failed)
    assert "job exploded" in failed[0]["error"]


def test_last_runs_survive_a_restart(ws: Workspace, job_module: types.ModuleType) -> None:
    jobs = [Job("steady", 3600, "jarvis_test_jobs", ("ok",))]
    first = Scheduler(ws, jobs)
    first.start()
    first.run_now("steady")
    assert wait_for(lambda: job_module.calls["ok"] == 1, 30)
    first.stop()
    second = Scheduler(ws, jobs)
    second.start()
    try:
        health = second.health()["steady"]
        assert health["last_ok"] is True
        assert health["next"] > health["last_run"]  # an hour after the last run, not at start-up
    finally:
        second.stop()
    assert job_module.calls["ok"] == 1


def test_default_jobs_follow_jarvis_toml(ws: Workspace) -> None:
    path = ws.root / "jarvis.toml"
    path.write_text(path.read_text() + "\n[schedule]\nobserve_every_s = 0\nheartbeat_every_s = 60\n")
    fresh = Workspace(ws.root)
    every = {job.name: job.every_s for job in default_jobs(fresh)}
    assert every["observe"] == 0 and every["heartbeat"] == 60
    assert every["sync"] == 0  # sync through a remote only when asked for
    assert set(every) == {"observe", "recent", "maintain", "heartbeat", "sync"}
    path.write_text(path.read_text() + "\n[sync]\nevery_minutes = 15\n")
    assert {job.name: job.every_s for job in default_jobs(Workspace(ws.root))}["sync"] == 900


def test_heartbeat_reads_its_rules_and_records_what_it_found(ws: Workspace) -> None:
    result = heartbeat(ws)
    rules = [f["rule"] for f in result["findings"]]
    assert len(rules) == result["rules"] >= 3
    found = {f["rule"]: f["found"] for f in result["findings"]}
    memory_rule = next(r for r in rules if "MEMORY.md" in r)
    assert found[memory_rule].startswith("ok: MEMORY.md has")
    proposals_rule = next(r for r in rules if "proposal" in r)
    assert found[proposals_rule] == "ok: no proposal open for over 7 days"
    events = [json.loads(line) for line in (ws.state_dir / "events.jsonl").read_text().splitlines()]
    beat = [e for e in events if e["component"] == "heartbeat"][-1]
    assert beat["success"] and beat["counts"]["rules"] == len(rules)
    assert beat["detail"]["findings"] == result["findings"]


def test_heartbeat_flags_an_oversized_memory(ws: Workspace) -> None:
    bullets = "\n".join(f"- (2026-11-22) fact number {i}" for i in range(ws.config.reflect.max_bullets + 5))
    (ws.root / "MEMORY.md").write_text(f"# Memory\n\n## Projects\n\n{bullets}\n")
    result = heartbeat(ws)
    assert result["attention"] >= 1
    assert any("over 200" in f["found"] for f in result["findings"])


def test_status_without_and_with_a_server(ws: Workspace, embedder: object, cli) -> None:  # type: ignore[no-untyped-def]
    idle = cli("status", workspace=ws)
    assert idle.exit_code == 0
    assert "server: not running" in idle.output
    with running_server(ws, embedder) as server:
        assert wait_for(lambda: server.watcher.health()["batches"] >= 1)
        (ws.root / "memory" / "status-probe.md").write_text("probe\n")
        assert wait_for(lambda: (server.watcher.health()["last_event"] or "") and server.watcher.backlog == 0)
        from jarvis.serve.health import write_health

        write_health(ws, server.health())
        shown = cli("status", workspace=ws)
        assert shown.exit_code == 0, shown.output
        assert "server: running (pid" in shown.output
        assert "watcher:" in shown.output and "last sync" in shown.output
        for job in ("observe", "recent", "maintain", "heartbeat"):
            assert f"  {job}" in shown.output
        as_json = json.loads(cli("status", "--json", workspace=ws).output)
        assert as_json["running"] is True and as_json["health"]["watcher"]["observer_alive"] is True
    after = cli("status", workspace=ws)
    assert "server: not running (last state: stopped" in after.output
