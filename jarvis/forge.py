"""Proposals as pull requests on a git forge (adr/0080).

- `push`: each open `proposals/<id>` branch goes to the remote — never forced: the same id
  is the same change, so a branch already there (proposed on another device) is left as
  it is — and, with `pr`, a pull request is opened through the forge's own CLI when it is
  installed (`gh`, `glab`, `tea`), the proposal's rationale and sources as its body. With
  no CLI, the branch is still pushed and the person gets the address to open it by hand.
- `settle`: after a fetch, a proposal branch that was on the remote and is gone from it
  was decided there: merged (its commit, or its bullet, is on the remote's branch) means
  accepted — the change arrives with the next merge of the branch — and closed unmerged
  means rejected, recorded like a rejection here so reflect does not propose it again.
- `delete_remote`: a proposal accepted or rejected here is deleted on every remote that
  has it, so no stale branch stays behind.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from jarvis.events import track
from jarvis.gitstore import git_in
from jarvis.redact import redact
from jarvis.workspace import Workspace

BRANCHES = "refs/heads/proposals/"
_URL = re.compile(r"^(?:[a-z+]+://)?(?:[^@/]+@)?(?P<host>[^/:]+)(?::\d+)?[:/](?P<path>.+?)(?:\.git)?/?$")


@dataclass(frozen=True)
class Forge:
    kind: str  # github | gitlab | gitea | unknown
    host: str
    repo: str  # owner/name

    @property
    def cli(self) -> str | None:
        return {"github": "gh", "gitlab": "glab", "gitea": "tea"}.get(self.kind)

    def compare_url(self, base: str, head: str) -> str:
        if self.kind == "github":
            return f"https://{self.host}/{self.repo}/compare/{base}...{head}?expand=1"
        if self.kind == "gitlab":
            return (
                f"https://{self.host}/{self.repo}/-/merge_requests/new?"
                f"merge_request[source_branch]={head}&merge_request[target_branch]={base}"
            )
        if self.kind == "gitea":
            return f"https://{self.host}/{self.repo}/compare/{base}...{head}"
        return ""


@dataclass
class PushReport:
    remote: str
    pushed: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)  # the same change is on the remote already
    opened: list[str] = field(default_factory=list)  # pull requests opened (their URLs or ids)
    by_hand: list[str] = field(default_factory=list)  # how to open the rest
    failed: list[str] = field(default_factory=list)


def detect(url: str) -> Forge:
    """Which forge a remote URL points at, by its host (a local path is `unknown`)."""
    found = _URL.match(url.strip())
    if not found or url.startswith(("/", ".", "file://")):
        return Forge("unknown", "", "")
    host, repo = found.group("host").lower(), found.group("path")
    if "github" in host:
        kind = "github"
    elif "gitlab" in host:
        kind = "gitlab"
    elif any(word in host for word in ("gitea", "forgejo", "codeberg")):
        kind = "gitea"
    else:
        kind = "unknown"
    return Forge(kind, host, repo)


def pr_body(ws: Workspace, pid: str) -> tuple[str, str]:
    """(title, body) of a proposal's pull request, from its commit (already redacted) — redacted again."""
    from jarvis.gitstore import GitStore
    from jarvis.reflect.proposals import get_open, subject

    op = get_open(GitStore(ws.root), pid)
    p = op.proposal
    lines = [p.rationale or p.reason or "Proposed by jarvis reflect.", ""]
    if p.reason and p.rationale:
        lines += [f"Triage: {p.reason}", ""]
    lines += [f"- target: {p.target}, section: {p.section or '(none)'}", f"- change: {p.kind}: {p.text}"]
    if p.old_text:
        lines.append(f"- replaces: {p.old_text}")
    if p.sessions:
        lines.append(f"- sessions: {', '.join(p.sessions)}")
    if p.fragments:
        lines.append(f"- fragments: {', '.join(p.fragments)}")
    lines += ["", f"Decide here, or locally: `jarvis review accept {p.id}` / `jarvis review reject {p.id}`."]
    return redact(subject(p))[0], redact("\n".join(lines))[0]


def _open_pr(ws: Workspace, forge: Forge, base: str, head: str, pid: str) -> tuple[bool, str]:
    cli = forge.cli
    title, body = pr_body(ws, pid)
    if cli is None or shutil.which(cli) is None:
        where = forge.compare_url(base, head)
        tool = f"{cli} is not installed" if cli else "no forge CLI knows this remote"
        how = f"open it at {where}" if where else f"open a pull request from {head} into {base} on the remote"
        return False, f"{pid}: {tool}; the branch is pushed — {how}"
    command = {
        "gh": ["gh", "pr", "create", "--head", head, "--base", base, "--title", title, "--body", body],
        "glab": [
            "glab", "mr", "create", "--source-branch", head, "--target-branch", base,
            "--title", title, "--description", body, "--yes",
        ],
        "tea": ["tea", "pr", "create", "--head", head, "--base", base, "--title", title, "--description", body],
    }[cli]  # fmt: skip
    proc = subprocess.run(command, cwd=ws.root, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        last = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-1:] or ["no message"]
        return False, f"{pid}: `{cli}` could not open the pull request ({last[0]}); the branch is pushed"
    return True, (proc.stdout.strip().splitlines() or [head])[-1]


def push(ws: Workspace, remote: str, *, pr: bool = False) -> PushReport:
    """Push every open proposal branch (never forced); with `pr`, open a pull request for each."""
    root = ws.root
    report = PushReport(remote)
    branch = git_in(root, "symbolic-ref", "--short", "HEAD").stdout.strip() or "main"
    forge = detect(git_in(root, "config", "--get", f"remote.{remote}.url").stdout)
    refs = git_in(root, "for-each-ref", "--format=%(refname)", BRANCHES).stdout.split()
    with track(ws, "review", "push") as ev:
        for ref in refs:
            head = ref.removeprefix("refs/heads/")
            pid = head.removeprefix("proposals/")
            proc = git_in(root, "push", "--porcelain", remote, f"{ref}:{ref}")
            flags = {line[:1] for line in proc.stdout.splitlines() if "\t" in line}
            if "=" in flags:
                report.already.append(pid)  # the same commit is there already
                continue
            if proc.returncode != 0:
                if "rejected" in proc.stderr or "fetch first" in proc.stderr:
                    report.already.append(pid)  # same id, same change: proposed on another device
                    continue
                report.failed.append(f"{pid}: {(proc.stderr.strip().splitlines() or ['push failed'])[-1]}")
                continue
            report.pushed.append(pid)
            if pr:
                ok, said = _open_pr(ws, forge, branch, head, pid)
                (report.opened if ok else report.by_hand).append(said)
        ev.counts.update(pushed=len(report.pushed), opened=len(report.opened), already=len(report.already))
    return report


def tracked(root: Path, remote: str) -> set[str]:
    """Proposal ids this clone knows are on `remote` (its remote-tracking branches)."""
    prefix = f"refs/remotes/{remote}/proposals/"
    return {
        r.removeprefix(prefix)
        for r in git_in(root, "for-each-ref", "--format=%(refname)", prefix).stdout.split()
    }


@dataclass
class Settled:
    accepted: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)


def settle(ws: Workspace, remote: str, branch: str, before: set[str]) -> Settled:
    """Proposals decided on the remote since the last fetch (`before`: ids tracked then)."""
    from jarvis.gitstore import GitStore
    from jarvis.reflect.proposals import REF_PREFIX, delete_branch, list_open
    from jarvis.reflect.review import reject

    root = ws.root
    out = Settled()
    gone = before - tracked(root, remote)
    if not gone:
        return out
    store = GitStore(root)
    upstream = f"refs/remotes/{remote}/{branch}"
    for op in list_open(store):
        p = op.proposal
        if p.id not in gone:
            continue
        merged = git_in(root, "merge-base", "--is-ancestor", op.sha, upstream).returncode == 0
        if not merged and p.kind in ("add", "change"):
            remote_text = git_in(root, "show", f"{upstream}:{p.target}").stdout
            merged = " ".join(p.text.split()).casefold() in " ".join(remote_text.split()).casefold()
        if merged:
            delete_branch(store, p.id)  # the change itself arrives with the branch's merge
            out.accepted.append(p.id)
        elif git_in(root, "rev-parse", "--verify", "--quiet", REF_PREFIX + p.id).returncode == 0:
            reject(ws, p.id, f"closed on {remote} without merging", by="remote")
            out.rejected.append(p.id)
    return out


def delete_remote(ws: Workspace, pid: str) -> list[str]:
    """Delete `proposals/<pid>` on every remote this clone saw it on; returns the remotes."""
    root = ws.root
    done: list[str] = []
    for remote in git_in(root, "remote").stdout.split():
        if pid not in tracked(root, remote):
            continue
        proc = git_in(root, "push", "--quiet", remote, "--delete", f"proposals/{pid}")
        if proc.returncode == 0 or "remote ref does not exist" in proc.stderr:
            git_in(root, "update-ref", "-d", f"refs/remotes/{remote}/proposals/{pid}")
            done.append(remote)
    return done


def prune_decided(ws: Workspace, remote: str) -> list[str]:
    """Delete remote proposal branches already decided here (accepted: a commit names the
    proposal; rejected: recorded) whose local branch is gone; returns their ids."""
    from jarvis.reflect.proposals import REF_PREFIX, rejected_ids

    root = ws.root
    waiting = [
        pid
        for pid in sorted(tracked(root, remote))
        if git_in(root, "rev-parse", "--verify", "--quiet", REF_PREFIX + pid).returncode != 0
    ]
    if not waiting:
        return []
    rejected = rejected_ids(ws)
    done: list[str] = []
    for pid in waiting:
        accepted = bool(
            git_in(root, "log", "-1", "--format=%H", "-F", f"--grep=(proposal {pid})", "HEAD").stdout.strip()
        )
        if (accepted or pid in rejected) and remote in delete_remote(ws, pid):
            done.append(pid)
    return done
