"""The review queue page and its three buttons, over the functions `jarvis review` uses.

Accept, reject and edit call `jarvis.reflect.review` exactly as the CLI does, so the
three-way merge, the refusal to overwrite an uncommitted hand edit, and the remembered
rejections are the same; a refusal is shown with the same message the CLI prints.
"""

from __future__ import annotations

from typing import Any

from jarvis.redact import redact
from jarvis.reflect.proposals import TARGETS
from jarvis.ui.diff import side_by_side
from jarvis.workspace import Workspace

REJECTED_SHOWN = 20


def review_view(ws: Workspace) -> dict[str, Any]:
    from jarvis.gitstore import GitStore
    from jarvis.reflect.proposals import rejected_ids
    from jarvis.reflect.review import editable_text, open_proposals

    queue = open_proposals(ws)
    patches = _patches(GitStore(ws.root), [op.sha for op in queue])
    items = []
    for op in queue:
        p = op.proposal
        # the bullet itself, or (self-patch) the whole proposed file, as `review edit` offers it
        editable = editable_text(ws, p.id)[1] if p.kind == "patch" else p.text + "\n"
        items.append(
            {
                "p": p,
                "branch": op.branch,
                "parent": op.parent[:10],
                "files": side_by_side(patches.get(op.sha, "")),
                "editable": editable,
                "rows": max(2, min(30, editable.count("\n") + 2)),
            }
        )
    rejected = list(rejected_ids(ws).items())[-REJECTED_SHOWN:]
    return {"items": items, "rejected": list(reversed(rejected))}


def _patches(store: Any, shas: list[str]) -> dict[str, str]:
    """{sha: its diff against its parent}: a proposal is one commit, so `git show` of all at once
    gives what `jarvis review show` prints for each, in one git call instead of one per proposal."""
    if not shas:
        return {}
    out = store.run(
        "show", "--no-color", "--no-ext-diff", "--format=%x1e%H", "-p", *shas, "--", *TARGETS, what="git show"
    )
    patches = {}
    for record in out.split("\x1e"):
        sha, _, patch = record.partition("\n")
        if sha.strip():
            patches[sha.strip()] = patch
    return patches


def accept_one(ws: Workspace, pid: str) -> str:
    from jarvis.reflect.review import accept

    result = accept(ws, pid)
    done = f"commit {result.sha[:8]}" if result.sha else "already in the file; nothing to commit"
    return f"accepted {result.proposal.id}: {result.proposal.text} ({done})"


def reject_one(ws: Workspace, pid: str, reason: str) -> str:
    from jarvis.reflect.review import reject

    p = reject(ws, pid, reason)
    return f"rejected {p.id}: {p.text}"


def edit_one(ws: Workspace, pid: str, text: str, then_accept: bool) -> str:
    from jarvis.reflect.review import edit, editable_text

    op, before = editable_text(ws, pid)
    # the edited text is committed to a branch: secrets never reach git, whatever the form held
    clean = redact(text.replace("\r\n", "\n"))[0]
    if clean.strip() == before.strip():
        message = f"{op.proposal.id}: unchanged"
    else:
        new_op = edit(ws, pid, clean)
        message = f"edited {new_op.proposal.id}: {new_op.proposal.text} (commit {new_op.sha[:8]})"
    if then_accept:
        message += "; " + accept_one(ws, pid)
    return message
