"""`jarvis hooks install|uninstall claude-code`: merge into Claude Code's settings, take exactly that out."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from jarvis.hooks.install import EVENTS, HOOK_MARK
from jarvis.workspace import Workspace

DATA = Path(__file__).parent / "data" / "claude_code"
# ~/.claude.json as Claude Code keeps it: its own state, another MCP server, per-project entries
CLAUDE_JSON = {
    "numStartups": 41,
    "theme": "dark",
    "mcpServers": {
        "github": {
            "type": "stdio",
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": {},
        }
    },
    "projects": {"/home/ana/src/checkout": {"allowedTools": [], "hasTrustDialogAccepted": True}},
}


def our_hooks(settings: dict[str, Any]) -> dict[str, list[str]]:
    return {
        event: [h["command"] for g in groups for h in g.get("hooks", []) if HOOK_MARK in h.get("command", "")]
        for event, groups in settings.get("hooks", {}).items()
    }


def test_user_install_merges_is_idempotent_and_uninstall_is_byte_identical(
    ws: Workspace, cli: Any, isolated_env: Path
) -> None:
    home = isolated_env
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    shutil.copyfile(DATA / "settings_with_foreign_hooks.json", settings)
    claude_json = home / ".claude.json"
    claude_json.write_text(json.dumps(CLAUDE_JSON, indent=2), encoding="utf-8")  # no final newline
    before, before_mcp = settings.read_bytes(), claude_json.read_bytes()

    result = cli("hooks", "install", "claude-code", workspace=ws)
    assert result.exit_code == 0, result.output
    data = json.loads(settings.read_text())
    assert all(len(our_hooks(data)[event]) == 1 for event in EVENTS)
    assert str(ws.root) in our_hooks(data)["SessionStart"][0]
    # everything that was there is still there, in place
    original = json.loads(before)
    assert data["permissions"] == original["permissions"] and data["env"] == original["env"]
    assert data["hooks"]["PostToolUse"] == original["hooks"]["PostToolUse"]
    assert data["hooks"]["SessionStart"][0] == original["hooks"]["SessionStart"][0]
    mcp = json.loads(claude_json.read_text())
    assert mcp["mcpServers"]["github"] == CLAUDE_JSON["mcpServers"]["github"]
    assert mcp["mcpServers"]["jarvis"]["args"][-3:] == ["-w", str(ws.root), "mcp"][-3:]
    assert mcp["numStartups"] == 41 and mcp["projects"] == CLAUDE_JSON["projects"]
    # backups first, holding the exact old bytes
    backups = sorted(settings.parent.glob("settings.json.jarvis-backup-*"))
    assert [b.read_bytes() for b in backups] == [before]
    assert [b.read_bytes() for b in home.glob(".claude.json.jarvis-backup-*")] == [before_mcp]

    installed = settings.read_bytes()
    again = cli("hooks", "install", "claude-code", workspace=ws)
    assert again.exit_code == 0 and "already installed; unchanged" in again.output
    assert settings.read_bytes() == installed
    assert len(list(settings.parent.glob("settings.json.jarvis-backup-*"))) == 1

    removed = cli("hooks", "uninstall", "claude-code")
    assert removed.exit_code == 0, removed.output
    assert settings.read_bytes() == before
    assert claude_json.read_bytes() == before_mcp
    gone = cli("hooks", "uninstall", "claude-code")
    assert gone.exit_code == 0 and settings.read_bytes() == before


def test_uninstall_keeps_what_the_person_added_since(ws: Workspace, cli: Any, isolated_env: Path) -> None:
    settings = isolated_env / ".claude" / "settings.json"
    assert cli("hooks", "install", "claude-code", workspace=ws).exit_code == 0
    data = json.loads(settings.read_text())
    data["hooks"]["SessionEnd"][0]["hooks"].append({"type": "command", "command": "notify-send bye"})
    data["model"] = "opus"
    settings.write_text(json.dumps(data, indent=2) + "\n")
    assert cli("hooks", "uninstall", "claude-code").exit_code == 0
    left = json.loads(settings.read_text())
    assert left == {
        "hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "notify-send bye"}]}]},
        "model": "opus",
    }


def test_project_scope_creates_and_removes_its_own_files(
    ws: Workspace, cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, isolated_env: Path
) -> None:
    project = tmp_path / "checkout"
    project.mkdir()
    monkeypatch.chdir(project)
    result = cli("hooks", "install", "claude-code", "--project", workspace=ws)
    assert result.exit_code == 0, result.output
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    assert set(our_hooks(settings)) == set(EVENTS)
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["jarvis"]["type"] == "stdio"
    assert not (isolated_env / ".claude" / "settings.json").exists()  # the user's file is untouched
    assert cli("hooks", "uninstall", "claude-code", "--project").exit_code == 0
    assert not (project / ".claude" / "settings.json").exists()
    assert not (project / ".mcp.json").exists()


def test_bad_settings_file_is_refused_and_left_alone(ws: Workspace, cli: Any, isolated_env: Path) -> None:
    settings = isolated_env / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"hooks": {"SessionStart": [}', encoding="utf-8")
    result = cli("hooks", "install", "claude-code", workspace=ws)
    assert result.exit_code != 0
    assert f"{settings}: not valid JSON" in result.output
    assert settings.read_text() == '{"hooks": {"SessionStart": [}'
    assert not (isolated_env / ".claude.json").exists()


def test_a_foreign_server_named_jarvis_is_not_overwritten(
    ws: Workspace, cli: Any, isolated_env: Path
) -> None:
    claude_json = isolated_env / ".claude.json"
    foreign = {"mcpServers": {"jarvis": {"type": "http", "url": "https://jarvis.example.com/mcp"}}}
    claude_json.write_text(json.dumps(foreign))
    result = cli("hooks", "install", "claude-code", workspace=ws)
    assert result.exit_code != 0 and "not jarvis's own" in result.output
    assert json.loads(claude_json.read_text()) == foreign
    assert not (isolated_env / ".claude" / "settings.json").exists()
