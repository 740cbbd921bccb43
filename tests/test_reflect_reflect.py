"""`jarvis reflect`: offline rules, the three triage tiers, pruning, and the LLM path (replayed)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import httpx2 as httpx
import pytest

from jarvis.anchors import is_artefact, names_anchor
from jarvis.config import LLMConfig
from jarvis.gitstore import GitStore
from jarvis.llm import get_llm
from jarvis.notes import remember
from jarvis.reflect.proposals import list_open
from jarvis.reflect.reflect import reflect
from jarvis.reflect.review import reject
from jarvis.workspace import Workspace


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=ws.root, check=True, capture_output=True, text=True).stdout


def open_texts(ws: Workspace) -> list[str]:
    return [o.proposal.text for o in list_open(GitStore(ws.root))]


def by_action(result: Any) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for v in result.verdicts:
        out.setdefault(v.action, []).append(v.proposal.text)
    return out


def test_reference_and_artefact_rules() -> None:
    assert names_anchor("Deploys run with `make deploy` from the laptop") == "command"
    assert names_anchor("The schema is described in decisions/0007-schema.md") == "decision record"
    assert names_anchor("Backups live in ~/backups/nightly") == "file path"
    assert names_anchor("Prefers tea over coffee") is None
    assert is_artefact("Add after the second bullet: prefers tea")
    assert is_artefact("Replace the old address with the new one")
    assert not is_artefact("Prefers tea over coffee")


def test_offline_reflect_triages_in_tiers(ws: Workspace) -> None:
    remember(
        ws, "Prefers tea over coffee in the morning", category="preferences", priority="high", confidence=0.7
    )
    remember(ws, "Deploys run with `make deploy` from the build host", category="operations", priority="high",
             confidence=0.95)  # fmt: skip
    remember(ws, "Had a sandwich for lunch today", category="preferences", priority="low", confidence=0.9)
    remember(ws, "Likes it", category="preferences", priority="high", confidence=0.9)
    remember(ws, "Uses a vague maybe-preference", category="preferences", priority="high", confidence=0.1)
    head = git(ws, "rev-parse", "HEAD").strip()
    result = reflect(ws)
    actions = by_action(result)
    assert actions["promote"] == ["Deploys run with `make deploy` from the build host"]
    assert sorted(actions["reject"]) == ["Likes it", "Uses a vague maybe-preference"]
    assert actions["human"] == ["Prefers tea over coffee in the morning"]
    reasons = {v.proposal.text: v.reason for v in result.verdicts}
    assert "names a command" in reasons["Deploys run with `make deploy` from the build host"]
    assert "too short" in reasons["Likes it"]
    assert "confidence 0.10" in reasons["Uses a vague maybe-preference"]
    # the promotion is a commit on the person's branch; the rest wait as branches
    assert git(ws, "log", "-1", "--format=%s").startswith(
        "promote: Operations: Deploys run with `make deploy`"
    )
    assert git(ws, "rev-parse", "HEAD~1").strip() == head
    assert "Deploys run with `make deploy`" in ws.memory_md.read_text(encoding="utf-8")
    assert open_texts(ws) == ["Prefers tea over coffee in the morning"]
    # the triage log keeps every verdict with its reason
    log = (ws.state_dir / "reflect" / "triage.jsonl").read_text(encoding="utf-8").splitlines()
    assert {json.loads(line)["action"] for line in log} == {"promote", "reject", "human"}
    # observations are incremental: nothing new, nothing proposed
    again = reflect(ws)
    assert again.observations == 0 and again.verdicts == []


def test_exact_duplicate_of_a_bullet_is_rejected(ws: Workspace) -> None:
    text = ws.memory_md.read_text(encoding="utf-8")
    ws.memory_md.write_text(
        text.replace("## Preferences\n", "## Preferences\n\n- (2026-01-02) Prefers tea over coffee\n")
    )
    git(ws, "-c", "user.name=P", "-c", "user.email=p@x", "commit", "-qam", "edit")
    remember(ws, "prefers tea over  coffee.", category="preferences", priority="high", confidence=0.9)
    result = reflect(ws)
    assert [(v.action, v.reason) for v in result.verdicts] == [
        ("reject", "exact duplicate of an existing bullet")
    ]


def test_rejected_proposal_is_never_raised_again(ws: Workspace) -> None:
    remember(
        ws, "Prefers tea over coffee in the morning", category="preferences", priority="high", confidence=0.7
    )
    first = reflect(ws)
    [pid] = [v.proposal.id for v in first.verdicts]
    reject(ws, pid, "I switched to coffee")
    again = reflect(ws, full=True)  # look at every fragment again
    assert [(v.proposal.id, v.action) for v in again.verdicts] == [(pid, "reject")]
    assert "previously rejected (I switched to coffee)" in again.verdicts[0].reason
    assert open_texts(ws) == []
    # a fresh fragment saying the same thing gets the same id: still rejected
    (ws.state_dir / "reflect" / "state.json").unlink()
    third = reflect(ws)
    assert [v.action for v in third.verdicts] == ["reject"] and open_texts(ws) == []


def test_over_the_bullet_limit_reflect_proposes_pruning(ws: Workspace) -> None:
    (ws.root / "jarvis.toml").write_text("[reflect]\nmax_bullets = 3\n", encoding="utf-8")
    bullets = "".join(f"- (2026-0{m}-01) Fact number {m} worth keeping around\n" for m in range(1, 6))
    text = ws.memory_md.read_text(encoding="utf-8").replace("## Projects\n", "## Projects\n\n" + bullets)
    ws.memory_md.write_text(text, encoding="utf-8")
    git(ws, "-c", "user.name=P", "-c", "user.email=p@x", "commit", "-qam", "edit")
    remember(
        ws, "Prefers tea over coffee in the morning", category="preferences", priority="high", confidence=0.7
    )
    ws2 = Workspace(ws.root)
    result = reflect(ws2)
    assert result.pruning
    assert [(v.proposal.kind, v.proposal.text) for v in result.verdicts] == [
        ("remove", "Fact number 1 worth keeping around"),
        ("remove", "Fact number 2 worth keeping around"),
    ]
    assert all(v.action == "human" for v in result.verdicts)
    assert "Prefers tea" not in " ".join(open_texts(ws2))


def test_near_duplicate_becomes_a_change_of_the_existing_bullet(ws: Workspace, embedder: Any) -> None:
    text = ws.memory_md.read_text(encoding="utf-8")
    ws.memory_md.write_text(
        text.replace("## Preferences\n", "## Preferences\n\n- (2026-01-02) Prefers tea over coffee\n")
    )
    git(ws, "-c", "user.name=P", "-c", "user.email=p@x", "commit", "-qam", "edit")
    remember(ws, "Prefers tea over coffee, especially green tea in the morning", category="preferences",
             priority="high", confidence=0.7)  # fmt: skip
    remember(ws, "Prefers tea to coffee", category="preferences", priority="high", confidence=0.7)
    result = reflect(ws, embedder=embedder)
    verdicts = {v.proposal.text: v for v in result.verdicts}
    richer = verdicts["Prefers tea over coffee, especially green tea in the morning"]
    assert richer.action == "human" and richer.proposal.kind == "change"
    assert richer.proposal.old_text == "Prefers tea over coffee" and "merge: close to" in richer.reason
    assert verdicts["Prefers tea to coffee"].action == "merge"
    [op] = list_open(GitStore(ws.root))
    diff = git(ws, "diff", op.parent, op.sha)
    assert "-- (2026-01-02) Prefers tea over coffee" in diff and "+- (" in diff


def _replay(replies: list[str], seen: list[dict[str, Any]]) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        text = replies[len(seen) - 1]
        return httpx.Response(200, json={
            "id": f"msg_{len(seen)}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 100, "output_tokens": 50},
        })  # fmt: skip

    return httpx.Client(transport=httpx.MockTransport(handler))


def test_llm_reflection_and_batch_review(ws: Workspace) -> None:
    a = remember(ws, "The person is training for the Berlin marathon in September", category="projects")
    b = remember(ws, "The person mentioned the weather was nice", category="projects")
    proposals = {"proposals": [
        {"kind": "add", "section": "Projects", "text": "Training for the Berlin marathon (September)",
         "confidence": 0.7, "rationale": "durable goal", "fragments": [a.id]},
        {"kind": "add", "section": "Projects", "text": "The weather was nice on Tuesday",
         "confidence": 0.5, "rationale": "small talk", "fragments": [b.id]},
    ]}  # fmt: skip
    seen: list[dict[str, Any]] = []
    # the verdicts name the proposal ids, which are content hashes: compute them from the first reply
    from jarvis.reflect.proposals import proposal_id

    marathon = proposal_id("MEMORY.md", "add", "Projects", "Training for the Berlin marathon (September)")
    weather = proposal_id("MEMORY.md", "add", "Projects", "The weather was nice on Tuesday")
    verdicts = {"verdicts": [
        {"id": marathon, "verdict": "promote", "reason": "a durable personal goal"},
        {"id": weather, "verdict": "reject", "reason": "transient small talk"},
    ]}  # fmt: skip
    client = _replay([json.dumps(proposals), json.dumps(verdicts)], seen)
    llm = get_llm(LLMConfig(provider="anthropic"), {"ANTHROPIC_API_KEY": "sk-test"}, http_client=client)
    result = reflect(ws, llm=llm)
    assert len(seen) == 2
    assert a.id in seen[0]["messages"][0]["content"] and "proposals" in seen[0]["system"]
    assert marathon in seen[1]["messages"][0]["content"]
    tiers = {v.proposal.text: (v.action, v.tier, v.reason) for v in result.verdicts}
    assert tiers["Training for the Berlin marathon (September)"] == (
        "promote",
        "llm",
        "a durable personal goal",
    )
    assert tiers["The weather was nice on Tuesday"] == ("reject", "llm", "transient small talk")
    assert "Training for the Berlin marathon (September)" in ws.memory_md.read_text(encoding="utf-8")
    message = git(ws, "log", "-1", "--format=%B")
    assert f"(proposal {marathon})" in message and f"Proposal-Fragment: {a.id}" in message
    assert "Proposal-Tier: llm" in message


def test_malformed_llm_reflection_fails_loudly(ws: Workspace) -> None:
    from jarvis.errors import ProviderError

    remember(ws, "The person is training for the Berlin marathon in September", category="projects")
    seen: list[dict[str, Any]] = []
    client = _replay(['{"proposals": [{"kind": "add", "section": "Nowhere", "text": "x"}]}'], seen)
    llm = get_llm(LLMConfig(provider="anthropic"), {"ANTHROPIC_API_KEY": "sk-test"}, http_client=client)
    with pytest.raises(ProviderError, match=r"section 'Nowhere' is not a MEMORY\.md section"):
        reflect(ws, llm=llm)
    assert open_texts(ws) == []
