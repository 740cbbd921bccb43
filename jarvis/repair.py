"""What a crash can leave behind, found for `jarvis doctor` and cleared by `jarvis doctor --fix`.

- an interrupted write (`.jarvis/journal.json` with no live holder of the workspace lock):
  finished or undone exactly as the next write would (`transaction.recover_journal`);
- a stale git lock (`.git/index.lock`, `HEAD.lock`, a ref's `.lock`: no git process of this
  repository alive to own it);
- staged changes (jarvis never stages; these are a person's or an older jarvis's): reported,
  never touched;
- stashes a killed purge left pinned under `refs/jarvis-purge/` (put back on `refs/stash`);
- temporary files of an atomic write (`.<name>.<random>.tmp`) and jarvis's scratch folders in
  `.git/` (`jarvis-*`).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from jarvis.errors import LockBusy
from jarvis.gitstore import GitStore, stale_git_lock
from jarvis.reflect.purge import pinned_stashes, restore_stashes
from jarvis.transaction import journal_path
from jarvis.workspace import STATE_DIR, Workspace

_TMP = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


@dataclass(frozen=True)
class Leftover:
    kind: str  # journal | git-lock | staged | stash | temp
    where: str
    message: str
    fixable: bool = True


def temp_files(root: Path) -> list[Path]:
    """Atomic-write temp files outside .git/ and .jarvis/."""
    found = []
    for path in root.rglob(".*.tmp"):
        rel = path.relative_to(root).parts
        if rel[0] in (".git", STATE_DIR) or not _TMP.match(path.name) or not path.is_file():
            continue
        found.append(path)
    return sorted(found)


def git_locks(store: GitStore) -> list[Path]:
    """Lock files git leaves when killed: index.lock, HEAD.lock, packed-refs.lock, refs/**.lock."""
    git_dir = store.git_dir
    found = [git_dir / name for name in ("index.lock", "HEAD.lock", "packed-refs.lock", "config.lock")]
    found = [path for path in found if path.exists()]
    refs = git_dir / "refs"
    return found + (sorted(refs.rglob("*.lock")) if refs.is_dir() else [])


def find_leftovers(ws: Workspace, store: GitStore | None = None) -> list[Leftover]:
    store = store or GitStore(ws.root)
    out: list[Leftover] = []
    if journal_path(store).exists():
        out.append(
            Leftover(
                "journal",
                f"{STATE_DIR}/journal.json",
                "an interrupted jarvis write is recorded; the next write finishes or undoes it",
            )
        )
    for lock in git_locks(store):
        stale = stale_git_lock(ws.root, lock)
        out.append(
            Leftover(
                "git-lock",
                str(lock),
                f"stale {lock.name} (no git process owns it): git writes fail until it goes"
                if stale
                else f"{lock.name} is held by a running git process",
                fixable=stale,
            )
        )
    staged = [p for p in store.git_bytes("diff", "--cached", "--name-only", "-z").decode().split("\0") if p]
    if staged:
        shown = ", ".join(staged[:5]) + (" …" if len(staged) > 5 else "")
        out.append(
            Leftover(
                "staged",
                shown,
                f"staged but not committed: {shown} (commit them or `git restore --staged`)",
                fixable=False,
            )
        )
    pinned = pinned_stashes(store)
    if pinned:
        out.append(
            Leftover("stash", "refs/jarvis-purge/", f"{len(pinned)} stash(es) pinned by an interrupted purge")
        )
    for path in temp_files(ws.root):
        out.append(
            Leftover("temp", path.relative_to(ws.root).as_posix(), "temporary file of an interrupted write")
        )
    for path in sorted(store.git_dir.glob("jarvis-*")):
        out.append(Leftover("temp", str(path), "jarvis scratch folder in .git/"))
    return out


def _install_merge_drivers(ws: Workspace, store: GitStore) -> list[str]:
    """Register the memory merge drivers; a `.gitattributes` jarvis adds or updates is committed
    alone (it is jarvis's own file), unless the person has uncommitted edits in it."""
    from jarvis.merge import install_drivers

    path = ws.root / ".gitattributes"
    before = path.read_bytes() if path.exists() else None
    committed = store.show_file("HEAD", ".gitattributes") if store.head() else None
    if before is not None and committed is not None and before.decode("utf-8", "replace") != committed:
        changed = install_drivers(ws.root, attributes=False)
        return [f"registered {len(changed)} merge driver(s) in git config"] if changed else []
    changed = install_drivers(ws.root)
    out: list[str] = []
    if ".gitattributes" in changed:
        store.commit_paths([".gitattributes"], "init: memory merge drivers in .gitattributes")
        out.append("added the memory merge drivers to .gitattributes (committed)")
    if any(c.startswith("git config") for c in changed):
        out.append("registered the memory merge drivers in git config")
    return out


def repair(ws: Workspace) -> list[str]:
    """Clear every fixable leftover; returns one line per action. Never touches a person's work."""
    store = GitStore(ws.root)
    done: list[str] = []
    for lock in git_locks(store):
        if stale_git_lock(ws.root, lock):
            lock.unlink(missing_ok=True)
            done.append(f"removed stale {lock}")
    try:
        with store.lock(timeout=5.0):  # taking the lock replays or undoes the journal
            if store.last_recovery:
                done.append(store.last_recovery)
            restored = restore_stashes(store)
            if restored:
                done.append(f"put {restored} stash(es) an interrupted purge had pinned back on refs/stash")
            done += _install_merge_drivers(ws, store)
            for path in temp_files(ws.root):
                path.unlink(missing_ok=True)
                done.append(f"removed {path.relative_to(ws.root).as_posix()}")
            for path in sorted(store.git_dir.glob("jarvis-*")):
                shutil.rmtree(path, ignore_errors=True)
                done.append(f"removed {path}")
    except LockBusy as exc:
        done.append(f"left alone while another jarvis process writes: {exc}")
    return done
