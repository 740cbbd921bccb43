"""Thin commands for reflection and review: reflect, review, patch, revert, maintain."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click

from jarvis.cli.common import workspace_from


def _line(p: Any) -> str:
    where = p.section or p.target
    kind = "" if p.kind in ("add", "patch") else f"{p.kind} "
    return f"{p.id}  {p.target:<9} {where}: {kind}{p.text}  [{p.tier}, {p.confidence:.2f}]"


@click.command("reflect")
@click.option(
    "--all", "full", is_flag=True, help="Look at every fragment, not only those since the last run."
)
@click.option("--offline", is_flag=True, help="Use the offline rules even when an LLM is configured.")
@click.option("--json", "as_json", is_flag=True, help="Print verdicts and every observation's fate as JSON.")
@click.pass_context
def reflect_cmd(ctx: click.Context, full: bool, offline: bool, as_json: bool) -> None:
    """Turn new fragments into proposals for MEMORY.md and triage them.

    Clear cases are promoted or rejected by rule (with the reason recorded); with an
    LLM configured it reviews a batch; the rest wait as `proposals/<id>` branches
    for `jarvis review`, one per bullet. Every observation is accounted for:
    promoted, proposed, merged or skipped, each with its reason.
    """
    from jarvis.index.embed import LazyEmbedder
    from jarvis.llm import get_llm
    from jarvis.reflect.reflect import reflect

    ws = workspace_from(ctx)
    llm = None if offline else get_llm(ws.config.llm, os.environ)
    result = reflect(ws, llm=llm, embedder=LazyEmbedder(ws.config.embedding), full=full)
    if as_json:
        rows = [{"action": v.action, **v.proposal.as_dict()} for v in result.verdicts]
        fates = [f.as_dict() for f in result.fates]
        click.echo(json.dumps({"counts": result.counts(), "verdicts": rows, "observations": fates}, indent=1))
        return
    counts = result.counts()
    if result.pruning:
        click.echo("MEMORY.md is over its bullet limit: proposing pruning instead of growth")
    click.echo(
        f"{counts['observations']} observation(s): {counts['promoted']} promoted, {counts['proposed']} proposed, "
        f"{counts['merged']} merged, {counts['skipped']} skipped"
    )
    for fate in result.fates:
        where = f" -> {fate.proposal}" if fate.proposal else ""
        click.echo(f"  {fate.fate:<8} {fate.fragment}  {fate.text[:90]}{where}\n           {fate.reason}")
    observed = {fid for v in result.verdicts for fid in v.proposal.fragments}
    for v in result.verdicts:  # pruning and other proposals that come from no observation
        if not observed & set(v.proposal.fragments):
            click.echo(f"  {v.action:<8} {_line(v.proposal)}\n           {v.reason}")
    if result.llm_error:
        click.echo(f"LLM triage failed, left for review: {result.llm_error}", err=True)
    if counts["human"]:
        click.echo(
            "review them with `jarvis review -i`, `jarvis review show ID` or `jarvis review accept --section S`"
        )


def _show(ws: Any, ident: str) -> None:
    from jarvis.reflect.review import show

    op, diff = show(ws, ident)
    p = op.proposal
    click.echo(f"proposal {p.id}  (branch {op.branch}, based on {op.parent[:10]})")
    click.echo(f"target:     {p.target}" + (f" / {p.section}" if p.section else ""))
    click.echo(f"change:     {p.kind}: {p.text}" + (f"  (was: {p.old_text})" if p.old_text else ""))
    click.echo(f"confidence: {p.confidence:.2f}   tier: {p.tier}   created: {p.created}")
    if p.reason:
        click.echo(f"triage:     {p.reason}")
    click.echo(f"fragments:  {', '.join(p.fragments) or '-'}")
    click.echo(f"sessions:   {', '.join(p.sessions) or '-'}")
    if p.rationale:
        click.echo("rationale:\n  " + p.rationale.replace("\n", "\n  "))
    click.echo(diff)


def _edit(ws: Any, ident: str) -> None:
    from jarvis.reflect.review import edit, editable_text

    op, text = editable_text(ws, ident)
    new = click.edit(text, extension=".md", require_save=True)
    if new is None or new.strip() == text.strip():
        click.echo(f"{op.proposal.id}: unchanged")
        return
    new_op = edit(ws, ident, new)
    click.echo(f"edited {new_op.proposal.id}: {new_op.proposal.text} (commit {new_op.sha[:8]})")


def _walk(ws: Any) -> None:
    from jarvis.reflect.review import accept, open_proposals, reject

    queue = open_proposals(ws)
    if not queue:
        click.echo("no open proposals")
        return
    for n, op in enumerate(queue, 1):
        pid = op.proposal.id
        while True:
            click.echo(f"\n[{n}/{len(queue)}]")
            _show(ws, pid)
            choice = click.prompt(
                "accept, reject, skip, edit or quit?",
                type=click.Choice(["a", "r", "s", "e", "q"]),
                default="s",
                show_choices=True,
            )
            if choice == "e":
                _edit(ws, pid)
                continue
            if choice == "a":
                result = accept(ws, pid)
                click.echo(
                    f"accepted {pid}" + (f" (commit {result.sha[:8]})" if result.sha else " (already there)")
                )
            elif choice == "r":
                reason = click.prompt("reason", default="not worth keeping")
                reject(ws, pid, reason)
                click.echo(f"rejected {pid}")
            elif choice == "q":
                return
            break


@click.group("review", invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="List open proposals as JSON (for scripts).")
@click.option("--interactive", "-i", is_flag=True, help="Walk the queue: accept, reject, skip or edit each.")
@click.option(
    "--push", is_flag=True, help="Push proposal branches to a git remote, so it can show them as PRs."
)
@click.option(
    "--pr", is_flag=True, help="With --push: open a pull request for each (gh, glab or tea, when installed)."
)
@click.option("--remote", default=None, help="Remote for --push (default: origin, else the only one).")
@click.pass_context
def review_cmd(
    ctx: click.Context, as_json: bool, interactive: bool, push: bool, remote: str | None, pr: bool = False
) -> None:
    """Open proposals (git branches `proposals/<id>`): list, show, accept, reject, edit.

    With no subcommand, lists them; `-i` walks them one by one.
    """
    if ctx.invoked_subcommand is not None:
        return
    from jarvis.reflect.review import open_proposals

    ws = workspace_from(ctx)
    if pr and not push:
        raise click.UsageError("--pr opens pull requests for pushed proposals; use it with --push")
    if push:
        _push(ws, remote, pr)
    if interactive:
        _walk(ws)
        return
    items = open_proposals(ws)
    if as_json:
        click.echo(json.dumps([dict(o.proposal.as_dict(), branch=o.branch) for o in items], indent=1))
        return
    if not items:
        click.echo("no open proposals")
    for op in items:
        click.echo(_line(op.proposal))
    from jarvis.merge import needs_review

    twice = needs_review(ws.root)
    if twice:
        click.echo(
            f"\nkept twice by a merge of two devices' edits ({len(twice)}); edit the file to keep one:"
        )
        for line in twice:
            click.echo(f"  {line}")


def _push(ws: Any, remote: str | None, pr: bool) -> None:
    """Push proposal branches (never forced), open pull requests, settle what the remote decided."""
    from jarvis import forge
    from jarvis.gitstore import GitStore, git_in
    from jarvis.sync import remote_name

    name = remote_name(ws, GitStore(ws.root), remote)
    before = forge.tracked(ws.root, name)
    fetched = git_in(ws.root, "fetch", "--quiet", "--prune", name)
    branch = git_in(ws.root, "symbolic-ref", "--short", "HEAD").stdout.strip()
    if fetched.returncode == 0 and branch:
        settled = forge.settle(ws, name, branch, before)
        for pid in settled.accepted:
            click.echo(f"{pid}: merged on {name} (arrives with `jarvis sync`)")
        for pid in settled.rejected:
            click.echo(f"{pid}: closed on {name} without merging; recorded as rejected")
        for pid in forge.prune_decided(ws, name):
            click.echo(f"{pid}: decided here; deleted its branch on {name}")
    report = forge.push(ws, name, pr=pr)
    click.echo(f"pushed {len(report.pushed)} proposal branch(es) to {name}")
    if report.already:
        click.echo(f"  already there (the same change, from another device): {', '.join(report.already)}")
    for line in report.opened:
        click.echo(f"  pull request: {line}")
    for line in report.by_hand:
        click.echo(f"  {line}")
    for line in report.failed:
        click.echo(f"  failed: {line}", err=True)
    if report.failed:
        raise SystemExit(1)


@review_cmd.command("list")
@click.option("--json", "as_json", is_flag=True, help="As JSON.")
@click.pass_context
def review_list_cmd(ctx: click.Context, as_json: bool) -> None:
    """List open proposals."""
    ctx.invoke(review_cmd, as_json=as_json, interactive=False, push=False, remote=None)


@review_cmd.command("show")
@click.argument("ident")
@click.pass_context
def review_show_cmd(ctx: click.Context, ident: str) -> None:
    """Print a proposal's diff, rationale and provenance (source fragments and sessions)."""
    _show(workspace_from(ctx), ident)


def _each(ctx: click.Context, idents: tuple[str, ...], section: str | None, verb: str, do: Any) -> None:
    """Run `do(ws, id)` for every id (or every open proposal of `section`); one failure does not stop
    the rest, and the command exits non-zero at the end naming each one that failed."""
    from jarvis.errors import JarvisError, UsageError
    from jarvis.reflect.review import select

    ws = workspace_from(ctx)
    if not idents and not section:
        raise UsageError(f"give proposal ids or --section S to {verb} (list them with `jarvis review`)")
    failed: list[tuple[str, JarvisError]] = []
    for ident in select(ws, idents, section):
        try:
            click.echo(do(ws, ident))
        except JarvisError as exc:
            message = str(exc) if ident in str(exc) else f"{ident}: {exc}"
            click.echo(f"error: {message}", err=True)
            failed.append((ident, exc))
    if failed:
        click.echo(f"{len(failed)} could not be {verb}ed: {', '.join(i for i, _ in failed)}", err=True)
        ctx.exit(failed[0][1].exit_code)


@review_cmd.command("accept")
@click.argument("idents", nargs=-1)
@click.option("--section", "-s", help="Accept every open proposal for this MEMORY.md section.")
@click.pass_context
def review_accept_cmd(ctx: click.Context, idents: tuple[str, ...], section: str | None) -> None:
    """Merge proposals into their file (three-way: your edits since are kept), one commit each."""
    from jarvis.reflect.review import accept

    def one(ws: Any, ident: str) -> str:
        result = accept(ws, ident)
        done = f"commit {result.sha[:8]}" if result.sha else "already in the file; nothing to commit"
        return f"accepted {result.proposal.id}: {result.proposal.text} ({done})"

    _each(ctx, idents, section, "accept", one)


@review_cmd.command("reject")
@click.argument("idents", nargs=-1)
@click.option("--section", "-s", help="Reject every open proposal for this MEMORY.md section.")
@click.option("--reason", "-r", default="", help="Why (recorded; the same proposal is never raised again).")
@click.pass_context
def review_reject_cmd(ctx: click.Context, idents: tuple[str, ...], section: str | None, reason: str) -> None:
    """Delete proposals' branches and record the rejection, one commit each."""
    from jarvis.reflect.review import reject

    def one(ws: Any, ident: str) -> str:
        p = reject(ws, ident, reason)
        return f"rejected {p.id}: {p.text}"

    _each(ctx, idents, section, "reject", one)


@review_cmd.command("edit")
@click.argument("ident")
@click.pass_context
def review_edit_cmd(ctx: click.Context, ident: str) -> None:
    """Edit a proposal in $EDITOR (the bullet, or the whole file for a self-patch)."""
    _edit(workspace_from(ctx), ident)


@click.command("patch")
@click.argument("target", type=click.Choice(["soul", "agents"]))
@click.option(
    "--from",
    "source",
    required=True,
    type=click.Path(dir_okay=False, allow_dash=True),
    help="The new file text ('-' for stdin).",
)
@click.option("--summary", "-m", default="", help="One line saying what the patch changes.")
@click.option("--rationale", default="", help="Why.")
@click.pass_context
def patch_cmd(ctx: click.Context, target: str, source: str, summary: str, rationale: str) -> None:
    """Propose a new SOUL.md or AGENTS.md; it lands only when accepted in review."""
    from jarvis.errors import InputError
    from jarvis.reflect.patch import MAX_BYTES, propose_patch

    if source == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        try:
            with open(source, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise InputError(f"{source}: cannot read ({exc.strerror})") from exc
    op = propose_patch(workspace_from(ctx), target, data, summary, rationale)
    click.echo(f"proposed {op.proposal.id} ({op.proposal.target}) as branch {op.branch}")
    click.echo(f"see it with `jarvis review show {op.proposal.id}`, then accept or reject it")


@click.command("revert")
@click.argument("commit")
@click.pass_context
def revert_cmd(ctx: click.Context, commit: str) -> None:
    """Undo COMMIT (e.g. an accepted patch) with a new commit."""
    from jarvis.reflect.patch import revert

    new, old = revert(workspace_from(ctx), commit)
    click.echo(f"reverted {old[:10]} with commit {new[:10]}")


@click.command("maintain")
@click.option("--json", "as_json", is_flag=True, help="Print counts and stats as JSON.")
@click.pass_context
def maintain_cmd(ctx: click.Context, as_json: bool) -> None:
    """Supersede near-duplicate fragments, mark stale ones, archive old stale ones; one commit."""
    from jarvis.index.embed import LazyEmbedder
    from jarvis.reflect.maintain import maintain

    ws = workspace_from(ctx)
    result = maintain(ws, embedder=LazyEmbedder(ws.config.embedding))
    if as_json:
        payload = {
            "commit": result.sha,
            "counts": result.counts,
            "stats": result.stats,
            "skipped": result.skipped,
        }
        click.echo(json.dumps(payload, indent=1))
        return
    counts = ", ".join(f"{n} {k}" for k, n in result.counts.items())
    click.echo(
        f"maintain: {counts}; " + (f"commit {result.sha[:8]}" if result.sha else "nothing changed, no commit")
    )
    for rel in result.skipped:
        click.echo(f"skipped {rel}: it has uncommitted edits", err=True)
    for name, table in result.stats.items():
        click.echo(f"{name}: " + ", ".join(f"{k} {v}" for k, v in table.items()))


def forget_purge(ctx: click.Context, query: str, yes: bool) -> None:
    """`jarvis forget QUERY --purge-history` (the option lives on the forget command)."""
    from jarvis.errors import JarvisError, NotFound
    from jarvis.gitstore import GitStore
    from jarvis.reflect.purge import forget_and_purge, reflog_count, resolve, stash_entries

    ws = workspace_from(ctx)
    try:
        targets = [f.id for _, f in resolve(ws, query)]
    except NotFound:
        targets = []
    store = GitStore(ws.root)
    click.echo(
        "WARNING: --purge-history rewrites every commit of this repository: all commit ids change, "
        "other clones and remotes keep the old history, and it cannot be undone.",
        err=True,
    )
    click.echo(f"fragments to forget: {', '.join(targets) or 'none (purging the text only)'}", err=True)
    click.echo(
        f"kept: {len(stash_entries(store))} stash(es), rewritten like every commit; "
        f"dropped: {reflog_count(store)} reflog entries of HEAD and branches (they point at the old history)",
        err=True,
    )
    if not yes:
        click.confirm("Rewrite history now?", abort=True, err=True)
    forgotten, result = forget_and_purge(ws, query)
    for fid in forgotten:
        click.echo(f"forgot {fid}")
    click.echo(
        f"rewrote {result.rewritten} of {result.commits} commits; kept {result.stashes_kept} stash(es); "
        f"cleared {result.reflog_cleared} reflog entries; old objects pruned"
    )
    where = ", ".join(f"{n} {kind}" for kind, n in result.survivors.items())
    if not result.verified:
        raise JarvisError(
            f"purge incomplete: the text survives in {where}; run `git gc --prune=now` and retry"
        )
    click.echo(f"verified: {where} still contain it (every object, reachable or not, was scanned)")
    click.echo("rebuilt the search index from the files")
    if result.dropped_proposals:
        click.echo(f"dropped open proposals that mentioned it: {', '.join(result.dropped_proposals)}")
    click.echo("cannot reach:")
    for remote in result.remotes:
        click.echo(f"  remote {remote!r} still has the old history: git push --force --mirror {remote}")
    for rel in result.remaining_state:
        click.echo(f"  {rel} (local state, not in git) still mentions it: delete it if it must go")
    click.echo("  any other clone or copy of this repository (re-clone them), and backups")
