"""`jarvis reflect` accounts for every observation; `jarvis review` takes several at once (adr/0089)."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime
from typing import Any

from jarvis.gitstore import GitStore
from jarvis.notes import remember
from jarvis.reflect.proposals import list_open
from jarvis.reflect.reflect import reflect
from jarvis.reflect.review import reject
from jarvis.workspace import Workspace


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=ws.root, check=True, capture_output=True, text=True).stdout


def add_bullet(ws: Workspace, section: str, text: str) -> None:
    memory = ws.memory_md.read_text(encoding="utf-8")
    ws.memory_md.write_text(memory.replace(f"## {section}\n", f"## {section}\n\n- (2026-01-02) {text}\n"))
    git(ws, "-c", "user.name=P", "-c", "user.email=p@x", "commit", "-qam", "edit MEMORY.md")


def observations_of_every_kind(ws: Workspace) -> dict[str, str]:
    """text -> fragment id, one observation of each kind reflect must account for."""
    add_bullet(ws, "Preferences", "Prefers tea over coffee")
    made = {
        "pinned": remember(ws, "My passport expires in March 2031", pinned=True, category="projects"),
        "rule": remember(
            ws, "Never deploy on Fridays", type="rule", priority="medium", category="rules-conventions"
        ),
        "preference": remember(
            ws,
            "Prefers small focused commits, one fix per commit",
            type="preference",
            priority="medium",
            category="preferences",
            confidence=0.8,
        ),
        "correction": remember(
            ws,
            "Shell: fish, not bash.\n\nThe assistant had said: your login shell is bash",
            type="correction",
            priority="medium",
            category="preferences",
            confidence=0.8,
        ),
        "decision": remember(
            ws,
            "We decided to ship the cart fix with Monday's release",
            type="decision",
            category="projects",
            confidence=0.7,
        ),
        "personal": remember(ws, "The user lives in Lisbon", type="fact", category="people-relationships"),
        "held": remember(ws, "Might switch to a standing desk", gate="hold", category="preferences"),
        "failure": remember(
            ws, "pnpm vitest failed on the cart total", type="tool-failure", category="operations"
        ),
        "low": remember(ws, "Had a sandwich for lunch today", priority="low", category="preferences"),
        "known": remember(ws, "prefers tea over  coffee.", category="preferences", confidence=0.9),
        "short": remember(ws, "Likes it", category="preferences", confidence=0.9),
    }
    return {name: r.id for name, r in made.items()}


def test_every_observation_has_one_fate_with_a_reason(ws: Workspace) -> None:
    ids = observations_of_every_kind(ws)
    result = reflect(ws)
    fates = {f.fragment: f for f in result.fates}
    counts = result.counts()
    # nothing silently dropped: count in == sum of fates, one fate per observation
    assert result.observations == len(ids) == len(result.fates) == len(fates)
    assert sum(counts[f] for f in ("promoted", "proposed", "merged", "skipped")) == result.observations
    assert set(fates) == set(ids.values())
    assert all(f.reason for f in result.fates)

    fate = {name: fates[fid].fate for name, fid in ids.items()}
    for durable in ("pinned", "rule", "preference", "correction", "decision", "personal"):
        assert fate[durable] in ("proposed", "promoted"), (durable, fates[ids[durable]])
    assert fate["known"] == "merged" and "exact duplicate" in fates[ids["known"]].reason
    assert fate["held"] == "skipped" and "held" in fates[ids["held"]].reason
    assert fate["failure"] == "skipped" and "learnings/errors.md" in fates[ids["failure"]].reason
    assert fate["low"] == "skipped" and "low priority" in fates[ids["low"]].reason
    assert fate["short"] == "skipped" and "too short" in fates[ids["short"]].reason

    # one branch per bullet, and a correction keeps what it corrected
    texts = [o.proposal.text for o in list_open(GitStore(ws.root))]
    assert len(texts) == counts["proposed"]
    [correction] = [t for t in texts if t.startswith("Shell: fish, not bash")]
    assert "the assistant, which had said: your login shell is bash" in correction


def test_the_same_fact_twice_is_one_proposal_and_one_merge(ws: Workspace) -> None:
    a = remember(ws, "Staging Postgres listens on port 5433", category="operations", confidence=0.8)
    b = remember(ws, "Staging  postgres listens on port 5433.", category="operations", confidence=0.8)
    assert a.id != b.id  # two fragments (remember folds only exact twins)
    result = reflect(ws)
    fates = {f.fragment: f for f in result.fates}
    assert sorted([fates[a.id].fate, fates[b.id].fate]) == ["merged", "proposed"]
    assert fates[a.id].proposal == fates[b.id].proposal
    assert len(list_open(GitStore(ws.root))) == 1


def test_an_old_session_imported_today_is_still_observed(ws: Workspace) -> None:
    remember(ws, "Prefers dark roast coffee", category="preferences", confidence=0.8)
    assert reflect(ws).observations == 1
    old = remember(
        ws,
        "Ran the Lisbon half marathon",
        category="projects",
        now=datetime.fromisoformat("2021-03-14T09:00:00+00:00"),
    )
    again = reflect(ws)
    assert [f.fragment for f in again.fates] == [old.id]
    assert reflect(ws).observations == 0


def test_already_open_and_previously_rejected_are_accounted_for(ws: Workspace) -> None:
    kept = remember(ws, "Reads science fiction before sleeping", category="preferences", confidence=0.7)
    gone = remember(ws, "Drinks oat milk in coffee", category="preferences", confidence=0.7)
    first = reflect(ws)
    [rejected_pid] = [f.proposal for f in first.fates if f.fragment == gone.id]
    reject(ws, rejected_pid, "not any more")
    again = reflect(ws, full=True)
    fates = {f.fragment: f for f in again.fates}
    assert fates[kept.id].fate == "proposed" and "already open" in fates[kept.id].reason
    assert fates[gone.id].fate == "skipped" and "previously rejected (not any more)" in fates[gone.id].reason


def test_cli_prints_every_fate_and_json_carries_them(ws: Workspace, cli: Any) -> None:
    ids = observations_of_every_kind(ws)
    result = cli("reflect", "--offline", "--json", workspace=ws)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {o["id"] for o in data["observations"]} == set(ids.values())
    assert all(
        o["fate"] in ("promoted", "proposed", "merged", "skipped") and o["reason"]
        for o in data["observations"]
    )
    assert data["counts"]["observations"] == len(data["observations"])

    remember(ws, "Walks the dog at seven every morning", category="people-relationships", confidence=0.7)
    plain = cli("reflect", "--offline", workspace=ws)
    assert plain.exit_code == 0, plain.output
    assert "1 observation(s): 0 promoted, 1 proposed, 0 merged, 0 skipped" in plain.output
    assert "proposed" in plain.output and "Walks the dog at seven" in plain.output


def test_review_accepts_and_rejects_several_and_by_section(ws: Workspace, cli: Any) -> None:
    for text, category in [
        ("Prefers tea over coffee in the morning", "preferences"),
        ("Reads science fiction before sleeping", "preferences"),
        ("Never deploy on Fridays", "rules-conventions"),
        ("Code review happens before lunch", "rules-conventions"),
        ("Priya Raman is the user's manager", "people-relationships"),
    ]:
        remember(ws, text, category=category, confidence=0.7)
    assert cli("reflect", "--offline", workspace=ws).exit_code == 0
    listed = json.loads(cli("review", "--json", workspace=ws).output)
    by_section: dict[str, list[str]] = {}
    for item in listed:
        by_section.setdefault(item["section"], []).append(item["id"])
    head = git(ws, "rev-parse", "HEAD").strip()

    prefs = cli("review", "accept", "--section", "preferences", workspace=ws)
    assert prefs.exit_code == 0, prefs.output
    assert prefs.output.count("accepted p-") == 2
    assert git(ws, "rev-list", "--count", f"{head}..HEAD").strip() == "2"  # one commit each

    rules = by_section["Rules and conventions"]
    bad = "p-0000000000"
    mixed = cli("review", "accept", rules[0], bad, rules[1], workspace=ws)
    assert mixed.exit_code != 0
    assert (
        f"error: {bad}: no open proposal" in mixed.output and f"could not be accepted: {bad}" in mixed.output
    )
    assert mixed.output.count("accepted p-") == 2  # the failure in the middle did not stop the rest
    memory = ws.memory_md.read_text(encoding="utf-8")
    assert "Never deploy on Fridays" in memory and "Code review happens before lunch" in memory

    people = cli(
        "review", "reject", "--section", "People and relationships", "--reason", "private", workspace=ws
    )
    assert people.exit_code == 0, people.output
    assert json.loads(cli("review", "--json", workspace=ws).output) == []
    none = cli("review", "accept", "--section", "Projects", workspace=ws)
    assert none.exit_code != 0 and "no open proposal for section 'Projects'" in none.output
    nothing = cli("review", "accept", workspace=ws)
    assert nothing.exit_code != 0 and "give proposal ids or --section" in nothing.output
