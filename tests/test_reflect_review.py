"""Proposals as branches on real git repositories: create, accept (three-way), reject, edit."""

from __future__ import annotations

import subprocess

import pytest

from jarvis.errors import NotFound, UncommittedEdit
from jarvis.gitstore import GitStore
from jarvis.reflect.apply import apply_proposal
from jarvis.reflect.proposals import create_branch, list_open, make_proposal, rejected_ids
from jarvis.reflect.review import ProposalConflict, accept, edit, reject, show
from jarvis.workspace import Workspace


def git(ws: Workspace, *args: str) -> str:
    ident = ["-c", "user.name=Person", "-c", "user.email=person@example.org"]
    return subprocess.run(
        ["git", *ident, *args], cwd=ws.root, check=True, capture_output=True, text=True
    ).stdout


def propose(ws: Workspace, text: str, section: str = "Preferences", **kw: object):
    store = GitStore(ws.root)
    p = make_proposal(
        section=section, text=text, rationale="because the tests say so", fragments=("mem-1",), **kw
    )  # type: ignore[arg-type]
    content = apply_proposal(store.show_file("HEAD", "MEMORY.md") or "", p, "2026-11-20")
    return create_branch(store, p, content)


def snapshot(ws: Workspace) -> tuple[str, str, str, bytes, bytes]:
    index = (ws.root / ".git" / "index").read_bytes()
    return (
        git(ws, "rev-parse", "HEAD").strip(),
        git(ws, "symbolic-ref", "HEAD"),
        git(ws, "status", "--porcelain", "--untracked-files=all"),
        ws.memory_md.read_bytes(),
        index,
    )


def test_creating_a_proposal_never_touches_branch_index_or_tree(ws: Workspace) -> None:
    # The person has work in progress: a staged file and an unstaged edit of MEMORY.md itself.
    (ws.root / "USER.md").write_text("# User\n\nstaged edit\n", encoding="utf-8")
    git(ws, "add", "USER.md")
    ws.memory_md.write_text(
        ws.memory_md.read_text(encoding="utf-8") + "\nmy own unsaved line\n", encoding="utf-8"
    )
    before = snapshot(ws)
    op = propose(ws, "Prefers tea over coffee in the morning")
    assert snapshot(ws) == before
    assert git(ws, "branch", "--list", "proposals/*").strip() == f"proposals/{op.proposal.id}"
    # one commit on top of HEAD, touching only MEMORY.md
    assert git(ws, "rev-parse", f"proposals/{op.proposal.id}^").strip() == before[0]
    assert git(ws, "diff", "--name-only", before[0], op.sha).split() == ["MEMORY.md"]
    diff = git(ws, "diff", before[0], op.sha)
    assert "+- (2026-11-20) Prefers tea over coffee in the morning" in diff
    assert "my own unsaved line" not in diff


def test_show_round_trips_the_metadata(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning", confidence=0.66, sessions=("chat-20261120-1",))
    [listed] = list_open(GitStore(ws.root))
    assert listed.proposal == op.proposal
    shown, diff = show(ws, op.proposal.id)
    assert shown.proposal.rationale == "because the tests say so"
    assert shown.proposal.fragments == ("mem-1",) and shown.proposal.sessions == ("chat-20261120-1",)
    assert shown.proposal.confidence == pytest.approx(0.66)
    assert "+- (2026-11-20) Prefers tea" in diff


def test_accept_after_a_hand_edit_elsewhere_keeps_both(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    text = ws.memory_md.read_text(encoding="utf-8")
    ws.memory_md.write_text(
        text.replace("## Projects\n", "## Projects\n\n- (2026-11-21) Hand-written: shipping jarvis 0.1\n"),
        encoding="utf-8",
    )
    git(ws, "commit", "-qam", "edit: my own bullet")
    result = accept(ws, op.proposal.id)
    final = ws.memory_md.read_text(encoding="utf-8")
    assert "- (2026-11-21) Hand-written: shipping jarvis 0.1" in final
    assert "- (2026-11-20) Prefers tea over coffee in the morning" in final
    assert result.sha == git(ws, "rev-parse", "HEAD").strip()
    assert git(ws, "log", "-1", "--format=%s").strip() == (
        f"promote: Preferences: Prefers tea over coffee in the morning (proposal {op.proposal.id})"
    )
    assert git(ws, "status", "--porcelain").strip() == ""
    assert git(ws, "branch", "--list", "proposals/*").strip() == ""


def test_accept_after_an_adjacent_hand_edit_reapplies_the_bullet(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    text = ws.memory_md.read_text(encoding="utf-8")
    ws.memory_md.write_text(
        text.replace("## Preferences\n", "## Preferences\n\n- (2026-11-21) Likes long walks\n"),
        encoding="utf-8",
    )
    git(ws, "commit", "-qam", "edit: same section")
    accept(ws, op.proposal.id)
    final = ws.memory_md.read_text(encoding="utf-8")
    assert "Likes long walks" in final and "Prefers tea over coffee" in final


def test_conflicting_hand_edit_stops_and_loses_nothing(ws: Workspace) -> None:
    propose(ws, "Prefers tea over coffee in the morning")
    accept(ws, list_open(GitStore(ws.root))[0].proposal.id)
    change = make_proposal(
        kind="change", section="Preferences", text="Prefers green tea, never coffee",
        old_text="Prefers tea over coffee in the morning",
    )  # fmt: skip
    store = GitStore(ws.root)
    op = create_branch(
        store, change, apply_proposal(ws.memory_md.read_text(encoding="utf-8"), change, "2026-11-22")
    )
    # the person rewrites the very bullet the proposal changes
    text = ws.memory_md.read_text(encoding="utf-8")
    mine = text.replace("Prefers tea over coffee in the morning", "Drinks only water now")
    ws.memory_md.write_text(mine, encoding="utf-8")
    git(ws, "commit", "-qam", "edit: changed my mind")
    head = git(ws, "rev-parse", "HEAD")
    with pytest.raises(
        ProposalConflict, match=f"conflicts with your edit.*proposals/{op.proposal.id} is kept"
    ):
        accept(ws, op.proposal.id)
    assert ws.memory_md.read_text(encoding="utf-8") == mine
    assert git(ws, "rev-parse", "HEAD") == head
    assert git(ws, "rev-parse", f"proposals/{op.proposal.id}").strip() == op.sha


def test_accept_refuses_an_uncommitted_edit_of_the_file(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    dirty = ws.memory_md.read_text(encoding="utf-8") + "\n- (2026-11-22) typing right now\n"
    ws.memory_md.write_text(dirty, encoding="utf-8")
    with pytest.raises(UncommittedEdit, match=r"MEMORY\.md: has uncommitted edits"):
        accept(ws, op.proposal.id)
    assert ws.memory_md.read_text(encoding="utf-8") == dirty
    assert list_open(GitStore(ws.root))[0].proposal.id == op.proposal.id


def test_git_log_shows_one_commit_per_promotion(ws: Workspace) -> None:
    ids = []
    for text in ("Prefers tea over coffee in the morning", "Prefers dark mode in every editor"):
        ids.append(propose(ws, text).proposal.id)
    for pid in ids:
        accept(ws, pid)
    log = git(ws, "log", "--format=%s", "--", "MEMORY.md").splitlines()
    promotions = [line for line in log if line.startswith("promote:")]
    assert len(promotions) == 2
    for pid in ids:
        assert sum(f"(proposal {pid})" in line for line in promotions) == 1


def test_rejecting_twice_never_brings_it_back(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    reject(ws, op.proposal.id, "not true any more")
    assert git(ws, "branch", "--list", "proposals/*").strip() == ""
    assert rejected_ids(ws)[op.proposal.id] == "not true any more"
    with pytest.raises(NotFound, match="already rejected \\(not true any more\\)"):
        reject(ws, op.proposal.id, "again")
    # the rejection survives losing .jarvis/: it is also in the tracked operations log
    (ws.state_dir / "reflect" / "rejected.jsonl").unlink()
    assert op.proposal.id in rejected_ids(ws)
    assert git(ws, "log", "-1", "--format=%s").startswith("reject: Preferences: Prefers tea over coffee")


def test_edit_recreates_the_commit_under_the_same_id(ws: Workspace) -> None:
    op = propose(ws, "Prefers tea over coffee in the morning")
    new = edit(ws, op.proposal.id, "Prefers jasmine tea over coffee\n")
    assert new.proposal.id == op.proposal.id and new.sha != op.sha and new.parent == op.parent
    accept(ws, op.proposal.id)
    final = ws.memory_md.read_text(encoding="utf-8")
    assert "Prefers jasmine tea over coffee" in final and "Prefers tea over coffee" not in final


@pytest.mark.parametrize(
    "secret",
    ["sk-ant-api03-" + "Zq8" * 30, "ghp_" + "A1b2C3d4" * 5, "password: hunter2-correct-horse"],
)
def test_an_edited_proposal_never_commits_a_secret(ws: Workspace, secret: str) -> None:
    op = propose(ws, "Deploys go through the staging box first")
    edit(ws, op.proposal.id, f"Deploys go through the staging box first; {secret}")
    objects = subprocess.run(
        ["git", "-C", str(ws.root), "cat-file", "--batch-all-objects", "--batch"],
        capture_output=True,
        check=True,
    ).stdout
    core = secret.split(": ")[-1]
    assert core.encode() not in objects
    assert b"staging box first" in objects


def test_several_proposals_for_a_section_memory_md_lacks_all_accept(ws: Workspace) -> None:
    a = propose(ws, "Lives in Lisbon since 2023", section="About me")
    b = propose(ws, "Works four days a week", section="About me")
    accept(ws, a.proposal.id)
    accept(ws, b.proposal.id)  # its branch also creates the section: replayed, not refused
    text = ws.memory_md.read_text(encoding="utf-8")
    assert text.count("## About me") == 1
    assert "Lives in Lisbon since 2023" in text and "Works four days a week" in text
