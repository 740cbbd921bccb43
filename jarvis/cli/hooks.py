"""Thin commands for agent hooks: `jarvis hooks install|uninstall claude-code`, `jarvis hook claude-code`.

`hook` is what Claude Code runs: it must start fast and must never fail the session, so it
imports only what the event needs, reports any problem as one line on stderr and exits 0.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

AGENTS = ["claude-code"]


@click.group("hooks")
def hooks_cmd() -> None:
    """Connect jarvis to other agents: memory at session start, learning at compaction and end.

    `jarvis hooks install claude-code` adds SessionStart, PreCompact and SessionEnd hooks to
    Claude Code's settings and registers `jarvis mcp` as an MCP server.
    """


def _report(changes: list, verb: str) -> None:
    for change in changes:
        if not change.changed:
            click.echo(f"{change.path}: {change.what} already {verb}; unchanged")
            continue
        backup = f" (backup: {change.backup.name})" if change.backup else ""
        click.echo(f"{change.path}: {change.what} {verb}{backup}")


@hooks_cmd.command("install")
@click.argument("agent", type=click.Choice(AGENTS))
@click.option(
    "--project",
    is_flag=True,
    help="This project only (./.claude/settings.json and ./.mcp.json) instead of your user settings.",
)
@click.pass_context
def hooks_install_cmd(ctx: click.Context, agent: str, project: bool) -> None:
    """Add jarvis's hooks and MCP server to AGENT's settings (backup first; running it twice is harmless)."""
    from jarvis.cli.common import workspace_from
    from jarvis.hooks.install import install, targets

    ws = workspace_from(ctx)
    target = targets("project" if project else "user", Path.home(), Path.cwd())
    _report(install(target, ws.root), "installed")
    click.echo(f"Claude Code now loads memory from {ws.root} at session start and learns from each session")
    click.echo("start a new Claude Code session to load them (one that is running keeps its old settings)")


@hooks_cmd.command("uninstall")
@click.argument("agent", type=click.Choice(AGENTS))
@click.option("--project", is_flag=True, help="Remove from ./.claude/settings.json and ./.mcp.json.")
def hooks_uninstall_cmd(agent: str, project: bool) -> None:
    """Remove exactly the entries `jarvis hooks install` added; every other setting is kept."""
    from jarvis.hooks.install import targets, uninstall

    _report(uninstall(targets("project" if project else "user", Path.home(), Path.cwd())), "removed")


@click.command("hook")
@click.argument("agent", type=click.Choice(AGENTS))
@click.option("--observe-transcript", type=click.Path(dir_okay=False), hidden=True)
@click.pass_context
def hook_cmd(ctx: click.Context, agent: str, observe_transcript: str | None) -> None:
    """Run by AGENT itself: reads its hook JSON on stdin (SessionStart prints context to inject).

    Never fails the agent's session: a problem is one line on stderr and exit status 0.
    """
    from jarvis.cli.common import workspace_from

    try:
        ws = workspace_from(ctx)
        if observe_transcript is not None:  # the detached worker a hook started
            from jarvis.hooks.claude_code import worker_main

            worker_main(ws, Path(observe_transcript))
            return
        from jarvis.hooks.claude_code import handle, read_payload

        out = handle(ws, read_payload(sys.stdin.buffer.read()))
    except Exception as exc:  # the agent's session must go on whatever happens here
        message = " ".join(str(exc).split()) or type(exc).__name__
        click.echo(f"jarvis hook: {message}", err=True)
        return
    if out:
        click.echo(out)
