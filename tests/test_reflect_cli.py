"""The review commands end to end through the CLI: list, --json, show, edit, walk, push."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from jarvis.notes import remember
from jarvis.workspace import Workspace


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def two_proposals(ws: Workspace, cli) -> list[str]:
    remember(
        ws, "Prefers tea over coffee in the morning", category="preferences", priority="high", confidence=0.7
    )
    remember(
        ws, "Reads science fiction before sleeping", category="preferences", priority="high", confidence=0.6
    )
    result = cli("reflect", "--offline", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "2 observation(s): 0 promoted, 2 proposed, 0 merged, 0 skipped" in result.output
    listed = json.loads(cli("review", "--json", workspace=ws).output)
    return [item["id"] for item in listed]


def test_review_lists_and_shows(ws: Workspace, cli, two_proposals: list[str]) -> None:
    listed = json.loads(cli("review", "--json", workspace=ws).output)
    assert {i["text"] for i in listed} == {
        "Prefers tea over coffee in the morning",
        "Reads science fiction before sleeping",
    }
    assert all(
        i["target"] == "MEMORY.md" and i["section"] == "Preferences" and i["tier"] == "human" for i in listed
    )
    assert all({"confidence", "fragments", "branch"} <= set(i) for i in listed)
    plain = cli("review", workspace=ws).output
    assert all(pid in plain for pid in two_proposals)
    shown = cli("review", "show", two_proposals[0], workspace=ws).output
    assert "fragments:  mem-" in shown and "rationale:" in shown and "+- (" in shown
    missing = cli("review", "show", "p-0000000000", workspace=ws)
    assert missing.exit_code == 4 and "no open proposal" in missing.output


def test_edit_uses_editor(ws: Workspace, cli, two_proposals: list[str], tmp_path: Path, monkeypatch) -> None:
    editor = tmp_path / "editor.sh"
    editor.write_text("#!/bin/sh\nsed -i 's/tea/jasmine tea/' \"$1\"\n", encoding="utf-8")
    editor.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(editor))
    tea = next(i for i in json.loads(cli("review", "--json", workspace=ws).output) if "tea" in i["text"])
    result = cli("review", "edit", tea["id"], workspace=ws)
    assert result.exit_code == 0, result.output
    assert (
        "Prefers jasmine tea over coffee in the morning"
        in cli("review", "show", tea["id"], workspace=ws).output
    )


def test_interactive_walk(ws: Workspace, cli, two_proposals: list[str]) -> None:
    result = cli("review", "-i", input="a\nr\nnot interesting\n", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "accepted" in result.output and "rejected" in result.output
    assert cli("review", workspace=ws).output.strip() == "no open proposals"
    memory = ws.memory_md.read_text(encoding="utf-8")
    assert sum(t in memory for t in ("Prefers tea over coffee", "Reads science fiction")) == 1


def test_push_sends_branches_to_the_remote(
    ws: Workspace, cli, two_proposals: list[str], tmp_path: Path
) -> None:
    no_remote = cli("review", "--push", workspace=ws)
    assert no_remote.exit_code == 2 and "no git remote" in no_remote.output
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    git(ws.root, "remote", "add", "origin", str(bare))
    result = cli("review", "--push", workspace=ws)
    assert result.exit_code == 0, result.output
    assert "pushed 2 proposal branch(es) to origin" in result.output
    remote_refs = git(bare, "for-each-ref", "--format=%(refname)").split()
    assert sorted(remote_refs) == sorted(f"refs/heads/proposals/{pid}" for pid in two_proposals)


def test_every_command_has_help(cli) -> None:
    for args in (["reflect"], ["review"], ["review", "show"], ["review", "accept"], ["review", "reject"],
                 ["review", "edit"], ["patch"], ["revert"], ["maintain"]):  # fmt: skip
        result = cli(*args, "--help")
        assert result.exit_code == 0 and len(result.output) > 80, args
