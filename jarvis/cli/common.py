"""Helpers shared by the thin command modules: the composition root."""

from __future__ import annotations

import os
from pathlib import Path

import click

from jarvis.workspace import Workspace, discover


def workspace_from(ctx: click.Context) -> Workspace:
    """Locate the workspace for a command (reads env and cwd: only the CLI does)."""
    root = ctx.find_root()
    explicit = (root.obj or {}).get("workspace")
    return discover(explicit, os.environ, Path.cwd(), Path.home())
