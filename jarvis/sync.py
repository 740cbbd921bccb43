"""`jarvis sync`: one memory on every device, through any git remote.

commit the person's edits (only when they opted in to autocommit) -> fetch -> merge with
the memory merge drivers -> push; a rejected push fetches, merges and pushes again. Never
a force push. Runs under the workspace lock, so no jarvis write interleaves, and ends
with the index brought in line with the merged files.

A fragment forgotten on one device and edited on the other stays forgotten (adr/0079):
forgetting is a person's explicit choice, often for privacy; the edit stays in history.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from jarvis.errors import JarvisError, UsageError
from jarvis.events import track
from jarvis.fragment import parse_fragment
from jarvis.gitstore import GitStore, git_in
from jarvis.merge import install_drivers
from jarvis.notes import NOTES_REL
from jarvis.workspace import CONFIG_NAME, Workspace

PUSH_TRIES = 3


class SyncError(JarvisError):
    """A sync that needs a person: no remote, no access, or a conflict the drivers cannot settle."""


class NoRemote(SyncError):
    """No git remote (or not the one named): a usage problem, exit 2 like other bad usage."""

    exit_code = 2


@dataclass(frozen=True)
class SyncResult:
    remote: str
    branch: str
    fetched: bool = False
    merged: str = ""  # "up to date", "fast-forward", "merged", "pushed only"
    pushed: bool = False
    retries: int = 0
    committed: tuple[str, ...] = ()  # hand edits committed first (autocommit opted in)
    left_alone: tuple[str, ...] = ()  # uncommitted edits left as they are
    kept_forgotten: tuple[str, ...] = ()  # forgotten here, edited there: stays forgotten
    changed: tuple[str, ...] = ()  # files the merge changed here
    notes: list[str] = field(default_factory=list)


def _git(ws: Workspace, *args: str) -> subprocess.CompletedProcess[str]:
    return git_in(ws.root, *args)


def _one_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def remote_name(ws: Workspace, store: GitStore, wanted: str | None) -> str:
    """The remote to use: `wanted`, else origin, else the only one; NoRemote says how to add one."""
    remotes = store.remotes()
    if wanted:
        if wanted not in remotes:
            raise NoRemote(
                f"{ws.root}: no git remote named {wanted!r} (have: {', '.join(remotes) or 'none'})"
            )
        return wanted
    if not remotes:
        raise NoRemote(
            f"{ws.root}: no git remote to sync with; add one with `git -C {ws.root} remote add origin URL` "
            "(a bare repository, GitHub, Gitea, a USB stick)"
        )
    return "origin" if "origin" in remotes else remotes[0]


def _fail_on_access(remote: str, proc: subprocess.CompletedProcess[str], what: str) -> None:
    if proc.returncode == 0:
        return
    err = _one_line(proc.stderr)
    low = proc.stderr.lower()
    if any(word in low for word in ("authentication", "permission denied", "could not read username", "403")):
        raise SyncError(f"{what} {remote}: access refused ({err}); check your credentials for that remote")
    raise SyncError(f"{what} {remote}: {err}")


def _settle_delete_vs_edit(ws: Workspace) -> list[str]:
    """Conflicts where one side deleted a file the other edited: the deletion wins (adr/0079)."""
    status = _git(ws, "status", "--porcelain=v1", "-z").stdout
    kept: list[str] = []
    for entry in status.split("\0"):
        code, path = entry[:2], entry[3:]
        if code in ("DU", "UD"):
            _git(ws, "rm", "-q", "--cached", "--", path)
            (ws.root / path).unlink(missing_ok=True)
            kept.append(path)
    return kept


def _free_name(ws: Workspace, rel: str, upstream: str) -> str:
    stem, suffix = rel.rsplit(".", 1) if "." in rel.rsplit("/", 1)[-1] else (rel, "")
    for n in range(2, 1000):
        candidate = f"{stem}-{n}" + (f".{suffix}" if suffix else "")
        taken = any(
            _git(ws, "cat-file", "-e", f"{rev}:{candidate}").returncode == 0 for rev in ("HEAD", upstream)
        )
        if not taken and not (ws.root / candidate).exists():
            return candidate
    raise SyncError(f"{ws.root / rel}: no free name for a second copy; rename one of them by hand")


def _separate_added_twice(ws: Workspace, upstream: str) -> list[str]:
    """Fragments both devices created at the same path with different facts (similar words
    make the same slug): this side's copy moves to a free name first, so both facts stay
    separate files. The same fact twice is left to the fragment driver (one copy kept)."""
    base = _git(ws, "merge-base", "HEAD", upstream).stdout.strip()
    if not base:
        return []

    def added(rev: str) -> set[str]:
        out = _git(ws, "diff", "--name-only", "--diff-filter=A", "-z", base, rev, "--", NOTES_REL).stdout
        return {p for p in out.split("\0") if p.endswith(".md")}

    moved: list[str] = []
    for rel in sorted(added("HEAD") & added(upstream)):
        mine = _git(ws, "show", f"HEAD:{rel}").stdout
        theirs = _git(ws, "show", f"{upstream}:{rel}").stdout
        a, b = parse_fragment(mine, rel), parse_fragment(theirs, rel)
        if a.id == b.id or " ".join(a.body.split()).casefold() == " ".join(b.body.split()).casefold():
            continue
        new = _free_name(ws, rel, upstream)
        _git(ws, "mv", "--", rel, new)
        moved.append(f"{rel} -> {new}")
    if moved:
        done = _git(
            ws, "commit", "--quiet", "-m", "sync: keep both devices' fragments apart\n\n" + "\n".join(moved)
        )
        if done.returncode != 0:
            raise SyncError(f"{ws.root}: moving a fragment aside failed: {_one_line(done.stderr)}")
    return moved


def _merge(ws: Workspace, upstream: str) -> tuple[str, list[str], list[str]]:
    """Merge `upstream` into HEAD: (how, files changed here, files kept forgotten)."""
    head = _git(ws, "rev-parse", "HEAD").stdout.strip()
    target = _git(ws, "rev-parse", upstream).stdout.strip()
    if not target or _git(ws, "merge-base", "--is-ancestor", target, head).returncode == 0:
        return "up to date", [], []
    _separate_added_twice(ws, upstream)
    proc = _git(ws, "merge", "--no-edit", "-m", f"sync: merge {upstream}", upstream)
    kept: list[str] = []
    if proc.returncode != 0:
        if "would be overwritten" in proc.stderr or "untracked working tree files" in proc.stderr:
            names = [line.strip() for line in proc.stderr.splitlines() if line.startswith(("\t", "    "))]
            raise SyncError(
                f"{ws.root}: your uncommitted edits to {', '.join(names) or 'some files'} would be "
                "overwritten by the merge; commit them (or set [serve] autocommit = true) and sync again"
            )
        kept = _settle_delete_vs_edit(ws)
        unresolved = _git(ws, "diff", "--name-only", "--diff-filter=U").stdout.split()
        if unresolved:
            _git(ws, "merge", "--abort")
            raise SyncError(
                f"{ws.root}: {', '.join(unresolved)} changed on both devices in a way jarvis cannot merge "
                f"safely; nothing was changed here — merge by hand with `git -C {ws.root} merge {upstream}`"
            )
        done = _git(ws, "commit", "--no-edit", "-m", f"sync: merge {upstream}")
        if done.returncode != 0:
            raise SyncError(f"{ws.root}: finishing the merge failed: {_one_line(done.stderr)}")
    how = "fast-forward" if _git(ws, "rev-parse", "HEAD^2").returncode != 0 else "merged"
    changed = _git(ws, "diff", "--name-only", head, "HEAD").stdout.split()
    return how, changed, kept


def sync(
    ws: Workspace, remote: str | None = None, *, publish_purge: bool = False, follow_purge: bool = False
) -> SyncResult:
    """Fetch, merge and push; see the module docstring. After a purge (adr/0079):
    `publish_purge` on the device that purged, `follow_purge` on the others."""
    from jarvis import rewritten
    from jarvis.serve.autocommit import commit_hand_edits
    from jarvis.serve.health import hand_edits

    store = GitStore(ws.root)
    name = remote_name(ws, store, remote)
    install_drivers(ws.root, attributes=False)  # a fresh clone gets the drivers before merging
    branch = _git(ws, "symbolic-ref", "--short", "HEAD").stdout.strip()
    if not branch:
        raise SyncError(
            f"{ws.root}: HEAD is detached; check out your branch (git switch main) and sync again"
        )
    committed: tuple[str, ...] = ()
    if ws.config.serve.autocommit == "true":
        committed = commit_hand_edits(ws, min_age_s=0.0, pause_s=0.0).files
    left = tuple(hand_edits(ws))
    from jarvis import forge

    notes: list[str] = []
    proposals_before = forge.tracked(ws.root, name)
    with track(ws, "sync", "run") as ev, store.lock():
        if publish_purge:
            stamp = rewritten.publish(ws, name, branch)
            notes.append(
                f"published the purged history ({stamp}); every other device: `jarvis sync --follow-purge`. "
                f"{name} may keep the old objects until its own garbage collection (a hosted forge: ask its support)"
            )
        else:
            rewritten.check_published(ws, name)
        how, changed, kept, pushed, tries = "up to date", [], [], False, 0
        # the remote's own refspecs plus the purge markers: one fetch, one round trip
        refspecs = _git(ws, "config", "--get-all", f"remote.{name}.fetch").stdout.split() or [
            f"+refs/heads/*:refs/remotes/{name}/*"
        ]
        for attempt in range(PUSH_TRIES):
            tries = attempt
            fetch = _git(ws, "fetch", "--quiet", "--prune", name, *refspecs, rewritten.marker_refspec(name))
            _fail_on_access(name, fetch, "fetch from")
            markers = rewritten.unfollowed_markers(ws.root, name)
            if markers and not follow_purge:
                rewritten.stop_for_markers(ws, name, markers)
            if markers:
                before = _git(ws, "rev-parse", "HEAD").stdout.strip()
                own, moved = rewritten.follow(ws, name, branch, markers)
                changed += _git(ws, "diff", "--name-only", before, "HEAD").stdout.split()
                notes.append(
                    f"followed the purge on another device ({', '.join(markers)}): {own} change(s) of this "
                    f"device replayed, {moved} proposal(s) moved, the old history erased here"
                )
            upstream = f"{name}/{branch}"
            exists = _git(ws, "rev-parse", "--verify", "--quiet", upstream).returncode == 0
            if exists:
                how, more, gone = _merge(ws, upstream)
                changed += more
                kept += gone
            push = _git(ws, "push", "--quiet", name, f"HEAD:refs/heads/{branch}")
            if push.returncode == 0:
                pushed = True
                rewritten.record_synced(ws.root, name, branch, _git(ws, "rev-parse", "HEAD").stdout.strip())
                if not exists:
                    how = "pushed only"
                    _git(ws, "branch", "--quiet", f"--set-upstream-to={upstream}")
                break
            if "rejected" not in push.stderr and "fetch first" not in push.stderr:
                _fail_on_access(name, push, "push to")
        if not pushed:
            raise SyncError(
                f"push to {name} was rejected {PUSH_TRIES} times (another device keeps pushing); sync again"
            )
        ev.counts.update(changed=len(changed), retries=tries, forgotten=len(kept))
    settled = forge.settle(ws, name, branch, proposals_before)
    cleaned = forge.prune_decided(ws, name)
    if cleaned:
        notes.append(f"deleted decided proposal branches on {name}: {', '.join(cleaned)}")
    if settled.accepted:
        notes.append(f"proposals merged on {name}: {', '.join(settled.accepted)}")
    if settled.rejected:
        notes.append(
            f"proposals closed on {name} without merging (recorded as rejected): {', '.join(settled.rejected)}"
        )
    if changed:
        from jarvis.index.sync import INLINE_EMBED_MAX, reconcile

        reconcile(ws, embed_limit=INLINE_EMBED_MAX)
    return SyncResult(
        remote=name,
        branch=branch,
        fetched=True,
        merged=how,
        pushed=pushed,
        retries=tries,
        committed=committed,
        left_alone=left,
        kept_forgotten=tuple(dict.fromkeys(kept)),
        changed=tuple(dict.fromkeys(changed)),
        notes=notes,
    )


def clone_workspace(url: str, path: Path) -> str:
    """`jarvis init PATH --from URL`: a second device's copy of a workspace; returns the branch.

    `git clone`, then — because a bare remote's HEAD often names a branch nobody pushed
    (`master` while the first device pushed `main`) — check out the branch the workspace
    lives on, and register the merge drivers so every later pull merges memory by entry.
    """
    path = path.expanduser().absolute()
    if path.exists() and any(path.iterdir()):
        raise UsageError(f"{path}: folder is not empty; choose a new folder for the copy")
    proc = subprocess.run(["git", "clone", "--quiet", url, str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SyncError(f"git clone {url}: {_one_line(proc.stderr)}")
    branch = git_in(path, "symbolic-ref", "--short", "HEAD").stdout.strip()
    if git_in(path, "rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
        heads = git_in(
            path, "for-each-ref", "--format=%(refname:lstrip=3)", "refs/remotes/origin/"
        ).stdout.split()
        heads = [h for h in heads if h != "HEAD"]
        pick = next((h for h in ("main", "master") if h in heads), heads[0] if len(heads) == 1 else "")
        if not pick:
            shutil.rmtree(path, ignore_errors=True)
            raise SyncError(
                f"{url}: holds no workspace yet (no branch to check out); run `jarvis sync` on the "
                "device that has it first"
                if not heads
                else f"{url}: several branches ({', '.join(heads)}) and none is main; clone by hand with -b BRANCH"
            )
        git_in(path, "checkout", "--quiet", "-B", pick, f"origin/{pick}", check=True)
        branch = pick
    if not (path / CONFIG_NAME).is_file():
        raise SyncError(
            f"{url}: is not a jarvis workspace (no {CONFIG_NAME} on {branch}); {path} is a plain clone"
        )
    install_drivers(path, attributes=False)  # .gitattributes comes with the clone
    return branch


def check_remote_name(name: str) -> str:
    if not name or name.startswith("-"):
        raise UsageError(f"--remote {name!r}: give the name of a git remote, e.g. origin")
    return name


def scheduled_sync(ws: Workspace) -> dict[str, object]:
    """The `jarvis serve` job (`[sync] every_minutes`): a sync, or why there was none."""
    store = GitStore(ws.root)
    if not store.remotes():
        return {"skipped": "no git remote"}
    result = sync(ws, ws.config.sync.remote or None)
    return {"merged": result.merged, "pushed": result.pushed, "changed": len(result.changed)}
