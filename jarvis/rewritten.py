"""A purge on one device, followed by the others (adr/0079).

`jarvis forget --purge-history` rewrites this repository's history so a fact cannot be
recovered. A plain sync afterwards would merge the remote's old history straight back,
secret and all, so sync refuses and names the two steps instead:

- **publish** (`jarvis sync --publish-purge`, on the device that purged): replace the
  remote's branch with the rewritten one — the only push jarvis ever forces, with a lease
  on exactly the commit this device last saw there, so nothing another device pushed is
  overwritten — and leave a marker ref `refs/jarvis/purges/<UTC time>` on the remote;
- **follow** (`jarvis sync --follow-purge`, on every other device): a marker this device
  has not followed makes sync stop; following replays this device's own changes since its
  last sync onto the new history (one three-way merge of trees, the memory merge drivers
  applying), moves the branch there, rebases open proposals, and erases the old history
  locally (reflogs expired, unreachable objects pruned).

Only commit ids and UTC times are recorded; never any text of what was purged.
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from jarvis.errors import JarvisError
from jarvis.fsutil import atomic_write
from jarvis.gitstore import git_in as git
from jarvis.workspace import Workspace

PENDING = "purge-pending.jarvis.json"  # under .git/ (not jarvis-*: doctor --fix clears those)
SYNCED = "refs/jarvis/synced/"  # refs/jarvis/synced/<remote>/<branch>: what the last sync met
MARKERS = "refs/jarvis/purges/"  # on the remote: one ref per published purge
SEEN = (
    "refs/jarvis/remote-purges/"  # the remote's markers, fetched: refs/jarvis/remote-purges/<remote>/<stamp>
)
FOLLOWED = "refs/jarvis/followed/"  # markers this device has followed (or published)


class HistoryRewritten(JarvisError):
    """Sync stopped because a purge rewrote history here or on another device."""

    exit_code = 12


def _pending_path(root: Path) -> Path:
    return root / ".git" / PENDING


def note_purge(root: Path) -> None:
    """Called by the purge before it rewrites: remember where each remote's branches were."""
    tips: dict[str, str] = {}
    out = git(root, "for-each-ref", "--format=%(refname) %(objectname)", "refs/remotes/", SYNCED).stdout
    for line in out.splitlines():
        ref, sha = line.split(" ", 1)
        if ref.endswith("/HEAD"):
            continue
        key = ref.removeprefix("refs/remotes/").removeprefix(SYNCED)
        tips.setdefault(key, sha)
        if ref.startswith(SYNCED):
            tips[key] = sha  # what the last sync met wins over a later manual fetch
    if not tips:
        return  # never shared: nothing to publish
    data = {"at": datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ"), "remote_tips": tips}
    atomic_write(_pending_path(root), json.dumps(data, indent=2) + "\n")


def pending(root: Path) -> dict[str, object] | None:
    path = _pending_path(root)
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def record_synced(root: Path, remote: str, branch: str, sha: str) -> None:
    git(root, "update-ref", f"{SYNCED}{remote}/{branch}", sha)


def check_published(ws: Workspace, remote: str) -> None:
    """Stop a sync that would merge the old history back over a local purge."""
    data = pending(ws.root)
    if data is None:
        return
    tips = data.get("remote_tips")
    if isinstance(tips, dict) and not any(key.split("/", 1)[0] == remote for key in tips):
        return
    raise HistoryRewritten(
        f"{ws.root}: history here was rewritten by `jarvis forget --purge-history` ({data.get('at')}); "
        f"merging {remote}'s copy would bring the erased text back. Publish it with "
        "`jarvis sync --publish-purge` (replaces the remote's branch; other devices then run "
        "`jarvis sync --follow-purge`)"
    )


def publish(ws: Workspace, remote: str, branch: str) -> str:
    """Force-push the rewritten branch with a lease on the commit last seen there; returns the marker."""
    root = ws.root
    data = pending(root)
    if data is None:
        raise HistoryRewritten(f"{root}: no purge is waiting to be published; run `jarvis sync`")
    tips = data.get("remote_tips")
    expected = tips.get(f"{remote}/{branch}") if isinstance(tips, dict) else None
    listed = git(root, "ls-remote", remote, f"refs/heads/{branch}")
    if listed.returncode != 0:
        raise HistoryRewritten(f"ls-remote {remote}: {listed.stderr.strip()}")
    now = listed.stdout.split()[0] if listed.stdout.strip() else ""
    if expected and now and now != expected:
        raise HistoryRewritten(
            f"{remote}/{branch} moved on since this device purged (another device pushed {now[:8]}); "
            "jarvis will not overwrite it. Sync that device's changes by hand onto this history "
            f"(`git -C {root} fetch {remote}` then `git cherry-pick {expected[:8]}..{now[:8]}`), "
            "then publish again"
        )
    stamp = str(data.get("at") or datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ"))
    lease = f"--force-with-lease=refs/heads/{branch}:{now}" if now else "--force-with-lease"
    pushed = git(root, "push", "--quiet", lease, remote, f"HEAD:refs/heads/{branch}")
    if pushed.returncode != 0:
        raise HistoryRewritten(f"push to {remote}: {pushed.stderr.strip().splitlines()[-1:]}")
    _replace_remote_proposals(root, remote)
    git(root, "push", "--quiet", remote, f"HEAD:{MARKERS}{stamp}", check=True)
    head = git(root, "rev-parse", "HEAD", check=True).stdout.strip()
    git(root, "update-ref", f"{FOLLOWED}{stamp}", head)
    git(root, "update-ref", f"refs/remotes/{remote}/{branch}", head)
    record_synced(root, remote, branch, head)
    _pending_path(root).unlink(missing_ok=True)
    _prune_local_remote(root, remote)
    return stamp


def _prune_local_remote(root: Path, remote: str) -> bool:
    """A remote on this machine (a bare repository, a USB stick) is pruned too, so the old
    objects are gone there at once; a server prunes on its own schedule."""
    url = git(root, "remote", "get-url", remote).stdout.strip()
    path = Path(url.removeprefix("file://")) if url.startswith(("/", "file://", ".")) else None
    if path is None:
        return False
    path = (root / path).resolve() if not path.is_absolute() else path
    if not path.is_dir():
        return False
    try:
        git(path, "reflog", "expire", "--expire=now", "--all")
        return git(path, "gc", "--prune=now", "--quiet").returncode == 0
    except JarvisError:  # not a repository git can open here: the push went through; nothing to prune
        return False


def _replace_remote_proposals(root: Path, remote: str) -> None:
    """Proposal branches on the remote hold the old history: replace or delete each."""
    listed = git(root, "ls-remote", remote, "refs/heads/proposals/*").stdout
    local = set(git(root, "for-each-ref", "--format=%(refname)", "refs/heads/proposals/").stdout.split())
    for line in listed.splitlines():
        sha, ref = line.split("\t", 1)
        if ref in local:
            git(root, "push", "--quiet", f"--force-with-lease={ref}:{sha}", remote, f"{ref}:{ref}")
        else:
            git(root, "push", "--quiet", remote, f":{ref}")


def marker_refspec(remote: str) -> str:
    """What sync's fetch adds to bring the remote's purge markers along (one round trip)."""
    return f"+{MARKERS}*:{SEEN}{remote}/*"


def unfollowed_markers(root: Path, remote: str) -> list[str]:
    """The remote's purge markers (as of the last fetch) this device has not followed, oldest first."""
    seen = git(root, "for-each-ref", "--format=%(refname)", f"{SEEN}{remote}/").stdout.split()
    followed = {
        r.removeprefix(FOLLOWED)
        for r in git(root, "for-each-ref", "--format=%(refname)", FOLLOWED).stdout.split()
    }
    return sorted(r.rsplit("/", 1)[-1] for r in seen if r.rsplit("/", 1)[-1] not in followed)


def stop_for_markers(ws: Workspace, remote: str, markers: list[str]) -> None:
    raise HistoryRewritten(
        f"{remote}: its history was rewritten by a purge on another device ({', '.join(markers)}); "
        "a plain merge would bring the erased text back. Follow it with `jarvis sync --follow-purge` "
        "(this device's changes since its last sync are replayed on the new history, and the old "
        "history is erased here)"
    )


def _replay(root: Path, base: str, onto: str, tip: str, message: str) -> str:
    """One commit on `onto` holding the changes base..tip (three-way, memory drivers apply).

    Done in a temporary worktree with `git merge-recursive BASE -- ONTO TIP` (git 2.39 has no
    `merge-tree --merge-base`), so the person's own working tree is never touched.
    """
    with tempfile.TemporaryDirectory(prefix="jarvis-replay-", dir=root / ".git") as tmp:
        where = Path(tmp) / "tree"
        git(root, "worktree", "add", "--quiet", "--detach", str(where), onto, check=True)
        try:
            merged = git(where, "merge-recursive", base, "--", "HEAD", tip)
            if merged.returncode != 0:
                conflicted = git(where, "diff", "--name-only", "--diff-filter=U").stdout.split()
                raise HistoryRewritten(
                    f"{root}: this device's changes to {', '.join(conflicted) or 'some files'} clash with "
                    "the new history; nothing was changed. Merge them by hand, or copy them aside, then "
                    "run `jarvis sync --follow-purge` again"
                )
            tree = git(where, "write-tree", check=True).stdout.strip()
        finally:
            git(root, "worktree", "remove", "--force", str(where))
            git(root, "worktree", "prune")
    same = git(root, "rev-parse", f"{onto}^{{tree}}").stdout.strip()
    if tree == same:
        return onto
    return git(root, "commit-tree", tree, "-p", onto, "-m", message, check=True).stdout.strip()


def follow(ws: Workspace, remote: str, branch: str, markers: list[str]) -> tuple[int, int]:
    """Move this device onto the rewritten history; returns (own commits replayed, proposals moved)."""
    root = ws.root
    upstream = f"refs/remotes/{remote}/{branch}"
    onto = git(root, "rev-parse", "--verify", "--quiet", upstream).stdout.strip()
    if not onto:
        raise HistoryRewritten(f"{remote} has no branch {branch}; nothing to follow")
    synced = git(root, "rev-parse", "--verify", "--quiet", f"{SYNCED}{remote}/{branch}").stdout.strip()
    head = git(root, "rev-parse", "HEAD", check=True).stdout.strip()
    if not synced:
        # Never synced through jarvis: everything not on the new history counts as this device's own.
        synced = git(root, "merge-base", head, onto).stdout.strip() or head
    own = int(git(root, "rev-list", "--count", "--no-merges", f"{synced}..{head}").stdout.strip() or 0)
    new_head = onto
    if own:
        new_head = _replay(
            root, synced, onto, head, f"sync: replay this device's {own} change(s) onto the purged history"
        )
    moved = 0
    for line in git(
        root, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/proposals/"
    ).stdout.splitlines():
        ref, sha = line.split(" ", 1)
        parent = git(root, "rev-parse", f"{sha}^").stdout.strip()
        message = git(root, "log", "-1", "--format=%B", sha).stdout
        try:
            commit = _replay(root, parent, new_head, sha, message)
        except HistoryRewritten:
            git(root, "update-ref", "-d", ref)  # no longer applies: reflect proposes it again
            continue
        git(root, "update-ref", ref, commit)
        moved += 1
    reset = git(root, "reset", "--keep", new_head)
    (root / ".git" / "ORIG_HEAD").unlink(missing_ok=True)  # it names the old history
    if reset.returncode != 0:
        raise HistoryRewritten(
            f"{root}: your uncommitted edits are in the way of the new history "
            f"({reset.stderr.strip().splitlines()[-1:]}); commit or move them, then run "
            "`jarvis sync --follow-purge` again"
        )
    for stamp in markers:
        git(root, "update-ref", f"{FOLLOWED}{stamp}", onto)
    record_synced(root, remote, branch, onto)
    git(root, "reflog", "expire", "--expire=now", "--all")
    git(root, "gc", "--prune=now", "--quiet")
    return own, moved
