"""Self-patches of SOUL.md and AGENTS.md, and `jarvis revert`.

A self-patch is always a proposal (a `proposals/<id>` branch) and only lands when a person
accepts it, as a commit `patch(soul): …`. `revert` undoes any commit with a new commit, by
a three-way merge per file (like `git revert`, but without touching the person's index).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from jarvis.errors import InputError, NotFound, UsageError
from jarvis.events import track
from jarvis.fsutil import decode_text
from jarvis.gitstore import GitStore
from jarvis.redact import describe, redact
from jarvis.reflect.proposals import OpenProposal, create_branch, make_proposal, one_line
from jarvis.workspace import Workspace

PATCH_TARGETS = {"soul": "SOUL.md", "agents": "AGENTS.md"}
MIN_CHARS = 20
MAX_BYTES = 64_000
_HEADING = re.compile(r"^(#{1,2})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def top_headings(text: str) -> list[str]:
    """`#` and `##` headings outside code fences, as written (`## Boundaries`)."""
    out: list[str] = []
    fence: str | None = None
    for line in text.splitlines():
        m = _FENCE.match(line)
        if m:
            fence = None if fence == m.group(1) else (fence or m.group(1))
            continue
        h = _HEADING.match(line) if fence is None else None
        if h:
            out.append(f"{h.group(1)} {h.group(2).strip()}")
    return out


def validate_patch(target: str, old: str, new: str | bytes) -> str:
    """The new text of SOUL.md/AGENTS.md, checked: UTF-8, non-empty, bounded, headings intact.

    Secrets are redacted. Raises InputError/UsageError naming the problem and the fix.
    """
    if isinstance(new, bytes):
        if len(new) > MAX_BYTES:
            raise InputError(
                f"{target} patch: {len(new):,} bytes is over the {MAX_BYTES:,}-byte limit; shorten it"
            )
        new, _ = decode_text(new, f"{target} patch")
    text = new.strip("\n")
    if len(text.strip()) < MIN_CHARS:
        raise UsageError(
            f"{target} patch: the new text is empty or under {MIN_CHARS} characters; write the whole file"
        )
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InputError(f"{target} patch: over the {MAX_BYTES:,}-byte limit; keep {target} short")
    missing = [h for h in top_headings(old) if h not in top_headings(text)]
    if missing:
        raise UsageError(
            f"{target} patch: removes or renames heading(s) {', '.join(repr(h) for h in missing)}; keep every "
            "existing `#`/`##` heading (change the text under it instead)"
        )
    clean = redact(text + "\n")[0]  # secrets never reach git; propose_patch says what was removed
    if clean == old:
        raise UsageError(f"{target} patch: the text is the same as the current {target}; nothing to propose")
    return clean


def propose_patch(
    ws: Workspace, which: str, new: str | bytes, summary: str = "", rationale: str = ""
) -> OpenProposal:
    """Turn a new SOUL.md/AGENTS.md into a proposal branch; never touches the file itself."""
    target = PATCH_TARGETS.get(which.lower().removesuffix(".md"))
    if target is None:
        raise UsageError(f"patch target {which!r}: use soul or agents")
    store = GitStore(ws.root)
    with track(ws, "reflect", "patch") as ev:
        with store.lock():
            old = store.show_file("HEAD", target) or ""
            content = validate_patch(target, old, new)
            found = redact(new if isinstance(new, str) else new.decode("utf-8", errors="replace"))[1]
            added = sum(1 for line in content.splitlines() if line not in old.splitlines())
            text = one_line(summary) or f"update {target} ({added} new or changed line(s))"
            why = rationale.strip() or "Self-patch proposed with `jarvis patch`."
            if found:
                why += f"\n\nRedacted before proposing: {describe(found)}."
            p = make_proposal(target=target, kind="patch", text=text, rationale=why, confidence=1.0)
            digest = hashlib.sha1(f"{target}\0{content}".encode()).hexdigest()[:10]
            p = replace(p, id=f"p-{digest}", tier="human", reason="self-patches are always reviewed")
            op = create_branch(store, p, content)
        ev.detail.update(id=p.id, target=target)
    return op


def revert(ws: Workspace, commit: str) -> tuple[str, str]:
    """Undo `commit` with a new commit; returns (new sha, reverted sha)."""
    store = GitStore(ws.root)
    status, out = store.raw("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}", ok=(0, 1, 128))
    if status != 0:
        raise NotFound(f"{commit}: no such commit; find it with `jarvis history` or `git log`")
    sha = out.decode().strip()
    parents = store.run("rev-list", "--parents", "-n1", sha).split()[1:]
    if len(parents) != 1:
        raise UsageError(
            f"{sha[:10]}: a root or merge commit cannot be reverted by jarvis; use git revert -m"
        )
    files = [f for f in store.run("diff-tree", "--no-commit-id", "--name-only", "-r", sha).splitlines() if f]
    title = store.run("log", "-1", "--format=%s", sha)
    with track(ws, "reflect", "revert") as ev, store.transaction(files) as tx:
        for rel in files:
            base, theirs = store.show_file(sha, rel), store.show_file(parents[0], rel)
            ours = tx.read(rel)
            if ours == base:
                new = theirs
            else:
                merged, conflicts = store.merge_text(base or "", ours or "", theirs or "")
                if conflicts:
                    raise UsageError(
                        f"{rel}: changed since {sha[:10]} in a way that conflicts with undoing it; nothing was "
                        f"changed — undo it by hand or run `git revert {sha[:10]}` and resolve the conflict"
                    )
                new = merged
            if new is None:
                tx.delete(rel)
            else:
                tx.write(rel, new)
        new_sha = tx.commit(f"revert: {title}\n\nThis reverts commit {sha}.\n")
        ev.detail.update(reverted=sha, files=len(files))
    if new_sha is None:
        raise UsageError(f"{sha[:10]}: its changes are already undone; nothing to revert")
    return new_sha, sha
