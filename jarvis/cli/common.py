"""Helpers shared by the thin command modules: the composition root."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from jarvis.workspace import Workspace, discover


def workspace_from(ctx: click.Context) -> Workspace:
    """Locate the workspace for a command (reads env and cwd: only the CLI does)."""
    root = ctx.find_root()
    explicit = (root.obj or {}).get("workspace")
    ws = discover(explicit, os.environ, Path.cwd(), Path.home())
    if isinstance(root.obj, dict):
        root.obj["resolved"] = ws  # where warnings of this run are logged (jarvis.cli.run)
    return ws


def model_ready(ws: Workspace | None, cfg: Any = None) -> None:
    """Before the first use of the embedding model on this machine, make its ONNX copy.

    One line says it happens once; a progress line shows the steps and elapsed time
    (on the terminal only); what the libraries print goes to the events log instead.
    """
    from jarvis.index import embed

    settings = cfg if cfg is not None else ws.config.embedding if ws is not None else None
    if settings is None or not embed.needs_preparation(settings):
        return
    import sys

    click.echo("preparing the embedding model once (~30 s)…", err=True)
    # the export silences file descriptor 2, so the progress line writes to a copy of it
    terminal = os.fdopen(os.dup(2), "w", encoding="utf-8", errors="replace")
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            steps = [
                "loading the model",
                "exporting to ONNX",
                "checking it gives the same vectors",
                "making the int8 copy",
            ]
            with Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(),
                TimeElapsedColumn(),
                console=Console(file=terminal),
                transient=True,
            ) as bar:
                task = bar.add_task("starting", total=len(steps))

                def step(name: str) -> None:
                    done = steps.index(name) if name in steps else 0
                    bar.update(task, description=name, completed=done)

                result = embed.prepare_model(settings, step)
        else:
            result = embed.prepare_model(settings)
    finally:
        terminal.close()
    if result.needed:
        click.echo(f"embedding model ready ({result.seconds:.0f} s; kept for every later run)", err=True)
        if ws is not None:
            from jarvis.events import emit

            emit(
                ws,
                "index",
                "prepare-model",
                detail={"seconds": round(result.seconds, 1), "library_output": list(result.chatter)[-200:]},
            )
