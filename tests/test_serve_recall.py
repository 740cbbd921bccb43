"""Recall through the server equals recall in-process; the real watcher keeps the real index fresh."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from typing import Any

import pytest
from serve_helpers import running_server, set_serve_config, wait_for

from jarvis.fsutil import atomic_write
from jarvis.index.recall import handle_request
from jarvis.index.sync import freshness
from jarvis.serve import client
from jarvis.workspace import Workspace

FILES = {
    "memory/notes/preferences/tea.md": "---\nid: mem-20261101-090000-aaaaaa\ncategory: preferences\n---\n"
    "The user prefers green tea over coffee in the morning.\n",
    "memory/notes/projects/deploy.md": "---\nid: mem-20261102-090000-bbbbbb\ncategory: projects\n---\n"
    "Deploys run with scripts/deploy.sh --dry-run first, then for real.\n",
    "memory/notes/people-relationships/cat.md": "---\nid: mem-20261103-090000-cccccc\n---\n"
    "The user's cat is called Whiskerino and hates the vacuum cleaner.\n",
    "memory/2026-11-20.md": "# 2026-11-20\n\n- Talked about the garden and planting tomatoes.\n"
    "- Fixed the flaky CI job by pinning the runner image.\n",
}
QUERIES = ["what does the user drink", "how do we deploy", "name of the cat", "garden plans", "CI fix"]


def request(query: str) -> dict[str, Any]:
    return {"query": query, "record": False, "now": "2026-11-22T12:00:00"}


def comparable(result: dict[str, Any]) -> dict[str, Any]:
    """The answer as JSON carries it (tuples become lists), without timing or what a sync did on the way."""
    return {k: v for k, v in json.loads(json.dumps(result)).items() if k not in ("took_ms", "synced")}


@pytest.fixture
def filled(ws: Workspace) -> Workspace:
    for rel, text in FILES.items():
        atomic_write(ws.root / rel, text)
    set_serve_config(ws, debounce_s=0.1, autocommit=False)
    return ws


def settled(ws: Workspace) -> bool:
    return not freshness(ws).stale


def test_server_answers_exactly_like_in_process(filled: Workspace, embedder: object) -> None:
    with running_server(filled, embedder):
        assert wait_for(lambda: settled(filled))
        for query in QUERIES:
            served = client.query(filled, request(query))
            assert served is not None
            assert served["hits"], query
            assert comparable(served) == comparable(handle_request(filled, request(query), embedder))


def test_recall_command_uses_the_server_with_identical_output(
    filled: Workspace, embedder: object, cli
) -> None:  # type: ignore[no-untyped-def]
    args = ("recall", "how do we deploy", "--json", "--no-record", "--now", "2026-11-22T12:00:00")
    in_process = cli(*args, workspace=filled)
    assert in_process.exit_code == 0, in_process.output
    with running_server(filled, embedder) as server:
        before = server.health()["requests"]["total"]
        through_server = cli(*args, workspace=filled)
        assert through_server.exit_code == 0, through_server.output
        assert server.health()["requests"]["total"] == before + 1  # it really went through the socket
    assert comparable(json.loads(through_server.output)) == comparable(json.loads(in_process.output))


def test_two_clients_at_once_get_correct_answers(filled: Workspace, embedder: object) -> None:
    with running_server(filled, embedder):
        assert wait_for(lambda: settled(filled))
        expected = {q: comparable(handle_request(filled, request(q), embedder)) for q in QUERIES}
        failures: list[str] = []
        barrier = threading.Barrier(2)

        def worker(order: list[str]) -> None:
            barrier.wait()
            for _ in range(3):
                for query in order:
                    got = client.query(filled, request(query))
                    if got is None or comparable(got) != expected[query]:
                        failures.append(query)

        threads = [threading.Thread(target=worker, args=(o,)) for o in (QUERIES, QUERIES[::-1])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not failures


def test_a_query_during_a_reindex_gets_a_correct_answer(filled: Workspace, embedder: object) -> None:
    with running_server(filled, embedder) as server:
        assert wait_for(lambda: settled(filled))
        batches = server.watcher.health()["batches"]
        folder = filled.root / "memory" / "notes" / "operations"
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(150):
            (folder / f"runbook-{i:03}.md").write_text(
                f"Runbook {i}: the quokkaflux service restarts with systemctl restart quokkaflux-{i}.\n"
            )
        seen: list[dict[str, Any]] = []
        errors: list[BaseException] = []

        def ask() -> None:
            try:
                while server.watcher.health()["batches"] <= batches or not seen:
                    got = client.query(filled, request("how do I restart quokkaflux"))
                    assert got is not None
                    seen.append(got)
            except BaseException as exc:
                errors.append(exc)

        thread = threading.Thread(target=ask)
        thread.start()
        thread.join(300)
        assert not errors, errors
        for answer in seen:
            # every answer reflects the files as they are: the new runbooks are found, never a half index
            assert answer["freshness"]["stale"] is False
            assert answer["hits"] and answer["hits"][0]["path"].startswith("memory/notes/operations/runbook-")
            for hit in answer["hits"]:
                assert hit["text"].strip() in (filled.root / hit["path"]).read_text()


def test_the_watcher_keeps_the_real_index_fresh(filled: Workspace, embedder: object) -> None:
    """Saved, renamed, deleted and moved files reach the index through the watcher alone (no recall)."""
    root = filled.root
    with running_server(filled, embedder) as server:
        assert wait_for(lambda: settled(filled))

        def indexed(rel: str) -> bool:
            return settled(filled) and rel in _indexed_paths(filled)

        atomic_write(
            root / "memory/notes/projects/new.md", "A brand new note about the heliotrope project.\n"
        )
        assert wait_for(lambda: indexed("memory/notes/projects/new.md"))
        os.rename(root / "memory/notes/projects/new.md", root / "memory/notes/projects/renamed.md")
        assert wait_for(lambda: indexed("memory/notes/projects/renamed.md"))
        assert "memory/notes/projects/new.md" not in _indexed_paths(filled)
        (root / "memory/notes/projects/renamed.md").unlink()
        assert wait_for(
            lambda: settled(filled) and "memory/notes/projects/renamed.md" not in _indexed_paths(filled)
        )
        shutil.move(str(root / "memory/notes/people-relationships"), str(root / "memory/notes/friends"))
        assert wait_for(lambda: indexed("memory/notes/friends/cat.md"))
        assert not any(p.startswith("memory/notes/people-relationships/") for p in _indexed_paths(filled))
        health = server.watcher.health()
        assert health["errors"] == 0 and health["backlog"] == 0
        hit = client.query(filled, request("what is the cat called"))
        assert hit is not None and hit["hits"][0]["path"] == "memory/notes/friends/cat.md"


def test_an_exception_in_one_real_sync_does_not_stop_the_next(
    filled: Workspace, embedder: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import jarvis.index.sync as sync_module

    real = sync_module.reconcile
    calls = {"n": 0}

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:  # the first batch after start-up fails
            raise RuntimeError("injected failure in reconcile")
        return real(*args, **kwargs)

    monkeypatch.setattr(sync_module, "reconcile", flaky)
    with running_server(filled, embedder) as server:
        assert wait_for(lambda: server.watcher.health()["batches"] >= 1)
        atomic_write(filled.root / "memory/notes/projects/after.md", "Written when reconcile fails once.\n")
        assert wait_for(lambda: server.watcher.health()["errors"] == 1)
        assert "injected failure" in server.watcher.health()["last_error"]
        assert wait_for(
            lambda: "memory/notes/projects/after.md" in _indexed_paths(filled) and settled(filled)
        )


def _indexed_paths(ws: Workspace) -> set[str]:
    from jarvis.index import manifest

    conn = manifest.open_store(ws)
    try:
        return set(manifest.manifest(conn))
    finally:
        conn.close()


def test_first_in_process_recall_autostarts_a_server_for_the_next(
    filled: Workspace, cli, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("JARVIS_AUTOSTART", "1")
    args = ("recall", "name of the cat", "--json", "--no-record", "--now", "2026-11-22T12:00:00")
    try:
        first = cli(*args, workspace=filled)
        assert first.exit_code == 0, first.output
        assert wait_for(lambda: client.server_pid(filled), timeout=90)
        assert wait_for(lambda: _pings(filled), timeout=90)
        served_before = _served(filled)
        second = cli(*args, workspace=filled)
        assert second.exit_code == 0, second.output
        # one recall plus this status call itself: the second recall went through the socket
        assert _served(filled) == served_before + 2
        assert comparable(json.loads(second.stdout)) == comparable(json.loads(first.stdout))
    finally:
        client.stop(filled)
    assert client.server_pid(filled) is None


def _served(ws: Workspace) -> int:
    reply = client.call(ws, {"op": "status"})
    health = reply.get("result", reply)
    return int(health["requests"]["total"])


def _pings(ws: Workspace) -> bool:
    try:
        return bool(client.call(ws, {"op": "ping"}))
    except Exception:
        return False


def test_off_switch_keeps_recall_in_process(filled: Workspace, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    toml = filled.root / "jarvis.toml"
    toml.write_text(toml.read_text() + "autostart = false\n")  # [serve] is the last table
    filled.__dict__.pop("config", None)
    monkeypatch.setenv("JARVIS_AUTOSTART", "1")
    assert cli("recall", "garden", "--no-record", workspace=filled).exit_code == 0
    time.sleep(1.0)  # a spawned server would have taken its lock by now
    assert client.server_pid(filled) is None
