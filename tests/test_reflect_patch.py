"""Self-patches of SOUL.md / AGENTS.md (always a proposal) and `jarvis revert`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from jarvis.errors import InputError, UsageError
from jarvis.reflect.patch import validate_patch
from jarvis.workspace import Workspace


def git(ws: Workspace, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=ws.root, check=True, capture_output=True, text=True).stdout


def test_validation_rules(ws: Workspace) -> None:
    old = (ws.root / "SOUL.md").read_text(encoding="utf-8")
    with pytest.raises(UsageError, match="empty or under"):
        validate_patch("SOUL.md", old, "  \n")
    with pytest.raises(InputError, match="not UTF-8"):
        validate_patch("SOUL.md", old, b"# Soul\n\xff\xfe broken bytes here\n")
    with pytest.raises(InputError, match="over the 64,000-byte limit"):
        validate_patch("SOUL.md", old, b"# Soul\n" + b"x" * 70_000)
    with pytest.raises(UsageError, match=r"removes or renames heading.*'## Boundaries'"):
        validate_patch("SOUL.md", old, old.replace("## Boundaries", "## Limits"))
    with pytest.raises(UsageError, match="the same as the current"):
        validate_patch("SOUL.md", old, old)
    clean = validate_patch("SOUL.md", old, old + "- Uses the key sk-ant-api03-" + "A1b2C3d4" * 8 + "\n")
    assert "sk-ant-api03" not in clean and "[REDACTED" in clean


def test_patch_is_a_proposal_applied_on_accept_and_revertable(ws: Workspace, tmp_path: Path, cli) -> None:
    soul = ws.root / "SOUL.md"
    old = soul.read_text(encoding="utf-8")
    new_file = tmp_path / "soul.md"
    new_file.write_text(old.replace("- Direct, warm and brief.", "- Direct, warm, brief and a little funny."))
    head = git(ws, "rev-parse", "HEAD")
    result = cli("patch", "soul", "--from", str(new_file), "-m", "a little humour", workspace=ws)
    assert result.exit_code == 0, result.output
    pid = result.output.split()[1]
    # only a proposal: the file and the branch are untouched
    assert soul.read_text(encoding="utf-8") == old and git(ws, "rev-parse", "HEAD") == head
    shown = cli("review", "show", pid, workspace=ws)
    assert (
        "+- Direct, warm, brief and a little funny." in shown.output
        and "self-patches are always reviewed" in shown.output
    )
    accepted = cli("review", "accept", pid, workspace=ws)
    assert accepted.exit_code == 0, accepted.output
    assert (
        git(ws, "log", "-1", "--format=%s").strip()
        == f"patch(soul): SOUL.md: a little humour (proposal {pid})"
    )
    assert "a little funny" in soul.read_text(encoding="utf-8")
    sha = git(ws, "rev-parse", "HEAD").strip()
    reverted = cli("revert", sha, workspace=ws)
    assert reverted.exit_code == 0, reverted.output
    assert soul.read_text(encoding="utf-8") == old
    assert git(ws, "log", "-1", "--format=%s").strip().startswith("revert: patch(soul)")
    assert f"This reverts commit {sha}" in git(ws, "log", "-1", "--format=%B")
    again = cli("revert", sha, workspace=ws)
    assert again.exit_code != 0 and "already undone" in again.output


def test_patch_cli_rejects_bad_input_with_one_line(ws: Workspace, tmp_path: Path, cli) -> None:
    bad = tmp_path / "soul.md"
    bad.write_text("# Soul\n\nonly one heading left, the rest is gone\n", encoding="utf-8")
    result = cli("patch", "soul", "--from", str(bad), workspace=ws)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "removes or renames heading" in result.output
    missing = cli("patch", "agents", "--from", str(tmp_path / "nope.md"), workspace=ws)
    assert missing.exit_code == 5 and "cannot read" in missing.output
    assert git(ws, "branch", "--list", "proposals/*").strip() == ""
