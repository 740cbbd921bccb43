"""SIGKILL at random points of every write path: nothing committed is lost, nothing is wedged.

Each loop kills a real `jarvis` process (its whole process group) at a random moment, then a
probe write must succeed (the next process finishes or undoes what the killed one left), and
at the end the index is clean, no journal or lock is left and every committed fact is in HEAD.
"""

from __future__ import annotations

from pathlib import Path

from trust_helpers import check_trust, git, jarvis_argv, kill_loop, run

from jarvis.reflect.proposals import create_branch, make_proposal
from jarvis.workspace import Workspace

KILLS = 20  # kills that land mid-run, per write path


def _probe(root: Path) -> object:
    def probe(i: int) -> None:
        run(root, "remember", f"Probe fact number {i} written after a kill")

    return probe


def test_remember_survives_random_kills(ws: Workspace) -> None:
    root = ws.root
    stats = kill_loop(
        # every text shares its first line, so every run races for the same slug
        lambda i: jarvis_argv(root, "remember", f"Deploy checklist\nstep {i} of the release"),
        KILLS,
        0,
        probe=_probe(root),
    )
    assert stats.killed >= KILLS, stats  # the kills really landed mid-run
    assert not stats.failed, stats.failed
    check_trust(root)
    probes = git(root, "log", "--format=%s", "--grep=^remember: Probe fact").splitlines()
    assert len(probes) == stats.started  # every write after a kill succeeded


def test_observe_survives_random_kills(ws: Workspace, tmp_path: Path) -> None:
    root = ws.root
    transcripts = []
    for i in range(3 * KILLS):
        path = tmp_path / f"talk-{i}.txt"
        path.write_text(
            f"User: Remember that build server number {i} lives in rack {i + 10}.\n"
            f"User: I always run the linter before pushing branch {i}.\n",
            encoding="utf-8",
        )
        transcripts.append(path)
    stats = kill_loop(
        lambda i: jarvis_argv(root, "observe", "--import", str(transcripts[i])),
        KILLS,
        0,
        probe=_probe(root),
    )
    assert stats.killed >= KILLS, stats
    assert not stats.failed, stats.failed
    check_trust(root)


def test_accept_survives_random_kills(ws: Workspace) -> None:
    from jarvis.gitstore import GitStore

    root = ws.root
    store = GitStore(root)
    proposals = []
    for i in range(3 * KILLS):
        p = make_proposal(section="Preferences", text=f"Prefers option {i} for the weekly report layout")
        create_branch(store, p, (root / "MEMORY.md").read_text() + f"\n- {p.text}\n")
        proposals.append(p)
    stats = kill_loop(
        lambda i: jarvis_argv(root, "review", "accept", proposals[i].id),
        KILLS,
        0,
        probe=_probe(root),
    )
    assert stats.killed >= KILLS, stats
    check_trust(root)
    memory = git(root, "show", "HEAD:MEMORY.md")
    branches = git(root, "for-each-ref", "--format=%(refname)", "refs/heads/proposals/")
    for p in proposals:
        accepted = p.text in memory
        still_open = p.id in branches
        assert accepted or still_open, f"proposal {p.id} vanished: neither accepted nor open"
        if still_open:  # a killed accept can be run again and finishes the job
            run(root, "review", "accept", p.id)
            assert p.text in git(root, "show", "HEAD:MEMORY.md")
    check_trust(root)


def test_index_survives_random_kills(ws: Workspace) -> None:
    root = ws.root
    for i in range(12):
        run(root, "remember", f"Indexed fact {i}: the lab printer on floor {i} needs blue toner")
    stats = kill_loop(lambda i: jarvis_argv(root, "index", "--rebuild"), KILLS, 0)
    assert stats.killed >= KILLS, stats
    answer = run(root, "recall", "printer toner floor 7", "--json")
    assert "floor 7" in answer.stdout
    check_trust(root)
