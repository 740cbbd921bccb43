"""Thin commands for the agent: context, chat, recent, mcp."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from jarvis.cli.common import workspace_from


@click.command("context")
@click.argument("message", nargs=-1, required=True)
@click.option("--no-recall", is_flag=True, help="Leave out memory recalled for the message (no model load).")
@click.option("--show", is_flag=True, help="Also print the assembled system prompt.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def context_cmd(
    ctx: click.Context, message: tuple[str, ...], no_recall: bool, show: bool, as_json: bool
) -> None:
    """Show the context `jarvis chat` would send for MESSAGE: each layer with its token count, and any cuts."""
    from jarvis.agent.context import Recalled
    from jarvis.agent.sources import build_context
    from jarvis.agent.tokens import counter_name
    from jarvis.agent.tools import Toolbox

    ws = workspace_from(ctx)
    box = Toolbox(ws, record=False)

    def recall(text: str) -> list[Recalled]:
        hits = box.memory_search(text)["hits"]
        return [Recalled(h["id"], h["summary"], float(h["score"])) for h in hits]

    built = build_context(ws, " ".join(message), recall=None if no_recall else recall)
    if as_json:
        data = {
            "window": built.window,
            "budget": built.budget,
            "total": built.total,
            "counter": counter_name(),
            "layers": [
                {"name": la.name, "tokens": la.tokens, "items": la.items, "refs": list(la.refs)}
                for la in built.layers
            ],
            "message_tokens": built.message_tokens,
            "cuts": [{"layer": c.layer, "what": c.what, "tokens": c.tokens} for c in built.cuts],
            "skills": list(built.skills),
            "warnings": list(built.warnings),
        }
        if show:
            data["system"] = built.system
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"context for {' '.join(message)[:60]!r}", show_footer=True)
    table.add_column("layer", footer="total")
    table.add_column("tokens", justify="right", footer=f"{built.total:,} / {built.budget:,}")
    table.add_column("items", justify="right")
    table.add_column("what", footer=f"budget = {built.budget / built.window:.0%} of {built.window:,}")
    for la in built.layers:
        refs = ", ".join(la.refs[:4]) + (" …" if len(la.refs) > 4 else "")
        table.add_row(
            la.name, f"{la.tokens:,}", str(la.items or ""), refs or ("(empty)" if not la.tokens else "")
        )
    table.add_row("history", f"{built.history_tokens:,}", str(len(built.history) or ""), "")
    table.add_row("message", f"{built.message_tokens:,}", "", "")
    console.print(table)
    console.print(f"tokens counted with {counter_name()}", style="dim")
    for cut in built.cuts:
        console.print(f"cut {cut.layer}: {cut.what} (-{cut.tokens:,} tokens)", style="yellow", markup=False)
    for warning in built.warnings:
        console.print(f"warning: {warning}", style="yellow", markup=False)
    if show:
        console.rule("system prompt")
        console.print(built.system, markup=False, highlight=False)


def _printer(console: Any) -> tuple[Callable[[str], None], Callable[[], None]]:
    """(on_text, finish) callbacks: live markdown on a terminal, plain text otherwise."""
    from rich.live import Live
    from rich.markdown import Markdown

    buffer: list[str] = []
    if not console.is_terminal:

        def plain(delta: str) -> None:
            sys.stdout.write(delta)
            sys.stdout.flush()

        def plain_end() -> None:
            sys.stdout.write("\n")

        return plain, plain_end
    live = Live(Markdown(""), console=console, refresh_per_second=12, vertical_overflow="visible")
    live.start()

    def on_text(delta: str) -> None:
        buffer.append(delta)
        live.update(Markdown("".join(buffer)))

    return on_text, live.stop


@click.command("chat")
@click.option("-m", "--message", "messages", multiple=True, help="Send this message and exit (repeatable).")
@click.option("--session", "session_id", help="Session id to use (default: a new chat-… id).")
@click.option("--no-recall", is_flag=True, help="Do not recall memory for each message.")
@click.pass_context
def chat_cmd(ctx: click.Context, messages: tuple[str, ...], session_id: str | None, no_recall: bool) -> None:
    """Talk with the configured LLM, with your memory as context and memory tools.

    Needs a provider: ANTHROPIC_API_KEY, or [llm] base_url for an OpenAI-compatible
    server. Type /exit (or Ctrl-D) to leave. The transcript is saved in
    .jarvis/sessions/ for `jarvis observe`.
    """
    from rich.console import Console

    from jarvis.agent.chat import Chat, require_llm
    from jarvis.llm import get_llm

    ws = workspace_from(ctx)
    llm = require_llm(get_llm(ws.config.llm, os.environ))
    chat = Chat(ws, llm, session_id=session_id, recall=not no_recall)
    console = Console()
    console.print(f"session {chat.session_id} · {llm.name} · /exit to leave", style="dim")

    def turn(text: str) -> None:
        on_text, finish = _printer(console)
        try:
            result = chat.send(text, on_text=on_text)
        finally:
            finish()
        for outcome in result.tools:
            console.print(f"  tool {outcome.name}{' (error)' if outcome.is_error else ''}", style="dim")
        for saved in result.saved:
            console.print(
                f"  saved {saved['path']}" + (" (duplicate)" if saved["duplicate"] else ""), style="dim"
            )
        for report in result.compactions:
            console.print(f"  {report.action}: events {report.events[0]}-{report.events[1]}", style="dim")

    if messages:
        for text in messages:
            turn(text)
        return
    while True:
        try:
            text = console.input("[bold]you>[/bold] ")
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        if text.strip() in ("/exit", "/quit"):
            break
        if text.strip():
            turn(text)


@click.command("recent")
@click.pass_context
def recent_cmd(ctx: click.Context) -> None:
    """Refresh memory/recent.md from session text since the last run (one commit; nothing new, nothing done)."""
    from jarvis.agent.recent import refresh_recent
    from jarvis.llm import get_llm

    ws = workspace_from(ctx)
    report = refresh_recent(ws, llm=get_llm(ws.config.llm, os.environ))
    if not report.changed:
        click.echo("recent.md: nothing new since the last refresh")
        return
    how = "offline digest" if report.offline else "LLM summary"
    click.echo(
        f"recent.md: {report.mode} ({how}) from {report.messages} message(s) in {report.sessions} session(s), "
        f"{report.chars:,} chars" + (f", commit {report.sha[:8]}" if report.sha else "")
    )


@click.command("mcp")
@click.pass_context
def mcp_cmd(ctx: click.Context) -> None:
    """Serve the memory tools over MCP on stdio (for Claude Code and other agents). See docs/mcp.md."""
    from jarvis.agent.mcp_server import serve_stdio

    serve_stdio(workspace_from(ctx))
