"""Thin command for the local web page: `jarvis ui`."""

from __future__ import annotations

import click

from jarvis.cli.common import workspace_from


@click.command("ui")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help="Port on 127.0.0.1 (default: [ui] port in jarvis.toml, else any free port).",
)
@click.option("--no-open", is_flag=True, help="Print the address but do not open a browser.")
@click.pass_context
def ui_cmd(ctx: click.Context, port: int | None, no_open: bool) -> None:
    """Look at memory in a browser: MEMORY.md and fragments, file history with diffs,
    the review queue (accept, reject, edit), recall, activity and health.

    Listens on 127.0.0.1 only; the printed address carries a one-time access token.
    When `jarvis serve` already runs the page (`[ui] port`), prints its address instead.
    Ctrl-C stops it.
    """
    import contextlib
    import os
    import sys
    import webbrowser

    from jarvis.ui.run import served_url

    ws = workspace_from(ctx)

    # Without a display, webbrowser would start a text browser in this terminal, over the server.
    graphical = sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )

    def show(url: str) -> None:
        if no_open:
            return
        if not graphical or not webbrowser.open(url):
            click.echo("  (no graphical browser here: open the address above yourself)", err=True)

    url = served_url(ws)
    if url is not None:
        click.echo(f"jarvis ui is served by the running `jarvis serve`: {url}")
        show(url)
        return
    from jarvis.ui.run import bind, make_recaller, serve_forever
    from jarvis.ui.security import Access

    sock = bind(ws.config.ui.port if port is None else port)
    access = Access(port=sock.getsockname()[1])
    click.echo(f"jarvis ui: {access.url()}\n  for {ws.root}; Ctrl-C stops it", err=False)
    opener = None
    if not no_open and not graphical:
        show(access.url())  # says at once that no browser will open (nothing to wait for)
    elif not no_open:
        opener = lambda: show(access.url())  # noqa: E731  (opened once the server answers)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn shuts down cleanly, then passes Ctrl-C on
        serve_forever(ws, sock, make_recaller(ws), dict(os.environ), access, opener)
    click.echo("jarvis ui: stopped", err=True)
