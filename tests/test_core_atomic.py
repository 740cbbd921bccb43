"""Atomic writes and the git store's promises: no torn files, the person's staged work untouched."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import CliFn

from jarvis.workspace import Workspace

WRITER = """
import sys
from jarvis.fsutil import atomic_write
path = sys.argv[1]
i = 0
while True:
    i += 1
    atomic_write(__import__("pathlib").Path(path), (str(i % 10) * 2_000_000))
"""


def test_killed_writer_never_leaves_a_torn_file(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    target.write_text("0" * 2_000_000)
    seen = set()
    for delay in (0.3, 0.5, 0.8, 1.2):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)])
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL  # killed while still writing in its loop
        data = target.read_text()
        assert len(data) == 2_000_000
        assert len(set(data)) == 1
        seen.add(data[0])
    assert seen != {"0"}  # the writer really replaced the file before the kills landed


def test_commit_leaves_persons_staged_change_staged(ws: Workspace, cli: CliFn) -> None:
    (ws.root / "USER.md").write_text("# User\n\nI am Ada, staged but not committed.\n")
    subprocess.run(["git", "-C", str(ws.root), "add", "USER.md"], check=True)
    result = cli("remember", "Ada drinks green tea", workspace=ws)
    assert result.exit_code == 0, result.output
    staged = subprocess.run(
        ["git", "-C", str(ws.root), "diff", "--cached", "--name-only"], capture_output=True, text=True
    ).stdout.split()
    assert staged == ["USER.md"]
    last = subprocess.run(
        ["git", "-C", str(ws.root), "show", "--name-only", "--format=", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.split()
    assert "USER.md" not in last
    assert (ws.root / "USER.md").read_text().endswith("staged but not committed.\n")


def test_refuses_during_a_merge(ws: Workspace, cli: CliFn) -> None:
    git_dir = ws.root / ".git"
    (git_dir / "MERGE_HEAD").write_text("0" * 40 + "\n")
    result = cli("remember", "Something to keep", workspace=ws)
    assert result.exit_code != 0
    assert "merge" in result.output
    assert not list(ws.notes_dir.rglob("*.md"))


def test_a_late_refusal_rolls_back_what_the_transaction_wrote(ws: Workspace) -> None:
    import pytest

    from jarvis.errors import UncommittedEdit
    from jarvis.gitstore import GitStore

    soul_before = (ws.root / "SOUL.md").read_text()
    (ws.root / "USER.md").write_text("# User\n\nmy own uncommitted edit\n")
    head = GitStore(ws.root).head()
    with pytest.raises(UncommittedEdit), GitStore(ws.root).transaction(["SOUL.md"]) as tx:
        tx.write("SOUL.md", "# Soul\n\nchanged by jarvis\n")
        tx.write("memory/new.md", "a new file\n")
        tx.write("USER.md", "# User\n\noverwritten\n")  # not declared up front: refused here
    assert (ws.root / "SOUL.md").read_text() == soul_before
    assert not (ws.root / "memory" / "new.md").exists()
    assert (ws.root / "USER.md").read_text() == "# User\n\nmy own uncommitted edit\n"
    assert GitStore(ws.root).head() == head
    status = subprocess.run(
        ["git", "-C", str(ws.root), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout.split() == ["M", "USER.md"]
