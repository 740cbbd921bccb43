"""The real watcher (watchdog + debounced loop) on a real workspace.

The sync here is a small mirror index (path -> text) updated exactly as the
batches say: a batch names the paths to refresh, None means rescan everything.
If the watcher ever dropped or misreported a change, the mirror would disagree
with the files on disk.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from jarvis.fsutil import atomic_write
from jarvis.serve.watcher import Watcher, ignored
from jarvis.workspace import Workspace

WAIT_S = 20.0


def wait_for(predicate: Callable[[], bool], timeout: float = WAIT_S) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def disk_state(root: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in root.rglob("*.md"):
        rel = path.relative_to(root).as_posix()
        if not ignored(rel):
            out[rel] = path.read_text(encoding="utf-8")
    return out


class Mirror:
    """A tiny index kept only through the watcher's batches."""

    def __init__(self, root: Path, fail_first: int = 0) -> None:
        self.root = root
        self.docs: dict[str, str] = disk_state(root)
        self.batches: list[list[str] | None] = []
        self.fail_left = fail_first
        self.lock = threading.Lock()

    def __call__(self, paths: Sequence[str] | None) -> None:
        with self.lock:
            if self.fail_left:
                self.fail_left -= 1
                raise RuntimeError("injected sync failure")
            self.batches.append(None if paths is None else list(paths))
            if paths is None:
                self.docs = disk_state(self.root)
                return
            for rel in paths:
                path = self.root / rel
                if path.is_file() and rel.endswith(".md"):
                    self.docs[rel] = path.read_text(encoding="utf-8")
                else:
                    self.docs.pop(rel, None)
                    # a path that became a folder (or left with one): refresh what is under it
                    for key in [k for k in self.docs if k.startswith(rel + "/")]:
                        self.docs.pop(key)
                    if path.is_dir():
                        self.docs.update({f"{rel}/{k}": v for k, v in disk_state(path).items()})

    def agrees(self) -> bool:
        with self.lock:
            return self.docs == disk_state(self.root)


@pytest.fixture
def watched(ws: Workspace) -> Iterator[Callable[..., tuple[Watcher, Mirror]]]:
    started: list[Watcher] = []

    def start(
        debounce_s: float = 0.2, safety_scan_s: float = 0.0, fail_first: int = 0
    ) -> tuple[Watcher, Mirror]:
        mirror = Mirror(ws.root, fail_first=fail_first)
        watcher = Watcher(ws, mirror, debounce_s=debounce_s, safety_scan_s=safety_scan_s)
        watcher.start()
        started.append(watcher)
        return watcher, mirror

    yield start
    for watcher in started:
        watcher.stop()


@pytest.mark.parametrize(
    ("rel", "expected"),
    [
        ("MEMORY.md", False),
        ("memory/notes/projects/a.md", False),
        (".git/index", True),
        (".jarvis/events.jsonl", True),
        ("memory/.a.md.swp", True),
        ("memory/.a.md.swx", True),
        ("memory/4913", True),
        ("memory/a.md~", True),
        ("memory/#a.md#", True),
        ("memory/.#a.md", True),
        ("memory/.a.md.k2j3h4.tmp", True),  # jarvis.fsutil.atomic_write
        ("memory/a.md___jb_tmp___", True),
        ("memory/a.md___jb_old___", True),
        (".vscode/settings.json", True),
        ("memory/2026-11-22.md", False),
    ],
)
def test_ignore_rules(rel: str, expected: bool) -> None:
    assert ignored(rel) is expected


def test_atomic_saves_as_editors_do_them(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    watcher, mirror = watched()
    notes = ws.root / "memory" / "notes" / "projects"
    notes.mkdir(parents=True, exist_ok=True)
    target = notes / "editor.md"
    target.write_text("first version\n")
    assert wait_for(mirror.agrees)
    # vim (backupcopy=no): swap file, test write 4913, rename to backup, write new, drop backup
    (notes / ".editor.md.swp").write_bytes(b"swap")
    (notes / "4913").write_text("")
    (notes / "4913").unlink()
    os.rename(target, notes / "editor.md~")
    target.write_text("vim version\n")
    (notes / "editor.md~").unlink()
    (notes / ".editor.md.swp").unlink()
    assert wait_for(lambda: mirror.docs.get("memory/notes/projects/editor.md") == "vim version\n")
    # write-temp-then-rename (VS Code, emacs, jarvis itself)
    atomic_write(target, "renamed-over version\n")
    assert wait_for(lambda: mirror.docs.get("memory/notes/projects/editor.md") == "renamed-over version\n")
    # JetBrains safe write
    (notes / "editor.md___jb_tmp___").write_text("jetbrains version\n")
    os.rename(target, notes / "editor.md___jb_old___")
    os.rename(notes / "editor.md___jb_tmp___", target)
    (notes / "editor.md___jb_old___").unlink()
    assert wait_for(lambda: mirror.docs.get("memory/notes/projects/editor.md") == "jetbrains version\n")
    assert wait_for(mirror.agrees)
    seen = {rel for batch in mirror.batches if batch for rel in batch}
    assert not any(ignored(rel) for rel in seen), seen
    assert watcher.health()["errors"] == 0


def test_rename_delete_and_directory_move(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    _watcher, mirror = watched()
    folder = ws.root / "memory" / "notes" / "people-relationships"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(5):
        (folder / f"p{i}.md").write_text(f"person {i}\n")
    assert wait_for(mirror.agrees)
    os.rename(folder / "p0.md", folder / "renamed.md")
    assert wait_for(mirror.agrees)
    assert "memory/notes/people-relationships/renamed.md" in mirror.docs
    assert "memory/notes/people-relationships/p0.md" not in mirror.docs
    (folder / "p1.md").unlink()
    assert wait_for(mirror.agrees)
    assert "memory/notes/people-relationships/p1.md" not in mirror.docs
    shutil.move(str(folder), str(ws.root / "memory" / "notes" / "friends"))
    assert wait_for(mirror.agrees)
    assert "memory/notes/friends/p2.md" in mirror.docs
    assert not any(k.startswith("memory/notes/people-relationships/") for k in mirror.docs)


def test_burst_of_500_writes_is_one_batch(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    watcher, mirror = watched(debounce_s=1.0)
    before = len(mirror.batches)
    folder = ws.root / "memory" / "notes" / "operations"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(500):
        (folder / f"n{i:03}.md").write_text(f"note {i}\n")
    assert wait_for(lambda: mirror.agrees() and watcher.backlog == 0)
    new = mirror.batches[before:]
    assert len(new) == 1, [None if b is None else len(b) for b in new]
    assert new[0] is None or len(new[0]) == 500


def test_a_failing_sync_is_recorded_and_the_next_one_runs(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    watcher, mirror = watched(fail_first=1)
    (ws.root / "memory" / "first.md").write_text("written while the sync fails\n")
    assert wait_for(lambda: watcher.health()["errors"] == 1)
    assert "injected sync failure" in watcher.health()["last_error"]
    (ws.root / "memory" / "second.md").write_text("written after\n")
    assert wait_for(mirror.agrees)
    assert {"memory/first.md", "memory/second.md"} <= set(mirror.docs)
    failures = [e for e in (ws.state_dir / "events.jsonl").read_text().splitlines() if "injected" in e]
    assert len(failures) == 1


def test_a_dead_observer_is_restarted(ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]) -> None:
    watcher, mirror = watched()
    observer = watcher._observer
    observer.stop()
    observer.join(5)
    assert wait_for(lambda: watcher.health()["observer_restarts"] == 1 and watcher.health()["observer_alive"])
    (ws.root / "memory" / "after-restart.md").write_text("seen by the new observer\n")
    assert wait_for(lambda: "memory/after-restart.md" in mirror.docs)


def test_safety_scan_runs_without_events(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    watcher, mirror = watched(safety_scan_s=0.3)
    assert wait_for(lambda: watcher.health()["safety_scans"] >= 2)
    assert None in mirror.batches


def test_reading_files_triggers_nothing(
    ws: Workspace, watched: Callable[..., tuple[Watcher, Mirror]]
) -> None:
    watcher, mirror = watched(debounce_s=0.1)
    (ws.root / "memory" / "read-me.md").write_text("x\n")
    assert wait_for(lambda: mirror.agrees() and watcher.backlog == 0)
    count = len(mirror.batches)
    for _ in range(20):
        for path in ws.root.rglob("*.md"):
            path.read_bytes()
    time.sleep(1.0)  # nothing should arrive; give it ten debounce periods to prove it
    assert len(mirror.batches) == count
    assert watcher.backlog == 0
