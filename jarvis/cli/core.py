"""Thin commands for the workspace itself: init, remember, read, forget, log, history, events, doctor."""

from __future__ import annotations

import json
from pathlib import Path

import click

from jarvis.cli.common import workspace_from


def _date(value: str | None, name: str) -> object:
    if value is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a date; use YYYY-MM-DD", param_hint=name) from None


@click.command("init")
@click.argument("path", required=False, type=click.Path(file_okay=False))
@click.option(
    "--adopt",
    is_flag=True,
    help="Turn an existing folder of markdown into a workspace (adds only what is missing).",
)
@click.option("--redact", "redact_", is_flag=True, help="With --adopt: replace secrets in the files first.")
@click.option("--keep-secrets", is_flag=True, help="With --adopt: commit files holding secrets as they are.")
@click.option(
    "--from",
    "from_url",
    metavar="URL",
    help="Copy an existing workspace from a git remote (a second device); then `jarvis sync`.",
)
def init_cmd(path: str | None, adopt: bool, redact_: bool, keep_secrets: bool, from_url: str | None) -> None:
    """Create a workspace at PATH from the template, or adopt a notes folder as one.

    Like `git init`: with no PATH, `--adopt` adopts the current folder, and a plain
    `jarvis init` run inside a folder of notes adopts that folder too; anywhere else it
    creates $JARVIS_WORKSPACE or ~/jarvis. Adopting adds only what is missing and
    changes none of your files.
    """
    import sys

    from jarvis.init import SecretsFound, init_workspace, looks_like_notes
    from jarvis.workspace import default_workspace_path

    if from_url:
        from jarvis.sync import clone_workspace

        if adopt:
            raise click.UsageError("--from copies a workspace; it cannot be combined with --adopt")
        target = Path(path) if path else default_workspace_path()
        branch = clone_workspace(from_url, target)
        click.echo(f"copied the workspace from {from_url} into {target.absolute()} (branch {branch})")
        click.echo("memory files merge entry by entry; run `jarvis sync` to exchange changes")
        _index_now(target.absolute())
        return
    if path:
        target = Path(path)
    elif adopt or looks_like_notes(Path.cwd(), Path.home()):
        target, adopt = Path.cwd(), True
    else:
        target = default_workspace_path()
    policy = "redact" if redact_ else "keep" if keep_secrets else "refuse"
    try:
        result = init_workspace(target, adopt=adopt, secrets=policy)
    except SecretsFound as exc:
        if not sys.stdin.isatty():
            raise
        for rel, kinds in exc.found.items():
            click.echo(f"secret? {rel}: {', '.join(kinds)}", err=True)
        if not click.confirm("Replace them with [REDACTED:…] in the files before the first commit?"):
            raise
        result = init_workspace(target, adopt=adopt, secrets="redact")
    added = ", ".join(result.added)
    if result.adopted:
        click.echo(f"adopted {result.root} as a jarvis workspace: {result.notes} notes kept as they are")
        click.echo(f"added {len(result.added)} file(s): {added or 'none (all were there)'}")
    else:
        click.echo(f"created workspace {result.root} with {len(result.added)} template files")
    if result.sha:
        click.echo(f"commit {result.sha[:8]}")
    _index_now(result.root)


def _index_now(root: Path) -> None:
    """Keyword-index a new workspace at once, so the first recall answers (vectors follow)."""
    from jarvis.index.sync import reconcile
    from jarvis.workspace import Workspace

    report = reconcile(Workspace(root), embed_limit=0)
    click.echo(
        f"searchable now by keywords: {report.files_total:,} files, {report.chunks_total:,} chunks "
        f"({report.duration_s:.1f} s)"
        + (
            f"; `jarvis index` adds meaning search for {report.chunks_unembedded:,} chunks (or `jarvis serve`)"
            if report.chunks_unembedded
            else ""
        )
    )


@click.command("remember")
@click.argument("text", nargs=-1, required=True)
@click.option(
    "--category", "-c", help="Category (preferences, rules-conventions, projects, …); guessed when omitted."
)
@click.option("--tags", "-t", default="", help="Comma-separated tags.")
@click.option("--pin", is_flag=True, help="Pin it: pinned facts never decay and come first in context.")
@click.option("--type", "type_", help="Free-form type (fact, preference, decision, …).")
@click.pass_context
def remember_cmd(
    ctx: click.Context, text: tuple[str, ...], category: str | None, tags: str, pin: bool, type_: str | None
) -> None:
    """Save TEXT as a memory fragment, add it to today's log, and commit."""
    from jarvis.notes import remember

    ws = workspace_from(ctx)
    tag_list = tuple(t.strip() for t in tags.split(",") if t.strip())
    result = remember(ws, " ".join(text), category=category, tags=tag_list, pinned=pin, type=type_)
    if result.redacted:
        click.echo(f"redacted {len(result.redacted)} secret(s): {', '.join(result.redacted)}", err=True)
    if result.duplicate:
        click.echo(f"already remembered as {result.id} ({result.rel}); nothing written")
        return
    click.echo(f"remembered {result.id} -> {result.rel} (commit {(result.sha or '')[:8]})")


@click.command("read")
@click.argument("ident")
@click.option("--offset", default=0, show_default=True, help="First line to show (0-based).")
@click.option("--limit", default=200, show_default=True, help="How many lines to show.")
@click.pass_context
def read_cmd(ctx: click.Context, ident: str, offset: int, limit: int) -> None:
    """Print a fragment (by id) or a workspace file (by path), paginated."""
    from jarvis.notes import read_memory

    result = read_memory(workspace_from(ctx), ident, offset, limit)
    for line in result.lines:
        click.echo(line)
    if result.next_offset is not None:
        click.echo(
            f"-- {result.rel}: lines {offset + 1}-{result.next_offset} of {result.total}; "
            f"next: --offset {result.next_offset}",
            err=True,
        )


@click.command("forget")
@click.argument("ident")
@click.option(
    "--purge-history", is_flag=True, help="Also rewrite git history so the text is in no commit (asks first)."
)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation of --purge-history.")
@click.pass_context
def forget_cmd(ctx: click.Context, ident: str, purge_history: bool, yes: bool) -> None:
    """Remove a fragment (by id, path or text it contains) and its daily-log line, in one commit."""
    from jarvis.notes import forget

    if purge_history:
        from jarvis.cli.reflect import forget_purge

        forget_purge(ctx, ident, yes)
        return
    from jarvis.reflect.purge import resolve_one

    rel = resolve_one(workspace_from(ctx), ident)
    result = forget(workspace_from(ctx), rel)
    click.echo(f"forgot {result.id} ({result.rel}); commit {(result.sha or '')[:8]}")
    click.echo(
        "it is still in git history; `jarvis forget --purge-history` removes it from there too", err=True
    )


@click.command("log")
@click.argument("entry", nargs=-1)
@click.option("--reason", "-r", default="", help="Why it was done (with ACTION TOOL DETAIL).")
@click.option("--action", help="Query: only entries with this action.")
@click.option("--tool", help="Query: only entries with this tool.")
@click.option("--since", help="Query: entries on or after YYYY-MM-DD.")
@click.option("--until", help="Query: entries on or before YYYY-MM-DD.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
@click.pass_context
def log_cmd(
    ctx: click.Context,
    entry: tuple[str, ...],
    reason: str,
    action: str | None,
    tool: str | None,
    since: str | None,
    until: str | None,
    as_json: bool,
) -> None:
    """Write `jarvis log ACTION TOOL DETAIL --reason R`, or query the operations log."""
    from dataclasses import asdict

    from jarvis.oplog import append_operation, read_operations

    ws = workspace_from(ctx)
    if entry:
        if len(entry) < 3:
            raise click.UsageError("write an entry as: jarvis log ACTION TOOL DETAIL [--reason R]")
        op, sha = append_operation(ws, entry[0], entry[1], " ".join(entry[2:]), reason)
        click.echo(f"logged {op.action} {op.tool} (commit {(sha or '')[:8]})")
        return
    ops = read_operations(ws, action, tool, _date(since, "--since"), _date(until, "--until"))  # type: ignore[arg-type]
    for op in ops:
        if as_json:
            click.echo(json.dumps(asdict(op), ensure_ascii=False))
        else:
            why = f"  ({op.reason})" if op.reason else ""
            click.echo(f"{op.ts}  {op.action:<10} {op.tool:<14} {op.detail}{why}")
    if not ops and not as_json:
        click.echo("no matching log entries", err=True)


@click.command("history")
@click.argument("path", required=False)
@click.option("-n", "limit", default=30, show_default=True, help="How many commits.")
@click.pass_context
def history_cmd(ctx: click.Context, path: str | None, limit: int) -> None:
    """Show the git history of memory (of one file when PATH is given)."""
    from jarvis.gitstore import GitStore

    ws = workspace_from(ctx)
    rel = ws.rel(ws.resolve(path)) if path else None
    for commit in GitStore(ws.root).log(rel, limit):
        first = commit.message.splitlines()[0] if commit.message else ""
        click.echo(f"{commit.sha[:8]}  {commit.date:%Y-%m-%d %H:%M}  {first}")
        if not rel and commit.files:
            shown = ", ".join(commit.files[:4]) + (" …" if len(commit.files) > 4 else "")
            click.echo(f"          {shown}")


@click.command("events")
@click.option("--component", help="Only events of this component (index, recall, observe, …).")
@click.option("--since", help="Only events at or after this ISO date/time.")
@click.option("--failed", is_flag=True, help="Only failures.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
@click.option("-n", "limit", default=50, show_default=True, help="Show the last N events.")
@click.pass_context
def events_cmd(
    ctx: click.Context, component: str | None, since: str | None, failed: bool, as_json: bool, limit: int
) -> None:
    """Show telemetry events from .jarvis/events.jsonl."""
    from datetime import UTC, datetime

    from jarvis.events import read_events

    since_dt = None
    if since:
        try:
            since_dt = datetime.fromisoformat(since)
        except ValueError:
            raise click.BadParameter(f"{since!r} is not an ISO date/time", param_hint="--since") from None
        if since_dt.tzinfo is None:
            since_dt = since_dt.replace(tzinfo=UTC)
    records = read_events(workspace_from(ctx), component, since_dt, failed)[-limit:]
    for rec in records:
        if as_json:
            click.echo(json.dumps(rec, ensure_ascii=False))
            continue
        mark = "ok  " if rec.get("success") else "FAIL"
        counts = " ".join(f"{k}={v}" for k, v in rec.get("counts", {}).items())
        err = f"  error: {rec['error']}" if rec.get("error") else ""
        click.echo(
            f"{rec.get('ts', '')}  {mark} {rec.get('component')}.{rec.get('action')} "
            f"{rec.get('duration_ms', 0):.0f}ms {counts}{err}"
        )


@click.command("doctor")
@click.option(
    "--fix", is_flag=True, help="Repair what a crash left: interrupted writes, stale git locks, temp files."
)
@click.pass_context
def doctor_cmd(ctx: click.Context, fix: bool) -> None:
    """Check the workspace, git, lock, index, model and provider; print the fix for each problem."""
    import os

    from jarvis.doctor import run_checks

    ws = workspace_from(ctx)
    if fix:
        from jarvis.repair import repair

        for line in repair(ws) or ["nothing to repair"]:
            click.echo(f"fixed {line}" if not line.startswith("left alone") else line)
    checks = run_checks(ws, os.environ)
    for check in checks:
        hint = f"  -> fix: {check.fix}" if check.fix and check.status != "ok" else ""
        click.echo(f"{check.status:<4}  {check.name:<9} {check.message}{hint}")
    if any(c.status == "fail" for c in checks):
        ctx.exit(1)
