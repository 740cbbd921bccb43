"""Proposals travel as pull requests: pushed without force, PRs through the forge's CLI (or
how to open one by hand), decisions made on the remote come back, decided branches go away."""

from __future__ import annotations

import os
import stat
import subprocess
import time
from pathlib import Path

import pytest
from conftest import CliFn

from jarvis.agent.tools import Toolbox
from jarvis.forge import detect
from jarvis.reflect.proposals import rejected_ids
from jarvis.workspace import Workspace

GITHUB_URL = "git@github.com:someone/memory.git"


def git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    ident = ["-c", "user.name=Person", "-c", "user.email=p@example.org"]
    return subprocess.run(
        ["git", "-C", str(root), *ident, *args], capture_output=True, text=True, check=check
    )


@pytest.fixture
def shared(tmp_path: Path, cli: CliFn) -> tuple[Workspace, Path]:
    """A workspace whose origin looks like GitHub but is a bare repository here (insteadOf)."""
    root = tmp_path / "laptop"
    assert cli("init", str(root)).exit_code == 0
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "--quiet", "--bare", "--initial-branch=main", str(bare))
    git(root, "remote", "add", "origin", GITHUB_URL)
    git(root, "config", f"url.{bare}.insteadOf", GITHUB_URL)
    assert cli("sync", workspace=root).exit_code == 0
    return Workspace(root), bare


def propose(ws: Workspace, text: str) -> str:
    made = Toolbox(ws).propose_memory_change("MEMORY.md", "Preferences", text, "said twice in sessions")
    return str(made["id"])


def remote_branches(bare: Path) -> set[str]:
    out = git(bare, "for-each-ref", "--format=%(refname:short)", "refs/heads/proposals/").stdout
    return set(out.split())


@pytest.mark.parametrize(
    ("url", "kind", "repo"),
    [
        ("git@github.com:me/mem.git", "github", "me/mem"),
        ("https://github.com/me/mem", "github", "me/mem"),
        ("ssh://git@gitlab.example.org:2222/team/mem.git", "gitlab", "team/mem"),
        ("https://codeberg.org/me/mem.git", "gitea", "me/mem"),
        ("/mnt/usb/mem.git", "unknown", ""),
        ("https://git.example.org/me/mem.git", "unknown", "me/mem"),
    ],
)
def test_forge_is_read_off_the_remote_url(url: str, kind: str, repo: str) -> None:
    forge = detect(url)
    assert forge.kind == kind and forge.repo == repo


def test_pr_without_gh_pushes_and_says_how_to_open_it(
    shared: tuple[Workspace, Path], cli: CliFn, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ws, bare = shared
    pid = propose(ws, "Prefers tea to coffee")
    empty = tmp_path / "bin"
    empty.mkdir()
    (empty / "git").symlink_to(
        subprocess.run(["which", "git"], capture_output=True, text=True).stdout.strip()
    )
    monkeypatch.setenv("PATH", str(empty))
    result = cli("review", "--push", "--pr", workspace=ws.root)
    assert result.exit_code == 0, result.output
    assert f"proposals/{pid}" in remote_branches(bare)
    assert "gh is not installed" in result.output
    assert f"https://github.com/someone/memory/compare/main...proposals/{pid}?expand=1" in result.output


def test_pr_through_gh_carries_the_rationale(
    shared: tuple[Workspace, Path], cli: CliFn, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ws, bare = shared
    pid = propose(ws, "Uses fish as the login shell")
    tools = tmp_path / "bin"
    tools.mkdir()
    record = tmp_path / "gh-args"
    gh = tools / "gh"  # GitHub's CLI cannot reach GitHub here: a script records what jarvis asks of it
    gh.write_text(
        f'#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > {record}\necho https://github.com/someone/memory/pull/7\n'
    )
    gh.chmod(gh.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    result = cli("review", "--push", "--pr", workspace=ws.root)
    assert result.exit_code == 0, result.output
    assert "pull request: https://github.com/someone/memory/pull/7" in result.output
    args = record.read_text().splitlines()
    assert args[:2] == ["pr", "create"]
    assert args[args.index("--head") + 1] == f"proposals/{pid}" and args[args.index("--base") + 1] == "main"
    body = "\n".join(args[args.index("--body") + 1 :])
    assert "said twice in sessions" in body and f"jarvis review accept {pid}" in body
    assert f"proposals/{pid}" in remote_branches(bare)


def test_decisions_on_the_remote_come_back_and_decided_branches_go(
    shared: tuple[Workspace, Path], cli: CliFn, tmp_path: Path
) -> None:
    ws, bare = shared
    merged = propose(ws, "Prefers window seats on trains")
    closed = propose(ws, "Likes loud music while coding")
    here = propose(ws, "Keeps a paper notebook for ideas")
    assert cli("review", "--push", workspace=ws.root).exit_code == 0
    assert remote_branches(bare) == {f"proposals/{p}" for p in (merged, closed, here)}
    # On the forge: one PR merged, one closed, branches deleted (what GitHub's buttons do).
    web = tmp_path / "forge"
    git(tmp_path, "clone", "--quiet", str(bare), str(web))
    git(web, "merge", "--quiet", "--no-ff", "-m", "Merge pull request #1", f"origin/proposals/{merged}")
    git(web, "push", "--quiet", "origin", "main", f":proposals/{merged}", f":proposals/{closed}")
    # Here: one accepted by the person.
    assert cli("review", "accept", here, workspace=ws.root).exit_code == 0
    done = cli("sync", workspace=ws.root)
    assert done.exit_code == 0, done.output
    assert "Prefers window seats on trains" in (ws.root / "MEMORY.md").read_text()
    assert "Keeps a paper notebook for ideas" in (ws.root / "MEMORY.md").read_text()
    assert "Likes loud music" not in (ws.root / "MEMORY.md").read_text()
    assert closed in rejected_ids(ws) and "closed on origin" in rejected_ids(ws)[closed]
    assert not git(ws.root, "for-each-ref", "refs/heads/proposals/").stdout.strip()
    assert remote_branches(bare) == set()  # the one accepted here is deleted there too
    assert f"proposals merged on origin: {merged}" in done.output


def test_the_same_proposal_from_two_devices_is_not_forced(
    shared: tuple[Workspace, Path], cli: CliFn, tmp_path: Path
) -> None:
    ws, bare = shared
    other = tmp_path / "desktop"
    assert cli("init", str(other), "--from", str(bare)).exit_code == 0
    first = propose(ws, "Prefers tea to coffee")
    assert cli("review", "--push", workspace=ws.root).exit_code == 0
    before = git(bare, "rev-parse", f"proposals/{first}").stdout
    time.sleep(1.1)  # a different second: a different commit for the same change
    second = propose(Workspace(other), "Prefers tea to coffee")
    assert second == first  # the same change has the same id on every device
    result = cli("review", "--push", workspace=other)
    assert result.exit_code == 0, result.output
    assert "already there" in result.output
    assert git(bare, "rev-parse", f"proposals/{first}").stdout == before
