"""Thin commands for syncing devices: `jarvis sync` and the hidden `jarvis merge-driver`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from jarvis.cli.common import workspace_from


@click.command("sync")
@click.option("--remote", help="The git remote to sync with (default: origin, or the only one).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--publish-purge",
    is_flag=True,
    help="After `forget --purge-history`: replace the remote's history with this one (a leased force push).",
)
@click.option(
    "--follow-purge",
    is_flag=True,
    help="Another device purged: replay this device's changes onto the new history and erase the old here.",
)
@click.pass_context
def sync_cmd(
    ctx: click.Context, remote: str | None, as_json: bool, publish_purge: bool, follow_purge: bool
) -> None:
    """Fetch, merge and push memory through a git remote; never a force push.

    Memory files merge entry by entry (MEMORY.md bullets, daily-log lines, fragments key by
    key), so two devices' edits meet without conflict markers. Your uncommitted edits are
    left alone and listed, unless `[serve] autocommit = true` asks jarvis to commit them.
    """
    from dataclasses import asdict

    from jarvis.sync import check_remote_name, sync

    ws = workspace_from(ctx)
    result = sync(
        ws,
        check_remote_name(remote) if remote is not None else None,
        publish_purge=publish_purge,
        follow_purge=follow_purge,
    )
    if as_json:
        click.echo(json.dumps(asdict(result), indent=2))
        return
    pushed = "pushed" if result.pushed else "not pushed"
    click.echo(f"synced with {result.remote}/{result.branch}: {result.merged}, {pushed}")
    for note in result.notes:
        click.echo(f"  {note}")
    if result.changed:
        click.echo(f"  {len(result.changed)} file(s) changed here: {', '.join(result.changed[:8])}")
    if result.committed:
        click.echo(f"  committed your edits first: {', '.join(result.committed)}")
    for path in result.kept_forgotten:
        click.echo(
            f"  {path}: forgotten on one device, edited on the other; kept forgotten (the edit is in git history)"
        )
    if result.left_alone:
        click.echo(
            f"  left alone (uncommitted): {', '.join(result.left_alone[:8])}"
            + (f" and {len(result.left_alone) - 8} more" if len(result.left_alone) > 8 else "")
        )


@click.command("merge-driver", hidden=True)
@click.argument("kind")
@click.argument("base", type=click.Path(dir_okay=False))
@click.argument("ours", type=click.Path(dir_okay=False))
@click.argument("theirs", type=click.Path(dir_okay=False))
@click.argument("name", default="")
def merge_driver_cmd(kind: str, base: str, ours: str, theirs: str, name: str) -> None:
    """Git merge driver for memory files (git runs it; see .gitattributes)."""
    from jarvis.merge import run_driver

    raise SystemExit(run_driver(kind, Path(base), Path(ours), Path(theirs), name))
