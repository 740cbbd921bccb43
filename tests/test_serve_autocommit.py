"""Autocommit of hand edits, on real git repositories."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

from jarvis.serve.autocommit import AutoCommitter, commit_hand_edits, edit_message
from jarvis.workspace import Workspace

IDENTITY = {
    "GIT_AUTHOR_NAME": "Person",
    "GIT_AUTHOR_EMAIL": "person@example.org",
    "GIT_COMMITTER_NAME": "Person",
    "GIT_COMMITTER_EMAIL": "person@example.org",
}


def git(root: Path, *args: str, check: bool = True) -> str:
    env = {**os.environ, **IDENTITY}
    result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=check, env=env)
    return result.stdout


def commit_now(ws: Workspace, **kwargs: float):  # type: ignore[no-untyped-def]
    kwargs.setdefault("min_age_s", 0.0)
    kwargs.setdefault("pause_s", 0.05)
    return commit_hand_edits(ws, **kwargs)


def test_hand_edit_of_a_tracked_file_is_committed(ws: Workspace) -> None:
    with (ws.root / "MEMORY.md").open("a") as handle:
        handle.write("- (2026-11-22) Prefers tea.\n")
    result = commit_now(ws)
    assert result.files == ("MEMORY.md",)
    assert result.sha and git(ws.root, "rev-parse", "HEAD").strip() == result.sha
    assert git(ws.root, "log", "-1", "--format=%s", "--", "MEMORY.md").strip() == "edit: MEMORY.md"
    assert git(ws.root, "status", "--porcelain") == ""
    assert commit_now(ws).sha is None  # nothing left: no empty commit


def test_ignored_and_untracked_files_outside_memory_are_never_committed(ws: Workspace) -> None:
    (ws.root / ".gitignore").write_text((ws.root / ".gitignore").read_text() + "private.md\n")
    git(ws.root, "add", ".gitignore")
    (ws.root / "private.md").write_text("v1\n")
    git(ws.root, "add", "-f", "private.md")
    git(ws.root, "commit", "-qm", "setup")
    (ws.root / "private.md").write_text("v2 secret-ish\n")
    (ws.root / "scratch.md").write_text("not tracked, outside memory/\n")
    (ws.root / "memory" / "new-note.md").write_text("a note I made by hand\n")
    result = commit_now(ws)
    assert result.files == ("memory/new-note.md",)  # a new file under memory/ is memory: committed
    assert result.skipped == {"private.md": "matches .gitignore"}
    status = git(ws.root, "status", "--porcelain")
    assert "?? scratch.md" in status and "private.md" in status and "new-note" not in status


def test_staged_work_of_the_person_is_left_alone(ws: Workspace) -> None:
    (ws.root / "USER.md").write_text("staged by the person\n")
    git(ws.root, "add", "USER.md")
    (ws.root / "AGENTS.md").write_text("staged, then edited again\n")
    git(ws.root, "add", "AGENTS.md")
    (ws.root / "AGENTS.md").write_text("staged, then edited again, twice\n")
    (ws.root / "SOUL.md").write_text("a plain hand edit\n")
    result = commit_now(ws)
    assert result.files == ("SOUL.md",)
    assert "AGENTS.md" in result.skipped
    assert git(ws.root, "show", "--name-only", "--format=", "HEAD").split() == ["SOUL.md"]
    assert sorted(git(ws.root, "diff", "--cached", "--name-only").split()) == ["AGENTS.md", "USER.md"]
    assert git(ws.root, "show", ":USER.md") == "staged by the person\n"
    assert git(ws.root, "show", ":AGENTS.md") == "staged, then edited again\n"
    assert (ws.root / "AGENTS.md").read_text() == "staged, then edited again, twice\n"


def test_nothing_is_committed_during_a_merge(ws: Workspace) -> None:
    base = git(ws.root, "rev-parse", "--abbrev-ref", "HEAD").strip()
    git(ws.root, "checkout", "-qb", "other")
    (ws.root / "USER.md").write_text("their version\n")
    git(ws.root, "commit", "-qam", "theirs")
    git(ws.root, "checkout", "-q", base)
    (ws.root / "USER.md").write_text("our version\n")
    git(ws.root, "commit", "-qam", "ours")
    git(ws.root, "merge", "other", check=False)  # conflicts: the person is mid-merge
    assert (ws.root / ".git" / "MERGE_HEAD").exists()
    head = git(ws.root, "rev-parse", "HEAD")
    (ws.root / "SOUL.md").write_text("edited during the merge\n")
    result = commit_now(ws)
    assert result.busy == "a merge" and result.sha is None
    assert git(ws.root, "rev-parse", "HEAD") == head


def test_a_file_being_written_is_not_committed(ws: Workspace) -> None:
    path = ws.root / "MEMORY.md"
    stop = threading.Event()

    def writer() -> None:
        while not stop.is_set():
            with path.open("a") as handle:
                handle.write("- (2026-11-22) still typing\n")
            time.sleep(0.01)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        result = commit_now(ws, pause_s=0.3)
    finally:
        stop.set()
        thread.join()
    assert result.sha is None
    assert result.skipped["MEMORY.md"] == "still being written"


def test_a_file_changed_moments_ago_waits(ws: Workspace) -> None:
    (ws.root / "MEMORY.md").write_text("# Memory\n\njust saved\n")
    result = commit_now(ws, min_age_s=60.0)
    assert result.sha is None
    assert result.skipped["MEMORY.md"] == "changed moments ago"


def test_a_file_with_a_secret_is_not_autocommitted(ws: Workspace) -> None:
    (ws.root / "USER.md").write_text(
        "my key: AKIAIOSFODNN7EXAMPLE and aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
    )
    result = commit_now(ws)
    assert result.sha is None
    assert "secret" in result.skipped["USER.md"]


def test_the_committer_waits_for_quiet_then_commits(ws: Workspace) -> None:
    committer = AutoCommitter(ws, quiet_s=0.3)
    committer.start()
    try:
        (ws.root / "SOUL.md").write_text("edited by hand\n")
        time.sleep(2.1)  # older than the 2 s settle age the committer asks for
        committer.poke()
        deadline = time.monotonic() + 20
        while committer.health()["commits"] < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        committer.stop()
    assert committer.health()["commits"] == 1
    assert git(ws.root, "log", "-1", "--format=%s").strip() == "edit: SOUL.md"


def test_edit_message_names_files() -> None:
    assert edit_message(["a.md"]) == "edit: a.md"
    assert (
        edit_message([f"f{i}.md" for i in range(8)]) == "edit: f0.md, f1.md, f2.md, f3.md, f4.md and 3 more"
    )
