"""Write paths against links out of the workspace, git's internals, control bytes, Ctrl-C and crashes."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from conftest import CliFn
from trust_helpers import check_trust, git, jarvis_argv, kill_loop, run

from jarvis.agent.tools import Toolbox
from jarvis.gitstore import GitStore
from jarvis.notes import local_now
from jarvis.transaction import Transaction, blob_id, write_journal
from jarvis.workspace import Workspace


def _outside(tmp_path: Path, name: str, text: str) -> Path:
    target = tmp_path / "outside" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def test_daily_log_symlink_out_of_the_workspace_is_refused(ws: Workspace, cli: CliFn, tmp_path: Path) -> None:
    secret = _outside(tmp_path, "diary.md", "my private diary, not for git\n")
    log = ws.daily_log(local_now().date())
    log.parent.mkdir(parents=True, exist_ok=True)
    log.symlink_to(secret)
    git(ws.root, "add", log.relative_to(ws.root).as_posix())
    git(ws.root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a link")
    head = git(ws.root, "rev-parse", "HEAD")
    result = cli("remember", "The plumber comes on Thursday", workspace=ws)
    assert result.exit_code != 0
    assert "symbolic link" in result.output and log.name in result.output
    assert secret.read_text() == "my private diary, not for git\n"
    assert git(ws.root, "rev-parse", "HEAD") == head
    assert "private diary" not in git(ws.root, "log", "-p", "--all")
    assert not list(ws.notes_dir.rglob("*.md"))  # the fragment written first was taken back


def test_symlinked_category_folder_is_refused(ws: Workspace, cli: CliFn, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    ws.notes_dir.mkdir(parents=True, exist_ok=True)
    (ws.notes_dir / "travel").symlink_to(outside, target_is_directory=True)
    result = cli("remember", "Passport renewal is due in 2027", "-c", "travel", workspace=ws)
    assert result.exit_code != 0
    assert "symbolic link" in result.output
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize(
    "path",
    [".git/config", ".git/HEAD", "./.git/config", "memory/../.git/config", ".jarvis/lock", "../outside.md"],
)
def test_read_refuses_git_internals_and_paths_outside(ws: Workspace, cli: CliFn, path: str) -> None:
    (ws.root.parent / "outside.md").write_text("outside text\n")
    (ws.state_dir / "lock").write_text("1234\n")
    result = cli("read", path, workspace=ws)
    assert result.exit_code != 0
    assert "[core]" not in result.output and "outside text" not in result.output
    assert "ref:" not in result.output and "1234" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_control_bytes_in_a_tool_write_are_dropped_and_nothing_wedges(ws: Workspace) -> None:
    tools = Toolbox(ws, record=False)
    out = tools.memory_write("Locker\x00 number is\x07 forty-two", tags=["gym\x00"], type="fact\x1b")
    text = (ws.root / out["path"]).read_text()
    assert "\x00" not in text and "\x07" not in text and "\x1b" not in text
    assert "Locker number is forty-two" in text
    tools.memory_write("A second fact after the first one")
    check_trust(ws.root)


def test_ctrl_c_mid_write_leaves_nothing_behind(ws: Workspace) -> None:
    root = ws.root
    stats = kill_loop(
        lambda i: jarvis_argv(root, "remember", f"Interrupted thought\nnumber {i}"),
        8,
        0,
        sig=signal.SIGINT,
        probe=lambda i: run(root, "remember", f"Follow-up {i} after Ctrl-C"),
    )
    assert stats.killed >= 8, stats
    check_trust(root)


def _crash_after_writes(ws: Workspace, *, all_written: bool) -> tuple[str, str]:
    """Leave exactly what a SIGKILL leaves: files written, journal on disk, no commit."""
    store = GitStore(ws.root)
    with store.lock():
        tx = Transaction(store, store.head())
        rel = tx.create(
            "memory/notes/projects/crash-test.md", "---\nid: mem-20260101-000000-abcdef\n---\nfact\n"
        )
        tx.write("MEMORY.md", (tx.read("MEMORY.md") or "") + "- (2026-01-01) half-done bullet\n")
        if all_written:
            entries = {
                r: {"before": blob_id(tx.claimed[r]), "after": blob_id(a)} for r, a in tx.after.items()
            }
            write_journal(store, tx.head, "committing", entries, "remember: crash test")
    return rel, "MEMORY.md"


def test_doctor_finds_and_fix_undoes_a_half_done_write(ws: Workspace, cli: CliFn) -> None:
    memory_before = (ws.root / "MEMORY.md").read_text()
    rel, _ = _crash_after_writes(ws, all_written=False)
    doctor = cli("doctor", workspace=ws)
    assert doctor.exit_code != 0
    assert "interrupted" in doctor.output and "jarvis doctor --fix" in doctor.output
    fixed = cli("doctor", "--fix", workspace=ws)
    assert "undid an interrupted write" in fixed.output
    assert not (ws.root / rel).exists()
    assert (ws.root / "MEMORY.md").read_text() == memory_before
    check_trust(ws.root)


def test_a_fully_written_crashed_write_is_finished_by_the_next_process(ws: Workspace) -> None:
    rel, _ = _crash_after_writes(ws, all_written=True)
    run(ws.root, "remember", "The next write after a crash")
    assert "remember: crash test" in git(ws.root, "log", "--format=%s")
    assert "half-done bullet" in git(ws.root, "show", "HEAD~1:MEMORY.md")
    assert rel in git(ws.root, "ls-tree", "-r", "--name-only", "HEAD")
    check_trust(ws.root)


def test_recovery_never_takes_back_a_persons_later_edit(ws: Workspace) -> None:
    _crash_after_writes(ws, all_written=False)
    (ws.root / "MEMORY.md").write_text("# Memory\n\nI rewrote this myself after the crash.\n")
    result = run(ws.root, "remember", "Another fact", check=False)
    assert (ws.root / "MEMORY.md").read_text() == "# Memory\n\nI rewrote this myself after the crash.\n"
    assert result.returncode == 0, result.stderr
    assert git(ws.root, "diff", "--cached", "--name-only") == ""
