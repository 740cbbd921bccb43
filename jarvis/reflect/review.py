"""Human review of proposals: list, show, accept (three-way merge), reject, edit (pushing: jarvis.forge).

Accepting merges the proposal into the current file with `git merge-file` (base = the
file in the commit the proposal was made from, ours = the file now, theirs = the
proposal), so edits the person made since are kept. When that conflicts, a bullet
proposal is re-applied to the current text if the bullet it touches is still there;
otherwise accept stops, changes nothing and keeps the branch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jarvis.errors import JarvisError, NotFound, UsageError
from jarvis.events import track
from jarvis.gitstore import GitStore
from jarvis.memorymd import find_section
from jarvis.reflect.apply import ApplyError, apply_proposal
from jarvis.reflect.proposals import (
    OpenProposal,
    Proposal,
    create_branch,
    delete_branch,
    get_open,
    list_open,
    one_line,
    record_rejection,
    rejected_ids,
    render_message,
)
from jarvis.workspace import Workspace


class ProposalConflict(JarvisError):
    """A proposal no longer applies to the file as it is now."""

    exit_code = 11


def verb_for(p: Proposal) -> str:
    if p.kind == "patch":
        return f"patch({p.target.removesuffix('.md').lower()})"
    return "prune" if p.kind == "remove" else "promote"


def accept_message(p: Proposal) -> str:
    """`promote: <section>: <bullet> (proposal <id>)` plus the proposal's rationale and trailers."""
    body = render_message(p, verb_for(p))
    first, _, rest = body.partition("\n")
    return f"{first} (proposal {p.id})\n{rest}"


def diff(store: GitStore, op: OpenProposal) -> str:
    return store.run("diff", op.parent, op.sha, "--", op.proposal.target, what="git diff")


def _merge(store: GitStore, op: OpenProposal, ours: str) -> str:
    p = op.proposal
    base = store.show_file(op.parent, p.target) or ""
    theirs = store.show_file(op.sha, p.target) or ""
    if ours == base:
        return theirs
    merged, conflicts = store.merge_text(base, ours, theirs)
    if not conflicts:
        return merged
    if p.kind == "patch":
        raise ProposalConflict(
            f"{p.target}: proposal {p.id} conflicts with edits made since it was proposed; nothing was "
            f"changed and branch proposals/{p.id} is kept — merge it by hand (git merge proposals/{p.id}) "
            "or reject it and propose again"
        )
    # re-create the section only when the proposal itself created it (the person did not remove it)
    made_section = find_section(base, p.section) is None
    try:
        return apply_proposal(ours, p, p.created[:10] or None, new_section=made_section)
    except ApplyError as exc:
        raise ProposalConflict(
            f"{p.target}: proposal {p.id} conflicts with your edit ({exc}); nothing was changed and "
            f"branch proposals/{p.id} is kept — `jarvis review edit {p.id}` or `jarvis review reject {p.id}`"
        ) from None


def accept(ws: Workspace, ident: str, *, by: str = "human") -> AcceptResult:
    """Merge a proposal into its file as one commit and delete its branch."""
    store = GitStore(ws.root)
    with track(ws, "review", "accept") as ev, store.transaction() as tx:
        op = get_open(store, ident)
        p = op.proposal
        ev.detail.update(id=p.id, by=by)
        ours = tx.read(p.target) or ""
        merged = _merge(store, op, ours)
        sha = None
        if merged != ours:
            tx.write(p.target, merged)
            sha = tx.commit(accept_message(p))
        delete_branch(store, p.id)
        ev.counts["committed"] = int(sha is not None)
    return AcceptResult(p, sha)


def reject(ws: Workspace, ident: str, reason: str, *, by: str = "human") -> Proposal:
    """Delete the branch and record the rejection so the same proposal is never raised again."""
    store = GitStore(ws.root)
    with track(ws, "review", "reject") as ev:
        try:
            op = get_open(store, ident)
        except NotFound:
            pid = ident.strip().removeprefix("proposals/")
            done = rejected_ids(ws)
            if pid in done:
                raise NotFound(
                    f"{pid}: already rejected ({done[pid] or 'no reason given'}); it will not be raised again"
                ) from None
            raise
        p = op.proposal
        reason = one_line(reason) or "rejected in review"
        record_rejection(ws, p, reason, by)
        delete_branch(store, p.id)
        ev.detail.update(id=p.id, by=by)
        from jarvis.oplog import append_operation

        try:
            from jarvis.notes import summary

            where = p.section or p.target
            append_operation(
                ws,
                "reject",
                "proposal",
                f"{p.id} {where}: {p.text}",
                reason,
                message=f"reject: {where}: {summary(p.text, 60)} (proposal {p.id})\n\nReason: {reason}\n",
            )
        except JarvisError as exc:  # the .jarvis record above already keeps it from coming back
            ev.detail["oplog"] = str(exc)
    return p


def edit(ws: Workspace, ident: str, new_text: str) -> OpenProposal:
    """Replace the proposed bullet (or, for a self-patch, the whole proposed file) and re-commit.

    The id stays the same, so a later rejection still blocks the original suggestion.
    """
    from jarvis.redact import redact

    new_text = redact(new_text)[0]  # what a person types here reaches a commit: no secret may
    store = GitStore(ws.root)
    op = get_open(store, ident)
    p = op.proposal
    with store.lock():
        if p.kind == "patch":
            from jarvis.reflect.patch import validate_patch

            old = store.show_file(op.parent, p.target) or ""
            content = validate_patch(p.target, old, new_text)
            return create_branch(store, p, content, parent=op.parent)
        text = one_line(new_text)
        if not text:
            raise UsageError(
                f"{p.id}: the edited text is empty; to drop the proposal use `jarvis review reject`"
            )
        edited = replace(p, text=text)
        base = store.show_file(op.parent, p.target) or ""
        try:
            content = apply_proposal(base, edited, p.created[:10] or None)
        except ApplyError as exc:
            raise UsageError(f"{p.id}: cannot apply the edited text ({exc})") from None
        return create_branch(store, edited, content, parent=op.parent)


def editable_text(ws: Workspace, ident: str) -> tuple[OpenProposal, str]:
    """What `review edit` puts in the editor: the bullet, or the whole proposed file for a patch."""
    store = GitStore(ws.root)
    op = get_open(store, ident)
    if op.proposal.kind == "patch":
        return op, store.show_file(op.sha, op.proposal.target) or ""
    return op, op.proposal.text + "\n"


def open_proposals(ws: Workspace) -> list[OpenProposal]:
    return list_open(GitStore(ws.root))


def select(ws: Workspace, idents: tuple[str, ...] | list[str], section: str | None) -> list[str]:
    """The ids given, then every open proposal whose section is `section` (case-insensitive)."""
    chosen = [i.strip() for i in idents]
    if section:
        items = open_proposals(ws)
        wanted = section.strip().lower()
        found = [o.proposal.id for o in items if (o.proposal.section or o.proposal.target).lower() == wanted]
        if not found:
            have = sorted({o.proposal.section or o.proposal.target for o in items})
            raise NotFound(
                f"no open proposal for section {section!r}"
                + (f" (open ones are for: {', '.join(have)})" if have else " (none are open)")
            )
        chosen += [pid for pid in found if pid not in chosen]
    return chosen


def show(ws: Workspace, ident: str) -> tuple[OpenProposal, str]:
    store = GitStore(ws.root)
    op = get_open(store, ident)
    return op, diff(store, op)


@dataclass(frozen=True)
class AcceptResult:
    proposal: Proposal
    sha: str | None
