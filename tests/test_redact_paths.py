"""No secret reaches git by any path: bodies, tags, types, sections, file names, log fields, adopt.

Each test writes secrets through a real entry point (CLI or the MCP tool layer), then scans
everything git holds: every object (reachable or not), every ref name, every commit and reflog
message and every file name in every tree.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import CliFn

from jarvis.agent.tools import Toolbox
from jarvis.workspace import Workspace

GH = "ghp_" + "Q7w8E9r0T1y2U3i4O5p6A7s8D9f0G1h2J3k4"
STRIPE = "sk_live_" + "51HqLyjWDarjtT1zdp7dcXyZ"
PW = "Tr0ub4dor" + "&3xyz"
PIN = "44" + "17"


def everything_git_holds(root: Path) -> str:
    """Every object's content, ref name, commit/reflog message and tree file name, as one text."""

    def git(*args: str) -> str:
        proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)
        return proc.stdout.decode("utf-8", errors="replace")

    parts = [
        git("cat-file", "--batch-all-objects", "--batch"),
        git("for-each-ref", "--format=%(refname)"),
        git("log", "--all", "--format=%B"),
        git("reflog", "--all", "--format=%gs %s"),
        git("log", "--all", "--name-only", "--format="),
    ]
    return "\n".join(parts)


def assert_nowhere(root: Path, *secrets: str) -> None:
    held = everything_git_holds(root)
    for secret in secrets:
        assert secret not in held, f"{secret[:6]}… reached git"


def test_remember_body_tags_type_and_file_name(ws: Workspace, cli: CliFn) -> None:
    result = cli(
        "remember",
        f"deploy token {GH} for the CI box",
        "--tags",
        f"ci,{STRIPE}",
        "--type",
        f"password={PW}",
        workspace=ws,
    )
    assert result.exit_code == 0, result.output
    first_line = cli("remember", f"{GH} is the fallback token", workspace=ws)
    assert first_line.exit_code == 0, first_line.output
    assert_nowhere(ws.root, GH, STRIPE, PW, GH.lower())


def test_mcp_write_tags_and_type(ws: Workspace) -> None:
    tools = Toolbox(ws, record=False)
    tools.memory_write(f"the VPN password is {PW}", tags=[STRIPE], type=f"pin {PIN} is mine")
    assert_nowhere(ws.root, PW, STRIPE)


def test_proposal_section_rationale_and_branch(ws: Workspace) -> None:
    tools = Toolbox(ws, record=False)
    tools.propose_memory_change(
        "MEMORY.md",
        section=f"Keys {GH}",
        text="Rotate the CI token every quarter",
        rationale=f"said while pasting {STRIPE}",
    )
    assert_nowhere(ws.root, GH, STRIPE)


def test_transcript_file_name_reaches_no_commit(ws: Workspace, cli: CliFn, tmp_path: Path) -> None:
    talk = tmp_path / f"session-{GH}.txt"
    talk.write_text("User: Remember that the staging database is on port 5433.\n", encoding="utf-8")
    result = cli("observe", "--import", str(talk), workspace=ws)
    assert result.exit_code == 0, result.output
    assert_nowhere(ws.root, GH)


def test_log_fields(ws: Workspace, cli: CliFn) -> None:
    result = cli(
        "log", "rotate", f"token={GH}", f"new key {STRIPE}", "--reason", f"password={PW}", workspace=ws
    )
    assert result.exit_code == 0, result.output
    assert_nowhere(ws.root, GH, STRIPE, PW)


def _vault(tmp_path: Path) -> Path:
    vault = tmp_path / "vault"
    (vault / "infra").mkdir(parents=True)
    (vault / "infra" / "db.md").write_text(f"# DB\n\nprod: postgres://app:{PW}@db.internal/app\n")
    (vault / "cats.md").write_text("# Cats\n\nMy cat is called Whiskerino.\n")
    return vault


def test_adopt_refuses_to_commit_secrets_silently(cli: CliFn, tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    result = cli("init", "--adopt", str(vault))
    assert result.exit_code != 0
    assert (
        "infra/db.md" in result.output and "--redact" in result.output and "--keep-secrets" in result.output
    )
    assert not (vault / ".git").exists() and not (vault / "jarvis.toml").exists()  # nothing was changed


def test_adopt_with_redact_replaces_them_before_the_first_commit(cli: CliFn, tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    result = cli("init", "--adopt", "--redact", str(vault))
    assert result.exit_code == 0, result.output
    assert PW not in (vault / "infra" / "db.md").read_text()
    assert "Whiskerino" in (vault / "cats.md").read_text()
    tree = subprocess.run(
        ["git", "-C", str(vault), "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True
    )
    assert {"cats.md", "infra/db.md", "MEMORY.md"} <= set(tree.stdout.split())  # the notes are memory now
    assert_nowhere(vault, PW)


def test_adopt_keep_secrets_is_an_explicit_choice(cli: CliFn, tmp_path: Path) -> None:
    vault = _vault(tmp_path)
    result = cli("init", "--adopt", "--keep-secrets", str(vault))
    assert result.exit_code == 0, result.output
    assert PW in everything_git_holds(vault)  # what the person asked for, said out loud


@pytest.mark.parametrize("message", [f"remember: {GH}", f"x\n\ntrailer: {STRIPE}"])
def test_gitstore_redacts_every_commit_message(ws: Workspace, message: str) -> None:
    from jarvis.gitstore import GitStore

    store = GitStore(ws.root)
    with store.transaction() as tx:
        tx.write("memory/notes/projects/x.md", "a fact\n")
        tx.commit(message)
    assert_nowhere(ws.root, GH, STRIPE)
