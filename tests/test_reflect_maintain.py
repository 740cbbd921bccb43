"""`jarvis maintain`: dedup sweep, stale marking, archiving; idempotent; one commit per run."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime, timedelta
from typing import Any

from jarvis.fragment import parse_fragment
from jarvis.index.access import record_access
from jarvis.notes import remember
from jarvis.reflect.maintain import maintain
from jarvis.workspace import Workspace

NOW = datetime.fromisoformat("2026-11-22T10:00:00+00:00")


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=ws.root, check=True, capture_output=True, text=True).stdout


def status(ws: Workspace, rel: str) -> tuple[str, str | None]:
    f = parse_fragment((ws.root / rel).read_text(encoding="utf-8"), rel)
    return f.status, f.superseded_by


def test_maintain_marks_stale_archives_and_is_idempotent(ws: Workspace) -> None:
    old = remember(ws, "Used to run the blog on a rented server", now=NOW - timedelta(days=100))
    older = remember(ws, "Had a flat in Leeds before moving south", now=NOW - timedelta(days=200))
    recalled = remember(ws, "The garage code changes every spring", now=NOW - timedelta(days=150))
    fresh = remember(ws, "Started learning the cello this month", now=NOW - timedelta(days=3))
    pinned = remember(ws, "Allergic to penicillin", pinned=True, now=NOW - timedelta(days=400))
    record_access(ws, [recalled.rel], (NOW - timedelta(days=5)).isoformat())
    commits = int(git(ws, "rev-list", "--count", "HEAD"))

    first = maintain(ws, now=NOW)
    assert first.sha is not None
    assert first.counts == {"superseded": 0, "stale": 2, "archived": 1, "revived": 0}
    assert status(ws, old.rel)[0] == "stale"
    assert status(ws, older.rel)[0] == "archived"
    assert status(ws, recalled.rel)[0] == "active"  # recalled recently: never stale
    assert status(ws, fresh.rel)[0] == "active"
    assert status(ws, pinned.rel)[0] == "active"
    assert int(git(ws, "rev-list", "--count", "HEAD")) == commits + 1
    assert git(ws, "log", "-1", "--format=%s").startswith("maintain: 2 stale, 1 archived")
    assert git(ws, "status", "--porcelain").strip() == ""
    # nothing is deleted: only frontmatter changed, bodies kept
    assert "rented server" in (ws.root / old.rel).read_text(encoding="utf-8")

    second = maintain(ws, now=NOW)
    assert second.sha is None and second.changed == ()
    assert int(git(ws, "rev-list", "--count", "HEAD")) == commits + 1

    events = [json.loads(line) for line in (ws.state_dir / "events.jsonl").read_text().splitlines()]
    runs = [e for e in events if e["component"] == "maintain"]
    assert runs[-2]["counts"]["stale"] == 2 and runs[-1]["counts"]["changed"] == 0


def test_a_stale_fragment_recalled_again_is_revived(ws: Workspace) -> None:
    r = remember(ws, "Used to run the blog on a rented server", now=NOW - timedelta(days=100))
    maintain(ws, now=NOW)
    assert status(ws, r.rel)[0] == "stale"
    record_access(ws, [r.rel], NOW.isoformat())
    again = maintain(ws, now=NOW + timedelta(days=1))
    assert again.counts["revived"] == 1 and status(ws, r.rel)[0] == "active"


def test_dedup_sweep_supersedes_the_weaker(ws: Workspace, embedder: Any) -> None:
    strong = remember(ws, "The person prefers tea over coffee in the morning", priority="high", now=NOW)
    weak = remember(ws, "The person prefers tea rather than coffee in the morning", priority="low", now=NOW)
    other = remember(ws, "The car is due for its service in March", now=NOW)
    result = maintain(ws, embedder=embedder, now=NOW)
    assert result.counts["superseded"] == 1
    assert status(ws, weak.rel) == ("superseded", strong.id)
    assert status(ws, strong.rel) == ("active", None)
    assert status(ws, other.rel) == ("active", None)
    assert maintain(ws, embedder=embedder, now=NOW).sha is None


def test_maintain_skips_a_fragment_the_person_is_editing(ws: Workspace) -> None:
    r = remember(ws, "Used to run the blog on a rented server", now=NOW - timedelta(days=100))
    path = ws.root / r.rel
    path.write_text(path.read_text(encoding="utf-8") + "\nmy unsaved note\n", encoding="utf-8")
    result = maintain(ws, now=NOW)
    assert result.skipped == (r.rel,) and result.sha is None
    assert path.read_text(encoding="utf-8").endswith("my unsaved note\n")
