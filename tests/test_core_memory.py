"""remember / read / forget / log / history: each leaves exactly one commit that says what happened."""

from __future__ import annotations

import subprocess

from conftest import CliFn

from jarvis.workspace import Workspace


def subjects(ws: Workspace, *paths: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(ws.root), "log", "--format=%s", "--", *paths],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.splitlines()


def note_files(ws: Workspace) -> list[str]:
    return sorted(p.relative_to(ws.root).as_posix() for p in ws.notes_dir.rglob("*.md"))


def test_remember_writes_fragment_daily_log_and_one_commit(ws: Workspace, cli: CliFn) -> None:
    result = cli("remember", "I prefer dark roast coffee", "--tags", "coffee,taste", workspace=ws)
    assert result.exit_code == 0, result.output
    files = note_files(ws)
    assert len(files) == 1 and files[0].startswith("memory/notes/preferences/")
    text = (ws.root / files[0]).read_text()
    assert "I prefer dark roast coffee" in text and "category: preferences" in text and "coffee" in text
    logs = list(ws.memory_dir.glob("2*.md"))
    assert len(logs) == 1 and "I prefer dark roast coffee" in logs[0].read_text()
    assert subjects(ws)[0] == "remember: I prefer dark roast coffee"
    assert len(subjects(ws)) == 2
    status = subprocess.run(
        ["git", "-C", str(ws.root), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout == ""


def test_remember_exact_duplicate_is_not_written_twice(ws: Workspace, cli: CliFn) -> None:
    cli("remember", "The wifi password manager is Bitwarden", workspace=ws)
    result = cli("remember", "the  wifi password manager is bitwarden", workspace=ws)
    assert result.exit_code == 0
    assert "already remembered" in result.output
    assert len(note_files(ws)) == 1
    assert len(subjects(ws)) == 2


def test_remember_redacts_secrets_before_git(ws: Workspace, cli: CliFn) -> None:
    token = "ghp_" + "A1b2C3d4" * 5
    result = cli("remember", f"deploy token is {token}", "-c", "operations", workspace=ws)
    assert result.exit_code == 0
    assert "redacted" in result.output
    everything = subprocess.run(
        ["git", "-C", str(ws.root), "log", "--all", "-p"], capture_output=True, text=True
    ).stdout
    assert token not in everything
    assert "[REDACTED:" in everything


def test_read_by_id_and_path_paginated(ws: Workspace, cli: CliFn) -> None:
    cli("remember", "Project Zephyr ships in March", "-c", "projects", workspace=ws)
    rel = note_files(ws)[0]
    fid = next(
        line.split(": ", 1)[1] for line in (ws.root / rel).read_text().splitlines() if line.startswith("id:")
    )
    by_id = cli("read", fid, workspace=ws)
    assert by_id.exit_code == 0 and "Project Zephyr ships in March" in by_id.output
    page = cli("read", "MEMORY.md", "--offset", "2", "--limit", "3", workspace=ws)
    assert page.exit_code == 0
    assert len([line for line in page.stdout.splitlines()]) == 3
    assert "next: --offset 5" in page.stderr


def test_forget_removes_fragment_and_log_line_in_one_commit(ws: Workspace, cli: CliFn) -> None:
    cli("remember", "Alice's birthday is 3 June", workspace=ws)
    cli("remember", "Bob likes chess", workspace=ws)
    rel = next(r for r in note_files(ws) if "alice" in r)
    before = len(subjects(ws))
    result = cli("forget", rel, workspace=ws)
    assert result.exit_code == 0, result.output
    assert not (ws.root / rel).exists()
    log = next(ws.memory_dir.glob("2*.md")).read_text()
    assert "Alice" not in log and "Bob likes chess" in log
    assert len(subjects(ws)) == before + 1
    assert subjects(ws)[0].startswith("forget: mem-")


def test_forget_unknown_and_non_fragment(ws: Workspace, cli: CliFn) -> None:
    missing = cli("forget", "mem-20260101-000000-abcdef", workspace=ws)
    assert missing.exit_code == 4 and "no fragment" in missing.output
    not_fragment = cli("forget", "MEMORY.md", workspace=ws)
    assert not_fragment.exit_code != 0 and "not a fragment" in not_fragment.output
    assert ws.memory_md.exists()


def test_log_writes_and_queries(ws: Workspace, cli: CliFn) -> None:
    r = cli("log", "deploy", "ansible", "rolled out v2 to prod", "--reason", "weekly release", workspace=ws)
    assert r.exit_code == 0, r.output
    cli("log", "restart", "systemd", "restarted nginx", workspace=ws)
    assert subjects(ws)[0] == "log: restart systemd: restarted nginx"
    assert len(subjects(ws, "operations.jsonl")) == 2
    q = cli("log", "--action", "deploy", workspace=ws)
    assert "rolled out v2" in q.output and "nginx" not in q.output
    q = cli("log", "--tool", "systemd", "--json", workspace=ws)
    assert '"restarted nginx"' in q.output and "ansible" not in q.output
    assert "no matching" in cli("log", "--since", "2999-01-01", workspace=ws).output
    assert cli("log", "deploy", workspace=ws).exit_code != 0


def test_history_agrees_with_git_log(ws: Workspace, cli: CliFn) -> None:
    cli("remember", "Use ruff for linting", workspace=ws)
    shown = cli("history", "MEMORY.md", workspace=ws).output.splitlines()
    expected = subjects(ws, "MEMORY.md")
    assert expected and [line.split("  ")[-1] for line in shown] == expected
    fragment = next(ws.notes_dir.rglob("*.md")).relative_to(ws.root).as_posix()
    shown = cli("history", fragment, workspace=ws).output.splitlines()
    assert (
        [line.split("  ")[-1] for line in shown]
        == subjects(ws, fragment)
        == ["remember: Use ruff for linting"]
    )
    everything = cli("history", workspace=ws).output
    assert "remember: Use ruff for linting" in everything and "init:" in everything


def test_events_record_success_and_failure(ws: Workspace, cli: CliFn) -> None:
    cli("remember", "Tea at four", workspace=ws)
    cli("forget", "mem-20260101-000000-abcdef", workspace=ws)
    out = cli("events", "--component", "memory", "--json", workspace=ws).output
    assert '"action": "remember"' in out and '"success": true' in out
    failed = cli("events", "--failed", workspace=ws).output
    assert "FAIL memory.forget" in failed and "no fragment" in failed
    assert "remember" not in failed
